import type { CheckoutLine, CheckoutTerms, FeeOfMethod } from "./checkout-totals.ts";
import type { CouponsApplied } from "./coupons.ts";
import { couponsGoodsLines, couponsShippingLines } from "./coupons.ts";
import { pointsGoodsLines } from "./points.ts";
import type { GiftOptions, GiftSettings } from "./gift.ts";
import { defaultGiftSettings } from "./gift.ts";
import type { Locale } from "./locale.ts";
import { taxOn } from "./money.ts";
import type { AdjustmentKind } from "./order-totals.ts";
import { isAdjustmentKind, itemsSubtotal } from "./order-totals.ts";
import { shippingQuote } from "./shipping-table.ts";
import type { DestinationCharging } from "./destinations.ts";
import { destinationQuotes, destinationsWrappingFee } from "./destinations.ts";

/**
 * Charges are order lines (in the spirit of Vendure's order surcharges): shipping, the payment
 * method's fee and any later charge (gift wrapping, cool or remote-area surcharges) are rows of the
 * order with a kind, a label in both languages, an amount and whether consumption tax applies.
 *
 * A new kind of charge is one entry in CHARGE_KINDS: its label, tax flag and what it costs at
 * checkout. The order keeps a copy of the label and the tax flag on each row, so totals, the order
 * view, the API, the mails, the back office and both CSV exports show it without knowing it.
 */

export type ChargeLabel = Record<Locale, string>;

/** One charge of an order: a copy of what it was called and whether it was taxed when ordered. */
export interface OrderCharge {
  /** A ChargeKindCode when written by this version; kept as text so an order outlives a retired kind. */
  kind: string;
  label: ChargeLabel;
  /** Yen before tax; below zero only for a discount or correction (order-totals.ts's ADJUSTMENT_KINDS). */
  amount: number;
  taxable: boolean;
  /** The rate it is taxed at, percent: set on discount and correction lines; absent, the order's standard rate. */
  taxRatePercent?: number | undefined;
}

/** What a kind may look at to work out its charge at checkout (the browser's summary and the server's order alike). */
export interface ChargeContext {
  lines: readonly CheckoutLine[];
  /** The chosen payment method's handler (payment-methods/): its fee and what it calls it. */
  method: FeeOfMethod;
  terms: CheckoutTerms;
  /** Items before tax. */
  items: number;
  /** The charges worked out before this one, in CHARGE_KINDS' order (the cod fee is based on items + shipping). */
  earlier: readonly OrderCharge[];
  /** The gift options chosen (null: none) and the trader's gift settings (gift.ts). */
  gift: GiftCharging;
  /** The prefecture (1–47) the parcel goes to, as the address is typed; null abroad or not chosen yet (the shop's own zone). */
  deliveryPrefecture: number | null;
  /** A coupon's 値引き lines worked out so far, before tax (≤ 0; decision 086): the goods' before shipping, shipping's after it. */
  discount?: number;
  /** Several destinations (decision 087): each its own parcel, fee and wrapping; absent for one. */
  destinations?: readonly DestinationCharging[] | undefined;
}

/** Where the order goes, for the charges that depend on it (shipping). */
export interface ChargeDelivery {
  deliveryPrefecture: number | null;
  /** Several destinations (decision 087): shipping and wrapping are summed over them. */
  destinations?: readonly DestinationCharging[] | undefined;
}

/** What a gift charge may look at: the order's options and the shop's settings. */
export interface GiftCharging {
  options: GiftOptions | null;
  settings: GiftSettings;
}

/** No gift chosen, the default settings: a checkout without gift fields. */
export function noGift(): GiftCharging {
  return { options: null, settings: defaultGiftSettings() };
}

export interface ChargeKind {
  label: ChargeLabel;
  /** Whether consumption tax applies (shipping and the fee are taxed with the items). */
  taxable: boolean;
  /** Shown (and stored) even at 0 yen; other kinds are left off an order when they cost nothing. */
  keptAtZero: boolean;
  /** Yen before tax this order is charged. */
  amountAt(context: ChargeContext): number;
  /** The label when it depends on the order rather than the kind; undefined for the kind's own label. */
  labelAt?(context: ChargeContext): ChargeLabel | undefined;
}

/** The amount of the charges of one kind (0 when the order has none of it). */
export function chargeAmount(charges: readonly Pick<OrderCharge, "kind" | "amount">[], kind: string): number {
  return charges.filter((charge) => charge.kind === kind).reduce((sum, charge) => sum + charge.amount, 0);
}

/** The kinds of charge, in the order an order lists them. A new kind is one entry here. */
export const CHARGE_KINDS = {
  shipping: {
    label: { ja: "送料", en: "Shipping" },
    taxable: true,
    keptAtZero: true,
    // Per box to the prefecture, cool surcharge per box, free from the line of goods with tax (shipping-table.ts),
    // the goods measured after a coupon's 値引き (decision 086). Several destinations: each its own fee,
    // free line per destination on its own goods (destinations.ts; a coupon does not move those lines).
    amountAt: ({ lines, terms, items, deliveryPrefecture, discount = 0, destinations }: ChargeContext): number =>
      destinations
        ? destinationQuotes(destinations, terms).reduce((sum, quote) => sum + quote.fee, 0)
        : shippingQuote(lines, deliveryPrefecture, terms.shipping, items + discount + taxOn(items + discount, terms.taxRatePercent)).fee,
  },
  payment_fee: {
    label: { ja: "決済手数料", en: "Payment fee" },
    taxable: true,
    keptAtZero: false,
    // The fee is the chosen method's (decision 023), on items + shipping (the cod fee's tiers), after a coupon and points.
    amountAt: ({ method, items, earlier, terms, discount = 0 }: ChargeContext): number => method.fee(paymentFeeBase(items + discount, earlier), terms),
    // The method names its fee (cash on delivery: 代引き手数料); the label above is for a method that names none.
    labelAt: ({ method }: ChargeContext): ChargeLabel | undefined => method.feeLabel,
  },
  gift_wrapping: {
    label: { ja: "ギフトラッピング料", en: "Gift wrapping" },
    taxable: true,
    keptAtZero: false,
    // The trader's fee, once per order, when wrapping was chosen (gift.ts).
    // Several destinations: once per destination wrapped.
    amountAt: ({ gift, destinations }: ChargeContext): number =>
      destinations ? destinationsWrappingFee(destinations, gift.settings) : gift.options?.wrapping ? gift.settings.wrappingFee : 0,
  },
} as const satisfies Record<string, ChargeKind>;

export type ChargeKindCode = keyof typeof CHARGE_KINDS;

/** A charge of a known kind with its kind's label and tax flag (or the label given, e.g. the method's). */
export function chargeOf(kind: ChargeKindCode, amount: number, label: ChargeLabel = CHARGE_KINDS[kind].label): OrderCharge {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`a charge must be a whole number of yen ≥ 0, got ${amount}`);
  return { kind, label: { ...label }, amount, taxable: CHARGE_KINDS[kind].taxable };
}

/**
 * The charge lines a checkout adds to its items: each kind in turn, a kind costing nothing left off
 * unless kept at zero; then the coupons' 値引き lines (decision 086; several in couponsInApplicationOrder's order) and the points' (decision 089, on
 * the goods the coupon left), which the shipping and the fee were worked out after.
 */
export function checkoutCharges(
  lines: readonly CheckoutLine[],
  method: FeeOfMethod,
  terms: CheckoutTerms,
  gift: GiftCharging = noGift(),
  delivery: ChargeDelivery = { deliveryPrefecture: null },
  coupon: CouponsApplied = null,
  points = 0,
): OrderCharge[] {
  const items = itemsSubtotal(lines);
  const charges: OrderCharge[] = [];
  const rated = lines.map((line) => ({ ...line, taxRatePercent: line.taxRatePercent ?? terms.taxRatePercent }));
  const couponLines = couponsGoodsLines(coupon, rated);
  const discounts: OrderCharge[] = [...couponLines, ...pointsGoodsLines(points, rated, couponLines)];
  for (const [code, kind] of Object.entries(CHARGE_KINDS) as [ChargeKindCode, ChargeKind][]) {
    const discount = discounts.reduce((sum, line) => sum + line.amount, 0);
    const context: ChargeContext = {
      lines,
      method,
      terms,
      items,
      earlier: charges,
      gift,
      deliveryPrefecture: delivery.deliveryPrefecture,
      discount,
      destinations: delivery.destinations,
    };
    const amount = kind.amountAt(context);
    if (amount > 0 || kind.keptAtZero) charges.push(chargeOf(code, amount, kind.labelAt?.(context) ?? kind.label));
    if (code === "shipping") discounts.push(...couponsShippingLines(coupon, amount, terms.taxRatePercent));
  }
  return [...charges, ...discounts];
}

/**
 * What the payment fee is charged on (cash on delivery's tiers): the goods after their discounts
 * (a coupon, points, staff's 値引き and corrections) plus shipping, as `checkoutCharges` measures it
 * at checkout. Every later change of an order's amount measures it the same way.
 */
export function paymentFeeBase(items: number, charges: readonly Pick<OrderCharge, "kind" | "amount">[]): number {
  return items + charges.filter((charge) => charge.kind !== "payment_fee" && charge.kind !== "gift_wrapping").reduce((sum, charge) => sum + charge.amount, 0);
}

/** What a discount or correction line is called unless staff name it (decision 070). */
export const ADJUSTMENT_LABELS: Record<AdjustmentKind, ChargeLabel> = {
  discount: { ja: "値引き", en: "Discount" },
  correction: { ja: "金額訂正", en: "Price correction" },
};

/**
 * A discount (値引き, below zero) or correction (訂正, either way but not zero) line at a tax rate,
 * written by staff after the order was placed. Always taxable: it lowers or raises its rate's base.
 */
export function adjustmentOf(kind: AdjustmentKind, amount: number, taxRatePercent: number, label: ChargeLabel = ADJUSTMENT_LABELS[kind]): OrderCharge {
  if (!isAdjustmentKind(kind)) throw new RangeError(`not an adjustment kind: ${String(kind)}`);
  if (!Number.isSafeInteger(amount) || amount === 0 || (kind === "discount" && amount > 0)) {
    throw new RangeError(`a ${kind} must be a whole number of yen${kind === "discount" ? " below zero" : " other than zero"}, got ${amount}`);
  }
  if (!Number.isSafeInteger(taxRatePercent) || taxRatePercent <= 0) throw new RangeError(`a tax rate must be a whole percent, got ${taxRatePercent}`);
  return { kind, label: { ...label }, amount, taxable: true, taxRatePercent };
}

/** Whether a charge line is taxed at a rate below the order's standard one (marked ※ as reduced-rate items are). */
export function isReducedCharge(charge: Pick<OrderCharge, "taxRatePercent">, standardRatePercent: number): boolean {
  return charge.taxRatePercent !== undefined && charge.taxRatePercent < standardRatePercent;
}
