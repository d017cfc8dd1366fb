import { data, Form, redirect } from "react-router";
import { RANK_SLOTS, rankFieldNames } from "../../../domain/member-ranks.ts";
import type { Route } from "./+types/admin-ranks";
import { ADMIN_LOGIN_PATH } from "../../features/admin/admin-api.ts";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { AdminNav } from "../../features/admin/admin-nav.tsx";
import type { SessionAnswer } from "../../features/admin/admin-resources.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { adminTexts } from "../../features/admin/admin-texts.ts";
import styles from "../../features/admin/admin.module.css";
import own from "./admin-ranks.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CSRF_FIELD, REQUEST_KEY_FIELD } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminRanksEn } from "../../i18n/admin-ranks.en.ts";
import type { AdminRanksKey } from "../../i18n/admin-ranks.ja.ts";
import { adminRanksJa } from "../../i18n/admin-ranks.ja.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";

const PAGE = "/admin/ranks";
const MAX_POST_BYTES = 8 * 1024;
const SLOTS = Array.from({ length: RANK_SLOTS }, (_, index) => index + 1);
const FIELD_NAMES = SLOTS.flatMap((slot) => Object.values(rankFieldNames(slot)));

interface Rank {
  position: number;
  name: string;
  name_ja: string;
  name_en: string;
  threshold: number;
  point_rate: number;
}

type ActionAnswer = { errors: string[]; fields: Record<string, string[]>; values: Record<string, string> };

const { text, useText } = adminTexts<AdminRanksKey>({ ja: adminRanksJa, en: adminRanksEn });

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: text(loaderData?.locale ?? "ja", "ranks.title") });
}

function toLogin(): Response {
  return redirect(`${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(PAGE)}`);
}

/**
 * Member ranks in the back office (decision 090), drawn on the server so it works without
 * JavaScript: the ranks as they stand and one form of RANK_SLOTS rows (name ja/en, threshold, point
 * rate) that replaces them, posted to this page, whose action calls PUT /admin/api/ranks with its
 * request key (audited as rank.update).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const session = await page.api("GET", "/admin/api/session");
  if (session.status !== 200) throw toLogin();
  const staff = (session.body as SessionAnswer).staff;
  const answer = await page.api("GET", "/admin/api/ranks");
  if (answer.status === 401) throw toLogin();
  const ranks = answer.status === 200 ? (answer.body as { data: Rank[] }).data : [];
  return { locale: page.locale, staff, ranks, requestKey: crypto.randomUUID(), saved: new URL(request.url).searchParams.get("done") === "saved" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const { locale } = page;
  const failed = (status: number) => data<ActionAnswer>({ errors: [text(locale, "ranks.failed")], fields: {}, values: {} }, { status });
  const length = Number(request.headers.get("content-length"));
  if (!Number.isSafeInteger(length) || length <= 0 || length > MAX_POST_BYTES) return failed(413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed(400);
  }
  const options = { csrfToken: String(form.get(CSRF_FIELD) ?? ""), requestKey: String(form.get(REQUEST_KEY_FIELD) ?? "") || crypto.randomUUID() };
  const values = Object.fromEntries(FIELD_NAMES.map((field) => [field, String(form.get(field) ?? "")]));
  const answer = await page.api("PUT", "/admin/api/ranks", values, options);
  if (answer.status === 401) throw toLogin();
  if (answer.status >= 200 && answer.status < 300) return redirect(`${PAGE}?done=saved`, 303);
  const refused = answer.body as { errors?: string[]; fields?: Record<string, string[]> } | undefined;
  if (!refused?.errors) return failed(answer.status);
  return data<ActionAnswer>({ errors: refused.errors, fields: refused.fields ?? {}, values }, { status: answer.status });
}

export default function AdminRanks({ loaderData, actionData }: Route.ComponentProps) {
  const { yen } = useI18n();
  const t = useText();
  const { staff, ranks, requestKey, saved } = loaderData;
  const refused = actionData as ActionAnswer | undefined;
  const stored = (slot: number, key: "name_ja" | "name_en" | "threshold" | "point_rate") => {
    const rank = ranks.find((each) => each.position === slot);
    return rank === undefined ? "" : String(rank[key]);
  };
  const field = (slot: number, key: "name_ja" | "name_en" | "threshold" | "point_rate") => {
    const name = `${key}_${slot}`;
    return { name, defaultValue: refused ? (refused.values[name] ?? "") : stored(slot, key), error: refused?.fields[name]?.[0] };
  };
  return (
    <div className={styles.shell}>
      <AdminHeader email={staff.email} />
      <div className={styles.body}>
        <AdminNav owner={staff.role === "owner"} />
        <main id="main" className={styles.main} data-testid="ranks-page">
          <h1 className={styles.title}>{t("ranks.title")}</h1>
          <p className={styles.muted}>{t("ranks.lead")}</p>
          {saved && !refused && (
            <Notice tone="success" testId="ranks-saved">
              {t("ranks.saved")}
            </Notice>
          )}
          {refused && (
            <Notice tone="danger" testId="ranks-errors">
              {refused.errors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Notice>
          )}

          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t("ranks.current")}</h2>
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="ranks-table">
                <thead>
                  <tr>
                    <th>{t("ranks.columnName")}</th>
                    <th>{t("ranks.columnThreshold")}</th>
                    <th>{t("ranks.columnRate")}</th>
                  </tr>
                </thead>
                <tbody>
                  {ranks.map((rank) => (
                    <tr key={rank.position}>
                      <td>{rank.name}</td>
                      <td>{t("ranks.thresholdValue", { amount: yen(rank.threshold) })}</td>
                      <td>{rank.point_rate}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t("ranks.rows")}</h2>
            <p className={styles.muted}>{t("ranks.rowsNote")}</p>
            <p className={styles.muted} data-testid="ranks-rate-note">
              {t("ranks.rateNote")}
            </p>
            <Form method="post" action={PAGE} reloadDocument onSubmit={withCurrentToken} data-testid="ranks-form">
              <CsrfField />
              <RequestKeyField value={requestKey} />
              {SLOTS.map((slot) => (
                <fieldset key={slot} className={own.row} data-testid={`rank-row-${slot}`}>
                  <legend>{t("ranks.row", { n: slot })}</legend>
                  <Input label={t("ranks.nameJa")} {...field(slot, "name_ja")} />
                  <Input label={t("ranks.nameEn")} {...field(slot, "name_en")} />
                  <Input label={t("ranks.threshold")} inputMode="numeric" {...field(slot, "threshold")} />
                  <Input label={t("ranks.pointRate")} inputMode="numeric" {...field(slot, "point_rate")} />
                </fieldset>
              ))}
              <Button type="submit" data-testid="ranks-save">
                {t("ranks.save")}
              </Button>
            </Form>
          </section>
        </main>
      </div>
    </div>
  );
}
