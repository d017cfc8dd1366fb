import { data, Form, Link, redirect } from "react-router";
import { COUPON_KINDS } from "../../../domain/coupons.ts";
import type { Locale } from "../../../domain/locale.ts";
import type { Route } from "./+types/admin-coupon-edit";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import { AdminSection } from "../../features/admin/ui/admin-section.tsx";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import type { CouponEditRow, CouponFormValues } from "../../features/admin/coupon-edit-form.ts";
import { couponEditPath, couponFormValues, couponPatchBody } from "../../features/admin/coupon-edit-form.ts";
import { couponEditText, useCouponEditText } from "../../features/admin/coupon-edit-i18n.ts";
import { ServerAdminFrame, toStaffLogin } from "../../features/admin/ui/server-page.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { pageContext } from "../../load-context.ts";
import type { PageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { formFields, postedForm } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox, Input, Select } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import own from "./admin-coupon-edit.module.css";

/** The form's fields with long target lists stay well under this; anything far bigger is not this form. */
const MAX_POST_BYTES = 32 * 1024;

/** The hidden field holding 「併用可」 as the page was drawn, so the notice can say when it changed. */
const WAS_COMBINABLE_FIELD = "_was_combinable";

/** What a refused post shows: the API's messages, all and per field, and what was typed. */
type ActionAnswer = { errors: string[]; fields: Record<string, string[]>; values: CouponFormValues };

/** The notice after a saved post (the 303's query): saved, and whether 「併用可」 was turned on or off. */
type Saved = "saved" | "combine-on" | "combine-off" | null;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: couponEditText(loaderData?.locale ?? "ja", "couponEdit.title", { code: loaderData?.coupon?.code ?? "" }) });
}

async function couponOf(page: PageContext, id: string): Promise<CouponEditRow | null> {
  const answer = await page.api("GET", "/admin/api/coupons");
  if (answer.status === 401) throw toStaffLogin(couponEditPath(id));
  if (answer.status !== 200) return null;
  return (answer.body as { data: CouponEditRow[] }).data.find((each) => String(each.id) === id) ?? null;
}

/**
 * One coupon's every rule on one form, drawn on the server so staff edit it without JavaScript
 * (decision 095; the list is drawn in the browser). The form posts here; the action sends it whole
 * through PATCH /admin/api/coupons/:id under the request key the page wrote (a form sent twice is
 * one change), and answers a 303 back here with the notice, or the page again with the API's own
 * messages under the fields (couponInputSchema, in the page's language) and what was typed.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const coupon = await couponOf(page, params.id);
  const asked = new URL(request.url).searchParams.get("saved");
  const saved: Saved = asked === "saved" || asked === "combine-on" || asked === "combine-off" ? asked : null;
  return data({ locale: page.locale, coupon, saved, requestKey: crypto.randomUUID() }, { status: coupon ? 200 : 404 });
}

function failed(locale: Locale, status: number, values: CouponFormValues) {
  return data<ActionAnswer>({ errors: [couponEditText(locale, "couponEdit.failed")], fields: {}, values }, { status });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return failed(page.locale, form, couponPatchBody({}));
  const { values, csrfToken, requestKey } = formFields(form);
  const body = couponPatchBody(values);
  const answer = await page.api("PATCH", `/admin/api/coupons/${encodeURIComponent(params.id)}`, body, {
    csrfToken,
    requestKey: requestKey || crypto.randomUUID(),
  });
  if (answer.status === 401) throw toStaffLogin(couponEditPath(params.id));
  if (answer.status === 200) {
    const combinable = (answer.body as { data: { combinable: boolean } }).data.combinable;
    const was = values[WAS_COMBINABLE_FIELD];
    const saved: Saved = was === undefined || (was === "on") === combinable ? "saved" : combinable ? "combine-on" : "combine-off";
    return redirect(`${couponEditPath(params.id)}?saved=${saved}`, { status: 303 });
  }
  const refused = answer.body as { errors?: unknown; fields?: unknown } | undefined;
  if (!Array.isArray(refused?.errors) || refused.errors.length === 0) return failed(page.locale, answer.status, body);
  const fields = refused.fields && typeof refused.fields === "object" ? (refused.fields as Record<string, string[]>) : {};
  return data<ActionAnswer>({ errors: refused.errors.map(String), fields, values: body }, { status: answer.status >= 400 ? answer.status : 400 });
}

/** The coupon's usage figures, as the list and its CSV count them. */
function Usage({ coupon }: { coupon: CouponEditRow }) {
  const tc = useCouponEditText();
  const { yen } = useI18n();
  const figures = [
    {
      label: tc("couponEdit.uses"),
      value:
        coupon.total_limit === null
          ? tc("couponEdit.usesOnly", { uses: coupon.uses })
          : tc("couponEdit.usesOfLimit", { uses: coupon.uses, limit: coupon.total_limit }),
    },
    { label: tc("couponEdit.givenBack"), value: tc("couponEdit.usesOnly", { uses: coupon.given_back }) },
    { label: tc("couponEdit.members"), value: tc("couponEdit.membersCount", { count: coupon.members }) },
    { label: tc("couponEdit.discountGiven"), value: yen(coupon.discount_given) },
  ];
  return (
    <AdminSection id="coupon-usage" title={tc("couponEdit.usage")}>
      <dl className={own.usage} data-testid="coupon-usage">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </AdminSection>
  );
}

export default function AdminCouponEdit({ loaderData, actionData }: Route.ComponentProps) {
  const ta = useAdminText();
  const tc = useCouponEditText();
  const { coupon, saved, requestKey } = loaderData;
  const refusal = actionData as ActionAnswer | undefined;
  const shown = refusal?.values ?? (coupon ? couponFormValues(coupon) : null);
  const error = (field: string) => refusal?.fields[field]?.[0];
  const text = (field: keyof CouponFormValues) => ({ name: field, defaultValue: shown?.[field] ?? "", error: error(field) });
  const box = (field: keyof CouponFormValues) => ({ name: field, defaultChecked: shown?.[field] === "on" });
  return (
    <ServerAdminFrame testId="coupon-edit-page">
      <p>
        <Link to="/admin/coupons">{tc("couponEdit.back")}</Link>
      </p>
      <h1 className={styles.title}>{tc("couponEdit.title", { code: coupon?.code ?? "" })}</h1>
      {coupon === null || shown === null ? (
        <Notice tone="info">{tc("couponEdit.notFound")}</Notice>
      ) : (
        <>
          {saved && !refusal && (
            <Notice tone="success" testId="coupon-edit-done">
              <p>{tc("couponEdit.saved")}</p>
              {saved !== "saved" && (
                <p data-testid="coupon-combine-done">{ta(saved === "combine-on" ? "adminCoupons.combineOn" : "adminCoupons.combineOff")}</p>
              )}
            </Notice>
          )}
          <Usage coupon={coupon} />
          <Form
            method="post"
            action={couponEditPath(coupon.id)}
            reloadDocument
            onSubmit={withCurrentToken}
            className={styles.section}
            data-testid="coupon-edit-form"
            noValidate
          >
            <p className={styles.muted}>{tc("couponEdit.lead")}</p>
            {coupon.member_id !== null && <p className={styles.muted}>{tc("couponEdit.personal", { member: coupon.member_id })}</p>}
            {refusal && (
              <Notice tone="danger" testId="coupon-edit-errors">
                <p>{tc("couponEdit.refused")}</p>
                <ul>
                  {[...new Set(refusal.errors)].map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              </Notice>
            )}
            <CsrfField />
            <RequestKeyField value={requestKey} />
            <input type="hidden" name={WAS_COMBINABLE_FIELD} value={coupon.combinable ? "on" : ""} />
            <fieldset className={own.group}>
              <legend>{tc("couponEdit.basics")}</legend>
              <Input label={ta("adminCoupons.code")} {...text("code")} maxLength={32} hint={ta("adminCoupons.codeHint")} autoCapitalize="characters" />
              <Input label={ta("adminCoupons.nameJa")} {...text("name_ja")} maxLength={60} />
              <Input label={ta("adminCoupons.nameEn")} {...text("name_en")} maxLength={60} />
            </fieldset>
            <fieldset className={own.group}>
              <legend>{tc("couponEdit.discount")}</legend>
              <Select
                label={ta("adminCoupons.kind")}
                {...text("kind")}
                options={COUPON_KINDS.map((kind) => ({ value: kind, label: ta(`adminCoupons.kind.${kind}`) }))}
              />
              <Input label={ta("adminCoupons.value")} {...text("value")} inputMode="numeric" />
              <Input label={ta("adminCoupons.minimumOrder")} {...text("minimum_order")} inputMode="numeric" />
            </fieldset>
            <fieldset className={own.group}>
              <legend>{tc("couponEdit.period")}</legend>
              <Input label={ta("adminCoupons.validFrom")} {...text("valid_from")} type="date" />
              <Input label={ta("adminCoupons.validUntil")} {...text("valid_until")} type="date" />
              <p className={`${styles.muted} ${own.wide}`}>{tc("couponEdit.periodHint")}</p>
            </fieldset>
            <fieldset className={own.group}>
              <legend>{tc("couponEdit.limits")}</legend>
              <Input label={ta("adminCoupons.totalLimit")} {...text("total_limit")} inputMode="numeric" hint={tc("couponEdit.limitHint")} />
              <Input label={ta("adminCoupons.perMemberLimit")} {...text("per_member_limit")} inputMode="numeric" />
            </fieldset>
            <fieldset className={own.group}>
              <legend>{tc("couponEdit.targets")}</legend>
              <Input label={ta("adminCoupons.productIds")} {...text("product_ids")} hint={ta("adminCoupons.targetHint")} />
              <Input label={ta("adminCoupons.seriesIds")} {...text("series_ids")} />
              <Input label={ta("adminCoupons.liquorTypes")} {...text("liquor_types")} />
            </fieldset>
            <fieldset className={own.group}>
              <legend>{tc("couponEdit.settings")}</legend>
              <div className={`${own.wide} ${own.boxes}`}>
                <Checkbox label={tc("couponEdit.active")} {...box("active")} />
                <Checkbox label={ta("adminCoupons.membersOnly")} {...box("members_only")} />
                <Checkbox label={ta("adminCoupons.combinable")} {...box("combinable")} />
                <p className={styles.muted}>{ta("adminCoupons.combinableHint")}</p>
              </div>
            </fieldset>
            <Button type="submit">{tc("couponEdit.save")}</Button>
          </Form>
        </>
      )}
    </ServerAdminFrame>
  );
}
