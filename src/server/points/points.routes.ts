import type { FastifyInstance } from "fastify";
import {
  memberPointsAnswer,
  myPointsAnswer,
  pointBalanceAnswer,
  pointLiabilityAnswer,
  pointSettingsAnswer,
  productPointsAnswer,
} from "../../domain/answers/loyalty.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { formatDateTime } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import type { PointSettings } from "../../domain/points.ts";
import { POINT_ENTRY_LABELS, pointAdjustmentSchema, pointSettingsSchema } from "../../domain/points.ts";
import { DomainError } from "../../domain/errors.ts";
import { UTF8_BOM, csvText } from "../admin/csv-format.ts";
import { ADMIN_API } from "../admin/admin-session.routes.ts";
import { requireStaff, requireUser } from "../http/auth.ts";
import { KEYED_WRITE, checkedBody, formSchema, memberOnly, recordIdParams, staffOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import type { PointEntry, PointsService } from "./points.service.ts";
import { sendCsv } from "../http/download.ts";

/** The forms' fields as their messages name them. */
const POINT_LABELS: Record<string, Record<Locale, string>> = {
  base_rate_percent: { ja: "基本ポイント還元率", en: "Base point rate" },
  grant_on: { ja: "ポイント付与のタイミング", en: "When points are granted" },
  expiry_months: { ja: "ポイントの有効期限（月数）", en: "Points expire after (months)" },
  on_charges: { ja: "送料・手数料へのポイント付与", en: "Points on shipping and fees" },
  points: { ja: "ポイント数", en: "Points" },
  reason: { ja: "理由", en: "Reason" },
};

function settingsEntry(settings: PointSettings) {
  return { base_rate_percent: settings.baseRatePercent, grant_on: settings.grantOn, expiry_months: settings.expiryMonths, on_charges: settings.onCharges };
}

function entryOf(entry: PointEntry, locale: Locale) {
  return {
    id: entry.id,
    kind: entry.kind,
    label: POINT_ENTRY_LABELS[entry.kind][locale],
    points: entry.points,
    order_id: entry.orderId,
    reason: entry.reason,
    staff_id: entry.staffId,
    expires_on: entry.expiresOn,
    created_at: entry.createdAt.toISOString(),
  };
}

const BALANCES_CSV_HEADERS: Record<Locale, string[]> = {
  ja: ["会員ID", "ポイント残高", "金額（円）", "有効期限", "最終更新日時"],
  en: ["Member ID", "Points", "Yen", "Expires on", "Last changed"],
};

/** Each member's balance above zero as CSV (UTF-8 with BOM for Excel): 1 point = 1 yen outstanding. */
export function pointBalancesCsv(rows: Awaited<ReturnType<PointsService["balances"]>>, locale: Locale): string {
  return (
    UTF8_BOM +
    csvText([
      BALANCES_CSV_HEADERS[locale],
      ...rows.map((row) => [row.userId, row.balance, row.balance, row.expiresOn ?? "", formatDateTime(row.updatedAt, "ja")]),
    ])
  );
}

/**
 * Points (decision 089): the member's balance and history (My Page), the trader's rule, a member's
 * points in the back office with staff's grants and removals (audited), the liability and its CSV.
 */
export function registerPointRoutes(
  fastify: FastifyInstance,
  deps: {
    points: PointsService;
    /** A product's own rate (null: none; undefined: no such product), from the catalogue. */
    productRateOf: (productId: number) => Promise<number | null | undefined>;
    /** The kept catalogue pages show the rate: dropped when the rule changes. */
    settingsChanged: () => Promise<void>;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = staffOnly();
  const owner = staffOnly("owner");

  for (const prefix of SHOP_API_PREFIXES) {
    // The product page's 「○ポイント獲得」: the product's own rate, else the shop's base rate (a rank's is known at checkout).
    app.get(`${prefix}/products/:id/points`, { schema: { params: recordIdParams, response: { 200: productPointsAnswer } } }, async (request) => {
      const own = await deps.productRateOf(request.params.id);
      if (own === undefined) throw new DomainError("not-found");
      // product_rate_percent: the product's own rate (null: none, a member earns at their own rate on it).
      return { data: { rate_percent: own ?? (await deps.points.settings()).baseRatePercent, product_rate_percent: own } };
    });
    app.get(`${prefix}/points`, { ...memberOnly(), schema: { response: { 200: myPointsAnswer } } }, async (request) => {
      const member = requireUser(request);
      const [balance, history, settings] = await Promise.all([deps.points.balanceOf(member.id), deps.points.history(member.id), deps.points.settings()]);
      const rate = await deps.points.memberRate(member.id, settings);
      return {
        data: {
          balance: balance.balance,
          expires_on: balance.expiresOn,
          pending: await deps.points.pendingGrants(member.id),
          base_rate_percent: settings.baseRatePercent,
          // The member's own rate (their rank's, else the base rate) and whether shipping and fees earn too: the checkout's 獲得予定ポイント.
          rate_percent: rate,
          on_charges: settings.onCharges,
          grant_on: settings.grantOn,
          expiry_months: settings.expiryMonths,
          history: history.map((entry) => entryOf(entry, request.locale)),
        },
      };
    });
  }

  app.get(`${ADMIN_API}/points/settings`, { ...staff, schema: { response: { 200: pointSettingsAnswer } } }, async () => ({
    data: settingsEntry(await deps.points.settings()),
  }));
  app.put(
    `${ADMIN_API}/points/settings`,
    { ...owner, config: KEYED_WRITE, ...formSchema({ body: pointSettingsSchema, response: { 200: pointSettingsAnswer } }) },
    async (request) => {
      const saved = await deps.points.saveSettings(checkedBody(request, POINT_LABELS));
      await deps.settingsChanged();
      return { data: settingsEntry(saved) };
    },
  );

  app.get(`${ADMIN_API}/points/liability`, { ...staff, schema: { response: { 200: pointLiabilityAnswer } } }, async () => ({
    data: await deps.points.liability(),
  }));
  app.get(`${ADMIN_API}/points/balances.csv`, { ...staff }, async (request, reply) =>
    sendCsv(reply, "point-balances.csv", pointBalancesCsv(await deps.points.balances(), request.locale)),
  );

  app.get(`${ADMIN_API}/members/:id/points`, { ...staff, schema: { params: recordIdParams, response: { 200: memberPointsAnswer } } }, async (request) => {
    const [balance, history] = await Promise.all([deps.points.balanceOf(request.params.id), deps.points.history(request.params.id)]);
    return { data: { balance: balance.balance, expires_on: balance.expiresOn, history: history.map((entry) => entryOf(entry, request.locale)) } };
  });
  app.post(
    `${ADMIN_API}/members/:id/points`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: recordIdParams, body: pointAdjustmentSchema, response: { 201: pointBalanceAnswer } }) },
    async (request, reply) => {
      const balance = await deps.points.adjust(request.params.id, checkedBody(request, POINT_LABELS), requireStaff(request).id, request.locale);
      return reply.code(201).send({ data: { balance: balance.balance, expires_on: balance.expiresOn } });
    },
  );
}
