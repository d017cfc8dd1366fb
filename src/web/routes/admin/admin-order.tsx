import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { adminOrderAnswer } from "../../../domain/answers/admin-orders.ts";
import type { receiptStateAnswer } from "../../../domain/answers/documents.ts";
import { Link, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/admin-order";
import type { Locale } from "../../../domain/locale.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { AdminLoading, AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import detail from "../../features/admin/admin-order.module.css";
import { OrderActions } from "../../features/admin/order-actions.tsx";
import { OrderAdjustment } from "../../features/admin/order-adjustment.tsx";
import { OrderLinesLink } from "../../features/admin/order-lines-link.tsx";
import type { DeliveryOptionsState } from "../../features/admin/order-changes.tsx";
import { OrderDeliveryChange, OrderGiftLink, OrderRecipientChange } from "../../features/admin/order-changes.tsx";
import { DeliveryNoteLink, OrderReceipt } from "../../features/admin/order-documents.tsx";
import { OrderCustomer, OrderGift, OrderLines, OrderSummary } from "../../features/admin/order-detail-sections.tsx";
import { OrderHistory } from "../../features/admin/order-history-section.tsx";
import { OrderPayments, OrderShipments } from "../../features/admin/order-parts-section.tsx";
import type { ReturnResource } from "../../../domain/order-returns.ts";
import { OrderReturnsSection } from "../../features/admin/order-returns.tsx";
import { runOrderMove } from "../../features/admin/order-moves.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import "../../i18n/destinations-pages-texts.ts";

async function load({ request, params }: Route.ClientLoaderArgs) {
  const id = encodeURIComponent(params.id);
  const [answer, receipt, delivery, returns] = await Promise.all([
    loadAdmin<ApiAnswer<typeof adminOrderAnswer>>(request, `/orders/${id}`),
    loadAdmin<ApiAnswer<typeof receiptStateAnswer>>(request, `/orders/${id}/receipt`),
    loadAdmin<{ data: DeliveryOptionsState }>(request, `/orders/${id}/delivery`),
    loadAdmin<{ data: ReturnResource[] }>(request, `/orders/${id}/returns`),
  ]);
  return { order: answer.data, receipt: receipt.data, delivery: delivery.data, returns: returns.data };
}
export const clientLoader = adminLoader(load);

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const locale: Locale = document.documentElement.lang === "en" ? "en" : "ja";
  return runOrderMove(request, params.id, locale);
}

export function meta({ matches, params }: Route.MetaArgs) {
  return adminMeta(matches, { text: `#${orderNumberForShopper(params.id)}` });
}

/** One order with everything the shopper gave, its lines and totals, and the moves allowed now. */
export default function AdminOrder() {
  const ta = useAdminText();
  const { t } = useI18n();
  const { order, receipt, delivery, returns } = useLoaderData<typeof clientLoader>();
  const location = useLocation();
  // The list the trader came from, filters and page included.
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch ?? "";

  return (
    <>
      <div className={detail.header}>
        <h1 className={styles.title}>{ta("adminOrder.title", { id: orderNumberForShopper(order.id) })}</h1>
        <Link to={`/admin/orders${listSearch}`} className={detail.back}>
          {ta("adminOrder.back")}
        </Link>
      </div>
      {/* Summary, then what can be done, then the details: on a tablet the buttons are near the top. */}
      <div className={detail.columns}>
        <div className={detail.summary}>
          <OrderSummary order={order} />
          {/* Several destinations (decision 087): each parcel's gift is in the shipments table below. */}
          {order.shipments.length > 1 ? null : <OrderGift order={order} />}
        </div>
        <div className={detail.actions}>
          <OrderActions order={order} />
          <OrderAdjustment order={order} />
          <OrderLinesLink order={order} />
          {/* Changes before shipping (decision 074); keyed by the order's state so the forms start again from what changed. */}
          {/* They change one parcel: an order to several destinations is not changed per destination yet (decision 087). */}
          {order.shipments.length > 1 ? (
            <p className={detail.severalNote} data-testid="several-destinations-changes">
              {t("destinations.adminChanges")}
            </p>
          ) : (
            <>
              <OrderDeliveryChange key={`delivery-${delivery.desired_delivery_date}-${delivery.desired_delivery_timezone}`} order={order} options={delivery} />
              <OrderRecipientChange key={`recipient-${order.price}-${JSON.stringify(order.recipient)}`} order={order} changeable={delivery.changeable} />
              <OrderGiftLink order={order} changeable={delivery.changeable} />
            </>
          )}
          <DeliveryNoteLink orderId={order.id} />
          <OrderReceipt orderId={order.id} status={order.status} state={receipt} />
        </div>
        <div className={detail.details}>
          <OrderCustomer order={order} />
          <OrderLines order={order} />
          <OrderPayments order={order} />
          <OrderShipments order={order} />
          {/* Returns after shipping (decision 079): a wide table, so among the details rather than the buttons. */}
          <OrderReturnsSection orderId={order.id} status={order.status} returns={returns} />
          <OrderHistory order={order} />
        </div>
      </div>
    </>
  );
}

export { AdminLoading as HydrateFallback, AdminRouteError as ErrorBoundary };
