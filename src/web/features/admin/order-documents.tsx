import type { OrderStatus } from "../../../domain/checkout.ts";
import { ReceiptForm } from "../../shared/orders/receipt-form.tsx";
import { buttonClass } from "../../ui/button.tsx";
import styles from "./admin.module.css";
import { useOpsText } from "./ops-i18n.ts";
import ops from "./ops.module.css";
import { AdminSection } from "./ui/admin-section.tsx";

// The delivery notes (納品書, decision 037): plain links, the browser opens the PDF with the staff
// session's cookie and prints it from its viewer.

/** One order's delivery note, on the order page. */
export function DeliveryNoteLink({ orderId }: { orderId: string }) {
  const to = useOpsText();
  return (
    <AdminSection id="order-documents" title={to("documents.title")}>
      <a
        href={`/admin/api/orders/${encodeURIComponent(orderId)}/delivery-note`}
        target="_blank"
        rel="noopener"
        className={buttonClass("secondary")}
        data-testid="delivery-note"
      >
        {to("documents.deliveryNote")}
      </a>
      <p className={styles.muted}>{to("documents.deliveryNoteHint")}</p>
    </AdminSection>
  );
}

/** What the back office's order page knows of the order's receipts (GET /admin/api/orders/{id}/receipt). */
export interface ReceiptState {
  available: boolean;
  /** Receipts issued so far: the next download is marked 再発行 when there was one. */
  issued: number;
  name: string;
}

/**
 * A receipt (領収書) issued by staff for the buyer who asks by phone or mail, with the form the buyer
 * has on My Page (decision 037): only once paid; the second and later are printed 再発行.
 */
export function OrderReceipt({ orderId, status, state }: { orderId: string; status: OrderStatus; state: ReceiptState }) {
  const to = useOpsText();
  return (
    <AdminSection id="order-receipt" title={to("documents.receiptTitle")} testId="admin-receipt">
      {state.available ? (
        <>
          <p className={styles.muted}>{to("documents.receiptHint")}</p>
          <ReceiptForm key={orderId} url={`/admin/api/orders/${encodeURIComponent(orderId)}/receipt`} defaultAddressee={state.name} issued={state.issued} />
        </>
      ) : (
        <p className={styles.muted}>{to(status === "cancelled" ? "documents.receiptCancelled" : "documents.receiptUnavailable")}</p>
      )}
    </AdminSection>
  );
}

/** The day's shipments in one PDF, on the order list. */
export function DayDeliveryNotes() {
  const to = useOpsText();
  return (
    <AdminSection id="day-delivery-notes" title={to("documents.title")}>
      <div className={ops.exports}>
        <a href="/admin/api/delivery-notes" target="_blank" rel="noopener" className={buttonClass("secondary")} data-testid="delivery-notes-today">
          {to("documents.bulk")}
        </a>
      </div>
      <p className={styles.muted}>{to("documents.bulkHint")}</p>
    </AdminSection>
  );
}
