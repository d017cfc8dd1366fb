import { data, Form, Link, redirect } from "react-router";
import type { Locale } from "../../../domain/locale.ts";
import type { Route } from "./+types/admin-coupon-combine";
import { ADMIN_LOGIN_PATH } from "../../features/admin/admin-api.ts";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { adminText, useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { pageContext } from "../../load-context.ts";
import type { PageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CSRF_FIELD, postedForm, REQUEST_KEY_FIELD } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";

/** A checkbox's form is a few bytes; anything far bigger is not this form. */
const MAX_POST_BYTES = 4 * 1024;

/** GET /admin/api/coupons's row, as much of it as the form sends back whole (PATCH takes every field). */
interface CouponRow {
  id: number;
  code: string;
  name_ja: string;
  name_en: string;
  kind: string;
  value: number;
  minimum_order: number;
  valid_from: string;
  valid_until: string;
  total_limit: number | null;
  per_member_limit: number | null;
  product_ids: number[];
  series_ids: number[];
  liquor_types: string[];
  members_only: boolean;
  active: boolean;
  combinable: boolean;
}

type ActionAnswer = { done: true; combinable: boolean } | { done: false; errors: string[] };

export function combinePath(id: string | number): string {
  return `/admin/coupons/${encodeURIComponent(String(id))}/combine`;
}

function toLogin(back: string): Response {
  return redirect(`${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(back)}`);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: adminText(loaderData?.locale ?? "ja", "adminCoupons.combineTitle", { code: loaderData?.coupon?.code ?? "" }) });
}

async function couponOf(page: PageContext, id: string, back: string): Promise<CouponRow | null> {
  const answer = await page.api("GET", "/admin/api/coupons");
  if (answer.status === 401) throw toLogin(back);
  if (answer.status !== 200) return null;
  return (answer.body as { data: CouponRow[] }).data.find((each) => String(each.id) === id) ?? null;
}

/**
 * 「他のクーポンと併用可」 of one coupon, drawn on the server so staff set it without JavaScript
 * (decision 086; the coupon list itself is drawn in the browser, as /admin/orders/:id/lines beside
 * the order page). The form posts here; the action sends the coupon's rule back whole with the
 * option through PATCH /admin/api/coupons/:id, under the request key the page wrote, so a form sent
 * twice is one change.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const coupon = await couponOf(page, params.id, combinePath(params.id));
  return { locale: page.locale, coupon, requestKey: crypto.randomUUID() };
}

function failed(locale: Locale, status: number) {
  return data<ActionAnswer>({ done: false, errors: [adminText(locale, "adminCoupons.combineFailed")] }, { status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return failed(page.locale, form);
  const coupon = await couponOf(page, params.id, combinePath(params.id));
  if (!coupon) return failed(page.locale, 404);
  const combinable = form.get("combinable") !== null;
  const list = (values: readonly (string | number)[]) => values.join(", ");
  const box = (on: boolean) => (on ? "on" : "");
  const body = {
    code: coupon.code,
    name_ja: coupon.name_ja,
    name_en: coupon.name_en,
    kind: coupon.kind,
    value: String(coupon.value),
    minimum_order: String(coupon.minimum_order),
    valid_from: coupon.valid_from,
    valid_until: coupon.valid_until,
    total_limit: coupon.total_limit === null ? "" : String(coupon.total_limit),
    per_member_limit: coupon.per_member_limit === null ? "" : String(coupon.per_member_limit),
    product_ids: list(coupon.product_ids),
    series_ids: list(coupon.series_ids),
    liquor_types: list(coupon.liquor_types),
    members_only: box(coupon.members_only),
    active: box(coupon.active),
    combinable: box(combinable),
  };
  const answer = await page.api("PATCH", `/admin/api/coupons/${encodeURIComponent(params.id)}`, body, {
    csrfToken: String(form.get(CSRF_FIELD) ?? ""),
    requestKey: String(form.get(REQUEST_KEY_FIELD) ?? "") || crypto.randomUUID(),
  });
  if (answer.status === 401) throw toLogin(combinePath(params.id));
  if (answer.status === 200) return data<ActionAnswer>({ done: true, combinable: (answer.body as { data: CouponRow }).data.combinable });
  const refused = answer.body as { errors?: string[] } | undefined;
  return refused?.errors ? data<ActionAnswer>({ done: false, errors: refused.errors }, { status: answer.status }) : failed(page.locale, answer.status);
}

export default function AdminCouponCombine({ loaderData, actionData }: Route.ComponentProps) {
  const ta = useAdminText();
  const { coupon, requestKey } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  return (
    <div className={styles.shell}>
      <AdminHeader />
      <main id="main" className={styles.main} data-testid="coupon-combine-page">
        <p>
          <Link to="/admin/coupons">{ta("adminCoupons.combineBack")}</Link>
        </p>
        <h1 className={styles.title}>{ta("adminCoupons.combineTitle", { code: coupon?.code ?? "" })}</h1>
        {coupon === null ? (
          <Notice tone="info">{ta("adminCoupons.combineNotFound")}</Notice>
        ) : (
          <Form
            method="post"
            action={combinePath(coupon.id)}
            reloadDocument
            onSubmit={withCurrentToken}
            className={styles.section}
            data-testid="coupon-combine-form"
          >
            {answer?.done && (
              <Notice tone="success" testId="coupon-combine-done">
                {ta(answer.combinable ? "adminCoupons.combineOn" : "adminCoupons.combineOff")}
              </Notice>
            )}
            {answer && !answer.done && (
              <Notice tone="danger" testId="coupon-combine-errors">
                {answer.errors.map((message) => (
                  <p key={message}>{message}</p>
                ))}
              </Notice>
            )}
            <CsrfField />
            <RequestKeyField value={requestKey} />
            <Checkbox label={ta("adminCoupons.combinable")} name="combinable" defaultChecked={answer?.done ? answer.combinable : coupon.combinable} />
            <p className={styles.muted}>{ta("adminCoupons.combinableHint")}</p>
            <Button type="submit">{ta("adminCoupons.combineSave")}</Button>
          </Form>
        )}
      </main>
    </div>
  );
}
