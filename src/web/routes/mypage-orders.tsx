import type { Route } from "./+types/mypage-orders";
import { OrderCard } from "../features/orders/order-card.tsx";
import { useOrderHistory } from "../features/orders/use-order-history.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import styles from "../features/orders/order-list.module.css";
import "../i18n/orders-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches);
}

/**
 * /mypage/orders: the member's purchase history, newest first, as order cards that load
 * after hydration and grow as the member scrolls; 購入履歴はありません when there are none.
 */
export default function MyPageOrders() {
  const { t } = useI18n();
  const { orders, pagination, loading } = useOrderHistory();
  const none = pagination !== null && orders.length === 0;
  return (
    <section>
      <h1 className="page-title">{t("orders.title")}</h1>
      {none ? (
        <p>{t("orders.empty")}</p>
      ) : (
        <ol className={styles.list} aria-label={t("orders.list")} aria-busy={loading}>
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ol>
      )}
      <p className={styles.status} role="status">
        {loading ? t(orders.length > 0 ? "orders.loadingMore" : "orders.loading") : ""}
      </p>
    </section>
  );
}
