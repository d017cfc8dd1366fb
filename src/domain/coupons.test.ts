import { describe, expect, it } from "vitest";
import { checkoutTotals } from "./checkout-summary.ts";
import type { CheckoutLine, CheckoutTerms } from "./checkout-totals.ts";
import type { AppliedCoupon, CouponLine, CouponRule } from "./coupons.ts";
import {
  MAX_COUPONS_PER_ORDER,
  couponCombinationRefusals,
  couponCombinationText,
  couponGoodsLines,
  couponRefusal,
  couponRefusalText,
  couponShippingLine,
  couponsGoodsLines,
  couponsInApplicationOrder,
  couponsShippingLines,
  japanDateString,
  lineIsEligible,
  normalizeCouponCode,
} from "./coupons.ts";
import { couponInputSchema } from "./coupon-input.ts";
import { defaultPaymentTerms, paymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import { defaultShippingTable } from "./shipping-table.ts";

const rule = (overrides: Partial<CouponRule> = {}): CouponRule => ({
  code: "SPRING",
  kind: "fixed",
  value: 500,
  minimumOrder: 0,
  validFrom: "2026-04-01",
  validUntil: "2026-04-30",
  totalLimit: null,
  perMemberLimit: null,
  target: { productIds: [], seriesIds: [], liquorTypes: [] },
  membersOnly: false,
  memberId: null,
  active: true,
  ...overrides,
});
const wine = (overrides: Partial<CouponLine> = {}): CouponLine => ({
  productId: 1,
  unitPrice: 3000,
  amount: 1,
  taxRatePercent: 10,
  seriesIds: [],
  liquorType: "wine",
  ...overrides,
});
const check = (lines: CouponLine[] = [wine()], overrides: Partial<Parameters<typeof couponRefusal>[1]> = {}) => ({
  now: new Date("2026-04-10T03:00:00Z"),
  userId: 7,
  lines,
  usesSoFar: 0,
  memberUses: 0,
  ...overrides,
});
const applied = (overrides: Partial<AppliedCoupon>): AppliedCoupon => ({ code: "SPRING", kind: "fixed", value: 500, eligible: [true], ...overrides });

describe("a coupon's refusals", () => {
  it("says why in the shopper's order of concerns, each reason its own", () => {
    expect(couponRefusal(null, check())).toEqual({ reason: "unknown" });
    expect(couponRefusal(rule({ active: false }), check())).toEqual({ reason: "unknown" });
    expect(couponRefusal(rule({ membersOnly: true }), check(undefined, { userId: null }))).toEqual({ reason: "members_only" });
    expect(couponRefusal(rule({ validFrom: "2026-04-11" }), check())).toEqual({ reason: "not_yet_valid" });
    expect(couponRefusal(rule({ validUntil: "2026-04-09" }), check())).toEqual({ reason: "expired" });
    expect(couponRefusal(rule({ totalLimit: 3 }), check(undefined, { usesSoFar: 3 }))).toEqual({ reason: "used_up" });
    expect(couponRefusal(rule({ perMemberLimit: 1 }), check(undefined, { memberUses: 1 }))).toEqual({ reason: "already_used" });
    expect(couponRefusal(rule({ minimumOrder: 5000 }), check())).toEqual({ reason: "minimum_not_met", shortBy: 1700 });
    expect(couponRefusal(rule({ target: { productIds: [2], seriesIds: [], liquorTypes: [] } }), check())).toEqual({ reason: "not_for_items" });
    expect(couponRefusal(rule(), check())).toBeNull();
  });

  it("keeps a member's own coupon to that member", () => {
    expect(couponRefusal(rule({ memberId: 7 }), check())).toBeNull();
    expect(couponRefusal(rule({ memberId: 8 }), check())).toEqual({ reason: "unknown" });
    expect(couponRefusal(rule({ memberId: 7 }), check(undefined, { userId: null }))).toEqual({ reason: "members_only" });
  });

  it("reads the validity in Japan time: the last day lasts until midnight in Tokyo", () => {
    // 2026-04-30 23:59 in Japan is 14:59 UTC; 2026-05-01 00:00 in Japan is 15:00 UTC on the 30th.
    expect(couponRefusal(rule(), check(undefined, { now: new Date("2026-04-30T14:59:59Z") }))).toBeNull();
    expect(couponRefusal(rule(), check(undefined, { now: new Date("2026-04-30T15:00:00Z") }))).toEqual({ reason: "expired" });
    expect(couponRefusal(rule(), check(undefined, { now: new Date("2026-03-31T14:59:59Z") }))).toEqual({ reason: "not_yet_valid" });
    expect(couponRefusal(rule(), check(undefined, { now: new Date("2026-03-31T15:00:00Z") }))).toBeNull();
    expect(japanDateString(new Date("2026-03-31T15:00:00Z"))).toBe("2026-04-01");
  });

  it("words each refusal in ja and en, the minimum saying how much more", () => {
    const minimum = rule({ minimumOrder: 5000 });
    expect(couponRefusalText({ reason: "minimum_not_met", shortBy: 1700 }, minimum, "ja")).toBe(
      "このクーポンは商品合計5,000円（税込）以上でご利用いただけます。あと1,700円分のお買い物でご利用いただけます",
    );
    expect(couponRefusalText({ reason: "minimum_not_met", shortBy: 1700 }, minimum, "en")).toBe(
      "This coupon needs goods of ¥5,000 or more (tax included): ¥1,700 more to go",
    );
    expect(couponRefusalText({ reason: "expired" }, rule(), "ja")).toBe("このクーポンは有効期限（2026/04/30）が過ぎています");
    const texts = new Set(
      (["unknown", "not_yet_valid", "expired", "used_up", "already_used", "minimum_not_met", "not_for_items", "members_only"] as const).map((reason) =>
        couponRefusalText({ reason }, rule(), "en"),
      ),
    );
    expect(texts.size).toBe(8);
  });

  it("applies to products, series or liquor types named, or to all", () => {
    const target = { productIds: [5], seriesIds: [9], liquorTypes: ["sake"] };
    expect(lineIsEligible(wine({ productId: 5 }), target)).toBe(true);
    expect(lineIsEligible(wine({ seriesIds: [3, 9] }), target)).toBe(true);
    expect(lineIsEligible(wine({ liquorType: "sake" }), target)).toBe(true);
    expect(lineIsEligible(wine(), target)).toBe(false);
    expect(lineIsEligible(wine(), { productIds: [], seriesIds: [], liquorTypes: [] })).toBe(true);
  });

  it("folds a typed code: full-width, spaces, lower case", () => {
    expect(normalizeCouponCode(" ｓｐｒｉｎｇ ２０２６ ")).toBe("SPRING2026");
  });
});

describe("a coupon's 値引き lines", () => {
  it("takes a percent off each rate's eligible goods before tax, rounded down", () => {
    const lines = [
      { unitPrice: 3333, amount: 1, taxRatePercent: 10 },
      { unitPrice: 1001, amount: 1, taxRatePercent: 8 },
      { unitPrice: 5000, amount: 1, taxRatePercent: 10 },
    ];
    expect(
      couponGoodsLines(applied({ kind: "percent", value: 10, eligible: [true, true, false] }), lines).map((line) => [line.taxRatePercent, line.amount]),
    ).toEqual([
      [10, -333],
      [8, -100],
    ]);
  });

  it("splits a fixed amount with tax over the rates by their goods with tax, each part taken back to before tax", () => {
    const lines = [
      { unitPrice: 3000, amount: 1, taxRatePercent: 10 }, // 3,300 with tax
      { unitPrice: 1000, amount: 1, taxRatePercent: 8 }, // 1,080 with tax
    ];
    const parts = couponGoodsLines(applied({ value: 1000, eligible: [true, true] }), lines);
    // 1,000 × 3,300/4,380 = 753.42 and × 1,080/4,380 = 246.58: 753 and 247 (the larger remainder gets the yen left);
    // before tax 753 × 100/110 = 684.5 → 684 and 247 × 100/108 = 228.7 → 228.
    expect(parts.map((line) => [line.taxRatePercent, line.amount])).toEqual([
      [10, -684],
      [8, -228],
    ]);
    expect(parts.every((line) => line.kind === "discount" && line.label.ja === "クーポン値引き（SPRING）")).toBe(true);
  });

  it("never takes more than the goods it applies to", () => {
    const parts = couponGoodsLines(applied({ value: 99_999 }), [{ unitPrice: 1000, amount: 1, taxRatePercent: 10 }]);
    expect(parts.map((line) => line.amount)).toEqual([-1000]);
  });

  it("takes free shipping off at the standard rate, and nothing when shipping is free already", () => {
    expect(couponShippingLine(applied({ kind: "free_shipping", value: 0 }), 1100, 10)).toEqual([
      { kind: "discount", label: { ja: "クーポン値引き（SPRING）", en: "Coupon (SPRING)" }, amount: -1100, taxable: true, taxRatePercent: 10 },
    ]);
    expect(couponShippingLine(applied({ kind: "free_shipping", value: 0 }), 0, 10)).toEqual([]);
  });
});

describe("a coupon in the checkout's totals", () => {
  const terms: CheckoutTerms = { taxRatePercent: 10, shipping: { ...defaultShippingTable(), freeShippingFrom: 11_000 }, payments: defaultPaymentTerms() };
  const bank = paymentMethodChoice("bank");
  const lines: CheckoutLine[] = [
    { unitPrice: 8000, amount: 1, shippingType: "normal", taxRatePercent: 10 },
    { unitPrice: 2000, amount: 1, shippingType: "normal", taxRatePercent: 8 },
  ];

  it("lowers each rate's base before the tax is rounded once per rate", () => {
    const totals = checkoutTotals(lines, bank, terms, undefined, undefined, { code: "TEN", kind: "percent", value: 10, eligible: [true, true] });
    expect(totals.taxes).toEqual([
      { rate: 10, base: 8000 + totals.shipping - 800, tax: Math.ceil(((7200 + totals.shipping) * 10) / 100) },
      { rate: 8, base: 1800, tax: 144 },
    ]);
  });

  it("measures the free-shipping line on the goods after the coupon", () => {
    // Goods with tax: 8,800 + 2,160 = 10,960 < 11,000 already; raise the price to pass the line.
    const over: CheckoutLine[] = [{ ...lines[0]!, unitPrice: 8100 }, lines[1]!];
    expect(checkoutTotals(over, bank, terms).shipping).toBe(0);
    const after = checkoutTotals(over, bank, terms, undefined, undefined, { code: "TEN", kind: "percent", value: 10, eligible: [true, true] });
    expect(after.shipping).toBeGreaterThan(0);
  });

  it("makes shipping free with a free-shipping coupon: the fee stays a line and the coupon takes it off", () => {
    const small: CheckoutLine[] = [{ ...lines[0]!, unitPrice: 5000 }, lines[1]!];
    const totals = checkoutTotals(small, bank, terms, undefined, undefined, { code: "SHIP", kind: "free_shipping", value: 0, eligible: [true, true] });
    const without = checkoutTotals(small, bank, terms);
    expect(without.shipping).toBeGreaterThan(0);
    expect(totals.shipping).toBe(without.shipping);
    expect(totals.chargeLines.at(-1)).toMatchObject({ kind: "discount", amount: -without.shipping, taxRatePercent: 10 });
    // What is left is the goods alone: 5,000 at 10% and 2,000 at 8%.
    expect(totals.taxes).toEqual([
      { rate: 10, base: 5000, tax: 500 },
      { rate: 8, base: 2000, tax: 160 },
    ]);
    expect(totals.total).toBe(7660);
  });
});

describe("the back office's coupon form", () => {
  const valid = {
    code: "spring-2026",
    kind: "percent",
    value: "10",
    valid_from: "2026-04-01",
    valid_until: "2026-04-30",
    product_ids: "1, 2",
    liquor_types: "wine",
    members_only: "on",
  };

  it("reads what the form sends", () => {
    const parsed = couponInputSchema.safeParse(valid);
    expect(parsed.success && parsed.data).toMatchObject({
      code: "SPRING-2026",
      kind: "percent",
      value: 10,
      target: { productIds: [1, 2], seriesIds: [], liquorTypes: ["wine"] },
      membersOnly: true,
      totalLimit: null,
      active: true,
    });
  });

  it("names each wrong field", () => {
    const parsed = couponInputSchema.safeParse({
      ...valid,
      code: "x",
      kind: "percent",
      value: "150",
      valid_until: "2026-03-01",
      total_limit: "0",
      product_ids: "a",
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(paths).toEqual([
      ["code", "invalid"],
      ["value", "less_than_or_equal_to"],
      ["valid_until", "invalid"],
      ["total_limit", "greater_than_or_equal_to"],
      ["product_ids", "invalid"],
    ]);
  });
});

describe("coupons combined on one order (decision 086)", () => {
  const combinable = (code: string, kind: "fixed" | "percent" | "free_shipping" = "fixed", isCombinable = true) => ({ code, kind, combinable: isCombinable });

  it("lets codes go together only when every one of them is combinable, naming each that is not", () => {
    expect(couponCombinationRefusals([combinable("A"), combinable("B", "percent")])).toEqual([]);
    expect(couponCombinationRefusals([combinable("A", "fixed", false)])).toEqual([]);
    expect(couponCombinationRefusals([combinable("A", "fixed", false), combinable("B")])).toEqual([{ index: 0, refusal: "not_combinable" }]);
    expect(couponCombinationRefusals([combinable("A"), combinable("B", "percent", false), combinable("C", "fixed", false)])).toEqual([
      { index: 1, refusal: "not_combinable" },
      { index: 2, refusal: "not_combinable" },
    ]);
  });

  it("refuses the same code twice (as typed, folded), a second free shipping and more than the maximum", () => {
    expect(couponCombinationRefusals([combinable("SPRING"), combinable(" spring ")])).toEqual([{ index: 1, refusal: "duplicate" }]);
    expect(couponCombinationRefusals([combinable("S1", "free_shipping"), combinable("S2", "free_shipping")])).toEqual([
      { index: 1, refusal: "second_free_shipping" },
    ]);
    const many = Array.from({ length: MAX_COUPONS_PER_ORDER + 1 }, (_, index) => combinable(`CODE${index}`));
    expect(couponCombinationRefusals(many)).toEqual([{ index: MAX_COUPONS_PER_ORDER, refusal: "too_many" }]);
    // An unknown code is left to its own refusal.
    expect(couponCombinationRefusals([null, combinable("B")])).toEqual([]);
  });

  it("words each combination refusal in ja and en", () => {
    expect(couponCombinationText("not_combinable", "ja")).toBe("このクーポンは他のクーポンと併用できません");
    expect(couponCombinationText("not_combinable", "en")).toBe("This coupon cannot be combined with other coupons");
    expect(couponCombinationText("too_many", "ja")).toBe(`クーポンは1回のご注文につき${MAX_COUPONS_PER_ORDER}枚までです`);
    const texts = new Set(
      (["not_combinable", "duplicate", "second_free_shipping", "too_many"] as const).flatMap((refusal) => [
        couponCombinationText(refusal, "ja"),
        couponCombinationText(refusal, "en"),
      ]),
    );
    expect(texts.size).toBe(8);
  });

  it("applies fixed amounts first, then percentages, then free shipping; within a kind as typed", () => {
    const order = couponsInApplicationOrder([
      applied({ code: "SHIP", kind: "free_shipping" }),
      applied({ code: "TEN", kind: "percent" }),
      applied({ code: "F1" }),
      applied({ code: "F2" }),
    ]);
    expect(order.map((coupon) => coupon.code)).toEqual(["F1", "F2", "TEN", "SHIP"]);
  });

  it("takes a percentage of what the fixed amount left, whichever was typed first", () => {
    const lines = [{ unitPrice: 10_000, amount: 1, taxRatePercent: 10 }];
    const fixed = applied({ code: "YEN", value: 1100 }); // 1,100 with tax = 1,000 before tax
    const percent = applied({ code: "TEN", kind: "percent", value: 10 });
    const expected = [
      { code: "YEN", amount: -1000 },
      { code: "TEN", amount: -900 }, // 10% of 9,000, not of 10,000
    ];
    const codeOf = (line: { label: { en: string }; amount: number }) => ({ code: line.label.en.replace(/^Coupon \((.*)\)$/, "$1"), amount: line.amount });
    expect(couponsGoodsLines([percent, fixed], lines).map(codeOf)).toEqual(expected);
    expect(couponsGoodsLines([fixed, percent], lines).map(codeOf)).toEqual(expected);
  });

  it("gives one coupon exactly its lines alone", () => {
    const lines = [
      { unitPrice: 3000, amount: 1, taxRatePercent: 10 },
      { unitPrice: 1000, amount: 1, taxRatePercent: 8 },
    ];
    const one = applied({ value: 1000, eligible: [true, true] });
    expect(couponsGoodsLines([one], lines)).toEqual(couponGoodsLines(one, lines));
    expect(couponsGoodsLines(one, lines)).toEqual(couponGoodsLines(one, lines));
    expect(couponsGoodsLines(null, lines)).toEqual([]);
  });

  it("apportions two coupons' lines over two tax rates, each coupon its own lines per rate, on the goods it applies to", () => {
    const lines = [
      { unitPrice: 3000, amount: 2, taxRatePercent: 10 }, // wine 6,000
      { unitPrice: 1000, amount: 1, taxRatePercent: 8 }, // food 1,000
      { unitPrice: 4000, amount: 1, taxRatePercent: 10 }, // sake 4,000, only the fixed coupon's
    ];
    const fixed = applied({ code: "YEN", value: 1000, eligible: [true, true, true] });
    const percent = applied({ code: "TEN", kind: "percent", value: 10, eligible: [true, true, false] });
    const made = couponsGoodsLines([fixed, percent], lines);
    // Fixed: goods with tax 11,000 at 10% and 1,080 at 8%: 1,000 × 11,000/12,080 = 910.6 → 911, × 1,080/12,080 = 89.4 → 89;
    // before tax 911 × 100/110 = 828.1 → 828 and 89 × 100/108 = 82.4 → 82.
    // 828 at 10% is taken off wine and sake by their amounts: 6,000/10,000 → 496.8 → 497 (largest remainder), 4,000/10,000 → 331.2 → 331.
    // Percent on what is left of the lines it applies to: wine 6,000 − 497 = 5,503 → 550; food 1,000 − 82 = 918 → 91.
    expect(made.map((line) => [line.label.ja, line.taxRatePercent, line.amount])).toEqual([
      ["クーポン値引き（YEN）", 10, -828],
      ["クーポン値引き（YEN）", 8, -82],
      ["クーポン値引き（TEN）", 10, -550],
      ["クーポン値引き（TEN）", 8, -91],
    ]);
    const bases = checkoutTotals(
      lines.map((line) => ({ ...line, shippingType: "normal" as const })),
      paymentMethodChoice("bank"),
      { taxRatePercent: 10, shipping: { ...defaultShippingTable(), freeShippingFrom: 1 }, payments: defaultPaymentTerms() },
      undefined,
      undefined,
      [fixed, percent],
    ).taxes;
    // Each rate's base is its goods after both coupons' lines at that rate; the tax rounded once on it (up, as orderTotals does).
    expect(bases).toEqual([
      { rate: 10, base: 10_000 - 828 - 550, tax: Math.ceil(((10_000 - 828 - 550) * 10) / 100) },
      { rate: 8, base: 1000 - 82 - 91, tax: Math.ceil(((1000 - 82 - 91) * 8) / 100) },
    ]);
  });

  it("never takes more than the goods, however many coupons", () => {
    const lines = [{ unitPrice: 1000, amount: 1, taxRatePercent: 10 }];
    const made = couponsGoodsLines(
      [applied({ code: "A", value: 800 }), applied({ code: "B", value: 800 }), applied({ code: "C", kind: "percent", value: 50 })],
      lines,
    );
    expect(made.reduce((sum, line) => sum + line.amount, 0)).toBeGreaterThanOrEqual(-1000);
    expect(made.map((line) => line.amount)).toEqual([-727, -273]);
  });

  it("takes shipping off once, by the first free-shipping coupon", () => {
    const lines = couponsShippingLines([applied({ code: "YEN" }), applied({ code: "SHIP", kind: "free_shipping", value: 0 })], 880, 10);
    expect(lines).toEqual([
      { kind: "discount", label: { ja: "クーポン値引き（SHIP）", en: "Coupon (SHIP)" }, amount: -880, taxable: true, taxRatePercent: 10 },
    ]);
  });
});
