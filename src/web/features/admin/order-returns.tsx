import { useState } from "react";
import type { returnAnswer } from "../../../domain/answers/admin-orders.ts";
import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import { Link, useRevalidator } from "react-router";
import type { OrderStatus } from "../../../domain/checkout.ts";
import type { ReturnResource } from "../../../domain/order-returns.ts";
import { Button, buttonClass } from "../../ui/button.tsx";
import { useSnackbar } from "../../ui/snackbar.tsx";
import { callAdminApi, errorsOf } from "./admin-api.ts";
import { Price } from "../../ui/price.tsx";
import { formatDate, parseIsoDate } from "../../../domain/format.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./admin.module.css";
import returnStyles from "./order-returns.module.css";
import { DataTable } from "./ui/data-table.tsx";
import { AdminSection } from "./ui/admin-section.tsx";
import { useReturnText } from "./return-i18n.ts";

/**
 * The order's returns (decision 079) on its page: each with what came back, the money and its
 * return invoice (a plain link: the browser opens the PDF with the staff session's cookie), and the
 * way to the server-rendered form that records one, for a shipped order.
 */
export function OrderReturnsSection({ orderId, status, returns }: { orderId: string; status: OrderStatus; returns: ReturnResource[] }) {
  const tr = useReturnText();
  const { locale } = useI18n();
  const id = encodeURIComponent(orderId);
  if (status !== "sent" && returns.length === 0) return null;
  return (
    <AdminSection id="order-returns" title={tr("return.listTitle")} testId="order-returns">
      {returns.length === 0 ? (
        <p className={styles.muted}>{tr("return.none")}</p>
      ) : (
        <DataTable
          columns={[
            { header: tr("return.number"), cell: (each) => each.number },
            { header: tr("return.date"), cellClassName: styles.nowrap, cell: (each) => shownDate(each.returned_on, locale) },
            {
              header: tr("return.lines"),
              cellClassName: styles.wideCell,
              cell: (each) => (
                <>
                  <ul className={returnStyles.lines}>
                    {each.lines.map((line) => (
                      <li key={line.order_item_id}>
                        {line.name} × {line.quantity}
                      </li>
                    ))}
                  </ul>
                  {each.reason_label}
                  {each.broken ? tr("return.brokenMark") : ""}
                </>
              ),
            },
            {
              header: tr("return.money"),
              cell: (each) => (
                <>
                  {each.refund_route !== "none" && <Price amount={each.refund_amount} />}{" "}
                  {tr(each.refund_route === "transfer" && each.refund_state === "done" ? "return.route.transferDone" : `return.route.${each.refund_route}`)}
                  {each.refund_state === "due" && <MarkRefunded orderId={orderId} number={each.number} />}
                </>
              ),
            },
            {
              header: tr("return.invoice"),
              cell: (each) =>
                each.invoice_number ? (
                  <a
                    href={`/admin/api/orders/${id}/returns/${each.number}/invoice`}
                    target="_blank"
                    rel="noopener"
                    data-testid={`return-invoice-${each.number}`}
                  >
                    {tr("return.invoiceLink", { number: each.invoice_number })}
                  </a>
                ) : (
                  "—"
                ),
            },
          ]}
          rows={returns}
          rowKey={(each) => each.number}
          rowTestId={(each) => `order-return-${each.number}`}
        />
      )}
      {status === "sent" && (
        <Link to={`/admin/orders/${id}/return`} reloadDocument className={buttonClass("secondary")} data-testid="record-return">
          {tr("return.record")}
        </Link>
      )}
    </AdminSection>
  );
}

/** A bank refund the trader transferred, marked done (one Idempotency-Key per click). */
function MarkRefunded({ orderId, number }: { orderId: string; number: number }) {
  const tr = useReturnText();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function mark() {
    setBusy(true);
    const result = await callAdminApi<AnswerOrRefusal<typeof returnAnswer>>(`/orders/${encodeURIComponent(orderId)}/returns/${number}/refunded`, {
      method: "POST",
      body: {},
    }).catch(() => undefined);
    setBusy(false);
    if (!result?.ok) {
      snackbar.show("danger", errorsOf(result?.body, tr("return.failed")));
      return;
    }
    snackbar.show("success", tr("return.markedRefunded"));
    await revalidator.revalidate();
  }
  return (
    <Button type="button" variant="secondary" disabled={busy} onClick={() => void mark()} data-testid={`return-refunded-${number}`}>
      {tr("return.markRefunded")}
    </Button>
  );
}

/** A stored yyyy-MM-dd as the back office shows dates (2026/11/27, Nov 27, 2026). */
function shownDate(iso: string, locale: "ja" | "en"): string {
  const date = parseIsoDate(iso);
  return date ? formatDate(date, locale) : iso;
}
