import { isAdjustmentKind } from "./order-totals.ts";
import type { ChargeLine } from "./order-totals.ts";
import { taxOn } from "./money.ts";
import type { LocalizedText } from "./shop-profile.ts";
import { formFields, formProblems, trimmedText } from "./field-rules.ts";
import { z } from "./zod.ts";

// Returns after shipping (issue 32 item 6, decision 079): what a return gives back per tax rate, and
// the back office's return form as one schema (the route's body and the page's check, decision 075).

export const RETURN_REASONS = ["defective", "damaged_in_transit", "wrong_item", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, LocalizedText> = {
  defective: { ja: "品質不良", en: "Defective" },
  damaged_in_transit: { ja: "配送中の破損", en: "Damaged in transit" },
  wrong_item: { ja: "誤配送(違う商品)", en: "Wrong item sent" },
  other: { ja: "その他", en: "Other" },
};

export const RETURN_REMEDIES = ["refund", "replacement"] as const;
export type ReturnRemedy = (typeof RETURN_REMEDIES)[number];

export const RETURN_REMEDY_LABELS: Record<ReturnRemedy, LocalizedText> = {
  refund: { ja: "返金", en: "Refund" },
  replacement: { ja: "交換(同じ商品を再送)", en: "Replacement (the same bottles sent again)" },
};

/**
 * Whether the shipping fee goes back too when staff do not say: yes when the shop is at fault (a
 * defective bottle, one broken on the way, the wrong bottle sent) — the customer paid to receive
 * goods they could not use — and no for any other reason (a change of mind is not the shop's doing).
 */
export function refundsShippingByDefault(reason: ReturnReason): boolean {
  return reason !== "other";
}

export const RETURN_NOTE_MAX = 200;
/** Bottles of one line at most in one return (a whole order's line is far less). */
export const RETURN_QUANTITY_MAX = 9999;

/** An order as a return reads it: its items (with what was shipped) and its charges. */
export interface ReturnableOrder {
  /** Each item with the bottles ordered (`amount`). */
  items: readonly { id: number; unitPrice: number; taxRatePercent: number; amount: number }[];
  charges: readonly (ChargeLine & { kind: string })[];
  taxRatePercent: number;
}

/** What earlier returns of the order took, per rate, so the next one continues from there. */
export interface EarlierReturns {
  /** Per rate: the goods' base returned (before discounts) and the whole base returned (goods, discount share, shipping). */
  perRate: readonly { rate: number; goods: number; base: number }[];
  shippingRefunded: boolean;
}

export const NO_EARLIER_RETURNS: EarlierReturns = { perRate: [], shippingRefunded: false };

/** One rate's part of a return: base before tax (goods, their discount share, shipping), the tax, both together. */
export interface ReturnRate {
  rate: number;
  /** Goods returned at this rate, before tax and before their discount share. */
  goods: number;
  /** The share of the order's discount or correction lines at this rate that goes with the goods (≤ 0 for a discount). */
  adjustment: number;
  /** The shipping fee given back at this rate (the standard rate), 0 when not. */
  shipping: number;
  /** goods + adjustment + shipping: the 対価の返還等の金額 before tax. */
  base: number;
  /** 消費税額等 given back at this rate. */
  tax: number;
  /** base + tax: what goes back at this rate, tax included. */
  total: number;
}

export interface ReturnAmounts {
  /** Highest rate first, only rates with something returned. */
  rates: ReturnRate[];
  /** Yen given back, tax included. */
  total: number;
  shippingRefunded: boolean;
}

function sumAt(lines: readonly { amount: number; rate: number }[], rate: number): number {
  return lines.filter((line) => line.rate === rate).reduce((sum, line) => sum + line.amount, 0);
}

/** Whole yen of `part`/`whole` of `amount`, toward zero: cumulative, so all parts of a line add up to it exactly. */
function shareOf(amount: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  return Math.trunc((amount * part) / whole);
}

/**
 * The amounts a return gives back, per tax rate (適格返還請求書: 税率ごとに区分した対価の返還等の
 * 金額 and its 消費税額等). Per rate:
 * - goods: the returned bottles at their order price before tax;
 * - adjustment: the order's discount (or correction) lines at that rate follow the goods they were
 *   given on, in proportion of the rate's goods returned (cumulative over the order's returns, toward
 *   zero, so once everything is back exactly the whole discount is);
 * - shipping: the order's shipping charges, at the order's standard rate, once per order;
 * - tax: what the order's tax at that rate falls by — tax(rate base left before) − tax(rate base left
 *   after), with the order's rounding (up, once per rate) — so the returns of an order never give
 *   back more tax than it was charged, and all of them give back exactly that.
 * `returned` maps an order item's id to the bottles returned now.
 */
export function returnAmounts(order: ReturnableOrder, returned: ReadonlyMap<number, number>, earlier: EarlierReturns, refundShipping: boolean): ReturnAmounts {
  const standard = order.taxRatePercent;
  const rates = [...new Set([...order.items.map((item) => item.taxRatePercent), ...order.charges.map((charge) => charge.taxRatePercent ?? standard)])].sort(
    (a, b) => b - a,
  );
  const taxable = order.charges.filter((charge) => charge.taxable).map((charge) => ({ amount: charge.amount, rate: charge.taxRatePercent ?? standard }));
  const adjustments = order.charges
    .filter((charge) => isAdjustmentKind(charge.kind))
    .map((charge) => ({ amount: charge.amount, rate: charge.taxRatePercent ?? standard }));
  const shippingLines = order.charges
    .filter((charge) => charge.kind === "shipping")
    .map((charge) => ({ amount: charge.amount, rate: charge.taxRatePercent ?? standard }));
  const giveShipping = refundShipping && !earlier.shippingRefunded;

  const result: ReturnRate[] = [];
  for (const rate of rates) {
    const atRate = order.items.filter((item) => item.taxRatePercent === rate);
    const orderedGoods = atRate.reduce((sum, item) => sum + item.unitPrice * item.amount, 0);
    const goods = atRate.reduce((sum, item) => sum + item.unitPrice * (returned.get(item.id) ?? 0), 0);
    const before = earlier.perRate.find((each) => each.rate === rate) ?? { goods: 0, base: 0 };
    const adjustmentAtRate = sumAt(adjustments, rate);
    const adjustment = shareOf(adjustmentAtRate, before.goods + goods, orderedGoods) - shareOf(adjustmentAtRate, before.goods, orderedGoods);
    const shipping = giveShipping ? sumAt(shippingLines, rate) : 0;
    const base = goods + adjustment + shipping;
    if (goods === 0 && shipping === 0) continue;
    // The order's base at this rate: its goods and its taxable charges (shipping, fees, discounts).
    const orderBase = orderedGoods + sumAt(taxable, rate);
    const left = orderBase - before.base;
    const tax = taxOn(left, rate) - taxOn(left - base, rate);
    result.push({ rate, goods, adjustment, shipping, base, tax, total: base + tax });
  }
  return {
    rates: result,
    total: result.reduce((sum, each) => sum + each.total, 0),
    shippingRefunded: giveShipping && shippingLines.some((line) => line.amount > 0),
  };
}

/** The return as the back office enters it, checked. */
export interface ReturnInput {
  /** Order item id → bottles returned now (only lines with bottles). */
  lines: Map<number, number>;
  reason: ReturnReason;
  note: string;
  /** The bottles came back broken: booked to breakage, not back to stock. */
  broken: boolean;
  remedy: ReturnRemedy;
  refundShipping: boolean;
}

/** The form's field of a line's quantity: `quantity_{order item id}` (a no-JavaScript form has no arrays). */
export const RETURN_QUANTITY_FIELD_PREFIX = "quantity_";

/** The return form's labels where the shop's attribute names have none. */
export const RETURN_FIELD_LABELS: Record<string, LocalizedText> = {
  lines: { ja: "返品する数量", en: "Bottles returned" },
  reason: { ja: "返品の理由", en: "Reason" },
  note: { ja: "理由の詳細", en: "Details" },
  broken: { ja: "ボトルの状態", en: "Bottle condition" },
  remedy: { ja: "対応", en: "Remedy" },
  refund_shipping: { ja: "送料の返金", en: "Shipping fee refund" },
};

/** true/false from JSON, "on", "true", "yes" / "false", "no" from a form; undefined when absent; "invalid" otherwise. */
function flagOf(value: unknown): boolean | undefined | "invalid" {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === true || value === "true" || value === "on" || value === "yes") return true;
  if (value === false || value === "false" || value === "no") return false;
  return "invalid";
}

/** A whole number of bottles ≥ 0 from JSON or a form (full-width digits folded); a blank field is 0. */
function bottlesOf(value: unknown): number | "not_a_number" | "not_an_integer" | "greater_than_or_equal_to" | "less_than_or_equal_to" {
  if (value === undefined || value === null || value === "") return 0;
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.normalize("NFKC").trim() : "";
  if (!/^-?\d+(\.\d+)?$/.test(text)) return "not_a_number";
  const number = Number(text);
  if (!Number.isSafeInteger(number)) return "not_an_integer";
  if (number < 0) return "greater_than_or_equal_to";
  if (number > RETURN_QUANTITY_MAX) return "less_than_or_equal_to";
  return number;
}

/** The lines as sent: JSON's `lines: [{ item_id, quantity }]`, or the form's `quantity_{id}` fields. */
function sentLines(fields: Record<string, unknown>): [unknown, unknown][] | "invalid" {
  if (fields.lines !== undefined) {
    if (!Array.isArray(fields.lines) || fields.lines.length > 200) return "invalid";
    const lines: [unknown, unknown][] = [];
    for (const line of fields.lines) {
      if (line === null || typeof line !== "object") return "invalid";
      const { item_id: id, quantity } = line as Record<string, unknown>;
      lines.push([id, quantity]);
    }
    return lines;
  }
  return Object.entries(fields)
    .filter(([name]) => name.startsWith(RETURN_QUANTITY_FIELD_PREFIX))
    .slice(0, 200)
    .map(([name, value]) => [name.slice(RETURN_QUANTITY_FIELD_PREFIX.length), value]);
}

function linesOf(fields: Record<string, unknown>): Map<number, number> | "invalid" | "blank" | ReturnType<typeof bottlesOf> {
  const sent = sentLines(fields);
  if (sent === "invalid") return "invalid";
  const lines = new Map<number, number>();
  for (const [id, quantity] of sent) {
    const itemId = typeof id === "number" ? id : typeof id === "string" && /^\d{1,9}$/.test(id) ? Number(id) : Number.NaN;
    if (!Number.isSafeInteger(itemId) || itemId <= 0) return "invalid";
    const bottles = bottlesOf(quantity);
    if (typeof bottles === "string") return bottles;
    if (bottles > 0) lines.set(itemId, (lines.get(itemId) ?? 0) + bottles);
  }
  return lines.size === 0 ? "blank" : lines;
}

/**
 * A return (POST /admin/api/orders/:id/returns and the back office's no-JavaScript form): the bottles
 * per order line (at least one), the reason (a note required for "other"), whether they came back
 * broken, refund or replacement, and whether the shipping fee goes back (by default when the shop is
 * at fault, refundsShippingByDefault). Every wrong field is named in one answer.
 */
export const returnInputSchema = z.preprocess(
  (body) => formFields(body),
  z
    .looseObject({
      reason: z.unknown().optional(),
      note: trimmedText,
      broken: z.unknown().optional(),
      remedy: z.unknown().optional(),
      refund_shipping: z.unknown().optional(),
    })
    .superRefine(
      (fields, context) => {
        const { problem } = formProblems(context);
        const lines = linesOf(fields);
        if (typeof lines === "string") {
          if (lines === "greater_than_or_equal_to") problem(lines, "lines", { count: 0 });
          else if (lines === "less_than_or_equal_to") problem(lines, "lines", { count: RETURN_QUANTITY_MAX });
          else problem(lines, "lines");
        }
        const reason = fields.reason;
        if (!(RETURN_REASONS as readonly unknown[]).includes(reason)) problem(reason === undefined || reason === "" ? "blank" : "inclusion", "reason");
        if (fields.note.length > RETURN_NOTE_MAX) problem("too_long", "note", { count: RETURN_NOTE_MAX });
        else if (reason === "other" && fields.note === "") problem("blank", "note");
        if (flagOf(fields.broken) === "invalid") problem("inclusion", "broken");
        if (!(RETURN_REMEDIES as readonly unknown[]).includes(fields.remedy))
          problem(fields.remedy === undefined || fields.remedy === "" ? "blank" : "inclusion", "remedy");
        if (flagOf(fields.refund_shipping) === "invalid") problem("inclusion", "refund_shipping");
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    )
    .transform((fields): ReturnInput => {
      const reason = fields.reason as ReturnReason;
      const shipping = flagOf(fields.refund_shipping);
      return {
        lines: linesOf(fields) as Map<number, number>,
        reason,
        note: fields.note,
        broken: flagOf(fields.broken) === true,
        remedy: fields.remedy as ReturnRemedy,
        refundShipping: typeof shipping === "boolean" ? shipping : refundsShippingByDefault(reason),
      };
    }),
);

/** A return as the back office and My Page list it (GET /admin/api/orders/{id}/returns): the server writes it, the order page reads it. */
export interface ReturnResource {
  number: number;
  /** The return invoice's number ("1234-5678-9012-R1"); null for a replacement (no money goes back, no invoice). */
  invoice_number: string | null;
  returned_on: string;
  reason: string;
  reason_label: string;
  note: string;
  broken: boolean;
  remedy: "refund" | "replacement";
  remedy_label: string;
  refund_shipping: boolean;
  refund_amount: number;
  refund_route: "gateway" | "transfer" | "none";
  refund_state: "done" | "due" | "none";
  rates: ReturnRate[];
  lines: { order_item_id: number; name: string; quantity: number }[];
  staff_id: number | null;
}
