import type { FastifyInstance } from "fastify";
import { magazineIssueAnswer, magazineSubscribersAnswer } from "../../domain/answers/admin-people.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AdminMagazineSubscriber, AdminMagazineSubscribers } from "../../domain/back-office.ts";
import { formatDateTime } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { KEYED_WRITE, checkedBody, formSchema, queryValue, staffOnly } from "../http/route-schemas.ts";
import { magazineIssueSchema } from "../../domain/magazine-input.ts";
import type { MagazineService, MagazineSubscriber } from "../magazine/magazine.service.ts";
import { ADMIN_API } from "./admin-session.routes.ts";
import { UTF8_BOM, csvText } from "./csv-format.ts";
import { sendCsv } from "../http/download.ts";

const STATUS_FILTERS = ["all", "subscribed", "pending", "unsubscribed"] as const;

const CSV_HEADERS: Record<Locale, string[]> = {
  ja: ["メールアドレス", "状態", "言語", "会員ID", "同意日時", "配信停止日時", "登録日時"],
  en: ["Email", "Status", "Language", "Member ID", "Consented at", "Unsubscribed at", "Registered at"],
};
const STATUS_LABELS: Record<Locale, Record<MagazineSubscriber["status"], string>> = {
  ja: { subscribed: "購読中", pending: "確認待ち", unsubscribed: "配信停止" },
  en: { subscribed: "Subscribed", pending: "Awaiting confirmation", unsubscribed: "Unsubscribed" },
};

/** Subscribers as CSV (UTF-8 with BOM for Excel), times in Japan time, consent time kept as the proof of opt-in. */
export function subscribersCsv(subscribers: MagazineSubscriber[], locale: Locale): string {
  const time = (date: Date | null) => (date ? formatDateTime(date, "ja") : "");
  const rows = subscribers.map((row) => [
    row.email,
    STATUS_LABELS[locale][row.status],
    row.locale,
    row.userId,
    time(row.consentedAt),
    time(row.unsubscribedAt),
    time(row.createdAt),
  ]);
  return UTF8_BOM + csvText([CSV_HEADERS[locale], ...rows]);
}

/** One subscriber as the back office's list shows them (the list's answer type is declared once, in domain/back-office.ts). */
function subscriberEntry(row: MagazineSubscriber): AdminMagazineSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    locale: row.locale,
    member: row.userId !== null,
    consented_at: row.consentedAt?.toISOString() ?? null,
    unsubscribed_at: row.unsubscribedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** ?status= one of the filters (anything else: all), ?format=csv for the file. */
const subscribersQuery = z.object({
  status: queryValue.transform((value) => STATUS_FILTERS.find((each) => each === value) ?? "all"),
  format: queryValue,
});

/** The mail magazine in the back office: the subscriber list, its CSV export, and sending an issue. */
export function registerAdminMagazineRoutes(fastify: FastifyInstance, deps: { magazine: MagazineService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = staffOnly();

  app.get(
    `${ADMIN_API}/magazine/subscribers`,
    { ...staff, schema: { querystring: subscribersQuery, response: { 200: magazineSubscribersAnswer } } },
    async (request, reply) => {
      const { status, format } = request.query;
      const subscribers = await deps.magazine.subscribers({ status });
      if (format === "csv") {
        return sendCsv(reply, `magazine-subscribers-${status}.csv`, subscribersCsv(subscribers, request.locale));
      }
      const all = status === "all" ? subscribers : await deps.magazine.subscribers();
      const counts = { subscribed: 0, pending: 0, unsubscribed: 0 };
      for (const row of all) counts[row.status] += 1;
      const answer: AdminMagazineSubscribers = { data: subscribers.map(subscriberEntry), meta: { counts } };
      return answer;
    },
  );

  // The issue's schema is domain/magazine-input.ts's (decision 075).
  app.post(
    `${ADMIN_API}/magazine/issues`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: magazineIssueSchema, response: { 200: magazineIssueAnswer } }) },
    async (request) => {
      const { subject, body } = checkedBody(request);
      return { data: { recipients: await deps.magazine.sendIssue(subject, body) } };
    },
  );
}
