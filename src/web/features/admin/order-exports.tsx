import { buttonClass } from "../../ui/button.tsx";
import { B2Check } from "./b2-check.tsx";
import styles from "./admin.module.css";
import { useOpsText } from "./ops-i18n.ts";
import ops from "./ops.module.css";
import type { OrderFilters } from "./order-filters.ts";
import { orderListQuery } from "./order-filters.ts";

/** Downloads of the list as shown (same filters): plain CSV and the Yamato B2 Cloud upload. */
export function OrderExports({ filters }: { filters: OrderFilters }) {
  const to = useOpsText();
  const query = orderListQuery(filters);
  return (
    <section className={styles.section} aria-labelledby="orders-export">
      <h2 id="orders-export" className={styles.sectionTitle}>
        {to("exports.title")}
      </h2>
      <p className={styles.muted}>{to("exports.hint")}</p>
      <div className={ops.exports}>
        {/* Plain links: the browser downloads the file with the staff session's cookie. */}
        <a href={`/admin/api/orders/export.csv${query}`} download className={buttonClass("secondary")} data-testid="export-csv">
          {to("exports.plain")}
        </a>
        <a href={`/admin/api/orders/b2-cloud.csv${query}`} download className={buttonClass("secondary")} data-testid="export-b2">
          {to("exports.b2")}
        </a>
      </div>
      <p className={styles.muted}>{to("exports.b2Hint")}</p>
      <B2Check query={query} />
    </section>
  );
}
