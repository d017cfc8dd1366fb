import { data, Form, redirect } from "react-router";
import { RANK_SLOTS, rankFieldNames } from "../../../domain/member-ranks.ts";
import type { Route } from "./+types/admin-ranks";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { adminTexts } from "../../features/admin/admin-texts.ts";
import styles from "../../features/admin/admin.module.css";
import own from "./admin-ranks.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { DataTable } from "../../features/admin/ui/data-table.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { apiOptionsOf, listOrLogin, postedValues, refusalOf, ServerAdminFrame, staffOrLogin, toStaffLogin } from "../../features/admin/ui/server-page.tsx";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { postedForm } from "../../shared/site/form-action.ts";
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

/**
 * Member ranks in the back office (decision 090), drawn on the server so it works without
 * JavaScript: the ranks as they stand and one form of RANK_SLOTS rows (name ja/en, threshold, point
 * rate) that replaces them, posted to this page, whose action calls PUT /admin/api/ranks with its
 * request key (audited as rank.update).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const staff = await staffOrLogin(page, PAGE);
  const ranks = await listOrLogin<Rank>(page, "/admin/api/ranks", PAGE);
  return { locale: page.locale, staff, ranks, requestKey: crypto.randomUUID(), saved: new URL(request.url).searchParams.get("done") === "saved" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const { locale } = page;
  const failed = (status: number) => data<ActionAnswer>({ errors: [text(locale, "ranks.failed")], fields: {}, values: {} }, { status });
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return failed(form);
  const options = apiOptionsOf(form);
  const values = postedValues(form, FIELD_NAMES);
  const answer = await page.api("PUT", "/admin/api/ranks", values, options);
  if (answer.status === 401) throw toStaffLogin(PAGE);
  if (answer.status >= 200 && answer.status < 300) return redirect(`${PAGE}?done=saved`, 303);
  const refused = refusalOf(answer);
  if (!refused) return failed(answer.status);
  return data<ActionAnswer>({ ...refused, values }, { status: answer.status });
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
    <ServerAdminFrame staff={staff} testId="ranks-page">
      <h1 className={styles.title}>{t("ranks.title")}</h1>
      <p className={styles.muted}>{t("ranks.lead")}</p>
      {saved && !refused && (
        <Notice tone="success" testId="ranks-saved">
          {t("ranks.saved")}
        </Notice>
      )}
      {refused && <ErrorsNotice errors={refused.errors} testId="ranks-errors" />}

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("ranks.current")}</h2>
        <DataTable
          testId="ranks-table"
          rows={ranks}
          rowKey={(rank) => rank.position}
          columns={[
            { header: t("ranks.columnName"), cell: (rank) => rank.name },
            { header: t("ranks.columnThreshold"), cell: (rank) => t("ranks.thresholdValue", { amount: yen(rank.threshold) }) },
            { header: t("ranks.columnRate"), cell: (rank) => `${rank.point_rate}%` },
          ]}
        />
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
    </ServerAdminFrame>
  );
}
