import { data, Form } from "react-router";
import type { Locale } from "../../../domain/locale.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { Route } from "./+types/admin-order-lines";
import { OrderSubPage } from "../../features/admin/ui/order-sub-page.tsx";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { linesText, useLinesText } from "../../features/admin/lines-i18n.ts";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CSRF_FIELD, postedForm, REQUEST_KEY_FIELD } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { toStaffLogin } from "../../features/admin/ui/server-page.tsx";

/** One line's fields are a few bytes; anything far bigger is not this form. */
const MAX_POST_BYTES = 8 * 1024;

export function linesPath(orderId: string): string {
  return `/admin/orders/${encodeURIComponent(orderId)}/lines`;
}

/** What the last post did: the line's refusal with what was typed, or the cancellation and its money. */
type ActionAnswer =
  | { done: true; total: number; refunded: number; byHand: boolean; newAmount: boolean }
  | { done: false; line: string; quantity: string; errors: string[]; fields: Record<string, string[]> };

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: linesText(loaderData?.locale ?? "ja", "lines.title", { number: orderNumberForShopper(params.id) }) });
}

/**
 * 一部キャンセル rendered on the server, so staff lower or remove a line without JavaScript (decision
 * 078; the order page itself is drawn in the browser, as /admin/settings is beside
 * /admin/settings/payments): the order asked of the API as the visitor, and each line's form posted
 * through POST /admin/api/orders/:id/lines with its own request key, so a form sent twice cancels once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const answer = await page.api("GET", `/admin/api/orders/${encodeURIComponent(params.id)}`);
  if (answer.status === 401) throw toStaffLogin(linesPath(params.id));
  const order = answer.status === 200 ? (answer.body as { data: AdminOrderDetail }).data : null;
  // A key per line's form: each click is one cancellation, a resend of it the same one.
  const requestKeys = Object.fromEntries((order?.items ?? []).map((item) => [String(item.line_id), crypto.randomUUID()]));
  return { locale: page.locale, order, requestKeys };
}

function failed(locale: Locale, status: number, line = "", quantity = "") {
  return data<ActionAnswer>({ done: false, line, quantity, errors: [linesText(locale, "lines.failed")], fields: {} }, { status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const { locale } = page;
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return failed(locale, form);
  const line = String(form.get("line") ?? "");
  // The remove button sends quantity 0 whatever the field says.
  const quantity = form.get("intent") === "remove" ? "0" : String(form.get("quantity") ?? "");
  const before = await page.api("GET", `/admin/api/orders/${encodeURIComponent(params.id)}`);
  if (before.status === 401) throw toStaffLogin(linesPath(params.id));
  const paidBefore = before.status === 200 ? ((before.body as { data: AdminOrderDetail }).data.payments.at(-1)?.refunded_amount ?? 0) : 0;
  const answer = await page.api(
    "POST",
    `/admin/api/orders/${encodeURIComponent(params.id)}/lines`,
    { line, quantity },
    {
      csrfToken: String(form.get(CSRF_FIELD) ?? ""),
      requestKey: String(form.get(REQUEST_KEY_FIELD) ?? "") || crypto.randomUUID(),
    },
  );
  if (answer.status === 401) throw toStaffLogin(linesPath(params.id));
  if (answer.status === 200) {
    const order = (answer.body as { data: AdminOrderDetail }).data;
    const payment = order.payments.at(-1);
    const refunded = (payment?.refunded_amount ?? 0) - paidBefore;
    const byHand = storedPaymentMethod(order.payment_method).paidCancellation === "by_hand";
    return data<ActionAnswer>({ done: true, total: order.price, refunded, byHand, newAmount: payment?.state === "authorized" });
  }
  const refused = answer.body as { errors?: string[]; fields?: Record<string, string[]> } | undefined;
  if (!refused?.errors) return failed(locale, answer.status, line, quantity);
  return data<ActionAnswer>({ done: false, line, quantity, errors: refused.errors, fields: refused.fields ?? {} }, { status: answer.status });
}

function Result({ answer }: { answer: ActionAnswer }) {
  const tl = useLinesText();
  const { yen } = useI18n();
  if (!answer.done) {
    // A field's message stands under its field; the others (the order's state) here.
    return answer.fields.quantity ? null : <ErrorsNotice errors={answer.errors} testId="lines-errors" />;
  }
  return (
    <Notice tone="success" testId="lines-result">
      <p>{tl("lines.done", { total: yen(answer.total) })}</p>
      {answer.refunded > 0 && <p>{tl(answer.byHand ? "lines.owed" : "lines.refunded", { amount: yen(answer.refunded) })}</p>}
      {answer.newAmount && <p>{tl("lines.newAmount", { total: yen(answer.total) })}</p>}
    </Notice>
  );
}

export default function AdminOrderLines({ loaderData, actionData, params }: Route.ComponentProps) {
  const tl = useLinesText();
  const { yen } = useI18n();
  const { order, requestKeys } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const refusedLine = answer && !answer.done ? answer : undefined;
  const payment = order?.payments.at(-1);
  const byHand = order ? storedPaymentMethod(order.payment_method).paidCancellation === "by_hand" : false;
  return (
    <OrderSubPage
      orderId={params.id}
      testId="order-lines-page"
      back={tl("lines.back")}
      title={tl("lines.title", { number: orderNumberForShopper(params.id) })}
      record={order}
      notFound={tl("lines.notFound")}
    >
      {(order) => (
        <>
          <p className={styles.muted}>{tl("lines.lead")}</p>
          {answer && <Result answer={answer} />}
          <p data-testid="lines-total">
            {tl("lines.total")}: <strong>{yen(order.price)}</strong>
          </p>
          {payment && payment.refunded_amount > 0 && (
            <p data-testid="lines-refunded">
              {byHand ? tl("lines.owed", { amount: yen(payment.refunded_amount) }) : tl("lines.owedTotal", { amount: yen(payment.refunded_amount) })}
            </p>
          )}
          {!order.lines_cancellable ? (
            <Notice tone="info">{tl("lines.notChangeable")}</Notice>
          ) : (
            <>
              <Notice tone="info">{tl("lines.warning")}</Notice>
              {order.items.map((item) => {
                const id = String(item.line_id);
                const refused = refusedLine?.line === id ? refusedLine : undefined;
                const last = order.items.length === 1;
                return (
                  <Form
                    key={`${id}-${item.amount}`}
                    method="post"
                    action={linesPath(params.id)}
                    reloadDocument
                    onSubmit={withCurrentToken}
                    className={styles.section}
                    data-testid={`order-line-${id}`}
                  >
                    <CsrfField />
                    <RequestKeyField value={requestKeys[id] ?? ""} />
                    <input type="hidden" name="line" value={id} />
                    <h2 className={styles.sectionTitle}>{item.name}</h2>
                    <p className={styles.muted}>
                      {tl("lines.unitPrice")}: {yen(item.unit_price)} / {tl("lines.current")}: {item.amount}
                    </p>
                    <Input
                      name="quantity"
                      label={tl("lines.quantity")}
                      inputMode="numeric"
                      autoComplete="off"
                      defaultValue={refused ? refused.quantity : String(Math.max(0, item.amount - 1))}
                      error={refused?.fields.quantity?.[0]}
                    />
                    <Button type="submit" name="intent" value="lower">
                      {tl("lines.lower")}
                    </Button>{" "}
                    {last ? (
                      <p className={styles.muted}>{tl("lines.lastLine")}</p>
                    ) : (
                      <Button type="submit" name="intent" value="remove" variant="secondary">
                        {tl("lines.remove")}
                      </Button>
                    )}
                  </Form>
                );
              })}
            </>
          )}
        </>
      )}
    </OrderSubPage>
  );
}
