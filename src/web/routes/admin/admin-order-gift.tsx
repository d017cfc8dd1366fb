import { data, Form } from "react-router";
import type { Route } from "./+types/admin-order-gift";
import type { Locale } from "../../../domain/locale.ts";
import type { GiftChangeOptions } from "../../../domain/order-changes.ts";
import { giftChangeBodyOf } from "../../../domain/order-changes.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { OrderSubPage } from "../../features/admin/ui/order-sub-page.tsx";
import { adminText, useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { pageContext } from "../../load-context.ts";
import { GiftChangeFields, GiftCurrent } from "../../shared/orders/gift-change-fields.tsx";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { readForm } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Notice } from "../../ui/notice.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { toStaffLogin } from "../../features/admin/ui/server-page.tsx";

export function giftPath(orderId: string): string {
  return `/admin/orders/${encodeURIComponent(orderId)}/gift`;
}

/** What the last post did: the new total, or the refusal with what was posted. */
type ActionAnswer = { done: true; total: number } | { done: false; errors: string[]; fields: Record<string, string[]>; values: Record<string, string> };

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: adminText(loaderData?.locale ?? "ja", "adminOrder.giftTitle", { number: orderNumberForShopper(params.id) }) });
}

/**
 * ギフト設定の変更 rendered on the server, so staff change an order's gift options without JavaScript
 * (decision 074; the order page itself is drawn in the browser, as 一部キャンセル beside it): the
 * options asked of GET /admin/api/orders/:id/gift as the visitor, the form posted through
 * POST /admin/api/orders/:id/gift with its own request key, so a form sent twice is booked once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const answer = await page.api("GET", `/admin/api/orders/${encodeURIComponent(params.id)}/gift`);
  if (answer.status === 401) throw toStaffLogin(giftPath(params.id));
  const options = answer.status === 200 ? (answer.body as { data: GiftChangeOptions }).data : null;
  return { locale: page.locale, options, requestKey: crypto.randomUUID() };
}

function failed(locale: Locale, status: number, values: Record<string, string> = {}) {
  return data<ActionAnswer>({ done: false, errors: [adminText(locale, "adminOrder.giftFailed")], fields: {}, values }, { status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const posted = await readForm(request);
  if (!posted) return failed(page.locale, 400);
  const answer = await page.api("POST", `/admin/api/orders/${encodeURIComponent(params.id)}/gift`, giftChangeBodyOf(posted.values), {
    csrfToken: posted.csrfToken,
    requestKey: posted.requestKey || crypto.randomUUID(),
  });
  if (answer.status === 401) throw toStaffLogin(giftPath(params.id));
  if (answer.status === 200) return data<ActionAnswer>({ done: true, total: (answer.body as { data: AdminOrderDetail }).data.price });
  const refused = answer.body as { errors?: string[]; fields?: Record<string, string[]> } | undefined;
  if (!refused?.errors) return failed(page.locale, answer.status, posted.values);
  return data<ActionAnswer>({ done: false, errors: refused.errors, fields: refused.fields ?? {}, values: posted.values }, { status: answer.status });
}

export default function AdminOrderGift({ loaderData, actionData, params }: Route.ComponentProps) {
  const ta = useAdminText();
  const { yen } = useI18n();
  const { options, requestKey } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const refused = answer && !answer.done ? answer : undefined;
  return (
    <OrderSubPage
      orderId={params.id}
      testId="order-gift-page"
      back={ta("adminOrder.giftBack")}
      title={ta("adminOrder.giftTitle", { number: orderNumberForShopper(params.id) })}
      record={options}
      notFound={ta("adminOrder.giftNotFound")}
    >
      {(options) => (
        <>
          <p className={styles.muted}>{ta("adminOrder.giftLead")}</p>
          {answer?.done && (
            <Notice tone="success" testId="order-gift-result">
              {ta("adminOrder.giftChanged", { total: yen(answer.total) })}
            </Notice>
          )}
          {refused && <ErrorsNotice errors={refused.errors} testId="order-gift-errors" />}
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{ta("adminOrder.giftCurrent")}</h2>
            <GiftCurrent options={options} none={ta("adminOrder.giftNone")} />
          </section>
          {options.changeable ? (
            <Form
              key={JSON.stringify(options.gift)}
              method="post"
              action={giftPath(params.id)}
              reloadDocument
              onSubmit={withCurrentToken}
              className={styles.section}
              data-testid="order-gift-form"
            >
              <CsrfField />
              <RequestKeyField value={requestKey} />
              <GiftChangeFields options={options} posted={refused?.values} fields={refused?.fields} audience="staff" />
              <Button type="submit">{ta("adminOrder.giftSubmit")}</Button>
            </Form>
          ) : (
            <Notice tone="info">{options.reason}</Notice>
          )}
        </>
      )}
    </OrderSubPage>
  );
}
