import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import type { FormEvent, ReactNode } from "react";
import { Form, Link } from "react-router";
import type { BulkResult, BulkRow, JobRow } from "../../../domain/bulk-moves.ts";
import { formatDateTime } from "../../../domain/format.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import type { AdminOrderSummary } from "../../../domain/order-view.ts";
import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { csrfToken } from "../../shared/site/api.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CSRF_FIELD } from "../../shared/site/form-action.ts";
import { statusTone } from "../../shared/orders/order-history.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { Notice } from "../../ui/notice.tsx";
import styles from "./admin.module.css";
import list from "./admin-orders.module.css";
import { useAdminText } from "./admin-i18n.ts";
import { useBulkText } from "./bulk-i18n.ts";
import { enteredByLabel, useStaffOrderText } from "./staff-order-i18n.ts";
import ops from "./ops.module.css";
import { ReportTable } from "./report-table.tsx";
import "../../i18n/orders-texts.ts";
import { AdminSection } from "./ui/admin-section.tsx";

/** The page that takes the list's bulk form (its action) and shows the summary (decision 069). */
export const BULK_PAGE_PATH = "/admin/orders/bulk";

/** The bulk form's buttons: each is an `intent` of the bulk page's action. */
const BULK_INTENTS = ["deposit", "ship", "print", "export", "export_b2"] as const;

/**
 * With JavaScript, the page's current token: a sign-in in this tab rotated it after the server wrote
 * the hidden field (the meta tag holds the new one, decision 003).
 */
export function withCurrentToken(event: FormEvent<HTMLFormElement>): void {
  const field = event.currentTarget.elements.namedItem(CSRF_FIELD);
  if (field instanceof HTMLInputElement && csrfToken()) field.value = csrfToken();
}

/** Checks or clears every order's box of the form (the header's box, with JavaScript). */
function selectAll(event: FormEvent<HTMLInputElement>): void {
  const box = event.currentTarget;
  for (const each of box.form?.querySelectorAll<HTMLInputElement>('input[name="order"]') ?? []) each.checked = box.checked;
}

function OrderedAt({ iso }: { iso: string }) {
  const { locale } = useI18n();
  const text = formatDateTime(new Date(iso), locale);
  const split = text.lastIndexOf(" ");
  return (
    <time dateTime={iso}>
      <span className={list.date}>{text.slice(0, split)}</span> <span className={list.time}>{text.slice(split + 1)}</span>
    </time>
  );
}

/**
 * The order list with a box per order and the bulk moves' buttons (issue #35 item 2): one form
 * posted to the bulk page's action, with JavaScript (React Router's fetch) or without it.
 * `orderLink` draws the order number (a link into the back-office frame); `below` comes after the table
 * (the pagination); `selectAllHref` is the server-rendered page's way to check every box without JavaScript.
 */
export function BulkOrderForm({
  orders,
  requestKey,
  allChecked = false,
  selectAllHref,
  orderLink,
  below,
}: {
  orders: AdminOrderSummary[];
  requestKey: string;
  allChecked?: boolean;
  selectAllHref?: string;
  orderLink: (order: AdminOrderSummary) => ReactNode;
  below?: ReactNode;
}) {
  const tb = useBulkText();
  const ta = useAdminText();
  const staffOrderText = useStaffOrderText();
  const { t, yen, locale } = useI18n();
  // A plain post (reloadDocument), with JavaScript too: the print and export buttons answer a file
  // (the action's 303 to the PDF or CSV), which the browser opens or downloads itself.
  return (
    <Form method="post" action={BULK_PAGE_PATH} reloadDocument onSubmit={withCurrentToken} data-testid="bulk-form">
      <CsrfField />
      <RequestKeyField value={requestKey} />
      <div className={ops.exports} role="group" aria-label={tb("bulk.title")}>
        {BULK_INTENTS.map((intent) => (
          <Button key={intent} type="submit" name="intent" value={intent} variant={intent === "deposit" || intent === "ship" ? "primary" : "secondary"}>
            {tb(`bulk.${intent === "export_b2" ? "exportB2" : intent}`)}
          </Button>
        ))}
        {selectAllHref && <Link to={selectAllHref}>{tb("bulk.selectAll")}</Link>}
      </div>
      <p className={styles.muted}>{tb("bulk.selectedHint")}</p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" aria-label={tb("bulk.selectAll")} defaultChecked={allChecked} onChange={selectAll} data-testid="bulk-select-all" />
              </th>
              <th scope="col">{ta("adminOrders.id")}</th>
              <th scope="col">{ta("adminOrders.createdAt")}</th>
              <th scope="col">{ta("adminOrders.customer")}</th>
              <th scope="col">{ta("adminOrders.paymentMethod")}</th>
              <th scope="col">{ta("adminOrders.status")}</th>
              <th scope="col" className={styles.number}>
                {ta("adminOrders.price")}
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} data-testid="admin-order-row" data-order-id={order.id}>
                <td>
                  <input
                    type="checkbox"
                    name="order"
                    value={order.id}
                    defaultChecked={allChecked}
                    aria-label={tb("bulk.selectOrder", { number: orderNumberForShopper(order.id) })}
                  />
                </td>
                <th scope="row" className={list.id}>
                  {orderLink(order)}
                </th>
                <td>
                  <OrderedAt iso={order.created_at} />
                </td>
                <td>
                  <span className={list.name}>{order.name}</span>
                  <span className={list.email}>{order.email}</span>
                </td>
                <td>
                  {storedPaymentMethod(order.payment_method).label[locale]}
                  {order.entered_by && (
                    <span className={list.email} data-testid="order-entered-by">
                      {enteredByLabel(order.entered_by, staffOrderText)}
                    </span>
                  )}
                </td>
                <td className={styles.nowrap}>
                  <Badge tone={statusTone(order.status)}>{t(`orders.status.${order.status}`)}</Badge>
                </td>
                <td className={styles.number}>{yen(order.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {below}
    </Form>
  );
}

/** A bulk move's summary: counts, then each order with what happened or why not. */
export function BulkSummary({ result }: { result: BulkResult }) {
  const tb = useBulkText();
  return (
    <AdminSection id="bulk-result" title={tb(`bulk.resultTitle.${result.move}`)} testId="bulk-result">
      <Notice tone={result.counts.refused > 0 ? "info" : "success"} testId="bulk-result-counts">
        {tb("bulk.resultCounts", result.counts)}
      </Notice>
      <ResultRows rows={result.rows} movedLabel={tb(`bulk.state.moved.${result.move}`)} />
    </AdminSection>
  );
}

/** Rows of a bulk move or of a job: the order, its slip, and the result in words. */
export function ResultRows({ rows, movedLabel }: { rows: (BulkRow | JobRow)[]; movedLabel: string }) {
  const tb = useBulkText();
  const label = (row: BulkRow | JobRow) =>
    row.state === "moved" || row.state === "ship" ? movedLabel : row.state === "done" ? tb("bulk.state.done") : (row.message ?? "");
  return (
    <ReportTable
      rows={rows}
      rowKey={(row) => `${row.order_id ?? ""}-${rows.indexOf(row)}`}
      empty={tb("bulk.noOrders")}
      columns={[
        {
          label: tb("bulk.order"),
          cell: (row) => (row.order_number && row.order_id ? <Link to={`/admin/orders/${row.order_id}`}>{row.order_number}</Link> : (row.order_id ?? "—")),
          rowHeader: true,
        },
        { label: tb("bulk.slip"), cell: (row) => row.slip_number ?? "—" },
        { label: tb("bulk.result"), cell: (row) => <span data-state={row.state}>{label(row)}</span>, wide: true },
      ]}
    />
  );
}
