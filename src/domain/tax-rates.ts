import type { Locale } from "./locale.ts";
import { taxOn } from "./money.ts";

/**
 * Consumption tax per rate (decision 036). A product has a tax class: standard (the shop's rate,
 * 10%) or reduced (8%, food and non-alcoholic drinks under the 2019 reduced-rate rule). Liquor is
 * never reduced. Shipping and fees are taxed at the standard rate. Tax is rounded up once per rate
 * per order, as a qualified invoice states it; an order with one rate gets exactly the figure of one rounding over the order.
 */

export const TAX_CLASSES = ["standard", "reduced"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** The reduced rate fixed by law (軽減税率), percent. The standard rate is the shop profile's taxRatePercent. */
export const REDUCED_TAX_RATE_PERCENT = 8;

/** What the tax class rule reads of a product: its class and what makes it liquor. */
export interface TaxedProduct {
  taxClass: TaxClass;
  liquorType: string | null;
  liquorCategory: string | null;
  alcoholPermille: number | null;
}

/**
 * The rate a product is taxed at, percent. Liquor is taxed at the standard rate whatever its row's
 * class says (decision 050): the database refuses such a row, and the price shown and charged never
 * depends on that alone.
 */
export function taxRateOf(product: TaxedProduct, standardRatePercent: number): number {
  return product.taxClass === "reduced" && !isLiquorProduct(product) ? REDUCED_TAX_RATE_PERCENT : standardRatePercent;
}

/** The tax of one rate on an order: what it is charged on (before tax) and the tax, rounded up once. */
export interface TaxPerRate {
  /** Percent, e.g. 10 or 8. */
  rate: number;
  /** Yen before tax charged at this rate. */
  base: number;
  tax: number;
}

/** A taxed amount at a rate (an item's line total, or a taxable charge at the standard rate). */
export interface TaxedAmount {
  amount: number;
  ratePercent: number;
}

/**
 * Tax per rate of an order's taxed amounts, highest rate first; a rate with nothing on it is left off
 * except that an order with nothing taxed still lists its standard rate with 0 (so one-rate orders
 * always have exactly one entry).
 */
export function taxesPerRate(amounts: readonly TaxedAmount[], standardRatePercent: number): TaxPerRate[] {
  const bases = new Map<number, number>();
  for (const each of amounts) bases.set(each.ratePercent, (bases.get(each.ratePercent) ?? 0) + each.amount);
  if (bases.size === 0) bases.set(standardRatePercent, 0);
  return [...bases.entries()].sort(([a], [b]) => b - a).map(([rate, base]) => ({ rate, base, tax: taxOn(base, rate) }));
}

/** The reduced-rate mark (※) and its footnote, as mails, summaries and receipts print them. */
export const REDUCED_RATE_MARK = "※";
export const REDUCED_RATE_FOOTNOTE: Record<Locale, string> = {
  ja: "※は軽減税率対象",
  en: "※ Reduced tax rate (8%) applies",
};

/** A line's rate as a qualified invoice names it: 「10%対象」, "Taxed at 10%" (discount and correction lines, decision 070). */
export function taxRateLabel(rate: number, locale: Locale): string {
  return locale === "ja" ? `${rate}%対象` : `Taxed at ${rate}%`;
}

/** The back office's refusal when a liquor product is given the reduced rate. */
export const LIQUOR_REDUCED_REFUSAL: Record<Locale, string> = {
  ja: "酒類は軽減税率の対象外です。標準税率（10%）を選んでください。",
  en: "Liquor is not eligible for the reduced tax rate. Choose the standard rate (10%).",
};

/**
 * Whether a product is liquor for the tax class rule: it has a liquor-tax category (酒類の品目), a
 * liquor type in the shop's list, or 1% alcohol or more (酒税法 §2's definition of 酒類).
 */
export function isLiquorProduct(product: { liquorType: string | null; liquorCategory: string | null; alcoholPermille: number | null }): boolean {
  return product.liquorType !== null || product.liquorCategory !== null || (product.alcoholPermille ?? 0) >= 10;
}
