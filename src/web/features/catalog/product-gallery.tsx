import { useState } from "react";
import type { ImageDetails } from "../../../domain/catalog-api.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { CatalogImage } from "./catalog-image.tsx";
import styles from "./product-gallery.module.css";

/** The product's images: hovering, focusing or tapping a thumbnail shows it large. */
export function ProductGallery({ images, name }: { images: ImageDetails[]; name: string }) {
  const { t } = useI18n();
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];
  return (
    <div className={styles.gallery} aria-label={t("catalog.gallery")} role="group">
      <div className={styles.main} data-testid="gallery-main" data-image-id={current?.id}>
        <CatalogImage image={current} alt={name} sizes="(min-width: 60rem) 34rem, 92vw" priority />
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs}>
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={index === selected}
                aria-label={t("catalog.showImage", { n: index + 1 })}
                onMouseEnter={() => setSelected(index)}
                onFocus={() => setSelected(index)}
                onClick={() => setSelected(index)}
                data-testid="gallery-thumb"
              >
                <CatalogImage image={image} alt="" sizes="5rem" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
