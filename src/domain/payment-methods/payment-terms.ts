import type { Locale } from "../locale.ts";
import { fillText } from "../fill-text.ts";

/**
 * A payment method's terms as the trader sets them in the back office (decision 077, in the spirit
 * of EC-CUBE's Payment.charge / rule_min / rule_max and Vendure's configured handler arguments): its
 * fee, the totals it is offered for, whether and where it is offered, the days to pay and the note
 * under it at checkout. The shop profile keeps one record per method code (terms.payments); a method
 * without one is offered on its module's defaults. Zod-free: the checkout page reads this module in
 * its first-page JavaScript (the schema is payment-terms.schema.ts).
 */

/** One step of a fee: the first tier whose upTo (inclusive, yen) items + shipping do not exceed applies; the last has upTo null. */
export interface FeeTier {
  upTo: number | null;
  fee: number;
}

export interface PaymentTerms {
  /** Off: the checkout does not offer the method and the server refuses it. */
  enabled: boolean;
  /** Where the checkout lists it, smallest first (ties keep the registry's order). */
  position: number;
  /** Its fee by items + shipping, yen before tax; one open tier is a flat fee, a fee of 0 none. */
  feeTiers: FeeTier[];
  /** Totals (tax and fee included) below this are refused, yen; 0 for none. */
  min: number;
  /** Totals of this amount or more are refused, yen (the contract's cod ceiling reads "300000 or more"); null for none. */
  max: number | null;
  /** Days the shopper has to pay after ordering ({days} in its texts), or null when it is paid at once or elsewhere. */
  daysToPay: number | null;
  /** The note under the method while it is chosen at checkout ({ceiling}, {minimum}, {days} filled in), or null. */
  notes: { ja: string; en: string } | null;
}

/** The part of the shop profile's terms the methods read: each method's terms by its code. */
export interface ShopPaymentTerms {
  payments: Readonly<Record<string, PaymentTerms>>;
}

/** A flat fee as terms hold it. */
export function flatFee(fee: number): FeeTier[] {
  return [{ upTo: null, fee }];
}

/** The fee for items + shipping (yen before tax): the matching tier. */
export function feeByTerms(itemsAndShipping: number, terms: Pick<PaymentTerms, "feeTiers">): number {
  if (!Number.isSafeInteger(itemsAndShipping) || itemsAndShipping < 0)
    throw new RangeError(`items + shipping must be a whole number of yen ≥ 0, got ${itemsAndShipping}`);
  const tier = terms.feeTiers.find((each) => each.upTo === null || itemsAndShipping <= each.upTo);
  // The schema makes the last tier open-ended, so no tier only happens to hand-built terms: no fee.
  return tier?.fee ?? 0;
}

/**
 * Why the terms' limits refuse this total, or null when they take it. Whether the method is offered
 * at all is asked apart: switching a method off closes it to new orders, while an order already
 * paid that way is still changed and recalculated under its limits.
 */
export function termsRefusalKind(total: number, terms: Pick<PaymentTerms, "min" | "max">): "under_minimum" | "over_ceiling" | null {
  if (terms.max !== null && total >= terms.max) return "over_ceiling";
  if (total < terms.min) return "under_minimum";
  return null;
}

export type LocalizedPattern = Readonly<Record<Locale, string>>;

/**
 * What a method says when its terms refuse it, unless its module words it itself; {label}, {total},
 * {ceiling}, {minimum} filled in. The English puts {label} first: a label is written for the start of
 * a line ("Bank transfer"), and lower-casing it mid-sentence would also lower a name ("PayPay").
 */
export const TERMS_REFUSALS: Record<"disabled" | "under_minimum" | "over_ceiling", LocalizedPattern> = {
  disabled: { ja: "{label}は現在ご利用いただけません。", en: "{label} is not available at the moment." },
  over_ceiling: {
    ja: "合計金額は{total}円と、{ceiling}円を超えるため{label}は選択できません。",
    en: "{label} cannot be chosen, as the total of {total} JPY exceeds {ceiling} JPY.",
  },
  under_minimum: {
    ja: "合計金額は{total}円と、{minimum}円に満たないため{label}は選択できません。",
    en: "{label} cannot be chosen, as the total of {total} JPY is below {minimum} JPY.",
  },
};

/** The legal notice's lines for a fee (代金以外の必要料金); {name}, {amount}, {upTo} filled in. */
export const FEE_LINES: Record<"flat" | "tier" | "rest", LocalizedPattern> = {
  flat: { ja: "{name}：{amount}(税抜)", en: "{name}: {amount} (excl. tax)" },
  tier: { ja: "{name}：商品代金と送料の合計が{upTo}まで {amount}(税抜)", en: "{name}: {amount} (excl. tax) for items and shipping up to {upTo}" },
  rest: { ja: "{name}：上記を超える場合 {amount}(税抜)", en: "{name}: {amount} (excl. tax) above that" },
};

/** What a fee is called when its method does not name it (the charge lines' generic 決済手数料). */
export const GENERIC_FEE_NAME: LocalizedPattern = { ja: "決済手数料", en: "Payment fee" };

/** The legal notice's lines for a fee: none when it is free, one for a flat fee, one per tier otherwise. */
export function feeLines(name: string, tiers: readonly FeeTier[], locale: Locale, yen: (amount: number) => string): string[] {
  if (tiers.every((tier) => tier.fee === 0)) return [];
  if (tiers.length === 1) return [fillText(FEE_LINES.flat[locale], { name, amount: yen(tiers[0]!.fee) })];
  return tiers.map((tier) =>
    tier.upTo === null
      ? fillText(FEE_LINES.rest[locale], { name, amount: yen(tier.fee) })
      : fillText(FEE_LINES.tier[locale], { name, upTo: yen(tier.upTo), amount: yen(tier.fee) }),
  );
}

/** Methods in the order the terms place them, without the ones switched off. */
export function offeredInOrder<T extends { code: string }>(methods: readonly T[], termsOf: (method: T) => PaymentTerms): T[] {
  return methods
    .map((method, index) => ({ method, index, terms: termsOf(method) }))
    .filter((entry) => entry.terms.enabled)
    .sort((a, b) => a.terms.position - b.terms.position || a.index - b.index)
    .map((entry) => entry.method);
}
