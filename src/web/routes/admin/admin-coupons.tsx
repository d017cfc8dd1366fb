import type { FormEvent } from "react";
import { useState } from "react";
import { useLoaderData } from "react-router";
import type { Route } from "./+types/admin-coupons";
import { COUPON_KINDS } from "../../../domain/coupons.ts";
import { adminLoader, loadAdmin } from "../../features/admin/admin-api.ts";
import { useAdminText } from "../../features/admin/admin-i18n.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { useCouponEditText } from "../../features/admin/coupon-edit-i18n.ts";
import { AdminRouteError } from "../../features/admin/admin-route-error.tsx";
import styles from "../../features/admin/admin.module.css";
import report from "../../features/admin/admin-report.module.css";
import { ReportActions, ReportSection, ReportTable } from "../../features/admin/report-table.tsx";
import { useAdminWrite } from "../../features/admin/use-admin-write.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminRanksEn } from "../../i18n/admin-ranks.en.ts";
import type { AdminRanksKey } from "../../i18n/admin-ranks.ja.ts";
import { adminRanksJa } from "../../i18n/admin-ranks.ja.ts";
import { Button } from "../../ui/button.tsx";
import { Checkbox, Input, Select } from "../../ui/field.tsx";
import { COUPON_TEXT_FIELDS, couponEditPath, type CouponListRow } from "../../features/admin/coupon-edit-form.ts";

/** GET /admin/api/coupons/birthday: the birthday coupon's rule (decision 086). */
interface BirthdayRule {
  active: boolean;
  kind: "fixed" | "percent";
  value: number;
  valid_days: number;
  minimum_order: number;
}

async function load({ request }: Route.ClientLoaderArgs) {
  const [list, birthday] = await Promise.all([
    loadAdmin<{ data: CouponListRow[] }>(request, "/coupons"),
    loadAdmin<{ data: BirthdayRule }>(request, "/coupons/birthday"),
  ]);
  return { data: list.data, birthday: birthday.data };
}
export const clientLoader = adminLoader(load);

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches, "adminCoupons.title");
}

/** A new coupon: every rule of decision 086 on one form. */
function CouponForm() {
  const ta = useAdminText();
  const write = useAdminWrite();
  const [saving, setSaving] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body: Record<string, unknown> = Object.fromEntries(COUPON_TEXT_FIELDS.map((field) => [field, data.get(field) ?? ""]));
    if (data.get("members_only")) body.members_only = "on";
    if (data.get("combinable")) body.combinable = "on";
    setSaving(true);
    const created = await write("/coupons", "POST", body, ta("adminCoupons.created"));
    setSaving(false);
    if (created) form.reset();
  }

  return (
    <form onSubmit={(event) => void create(event)} aria-labelledby="coupon-new" data-testid="coupon-form">
      <h2 id="coupon-new" className={styles.sectionTitle}>
        {ta("adminCoupons.new")}
      </h2>
      <p className={styles.muted}>{ta("adminCoupons.note")}</p>
      <Input label={ta("adminCoupons.code")} name="code" required maxLength={32} hint={ta("adminCoupons.codeHint")} autoCapitalize="characters" />
      <Input label={ta("adminCoupons.nameJa")} name="name_ja" maxLength={60} />
      <Input label={ta("adminCoupons.nameEn")} name="name_en" maxLength={60} />
      <Select label={ta("adminCoupons.kind")} name="kind" options={COUPON_KINDS.map((kind) => ({ value: kind, label: ta(`adminCoupons.kind.${kind}`) }))} />
      <Input label={ta("adminCoupons.value")} name="value" inputMode="numeric" />
      <Input label={ta("adminCoupons.minimumOrder")} name="minimum_order" inputMode="numeric" />
      <Input label={ta("adminCoupons.validFrom")} name="valid_from" type="date" required />
      <Input label={ta("adminCoupons.validUntil")} name="valid_until" type="date" required />
      <Input label={ta("adminCoupons.totalLimit")} name="total_limit" inputMode="numeric" />
      <Input label={ta("adminCoupons.perMemberLimit")} name="per_member_limit" inputMode="numeric" />
      <Input label={ta("adminCoupons.productIds")} name="product_ids" hint={ta("adminCoupons.targetHint")} />
      <Input label={ta("adminCoupons.seriesIds")} name="series_ids" />
      <Input label={ta("adminCoupons.liquorTypes")} name="liquor_types" />
      <Checkbox label={ta("adminCoupons.membersOnly")} name="members_only" />
      <Checkbox label={ta("adminCoupons.combinable")} name="combinable" />
      <p className={styles.muted}>{ta("adminCoupons.combinableHint")}</p>
      <Button type="submit" disabled={saving}>
        {ta("adminCoupons.create")}
      </Button>
    </form>
  );
}

/** The birthday coupon's rule: each member's coupon is made from it in their birth month. */
function BirthdayCouponForm({ rule }: { rule: BirthdayRule }) {
  const ta = useAdminText();
  const write = useAdminWrite();
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: Record<string, unknown> = Object.fromEntries(["kind", "value", "valid_days", "minimum_order"].map((field) => [field, data.get(field) ?? ""]));
    if (data.get("active")) body.active = "on";
    setSaving(true);
    await write("/coupons/birthday", "PUT", body, ta("adminCoupons.birthdaySaved"));
    setSaving(false);
  }

  return (
    <form key={JSON.stringify(rule)} onSubmit={(event) => void save(event)} aria-labelledby="coupon-birthday" data-testid="birthday-coupon-form">
      <h2 id="coupon-birthday" className={styles.sectionTitle}>
        {ta("adminCoupons.birthday")}
      </h2>
      <p className={styles.muted}>{ta("adminCoupons.birthdayNote")}</p>
      <Checkbox label={ta("adminCoupons.birthdayActive")} name="active" defaultChecked={rule.active} />
      <Select
        label={ta("adminCoupons.kind")}
        name="kind"
        defaultValue={rule.kind}
        options={(["fixed", "percent"] as const).map((kind) => ({ value: kind, label: ta(`adminCoupons.kind.${kind}`) }))}
      />
      <Input label={ta("adminCoupons.value")} name="value" inputMode="numeric" defaultValue={String(rule.value)} />
      <Input label={ta("adminCoupons.birthdayDays")} name="valid_days" inputMode="numeric" defaultValue={String(rule.valid_days)} />
      <Input label={ta("adminCoupons.minimumOrder")} name="minimum_order" inputMode="numeric" defaultValue={String(rule.minimum_order)} />
      <Button type="submit" disabled={saving}>
        {ta("adminCoupons.birthdaySave")}
      </Button>
    </form>
  );
}

/** Coupons (decision 086): the list with its usage figures, the usage CSV, and a new code. */
export default function AdminCoupons() {
  const ta = useAdminText();
  const tc = useCouponEditText();
  const { yen, locale } = useI18n();
  const tr = (key: AdminRanksKey) => (locale === "en" ? adminRanksEn : adminRanksJa)[key];
  const list = useLoaderData<typeof clientLoader>();
  const value = (row: CouponListRow) =>
    row.kind === "fixed" ? yen(row.value) : row.kind === "percent" ? `${row.value}%` : ta("adminCoupons.kind.free_shipping");

  return (
    <>
      <h1 className={styles.title}>{ta("adminCoupons.title")}</h1>
      <ReportSection id="coupon-list" title={ta("adminCoupons.list")}>
        <div className={report.controls}>
          <ReportActions
            downloads={[
              { href: "/admin/api/coupons.csv", label: tr("coupons.download") },
              { href: "/admin/api/coupons/uses.csv", label: ta("adminCoupons.downloadUses") },
            ]}
          />
        </div>
        <ReportTable
          rows={list.data}
          rowKey={(row) => String(row.id)}
          empty={ta("adminCoupons.empty")}
          columns={[
            {
              label: ta("adminCoupons.code"),
              rowHeader: true,
              cell: (row) => (
                <>
                  {row.code}{" "}
                  <a href={couponEditPath(row.id)} aria-label={`${tc("couponEdit.link")} ${row.code}`} data-testid="coupon-edit-link">
                    {tc("couponEdit.link")}
                  </a>
                </>
              ),
            },
            { label: ta("adminCoupons.kind"), cell: value },
            {
              label: ta("adminCoupons.combinable"),
              cell: (row) => (row.combinable ? ta("adminCoupons.combinableYes") : ta("adminCoupons.combinableNo")),
            },
            { label: ta("adminCoupons.valid"), cell: (row) => `${row.valid_from} – ${row.valid_until}`, className: styles.nowrap },
            { label: ta("adminCoupons.uses"), cell: (row) => (row.total_limit === null ? String(row.uses) : `${row.uses} / ${row.total_limit}`) },
            { label: tr("coupons.orders"), cell: (row) => String(row.orders) },
            { label: tr("coupons.givenBack"), cell: (row) => String(row.given_back) },
            { label: tr("coupons.members"), cell: (row) => String(row.members) },
            { label: ta("adminCoupons.discountGiven"), cell: (row) => yen(row.discount_given) },
          ]}
        />
      </ReportSection>
      <section className={styles.section}>
        <CouponForm />
      </section>
      <section className={styles.section}>
        <BirthdayCouponForm rule={list.birthday} />
      </section>
    </>
  );
}

export function HydrateFallback() {
  const ta = useAdminText();
  return <p role="status">{ta("admin.loading")}</p>;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
