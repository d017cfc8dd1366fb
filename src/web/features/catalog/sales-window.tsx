import type { ProductSales } from "../../../domain/catalog-api.ts";
import { formatJapanDate, formatJapanDateTime, shortJapanDate, shortJapanDateTime } from "../../../domain/sales-window.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Badge } from "../../ui/badge.tsx";
import styles from "./sales-window.module.css";
import "../../i18n/catalog-sales-texts.ts";

// 予約販売 and sales windows on the storefront (decision 088): what a tile and the product page say
// of a product that is a pre-order, not yet on sale, or no longer on sale.

/** The short line under a tile's name: 予約商品・11月19日頃発送, 販売開始前（10月1日 10:00から）, 販売終了; null when on sale. */
export function SalesTileLabel({ sales }: { sales: ProductSales | undefined }) {
  const { t, locale } = useI18n();
  if (!sales || sales.phase === "on_sale") return null;
  if (sales.phase === "preorder" && sales.release_date) {
    return (
      <p className={styles.tileLabel} data-testid="tile-preorder">
        <Badge tone="wine">{t("preorder.badge")}</Badge>{" "}
        <span className={styles.keep}>{t("preorder.shipsAround", { date: shortJapanDate(sales.release_date, locale, new Date()) })}</span>
      </p>
    );
  }
  if (sales.phase === "before" && sales.sales_start) {
    return (
      <p className={styles.tileLabel} data-testid="tile-before-sale">
        {t("preorder.beforeSale", { start: shortJapanDateTime(new Date(sales.sales_start), locale) })}
      </p>
    );
  }
  if (sales.phase === "ended") {
    return (
      <p className={styles.tileLabel} data-testid="tile-sales-ended">
        {t("preorder.ended")}
      </p>
    );
  }
  return null;
}

/** The product page's facts of a pre-order: 発売日, 発送時期 and お支払い時期; the window's end when there is one. */
export function SalesFacts({ sales }: { sales: ProductSales }) {
  const { t, locale } = useI18n();
  return (
    <>
      {sales.phase === "preorder" && sales.release_date && (
        <>
          <dt>{t("preorder.releaseDate")}</dt>
          <dd data-testid="release-date">{formatJapanDate(sales.release_date, locale)}</dd>
          <dt>{t("preorder.payment")}</dt>
          <dd data-testid="preorder-payment">{t("preorder.paymentText")}</dd>
        </>
      )}
      {(sales.phase === "preorder" || sales.phase === "on_sale") && sales.sales_end && (
        <>
          <dt>{t("preorder.salesPeriod")}</dt>
          <dd data-testid="sales-end">{t("preorder.salesUntil", { end: formatJapanDateTime(new Date(sales.sales_end), locale) })}</dd>
        </>
      )}
    </>
  );
}

/** When a pre-order ships, in place of the shop's usual shipping promise: 「11月19日頃発送」. */
export function preorderShipping(sales: ProductSales, locale: "ja" | "en", t: ReturnType<typeof useI18n>["t"]): string | null {
  return sales.phase === "preorder" && sales.release_date ? t("preorder.shipsAround", { date: shortJapanDate(sales.release_date, locale, new Date()) }) : null;
}

/** In place of the cart button outside the window: 販売開始前（10月1日 10:00から） or 販売終了. */
export function SalesClosedNotice({ sales }: { sales: ProductSales }) {
  const { t, locale } = useI18n();
  if (sales.phase === "before" && sales.sales_start) {
    return (
      <p className={styles.closed} data-testid="before-sale">
        <Badge tone="info">{t("preorder.beforeSale", { start: shortJapanDateTime(new Date(sales.sales_start), locale) })}</Badge>
      </p>
    );
  }
  return (
    <p className={styles.closed} data-testid="sales-ended">
      <Badge tone="grey">{t("preorder.ended")}</Badge>
    </p>
  );
}

/** The product page's badge above the price: 予約商品. */
export function PreorderBadge({ sales }: { sales: ProductSales }) {
  const { t } = useI18n();
  if (sales.phase !== "preorder") return null;
  return (
    <p className={styles.badge} data-testid="preorder-badge">
      <Badge tone="wine">{t("preorder.badge")}</Badge>
    </p>
  );
}
