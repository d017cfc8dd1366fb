import type { FastifyInstance, FastifyRequest } from "fastify";
import { birthdayCouponAnswer, couponAnswer, couponPreviewAnswer, couponsAnswer } from "../../domain/answers/coupons.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { birthdayCouponSettingsSchema } from "../../domain/birthday-coupon.ts";
import type { BirthdayCouponSettings } from "../../domain/birthday-coupon.ts";
import { couponInputSchema, couponPreviewSchema } from "../../domain/coupon-input.ts";
import { formatDateTime } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { UTF8_BOM, csvText } from "../admin/csv-format.ts";
import { ADMIN_API } from "../admin/admin-session.routes.ts";
import type { CartOwner, CartService } from "../cart/cart.service.ts";
import { requireStaff } from "../http/auth.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { KEYED_WRITE, checkedBody, formSchema, recordIdParams, staffOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import type { CouponRow, CouponUseRow, CouponWithUsage, CouponsService } from "./coupons.service.ts";
import { sendCsv } from "../http/download.ts";

/** A coupon as the back office's API answers it. */
function couponEntry(row: CouponRow | CouponWithUsage) {
  return {
    id: row.id,
    code: row.code,
    name_ja: row.nameJa,
    name_en: row.nameEn,
    kind: row.kind,
    value: row.value,
    minimum_order: row.minimumOrder,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    total_limit: row.totalLimit,
    per_member_limit: row.perMemberLimit,
    product_ids: row.target.productIds,
    series_ids: row.target.seriesIds,
    liquor_types: row.target.liquorTypes,
    members_only: row.membersOnly,
    member_id: row.memberId,
    active: row.active,
    combinable: row.combinable,
    used_count: row.usedCount,
    ...("uses" in row ? { uses: row.uses, orders: row.uses, given_back: row.givenBack, members: row.members, discount_given: row.discountGiven } : {}),
  };
}

/** The form's fields as its messages name them. */
const COUPON_LABELS: Record<string, Record<Locale, string>> = {
  coupon_code: { ja: "クーポンコード", en: "Coupon code" },
  coupon_codes: { ja: "追加のクーポンコード", en: "Further coupon codes" },
  code: { ja: "クーポンコード", en: "Coupon code" },
  name_ja: { ja: "名前（日本語）", en: "Name (Japanese)" },
  name_en: { ja: "名前（英語）", en: "Name (English)" },
  kind: { ja: "種類", en: "Kind" },
  value: { ja: "値引き額・率", en: "Amount or percent" },
  minimum_order: { ja: "最低購入金額", en: "Minimum order" },
  valid_from: { ja: "利用開始日", en: "Valid from" },
  valid_until: { ja: "利用終了日", en: "Valid until" },
  total_limit: { ja: "利用上限（全体）", en: "Limit of uses" },
  per_member_limit: { ja: "利用上限（会員ごと）", en: "Limit per member" },
  product_ids: { ja: "対象商品ID", en: "Product IDs" },
  series_ids: { ja: "対象シリーズID", en: "Series IDs" },
  liquor_types: { ja: "対象の酒類", en: "Liquor types" },
  valid_days: { ja: "有効日数", en: "Days valid" },
};

/** The birthday coupon's rule as the back office's API answers it. */
function birthdayEntry(settings: BirthdayCouponSettings) {
  return { active: settings.active, kind: settings.kind, value: settings.value, valid_days: settings.validDays, minimum_order: settings.minimumOrder };
}

const USES_CSV_HEADERS: Record<Locale, string[]> = {
  ja: ["クーポンコード", "注文ID", "会員ID", "値引き額（税抜）", "値引き額（税込）", "利用日時", "取消日時"],
  en: ["Coupon code", "Order ID", "Member ID", "Discount (before tax)", "Discount (tax included)", "Used at", "Given back at"],
};

/** Every use of every coupon as CSV (UTF-8 with BOM for Excel), times in Japan time. */
export function couponUsesCsv(uses: CouponUseRow[], locale: Locale): string {
  const time = (date: Date | null) => (date ? formatDateTime(date, "ja") : "");
  const rows = uses.map((use) => [use.code, use.orderId, use.userId, use.discount, use.discountWithTax, time(use.usedAt), time(use.givenBackAt)]);
  return UTF8_BOM + csvText([USES_CSV_HEADERS[locale], ...rows]);
}

const COUPONS_CSV_HEADERS: Record<Locale, string[]> = {
  ja: [
    "クーポンコード",
    "名前",
    "種類",
    "値引き",
    "最低購入金額",
    "利用開始日",
    "利用終了日",
    "利用上限（全体）",
    "利用上限（会員ごと）",
    "会員限定",
    "有効",
    "利用数（注文数）",
    "取消で戻った利用",
    "利用会員数",
    "値引き合計（税込）",
  ],
  en: [
    "Coupon code",
    "Name",
    "Kind",
    "Amount or percent",
    "Minimum order",
    "Valid from",
    "Valid until",
    "Limit of uses",
    "Limit per member",
    "Members only",
    "Active",
    "Uses (orders)",
    "Given back on cancellation",
    "Members who used it",
    "Discount given (tax included)",
  ],
};

const KIND_LABELS: Record<Locale, Record<CouponWithUsage["kind"], string>> = {
  ja: { fixed: "定額", percent: "定率", free_shipping: "送料無料" },
  en: { fixed: "Fixed", percent: "Percent", free_shipping: "Free shipping" },
};

/** Every coupon with its usage figures as CSV (UTF-8 with BOM for Excel): one row per coupon, as the list shows them. */
export function couponsCsv(coupons: CouponWithUsage[], locale: Locale): string {
  const yesNo = (value: boolean) => (value ? (locale === "ja" ? "はい" : "yes") : locale === "ja" ? "いいえ" : "no");
  const rows = coupons.map((coupon) => [
    coupon.code,
    locale === "ja" ? coupon.nameJa : coupon.nameEn,
    KIND_LABELS[locale][coupon.kind],
    coupon.kind === "free_shipping" ? "" : coupon.kind === "percent" ? `${coupon.value}%` : coupon.value,
    coupon.minimumOrder,
    coupon.validFrom,
    coupon.validUntil,
    coupon.totalLimit ?? "",
    coupon.perMemberLimit ?? "",
    yesNo(coupon.membersOnly),
    yesNo(coupon.active),
    coupon.uses,
    coupon.givenBack,
    coupon.members,
    coupon.discountGiven,
  ]);
  return UTF8_BOM + csvText([COUPONS_CSV_HEADERS[locale], ...rows]);
}

/** The back office's coupons (decision 086): the list with usage figures, creating and editing a code, the usage CSV. */
export function registerCouponRoutes(
  fastify: FastifyInstance,
  deps: {
    coupons: CouponsService;
    carts: Pick<CartService, "items">;
    cartOwnerOf: (request: FastifyRequest) => CartOwner;
    standardRatePercent: () => Promise<number>;
  },
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staff = staffOnly();

  // The checkout's coupon field: the code checked against the visitor's cart, for the summary (nothing booked).
  // Rate-limited as checkout is: a code is a secret of sorts, not to be guessed by the thousand.
  for (const prefix of SHOP_API_PREFIXES) {
    app.post(
      `${prefix}/coupons/preview`,
      { config: { rateLimit: rateLimitFor("checkout") }, ...formSchema({ body: couponPreviewSchema, response: { 200: couponPreviewAnswer } }) },
      async (request) => {
        const { coupon_code, coupon_codes } = checkedBody(request, COUPON_LABELS);
        const owner = deps.cartOwnerOf(request);
        const items = (await deps.carts.items(owner, request.locale)).map((item) => ({ id: Number(item.id), amount: item.amount }));
        const typed = [
          { field: "coupon_code", code: coupon_code },
          ...coupon_codes.flatMap((code, index) => (code === "" ? [] : [{ field: `coupon_codes.${index}`, code }])),
        ];
        const coupons = await deps.coupons.preview(typed, {
          items,
          userId: request.user?.id ?? null,
          standardRatePercent: await deps.standardRatePercent(),
          now: new Date(),
          locale: request.locale,
        });
        // data: the first code's, as before; coupons: every code applied together, in the order typed (decision 086).
        return { data: coupons[0]!, coupons };
      },
    );
  }

  app.get(`${ADMIN_API}/coupons`, { ...staff, schema: { response: { 200: couponsAnswer } } }, async () => ({
    data: (await deps.coupons.list()).map(couponEntry),
  }));

  app.get(`${ADMIN_API}/coupons/uses.csv`, { ...staff }, async (request, reply) =>
    sendCsv(reply, "coupon-uses.csv", couponUsesCsv(await deps.coupons.uses(), request.locale)),
  );

  app.get(`${ADMIN_API}/coupons.csv`, { ...staff }, async (request, reply) =>
    sendCsv(reply, "coupons.csv", couponsCsv(await deps.coupons.list(), request.locale)),
  );

  app.post(
    `${ADMIN_API}/coupons`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: couponInputSchema, response: { 201: couponAnswer } }) },
    async (request, reply) => {
      const row = await deps.coupons.create(checkedBody(request, COUPON_LABELS), requireStaff(request).id, request.locale);
      return reply.code(201).send({ data: couponEntry(row) });
    },
  );

  // The birthday coupon's rule (decision 086): what each member's coupon is made from in their birth month.
  app.get(`${ADMIN_API}/coupons/birthday`, { ...staff, schema: { response: { 200: birthdayCouponAnswer } } }, async () => ({
    data: birthdayEntry(await deps.coupons.birthdaySettings()),
  }));
  app.put(
    `${ADMIN_API}/coupons/birthday`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ body: birthdayCouponSettingsSchema, response: { 200: birthdayCouponAnswer } }) },
    async (request) => ({
      data: birthdayEntry(await deps.coupons.saveBirthdaySettings(checkedBody(request, COUPON_LABELS))),
    }),
  );

  app.patch(
    `${ADMIN_API}/coupons/:id`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: recordIdParams, body: couponInputSchema, response: { 200: couponAnswer } }) },
    async (request) => ({ data: couponEntry(await deps.coupons.update(request.params.id, checkedBody(request, COUPON_LABELS), request.locale)) }),
  );
}
