import { preload } from "react-dom";
import type { ImageDetails } from "../../../domain/catalog-api.ts";
import { imageVariantUrl } from "../../../domain/catalog-api.ts";

/** The widths the server makes (kept in step with the image routes). */
const WIDTHS = [240, 480, 720, 960, 1200];

function srcSet(image: ImageDetails, format: "avif" | "webp" | "jpg", maxWidth: number): string {
  const widths = WIDTHS.filter((width) => width <= image.width && width <= maxWidth);
  const usable = widths.length > 0 ? widths : [WIDTHS[0]!];
  return usable.map((width) => `${imageVariantUrl(image.id, width, format)} ${Math.min(width, image.width)}w`).join(", ");
}

interface CatalogImageProps {
  image: ImageDetails | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each breakpoint. */
  sizes: string;
  priority?: boolean;
  className?: string;
  /**
   * The widest variant worth offering: a tile is at most 17rem wide, so 960 px covers a 3× screen
   * (each width left out is three URLs less in every tile's markup).
   */
  maxWidth?: number;
}

/**
 * A catalogue image as AVIF, WebP or JPEG (the browser takes the first it supports), in the width
 * the layout needs, with its intrinsic size set so nothing shifts while it loads.
 */
export function CatalogImage({ image, alt, sizes, priority = false, className, maxWidth = Infinity }: CatalogImageProps) {
  if (!image) return <div className={className} role="img" aria-label={alt} />;
  if (priority) {
    // An image on the first screen is named at the top of <head> (React writes high-priority image
    // preloads before the stylesheets and the ~20 modulepreload links), so over HTTP/1.1's six
    // connections it is not queued behind the page's JavaScript: Lighthouse measured a product
    // photo arriving after every script (docs/decisions/043). Only the AVIF is preloaded, the
    // format every browser in use takes from the <picture> below.
    const avif = srcSet(image, "avif", maxWidth);
    preload(avif.split(" ")[0]!, { as: "image", imageSrcSet: avif, imageSizes: sizes, type: "image/avif", fetchPriority: "high" });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, "avif", maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp", maxWidth)} sizes={sizes} />
      {/* Every browser in use takes AVIF or WebP above; the JPEG is the last resort, in one size. */}
      <img
        className={className}
        src={imageVariantUrl(image.id, 720, "jpg")}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        {...(priority ? { fetchPriority: "high" as const } : {})}
      />
    </picture>
  );
}
