import { data, Form, Link, redirect } from "react-router";
import { formatDateTime } from "../../../domain/format.ts";
import type { Route } from "./+types/admin-lotteries";
import { ADMIN_LOGIN_PATH } from "../../features/admin/admin-api.ts";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { AdminNav } from "../../features/admin/admin-nav.tsx";
import type { SessionAnswer } from "../../features/admin/admin-resources.ts";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import { adminTexts } from "../../features/admin/admin-texts.ts";
import styles from "../../features/admin/admin.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { CSRF_FIELD, postedForm, REQUEST_KEY_FIELD } from "../../shared/site/form-action.ts";
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

function toLogin(): Response {
  return redirect(`${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(PAGE)}`);
}

/**
 * 抽選販売 in the back office (decision 084), drawn on the server so it works without JavaScript:
 * the lotteries, the form that opens one, 抽選する on a closed one, the deadlines' sweep, and the
 * entries of the one chosen (?lottery=) in the draw's order with the seed an auditor needs. Every
 * form posts to this page, whose action calls the staff API with its request key (each audited).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const session = await page.api("GET", "/admin/api/session");
  if (session.status !== 200) throw toLogin();
  const staff = (session.body as SessionAnswer).staff;
  const answer = await page.api("GET", "/admin/api/lotteries");
  if (answer.status === 401) throw toLogin();
  const lotteries = answer.status === 200 ? (answer.body as { data: Lottery[] }).data : [];
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
  const options = { csrfToken: String(form.get(CSRF_FIELD) ?? ""), requestKey: String(form.get(REQUEST_KEY_FIELD) ?? "") || crypto.randomUUID() };
  const values = Object.fromEntries(FORM_FIELDS.map((field) => [field, String(form.get(field) ?? "")]));
  const call =
    intent === "draw" && /^\d{1,12}$/.test(lottery)
      ? page.api("POST", `/admin/api/lotteries/${lottery}/draw`, {}, options)
      : intent === "sweep"
        ? page.api("POST", "/admin/api/lotteries/sweep", {}, options)
        : page.api("POST", "/admin/api/lotteries", values, options);
  const answer = await call;
  if (answer.status === 401) throw toLogin();
  if (answer.status >= 200 && answer.status < 300) {
    if (intent === "draw") return redirect(`${PAGE}?lottery=${lottery}&done=drawn`, 303);
    if (intent === "sweep") {
      const swept = (answer.body as { data: { offered: number; finished: number } }).data;
      return data<ActionAnswer>({ done: text(locale, "lottery.swept", swept) });
    }
    return data<ActionAnswer>({ done: text(locale, "lottery.created") });
  }
  const refused = answer.body as { errors?: string[]; fields?: Record<string, string[]> } | undefined;
  if (!refused?.errors) return failed(answer.status);
  return data<ActionAnswer>({ errors: refused.errors, fields: refused.fields ?? {}, values }, { status: answer.status });
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
  return (
    <div className={styles.shell}>
      <AdminHeader email={staff.email} />
      <div className={styles.body}>
        <AdminNav owner={staff.role === "owner"} />
        <main id="main" className={styles.main} data-testid="lotteries-page">
          <h1 className={styles.title}>{t("lottery.title")}</h1>
          <p className={styles.muted}>{t("lottery.lead")}</p>
          {answer?.done && (
            <Notice tone="success" testId="lottery-done">
              {answer.done}
            </Notice>
          )}
          {drawnNow && <Notice tone="success">{t("lottery.drawn")}</Notice>}
          {refused && (
            <Notice tone="danger" testId="lottery-errors">
              {refused.errors.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Notice>
          )}

          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t("lottery.list")}</h2>
            {lotteries.length === 0 ? (
              <p>{t("lottery.none")}</p>
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th>ID</th>
                      <th>{t("lottery.productColumn")}</th>
                      <th>{t("lottery.period")}</th>
                      <th>{t("lottery.bottles")}</th>
                      <th>{t("lottery.entries")}</th>
                      <th>{t("lottery.bought")}</th>
                      <th>{t("lottery.phase")}</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {lotteries.map((lottery) => (
                      <tr key={lottery.id} data-testid={`lottery-${lottery.id}`}>
                        <td>{lottery.id}</td>
                        <td>
                          {lottery.product_name} (#{lottery.product_id})
                        </td>
                        <td>
                          {time(lottery.entry_starts_at)} – {time(lottery.entry_ends_at)}
                        </td>
                        <td>
                          {lottery.bottles} / {lottery.per_member}
                        </td>
                        <td>{lottery.entries}</td>
                        <td>{lottery.bottles_bought}</td>
                        <td>{t(`lottery.phase.${lottery.phase}`)}</td>
                        <td>
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
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th>{t("lottery.rank")}</th>
                      <th>{t("lottery.entry")}</th>
                      <th>{t("lottery.member")}</th>
                      <th>{t("lottery.result")}</th>
                      <th>{t("lottery.bottles")}</th>
                      <th>{t("lottery.deadline")}</th>
                      <th>{t("lottery.order")}</th>
                      <th>{t("lottery.key")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <tr key={entry.id}>
                        <td>{entry.draw_rank ?? ""}</td>
                        <td>{entry.id}</td>
                        <td>{entry.email ?? `#${entry.member_id}`}</td>
                        <td>{t(`lottery.result.${entry.result}`)}</td>
                        <td>{entry.bottles ?? ""}</td>
                        <td>{time(entry.claim_deadline)}</td>
                        <td>{entry.order_id ?? ""}</td>
                        <td>
                          <code>{entry.draw_key?.slice(0, 16) ?? ""}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
        </main>
      </div>
    </div>
  );
}
