import { Link } from "react-router";
import { Badge } from "../../../ui/badge.tsx";
import css from "../admin-catalogue.module.css";
import { useAdminText } from "../admin-i18n.ts";
import styles from "../admin.module.css";

/*
 * The cells the catalogue's lists (products, exhibits) and pages draw alike, so an item looks the
 * same wherever staff meet it.
 */

/** 公開中 / 非公開. */
export function PublishedBadge({ published }: { published: boolean }) {
  const ta = useAdminText();
  return <Badge tone={published ? "success" : "grey"}>{ta(published ? "adminProducts.state.published" : "adminProducts.state.unpublished")}</Badge>;
}

/** An item's first picture, small (its name beside it says what it is). */
export function CatalogueThumb({ imageId }: { imageId: number | undefined }) {
  return imageId === undefined ? null : <img className={css.thumb} src={`/images/${imageId}/240w.webp`} alt="" width={48} height={48} />;
}

/** An item's Japanese name linking to its page, the English one after it. */
export function CatalogueName({ to, ja, en }: { to: string; ja: string; en: string }) {
  return (
    <>
      <Link to={to}>{ja}</Link>
      <span className={styles.muted}> / {en}</span>
    </>
  );
}

/** The heading of the pictures' column: read out, not shown. */
export function ThumbHeader() {
  const ta = useAdminText();
  return <span className="visually-hidden">{ta("adminProducts.image")}</span>;
}
