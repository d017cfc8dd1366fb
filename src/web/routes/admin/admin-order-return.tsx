import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin-order-return";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { RETURN_NOTE_MAX, RETURN_QUANTITY_FIELD_PREFIX, RETURN_REASONS } from "../../../domain/order-returns.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import returnStyles from "../../features/admin/order-returns.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { returnText, useReturnText } from "../../features/admin/return-i18n.ts";
import type { ReturnResource } from "../../../domain/order-returns.ts";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { formFields, postedForm } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { Button } from "../../ui/button.tsx";
import { Select, Textarea } from "../../ui/field.tsx";
import { AdminSection } from "../../features/admin/ui/admin-section.tsx";
import type { Refusal } from "../../features/admin/order-refusal.tsx";
import { refusalOf } from "../../features/admin/order-refusal.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { toStaffLogin } from "../../features/admin/ui/server-page.tsx";

/** The form's fields are few and small. */
const MAX_POST_BYTES = 64 * 1024;

type ActionAnswer = Refusal & { values: Record<string, string> };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: returnText(loaderData?.locale ?? "ja", "return.title") });
}

/**
 * 返品を記録 (decision 079), rendered on the server as the bulk moves are (decision 069), so it works
 * without JavaScript: staff only; the order and its earlier returns asked of the API as the visitor.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const url = new URL(request.url);
  const session = await page.api("GET", "/admin/api/session");
  if (session.status !== 200) throw toStaffLogin(url.pathname);
  const id = encodeURIComponent(params.id);
  const [order, returns] = await Promise.all([page.api("GET", `/admin/api/orders/${id}`), page.api("GET", `/admin/api/orders/${id}/returns`)]);
  if (order.status !== 200) throw data(null, { status: order.status === 404 ? 404 : 500 });
  return {
    locale: page.locale,
    order: (order.body as { data: AdminOrderDetail }).data,
    returns: returns.status === 200 ? (returns.body as { data: ReturnResource[] }).data : [],
    requestKey: crypto.randomUUID(),
  };
}

/**
 * The form handed to POST /admin/api/orders/:id/returns as the visitor, with the form's CSRF token
 * and request key (a form posted twice is recorded once). Recorded: back to the order page; refused:
 * this page again with the API's messages under the fields and what was typed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const { locale } = page;
  const here = `/admin/orders/${encodeURIComponent(params.id)}/return`;
  const refused = (status: number, values: Record<string, string> = {}, body?: unknown) => {
    return data<ActionAnswer>({ ...refusalOf(body, returnText(locale, "return.failed")), values }, { status });
  };
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return refused(form);
  const posted = formFields(form);
  const { values, csrfToken } = posted;
  const requestKey = posted.requestKey || crypto.randomUUID();
  const answer = await page.api("POST", `/admin/api/orders/${encodeURIComponent(params.id)}/returns`, values, { csrfToken, requestKey });
  if (answer.status === 401) throw toStaffLogin(here);
  if (answer.status === 201) return redirect(`/admin/orders/${encodeURIComponent(params.id)}`);
  return refused(answer.status, values, answer.body);
}

function returnedBefore(returns: ReturnResource[]): Map<number, number> {
  const back = new Map<number, number>();
  for (const each of returns) for (const line of each.lines) back.set(line.order_item_id, (back.get(line.order_item_id) ?? 0) + line.quantity);
  return back;
}

export default function AdminOrderReturn({ loaderData, actionData }: Route.ComponentProps) {
  const tr = useReturnText();
  const { order, returns, requestKey } = loaderData;
  const refusal = actionData as ActionAnswer | undefined;
  const typed = refusal?.values ?? {};
  const number = orderNumberForShopper(order.id);
  const back = returnedBefore(returns);
  const shipped = order.shipments.filter((shipment) => shipment.state === "shipped" || shipment.state === "delivered" || shipment.state === "returned");
  const lines = new Map<number, { name: string; quantity: number }>();
  for (const shipment of shipped)
    for (const line of shipment.lines)
      lines.set(line.order_item_id, { name: line.name, quantity: (lines.get(line.order_item_id)?.quantity ?? 0) + line.quantity });
  const reason = typed.reason ?? "defective";
  const fieldError = (name: string) => refusal?.fields[name]?.[0];

  return (
    <div className={styles.shell}>
      <AdminHeader />
      <main id="main" className={styles.main}>
        <p>
          <Link to={`/admin/orders/${order.id}`}>{tr("return.back", { number })}</Link>
        </p>
        <h1 className={styles.title}>{tr("return.title")}</h1>
        {refusal && <ErrorsNotice errors={refusal.errors} testId="return-errors" />}
        {order.status !== "sent" ? (
          <p data-testid="return-not-shipped">{tr("return.notShipped")}</p>
        ) : (
          <AdminSection id="return-form-title" title={tr("return.title")} testId="return-form">
            <p>{tr("return.lead")}</p>
            <Form method="post" reloadDocument onSubmit={withCurrentToken} noValidate>
              <CsrfField />
              <RequestKeyField value={requestKey} />
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{tr("return.product")}</th>
                      <th scope="col">{tr("return.shipped")}</th>
                      <th scope="col">{tr("return.alreadyReturned")}</th>
                      <th scope="col">{tr("return.quantity")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...lines.entries()].map(([itemId, line]) => {
                      const field = `${RETURN_QUANTITY_FIELD_PREFIX}${itemId}`;
                      return (
                        <tr key={itemId}>
                          <th scope="row">{line.name}</th>
                          <td>{line.quantity}</td>
                          <td>{back.get(itemId) ?? 0}</td>
                          <td>
                            <input
                              name={field}
                              type="number"
                              min={0}
                              max={line.quantity - (back.get(itemId) ?? 0)}
                              inputMode="numeric"
                              defaultValue={typed[field] ?? ""}
                              aria-label={tr("return.quantityFor", { name: line.name })}
                              aria-invalid={fieldError("lines") ? true : undefined}
                              aria-describedby={fieldError("lines") ? "return-lines-error" : undefined}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {refusal?.fields.lines && (
                <div id="return-lines-error" role="alert" data-testid="return-lines-error">
                  {refusal.fields.lines.map((message) => (
                    <p key={message} className={returnStyles.error}>
                      {message}
                    </p>
                  ))}
                </div>
              )}
              <Select
                label={tr("return.reason")}
                name="reason"
                defaultValue={reason}
                error={fieldError("reason")}
                options={RETURN_REASONS.map((code) => ({ value: code, label: tr(`return.reason.${code}`) }))}
              />
              <Textarea
                label={tr("return.note")}
                hint={tr("return.noteHint")}
                name="note"
                maxLength={RETURN_NOTE_MAX}
                defaultValue={typed.note ?? ""}
                error={fieldError("note")}
                rows={2}
              />
              <Select
                label={tr("return.broken")}
                name="broken"
                defaultValue={typed.broken ?? "no"}
                error={fieldError("broken")}
                options={[
                  { value: "no", label: tr("return.broken.no") },
                  { value: "yes", label: tr("return.broken.yes") },
                ]}
              />
              <Select
                label={tr("return.remedy")}
                name="remedy"
                defaultValue={typed.remedy ?? "refund"}
                error={fieldError("remedy")}
                options={[
                  { value: "refund", label: tr("return.remedy.refund") },
                  { value: "replacement", label: tr("return.remedy.replacement") },
                ]}
              />
              <Select
                label={tr("return.refundShipping")}
                hint={tr("return.refundHint")}
                name="refund_shipping"
                defaultValue={typed.refund_shipping ?? ""}
                error={fieldError("refund_shipping")}
                options={[
                  { value: "", label: tr("return.refundShipping.default") },
                  { value: "yes", label: tr("return.refundShipping.yes") },
                  { value: "no", label: tr("return.refundShipping.no") },
                ]}
              />
              <Button type="submit">{tr("return.submit")}</Button>
            </Form>
          </AdminSection>
        )}
      </main>
    </div>
  );
}
