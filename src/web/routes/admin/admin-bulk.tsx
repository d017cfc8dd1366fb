import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { data, Form, Link, redirect } from "react-router";
import type { BulkResult } from "../../../domain/bulk-moves.ts";
import { CARRIER_CODES, carrierLabel } from "../../../domain/carriers.ts";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import type { AdminOrderSummary, AdminOrdersPage } from "../../../domain/order-view.ts";
import type { Route } from "./+types/admin-bulk";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import list from "../../features/admin/admin-orders.module.css";
import { bulkText, useBulkText } from "../../features/admin/bulk-i18n.ts";
import { BULK_PAGE_PATH, BulkOrderForm, BulkSummary, withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { orderFiltersOf, orderListQuery, pageOf } from "../../features/admin/order-filters.ts";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CSRF_FIELD, postedForm, REQUEST_KEY_FIELD } from "../../shared/site/form-action.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { PagerNav } from "../../features/admin/ops-pagination.tsx";
import { AdminSection } from "../../features/admin/ui/admin-section.tsx";
import { refusalOf } from "../../features/admin/order-refusal.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { toStaffLogin } from "../../features/admin/ui/server-page.tsx";

const BULK_API = "/admin/api/orders/bulk";
/** The list's page of orders at most is selected at once; the form's fields are small. */
const MAX_POST_BYTES = 256 * 1024;

type ActionAnswer =
  { step: "result"; result: BulkResult } | { step: "slips"; orders: AdminOrderSummary[]; requestKey: string } | { step: "refused"; errors: string[] };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: bulkText(loaderData?.locale ?? "ja", "bulk.title") });
}

/**
 * Rendered on the server (as /admin/issued-data, decision 067), so the list with its boxes and the
 * bulk moves work without JavaScript (decision 069): staff only, the list asked of the API as the
 * visitor with the list's filters and page; `all=1` checks every box of the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const url = new URL(request.url);
  const session = await page.api("GET", "/admin/api/session");
  if (session.status !== 200) throw toStaffLogin(url.pathname + url.search);
  const filters = orderFiltersOf(url.searchParams);
  const number = pageOf(url.searchParams);
  const query = new URLSearchParams(orderListQuery(filters).slice(1));
  query.set("page", String(number));
  const answer = await page.api("GET", `/admin/api/orders?${query.toString()}`);
  const orders: AdminOrdersPage =
    answer.status === 200 ? (answer.body as AdminOrdersPage) : { data: [], meta: { pagination: { current_page: 1, total_page: 1, total_count: 0 } } };
  return { locale: page.locale, filters, orders, all: url.searchParams.get("all") === "1", requestKey: crypto.randomUUID() };
}

/**
 * The bulk form's buttons (`intent`), each handed to the API as the visitor with the form's CSRF
 * token: deposit and ship_confirm post the move with the form's request key (a form posted twice is
 * booked once), ship first asks for the slip numbers, print and export answer 303 to the file of the
 * selected orders. Over the jobs' threshold the API answers 202 and the trader follows the job.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const { locale } = page;
  const refused = (errors: string[], status: number) => data<ActionAnswer>({ step: "refused", errors }, { status });
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return refused([bulkText(locale, "bulk.failed")], form);
  const intent = String(form.get("intent") ?? "");
  const csrfToken = String(form.get(CSRF_FIELD) ?? "");
  const requestKey = String(form.get(REQUEST_KEY_FIELD) ?? "") || crypto.randomUUID();
  const ids = [...new Set(form.getAll("order").map((each) => String(each).trim()))].filter(Boolean);
  if (ids.length === 0) return refused([bulkText(locale, "bulk.noneSelected")], 422);
  const selection = new URLSearchParams(ids.map((id) => ["order", id]));

  if (intent === "print" || intent === "export" || intent === "export_b2") {
    const path = intent === "print" ? "/admin/api/delivery-notes" : intent === "export" ? "/admin/api/orders/export.csv" : "/admin/api/orders/b2-cloud.csv";
    return redirect(`${path}?${selection.toString()}`);
  }
  if (intent === "ship") {
    const answer = await page.api("GET", `/admin/api/orders?${selection.toString()}`);
    if (answer.status === 401) throw toStaffLogin(BULK_PAGE_PATH);
    if (answer.status !== 200) return refused(refusalOf(answer.body, bulkText(locale, "bulk.failed")).errors, answer.status);
    return data<ActionAnswer>({ step: "slips", orders: (answer.body as AdminOrdersPage).data, requestKey: crypto.randomUUID() });
  }
  let body: { move: string; orders: unknown[] };
  if (intent === "deposit") body = { move: "deposit", orders: ids };
  else if (intent === "ship_confirm") {
    const carrier = String(form.get("carrier") ?? "");
    body = { move: "ship", orders: ids.map((id) => ({ id, slip_number: String(form.get(`slip.${id}`) ?? ""), carrier })) };
  } else return refused([bulkText(locale, "bulk.failed")], 422);
  const answer = await page.api("POST", BULK_API, body, { csrfToken, requestKey });
  if (answer.status === 401) throw toStaffLogin(BULK_PAGE_PATH);
  if (answer.status === 202) return redirect(`/admin/jobs/${(answer.body as { data: { job: { id: number } } }).data.job.id}`);
  if (answer.status !== 200) return refused(refusalOf(answer.body, bulkText(locale, "bulk.failed")).errors, answer.status);
  return data<ActionAnswer>({ step: "result", result: (answer.body as { data: BulkResult }).data });
}

/** Step two of 発送済みにする: the selected orders with a slip-number field each, or the issued-data upload. */
function SlipsForm({ orders, requestKey }: { orders: AdminOrderSummary[]; requestKey: string }) {
  const tb = useBulkText();
  const { locale } = useI18n();
  return (
    <AdminSection id="bulk-slips" title={tb("bulk.slipsTitle")} testId="bulk-slips">
      <p>{tb("bulk.slipsLead")}</p>
      <p className={styles.muted}>
        {tb("bulk.slipsFromFile")} <Link to="/admin/issued-data">{tb("bulk.slipsFromFileLink")}</Link>
      </p>
      <Form method="post" action={BULK_PAGE_PATH} reloadDocument onSubmit={withCurrentToken}>
        <CsrfField />
        <input type="hidden" name="intent" value="ship_confirm" />
        <RequestKeyField value={requestKey} />
        <p>
          <label htmlFor="bulk-carrier">{tb("bulk.carrier")}</label>{" "}
          <select id="bulk-carrier" name="carrier" defaultValue="yamato">
            {CARRIER_CODES.map((code) => (
              <option key={code} value={code}>
                {carrierLabel(code, locale)}
              </option>
            ))}
          </select>
        </p>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{tb("bulk.order")}</th>
                <th scope="col">{tb("bulk.customer")}</th>
                <th scope="col">{tb("bulk.slip")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const number = orderNumberForShopper(order.id);
                return (
                  <tr key={order.id}>
                    <th scope="row" className={list.id}>
                      <input type="hidden" name="order" value={order.id} />
                      {number}
                    </th>
                    <td>{order.name}</td>
                    <td>
                      <input name={`slip.${order.id}`} aria-label={tb("bulk.slipFor", { number })} inputMode="numeric" autoComplete="off" maxLength={40} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Button type="submit">{tb("bulk.shipConfirm", { count: orders.length })}</Button>
      </Form>
    </AdminSection>
  );
}

/** 注文の一括処理 (issue #35 item 2): the summary of the last move, or the slip numbers to enter, then the list to select from. */
export default function AdminBulk({ loaderData, actionData }: Route.ComponentProps) {
  const tb = useBulkText();
  const answer = actionData as ActionAnswer | undefined;
  const { filters, orders, all, requestKey } = loaderData;
  const { current_page: current, total_page: total } = orders.meta.pagination;
  const here = (page: number, all = false) => {
    const query = new URLSearchParams(orderListQuery(filters, page).slice(1));
    if (all) query.set("all", "1");
    const text = query.toString();
    return text ? `${BULK_PAGE_PATH}?${text}` : BULK_PAGE_PATH;
  };
  return (
    <div className={styles.shell}>
      <AdminHeader />
      <main id="main" className={styles.main}>
        <p>
          <Link to={`/admin/orders${orderListQuery(filters, current)}`}>{tb("bulk.back")}</Link>
        </p>
        <h1 className={styles.title}>{tb("bulk.title")}</h1>
        {answer?.step === "refused" && <ErrorsNotice errors={answer.errors} testId="bulk-errors" />}
        {answer?.step === "result" && <BulkSummary result={answer.result} />}
        {answer?.step === "slips" ? (
          <SlipsForm orders={answer.orders} requestKey={answer.requestKey} />
        ) : (
          <section className={styles.section} aria-label={tb("bulk.title")}>
            {orders.data.length === 0 ? (
              <p className={styles.muted}>{tb("bulk.noOrders")}</p>
            ) : (
              <BulkOrderForm
                orders={orders.data}
                requestKey={requestKey}
                allChecked={all}
                selectAllHref={here(current, true)}
                orderLink={(order) => (
                  <Link to={`/admin/orders/${order.id}`} className="no-break">
                    {orderNumberForShopper(order.id)}
                  </Link>
                )}
                below={
                  total > 1 && (
                    <PagerNav
                      current={current}
                      total={total}
                      href={(page) => here(page)}
                      label={tb("bulk.pageOf", { page: current, total })}
                      pageOf={tb("bulk.pageOf", { page: current, total })}
                      previous={tb("bulk.previous")}
                      next={tb("bulk.next")}
                    />
                  )
                }
              />
            )}
          </section>
        )}
      </main>
    </div>
  );
}
