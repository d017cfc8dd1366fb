import { data, Form, Link, redirect } from "react-router";
import { formatDateTime } from "../../../domain/format.ts";
import type { Route } from "./+types/admin-lotteries";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { adminTexts } from "../../features/admin/admin-texts.ts";
import styles from "../../features/admin/admin.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { type Column, DataTable } from "../../features/admin/ui/data-table.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { apiOptionsOf, listOrLogin, postedValues, refusalOf, ServerAdminFrame, staffOrLogin, toStaffLogin } from "../../features/admin/ui/server-page.tsx";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { postedForm } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminLotteryEn } from "../../i18n/admin-lottery.en.ts";
import type { AdminLotteryKey } from "../../i18n/admin-lottery.ja.ts";
import { adminLotteryJa } from "../../i18n/admin-lottery.ja.ts";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import "../../i18n/lottery-pages-texts.ts";

const PAGE = "/admin/lotteries";
const MAX_POST_BYTES = 8 * 1024;
const FORM_FIELDS = ["product_id", "bottles", "per_member", "entry_starts_at", "entry_ends_at", "claim_days"] as const;

interface Lottery {
  id: number;
  product_id: number;
  product_name: string;
  bottles: number;
  per_member: number;
  entry_starts_at: string;
  entry_ends_at: string;
  claim_days: number;
  phase: "scheduled" | "open" | "closed" | "drawn" | "finished";
  entries: number;
  seed: string | null;
  bottles_bought: number;
}

interface Entry {
  id: number;
  member_id: number;
  email: string | null;
  result: "entered" | "won" | "purchased" | "lapsed" | "lost";
  draw_rank: number | null;
  draw_key: string | null;
  bottles: number | null;
  claim_deadline: string | null;
  order_id: number | null;
}

type ActionAnswer =
  { done: string; values?: undefined } | { done?: undefined; errors: string[]; fields: Record<string, string[]>; values: Record<string, string> };

const { text, useText } = adminTexts<AdminLotteryKey>({ ja: adminLotteryJa, en: adminLotteryEn });

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: text(loaderData?.locale ?? "ja", "lottery.title") });
}

/**
 * 抽選販売 in the back office (decision 084), drawn on the server so it works without JavaScript:
 * the lotteries, the form that opens one, 抽選する on a closed one, the deadlines' sweep, and the
 * entries of the one chosen (?lottery=) in the draw's order with the seed an auditor needs. Every
 * form posts to this page, whose action calls the staff API with its request key (each audited).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const staff = await staffOrLogin(page, PAGE);
  const lotteries = await listOrLogin<Lottery>(page, "/admin/api/lotteries", PAGE);
  const query = new URL(request.url).searchParams;
  const chosen = query.get("lottery");
  let entries: Entry[] | null = null;
  if (chosen && /^\d{1,12}$/.test(chosen)) {
    const detail = await page.api("GET", `/admin/api/lotteries/${chosen}`);
    if (detail.status === 200) entries = (detail.body as { data: { entries: Entry[] } }).data.entries;
  }
  return {
    locale: page.locale,
    staff,
    lotteries,
    chosen: entries ? Number(chosen) : null,
    entries,
    requestKey: crypto.randomUUID(),
    drawnNow: query.get("done") === "drawn",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const { locale } = page;
  const failed = (status: number) => data<ActionAnswer>({ errors: [text(locale, "lottery.failed")], fields: {}, values: {} }, { status });
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return failed(form);
  const intent = String(form.get("intent") ?? "");
  const lottery = String(form.get("lottery") ?? "");
  const options = apiOptionsOf(form);
  const values = postedValues(form, FORM_FIELDS);
  const call =
    intent === "draw" && /^\d{1,12}$/.test(lottery)
      ? page.api("POST", `/admin/api/lotteries/${lottery}/draw`, {}, options)
      : intent === "sweep"
        ? page.api("POST", "/admin/api/lotteries/sweep", {}, options)
        : page.api("POST", "/admin/api/lotteries", values, options);
  const answer = await call;
  if (answer.status === 401) throw toStaffLogin(PAGE);
  if (answer.status >= 200 && answer.status < 300) {
    if (intent === "draw") return redirect(`${PAGE}?lottery=${lottery}&done=drawn`, 303);
    if (intent === "sweep") {
      const swept = (answer.body as { data: { offered: number; finished: number } }).data;
      return data<ActionAnswer>({ done: text(locale, "lottery.swept", swept) });
    }
    return data<ActionAnswer>({ done: text(locale, "lottery.created") });
  }
  const refused = refusalOf(answer);
  if (!refused) return failed(answer.status);
  return data<ActionAnswer>({ ...refused, values }, { status: answer.status });
}

export default function AdminLotteries({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useI18n();
  const t = useText();
  const { staff, lotteries, entries, chosen, requestKey, drawnNow } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const refused = answer && answer.done === undefined ? answer : undefined;
  const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso), locale) : "");
  const field = (name: (typeof FORM_FIELDS)[number]) => ({ name, defaultValue: refused?.values[name] ?? "", error: refused?.fields[name]?.[0] });
  const current = lotteries.find((lottery) => lottery.id === chosen);
  const lotteryColumns: Column<Lottery>[] = [
    { header: "ID", cell: (lottery) => lottery.id },
    { header: t("lottery.productColumn"), cell: (lottery) => `${lottery.product_name} (#${lottery.product_id})` },
    { header: t("lottery.period"), cell: (lottery) => `${time(lottery.entry_starts_at)} – ${time(lottery.entry_ends_at)}` },
    { header: t("lottery.bottles"), cell: (lottery) => `${lottery.bottles} / ${lottery.per_member}` },
    { header: t("lottery.entries"), cell: (lottery) => lottery.entries },
    { header: t("lottery.bought"), cell: (lottery) => lottery.bottles_bought },
    { header: t("lottery.phase"), cell: (lottery) => t(`lottery.phase.${lottery.phase}`) },
    {
      header: null,
      cell: (lottery) => (
        <>
          <Link to={`${PAGE}?lottery=${lottery.id}`}>{t("lottery.showEntries")}</Link>
          {lottery.phase === "closed" && (
            <Form method="post" action={PAGE} reloadDocument onSubmit={withCurrentToken}>
              <CsrfField />
              <RequestKeyField value={`${requestKey}-draw-${lottery.id}`} />
              <input type="hidden" name="lottery" value={lottery.id} />
              <Button type="submit" name="intent" value="draw" data-testid="lottery-draw">
                {t("lottery.draw")}
              </Button>
            </Form>
          )}
        </>
      ),
    },
  ];
  const entryColumns: Column<Entry>[] = [
    { header: t("lottery.rank"), cell: (entry) => entry.draw_rank ?? "" },
    { header: t("lottery.entry"), cell: (entry) => entry.id },
    { header: t("lottery.member"), cell: (entry) => entry.email ?? `#${entry.member_id}` },
    { header: t("lottery.result"), cell: (entry) => t(`lottery.result.${entry.result}`) },
    { header: t("lottery.bottles"), cell: (entry) => entry.bottles ?? "" },
    { header: t("lottery.deadline"), cell: (entry) => time(entry.claim_deadline) },
    { header: t("lottery.order"), cell: (entry) => entry.order_id ?? "" },
    { header: t("lottery.key"), cell: (entry) => <code>{entry.draw_key?.slice(0, 16) ?? ""}</code> },
  ];
  return (
    <ServerAdminFrame staff={staff} testId="lotteries-page">
      <h1 className={styles.title}>{t("lottery.title")}</h1>
      <p className={styles.muted}>{t("lottery.lead")}</p>
      {answer?.done && (
        <Notice tone="success" testId="lottery-done">
          {answer.done}
        </Notice>
      )}
      {drawnNow && <Notice tone="success">{t("lottery.drawn")}</Notice>}
      {refused && <ErrorsNotice errors={refused.errors} testId="lottery-errors" />}

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("lottery.list")}</h2>
        {lotteries.length === 0 ? (
          <p>{t("lottery.none")}</p>
        ) : (
          <DataTable columns={lotteryColumns} rows={lotteries} rowKey={(lottery) => lottery.id} rowTestId={(lottery) => `lottery-${lottery.id}`} />
        )}
        <Form method="post" action={PAGE} reloadDocument onSubmit={withCurrentToken}>
          <CsrfField />
          <RequestKeyField value={`${requestKey}-sweep`} />
          <Button type="submit" name="intent" value="sweep" variant="secondary" data-testid="lottery-sweep">
            {t("lottery.sweep")}
          </Button>
        </Form>
      </section>

      {current && entries && (
        <section className={styles.section} data-testid="lottery-entries">
          <h2 className={styles.sectionTitle}>
            {t("lottery.showEntries")}: {current.product_name}
          </h2>
          {current.seed && (
            <>
              <p>
                {t("lottery.seed")}: <code data-testid="lottery-seed">{current.seed}</code>
              </p>
              <p className={styles.muted}>{t("lottery.seedNote")}</p>
            </>
          )}
          <DataTable columns={entryColumns} rows={entries} rowKey={(entry) => entry.id} />
        </section>
      )}

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t("lottery.new")}</h2>
        <Form method="post" action={PAGE} reloadDocument onSubmit={withCurrentToken} data-testid="lottery-form">
          <CsrfField />
          <RequestKeyField value={`${requestKey}-create`} />
          <Input label={t("lottery.product")} inputMode="numeric" {...field("product_id")} />
          <Input label={t("lottery.bottles")} inputMode="numeric" {...field("bottles")} />
          <Input label={t("lottery.perMember")} inputMode="numeric" {...field("per_member")} />
          <Input label={t("lottery.startsAt")} type="datetime-local" {...field("entry_starts_at")} />
          <Input label={t("lottery.endsAt")} type="datetime-local" {...field("entry_ends_at")} />
          <Input label={t("lottery.claimDays")} inputMode="numeric" {...field("claim_days")} />
          <Button type="submit" name="intent" value="create" data-testid="lottery-create">
            {t("lottery.create")}
          </Button>
        </Form>
      </section>
    </ServerAdminFrame>
  );
}
