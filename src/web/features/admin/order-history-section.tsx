import { formatDateTime } from "../../../domain/format.ts";
import type { OrderHistoryEntry } from "../../../domain/order-status.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import type { AdminText } from "./admin-i18n.ts";
import { useAdminText } from "./admin-i18n.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { DataTable } from "./ui/data-table.tsx";
import { AdminSection } from "./ui/admin-section.tsx";
import "../../i18n/orders-texts.ts";

function actorLabel(entry: OrderHistoryEntry, ta: AdminText): string {
  if (entry.actor_kind === "staff" && entry.actor_name) return ta("adminOrder.actor.staffNamed", { name: entry.actor_name });
  return ta(`adminOrder.actor.${entry.actor_kind}`, { id: entry.actor_id ?? "" });
}

/**
 * What a history row says happened to the status: the order taken, a move from one status to
 * another, or a change that kept the status (a parcel shipped, a line lowered, a date changed: the
 * note says what), which read 「入金待ち → 入金待ち」 before.
 */
export function historyMove(entry: Pick<OrderHistoryEntry, "from" | "to">, status: (value: OrderHistoryEntry["to"]) => string, ta: AdminText): string {
  if (entry.from === null) return ta("adminOrder.historyCreated", { to: status(entry.to) });
  if (entry.from === entry.to) return ta("adminOrder.historyKept", { status: status(entry.to) });
  return ta("adminOrder.historyMoved", { from: status(entry.from), to: status(entry.to) });
}

/** The order's history: every status it has been in, when, and who or what moved it (OrderMoves). */
export function OrderHistory({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const { t, locale } = useI18n();
  const status = (value: OrderHistoryEntry["to"]) => t(`orders.status.${value}`);
  return (
    <AdminSection id="order-history" title={ta("adminOrder.history")}>
      {order.history.length === 0 ? (
        <p>{ta("adminOrder.historyEmpty")}</p>
      ) : (
        <DataTable
          labelledBy="order-history"
          columns={[
            { header: ta("adminOrder.historyAt"), cell: (entry) => <time dateTime={entry.at}>{formatDateTime(new Date(entry.at), locale)}</time> },
            { header: ta("adminOrder.historyMove"), cell: (entry) => historyMove(entry, status, ta) },
            { header: ta("adminOrder.historyBy"), cell: (entry) => actorLabel(entry, ta) },
            { header: ta("adminOrder.historyNote"), cell: (entry) => entry.note ?? "" },
          ]}
          rows={order.history}
          rowKey={(entry, index) => `${entry.at}-${index}`}
          rowTestId="order-history-row"
        />
      )}
    </AdminSection>
  );
}
