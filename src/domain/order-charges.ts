import type { Locale } from "./locale.ts";

/**
 * Charges are order lines (in the spirit of Vendure's order surcharges): shipping, the payment
 * method's fee and any later charge (gift wrapping, cool or remote-area surcharges) are rows of the
 * order with a kind, a label in both languages, an amount and whether consumption tax applies.
 *
 * A new kind of charge is one entry in CHARGE_KINDS: the order keeps a copy of the label and the
 * tax flag on each row, so totals, the order view, the mails, the back office and both CSV exports
 * show it without knowing it. Only where the charge is worked out (checkout) needs to add it.
 */

export type ChargeLabel = Record<Locale, string>;

export interface ChargeKind {
  label: ChargeLabel;
  /** Whether consumption tax applies (spec §9 taxes shipping and the fee with the items). */
  taxable: boolean;
  /** Shown (and stored) even at 0 yen; other kinds are left off an order when they cost nothing. */
  keptAtZero: boolean;
}

export const CHARGE_KINDS = {
  shipping: { label: { ja: "送料", en: "Shipping" }, taxable: true, keptAtZero: true },
  // The label is the payment method's (paymentFeeLabel); this one is for a method that names none.
  payment_fee: { label: { ja: "決済手数料", en: "Payment fee" }, taxable: true, keptAtZero: false },
} as const satisfies Record<string, ChargeKind>;

export type ChargeKindCode = keyof typeof CHARGE_KINDS;

/** One charge of an order: a copy of what it was called and whether it was taxed when ordered. */
export interface OrderCharge {
  /** A ChargeKindCode when written by this version; kept as text so an order outlives a retired kind. */
  kind: string;
  label: ChargeLabel;
  /** Yen before tax. */
  amount: number;
  taxable: boolean;
}

// The fee's name comes from the payment method (cash on delivery charges 代引き手数料). The payment
// method handlers' registry will answer this; until then it is kept here, in one place.
const PAYMENT_FEE_LABELS: Record<string, ChargeLabel> = {
  cod: { ja: "代引き手数料", en: "Cash on delivery fee" },
};

/** What the payment method calls its fee (stored or checkout method code). */
export function paymentFeeLabel(method: string): ChargeLabel {
  return PAYMENT_FEE_LABELS[method] ?? CHARGE_KINDS.payment_fee.label;
}

/** A charge of a known kind with its kind's label and tax flag (or the label given, e.g. the method's). */
export function chargeOf(kind: ChargeKindCode, amount: number, label: ChargeLabel = CHARGE_KINDS[kind].label): OrderCharge {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`a charge must be a whole number of yen ≥ 0, got ${amount}`);
  return { kind, label: { ...label }, amount, taxable: CHARGE_KINDS[kind].taxable };
}

/** The charges an order keeps: every kind that is kept at zero, others only when they cost something. */
export function chargesToKeep(charges: readonly OrderCharge[]): OrderCharge[] {
  return charges.filter((charge) => charge.amount > 0 || (CHARGE_KINDS as Record<string, ChargeKind | undefined>)[charge.kind]?.keptAtZero === true);
}

/** The amount of the charges of one kind (0 when the order has none of it). */
export function chargeAmount(charges: readonly Pick<OrderCharge, "kind" | "amount">[], kind: ChargeKindCode): number {
  return charges.filter((charge) => charge.kind === kind).reduce((sum, charge) => sum + charge.amount, 0);
}
