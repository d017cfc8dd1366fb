import type { CheckoutItemError } from "../../domain/checkout.ts";
import { checkoutTotals } from "../../domain/checkout-summary.ts";
import type { Locale } from "../../domain/locale.ts";
import { ORDER_TOTAL_MAX } from "../../domain/money.ts";
import { paymentMethodChoice } from "../../domain/payment-methods/payment-method.registry.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { StaffOrderChannel } from "../../domain/staff-order.ts";
import { taxRateOf } from "../../domain/tax-rates.ts";
import { destinationQuote } from "../../domain/destinations.ts";
import type { AccountService } from "../accounts/account.service.ts";
import type { LockedProduct } from "../catalog/catalog.stock.ts";
import { lockProductsForOrder, sellsOut, takePreorderAllocation, takeStock } from "../catalog/catalog.stock.ts";
import { bottlesForSale, formatJapanDate, formatJapanDateTime, salesPhase } from "../../domain/sales-window.ts";
import type { Database } from "../db/client.ts";
import type { CouponsService } from "../coupons/coupons.service.ts";
import { couponUseFigures } from "../../domain/coupon-figures.ts";
import type { PointsService } from "../points/points.service.ts";
import { couponsGoodsLines } from "../../domain/coupons.ts";
import { orderPointsToEarn } from "../../domain/points.ts";
import type { OrderActor, OrderMoves } from "../orders/order-moves.ts";
import type { OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { NewShipment } from "../orders/payments-and-shipments.ts";
import { storedRecipient } from "../orders/stored-recipient.ts";
import type { DeferredPaymentService } from "../payments/deferred-payment.ts";
import { checkoutText } from "./checkout.texts.ts";
import type { CheckoutOrderInput } from "./checkout.validation.ts";
import { CheckoutFieldErrors } from "./checkout.validation.ts";

// Placing an order, the part the storefront's checkout and the back office's order entry
// (decision 081) share: in the caller's transaction, the bottles locked and checked, totals from
// the catalogue's prices, the method's refusals, the order written, stock taken, the 後払い credit
// check, the member's birth date kept, and the first history row with the order mail.

/** Thrown inside the order's transaction to roll it back: the items cannot be bought as they are (a 422 items_rejected). */
export class ItemsRejected extends Error {
  constructor(readonly errors: CheckoutItemError[]) {
    super("items rejected");
  }
}

/** What each item may still be bought of at `now`, and why not (its sales window and pre-order allocation too, decision 088). */
export function itemErrors(
  items: CheckoutOrderInput["items"],
  products: Map<number, LockedProduct>,
  locale: Locale,
  now: Date = new Date(),
): CheckoutItemError[] {
  return items.map((item) => {
    const product = products.get(item.id);
    if (!product || !product.onSale) return { id: item.id, message: checkoutText("itemUnavailable", locale), inventory: 0 };
    const phase = salesPhase(product, now);
    if (phase === "before")
      return { id: item.id, message: checkoutText("itemBeforeSale", locale, { start: formatJapanDateTime(product.salesStart!, locale) }), inventory: 0 };
    if (phase === "ended") return { id: item.id, message: checkoutText("itemSalesEnded", locale), inventory: 0 };
    const left = bottlesForSale(phase, product.stock, product.preorderAllocation, product.preorderOwed);
    if (left <= 0) return { id: item.id, message: checkoutText(phase === "preorder" ? "itemPreorderFull" : "itemUnavailable", locale), inventory: 0 };
    if (!product.mailOrderAllowed) return { id: item.id, message: checkoutText("itemNotForMailOrder", locale), inventory: 0 };
    const limit = product.buyableLimit ?? Number.POSITIVE_INFINITY;
    const available = Math.min(left, limit);
    if (item.amount <= available) return { id: item.id, message: null };
    const key = limit <= left ? "itemOverLimit" : phase === "preorder" ? "itemPreorderShort" : "itemStockShort";
    return { id: item.id, message: checkoutText(key, locale, { count: available }), inventory: available };
  });
}

/** The Japan date a line ships on when it is a pre-order at `now`; null when it is sold from stock. */
function preorderShipsOn(product: LockedProduct, now: Date): string | null {
  return salesPhase(product, now) === "preorder" ? product.releaseDate : null;
}

/**
 * The parcels of an order with pre-ordered bottles (decision 088), all to its one destination: the
 * bottles in stock ship now in the first parcel, which carries the order's shipping; each release
 * date's bottles ship on it in a parcel of their own, at the shop's cost.
 */
function preorderParcels(
  input: CheckoutOrderInput,
  lines: readonly { product: LockedProduct; amount: number; shipsOn: string | null }[],
  shippingFee: number,
): NewShipment[] {
  const common = {
    recipient: input.recipient ? storedRecipient(input.recipient) : null,
    desiredDeliveryDate: input.desiredDeliveryDate,
    desiredDeliveryTimezone: input.desiredDeliveryTimezone,
    gift: input.gift,
  };
  const inStock = lines.filter((line) => line.shipsOn === null);
  const dates = [...new Set(lines.flatMap((line) => (line.shipsOn === null ? [] : [line.shipsOn])))].sort();
  const parcels: NewShipment[] = [];
  if (inStock.length > 0)
    parcels.push({ ...common, fee: shippingFee, shipsOn: null, lines: inStock.map((line) => ({ productId: line.product.id, quantity: line.amount })) });
  for (const date of dates) {
    const bottles = lines.filter((line) => line.shipsOn === date);
    parcels.push({
      ...common,
      fee: parcels.length === 0 ? shippingFee : 0,
      shipsOn: date,
      lines: bottles.map((line) => ({ productId: line.product.id, quantity: line.amount })),
    });
  }
  return parcels;
}

export interface PlacementDeps {
  orders: OrdersService;
  moves: OrderMoves;
  /** Keeps a member's date of birth from the order when the profile has none. */
  accounts: Pick<AccountService, "rememberBirthDate">;
  /** The 後払い service's credit check (decision 080); without it a deferred order is taken unchecked. */
  deferredPayments?: Pick<DeferredPaymentService, "code" | "assess"> | undefined;
  /** Coupons (decision 086): without it a typed code is refused as unknown. */
  coupons?: Pick<CouponsService, "forOrderAll" | "book"> | undefined;
  /** 抽選販売 (decision 084): a product a lottery holds is sold only to its winners, the win claimed with the order. */
  lotteries?: LotteryClaims | undefined;
  /** Points (decision 089): without it points typed are refused and a member's order earns none. */
  points?: Pick<PointsService, "forOrder" | "book" | "rateOf" | "settings"> | undefined;
}

/** The lottery module's claim, in the order's transaction: a message per line it refuses (none: the order may go on). */
export interface LotteryClaims {
  claim(
    tx: Database,
    order: { userId: number | null; orderId: number; items: { id: number; amount: number }[]; now: Date; locale: Locale },
  ): Promise<{ id: number; message: string }[]>;
}

/** Who places the order and how it starts, where checkout and staff differ. */
export interface Placement {
  input: CheckoutOrderInput;
  shop: ShopProfile;
  locale: Locale;
  now: Date;
  userId: number | null;
  /** Who the first history row names: the shopper, or the staff member who entered it. */
  actor: OrderActor;
  /** The status the order is written with (the method's first, or await_payment for a card taken by staff). */
  status: "pending" | "await_payment";
  /** Until when a pending payment holds the bottles (the checkout's reservation); null: no deadline. */
  reservedUntil: Date | null;
  /** An order entered by staff: who, how it came in, their note, the buyer's フリガナ. */
  entry?: { staffId: number; channel: StaffOrderChannel; memo: string; kana: string };
}

export interface Placed {
  order: OrderRow;
  /** Products this order sold out: the cached catalogue drops what shows them. */
  soldOut: number[];
  /** Run once the transaction committed (sends the order mail). */
  afterCommit: () => Promise<void>;
}

async function couponsFor(
  tx: Database,
  deps: PlacementDeps,
  typed: readonly { field: string; code: string }[],
  lines: readonly { product: LockedProduct; amount: number; unitPrice: number; taxRatePercent: number }[],
  order: { userId: number | null; now: Date; locale: Locale },
) {
  if (typed.length === 0) return [];
  if (!deps.coupons) throw new CheckoutFieldErrors(order.locale).failure();
  const forCoupon = lines.map((line) => ({
    productId: line.product.id,
    unitPrice: line.unitPrice,
    amount: line.amount,
    taxRatePercent: line.taxRatePercent,
    liquorType: line.product.liquorType,
  }));
  return deps.coupons.forOrderAll(tx, typed, { ...order, lines: forCoupon });
}

/**
 * The order's writes in the caller's transaction. Throws ItemsRejected for stock and buyable limits,
 * DomainError (invalid, with field messages) for the total's bound, the method's terms and a refused
 * credit check; either rolls the whole transaction back (no order, no stock taken).
 */
export async function placeOrder(tx: Database, deps: PlacementDeps, placement: Placement): Promise<Placed> {
  const { input, shop, locale, now, status } = placement;
  const products = await lockProductsForOrder(
    tx,
    input.items.map((item) => item.id),
  );
  const problems = itemErrors(input.items, products, locale, now);
  if (problems.some((problem) => problem.message !== null)) throw new ItemsRejected(problems);

  const lines = input.items.map((item) => {
    const product = products.get(item.id)!;
    const taxRatePercent = taxRateOf(product, shop.terms.taxRatePercent);
    return {
      product,
      amount: item.amount,
      unitPrice: product.price,
      shippingType: product.shippingType,
      volumeMl: product.volumeMl,
      taxRatePercent,
      shipsOn: preorderShipsOn(product, now),
    };
  });
  // 予約商品 (decision 088): one destination only, and no delivery wish before the release date.
  const releaseDates = [...new Set(lines.flatMap((line) => (line.shipsOn === null ? [] : [line.shipsOn])))].sort();
  if (releaseDates.length > 0) {
    const errors = new CheckoutFieldErrors(locale);
    if (input.destinations) errors.add("items", checkoutText("preorderSeveralDestinations", locale));
    const latest = releaseDates.at(-1)!;
    if (input.desiredDeliveryDate !== null && input.desiredDeliveryDate < latest) {
      errors.add("desired_delivery_date", checkoutText("preorderDeliveryDate", locale, { date: formatJapanDate(latest, locale) }));
    }
    if (!errors.empty) throw errors.failure();
  }
  const method = paymentMethodChoice(input.choice);
  // Several destinations (decision 087): each its own parcel, fee (free line per destination) and wrapping.
  const destinations = input.destinations?.map((destination) => ({
    ...destination,
    lines: destination.items.map((item) => {
      const product = products.get(item.id)!;
      return {
        unitPrice: product.price,
        amount: item.amount,
        shippingType: product.shippingType,
        volumeMl: product.volumeMl,
        taxRatePercent: taxRateOf(product, shop.terms.taxRatePercent),
      };
    }),
  }));
  // The coupons typed, checked against these bottles and together with their rows locked (decision 086);
  // refused: a 422 under the field of each code refused (coupon_code, coupon_codes.0…).
  const typedCoupons = [...(input.couponCode === null ? [] : [{ field: "coupon_code", code: input.couponCode }]), ...(input.extraCouponCodes ?? [])];
  const coupons = await couponsFor(tx, deps, typedCoupons, lines, { userId: placement.userId, now, locale });
  const applied = coupons.map((coupon) => coupon.applied);
  // The points typed (decision 089), checked with the member's balance locked: ≤ the balance, ≤ the goods after the coupon; refused: a 422 under use_points.
  const rated = lines.map((line) => ({
    unitPrice: line.unitPrice,
    amount: line.amount,
    taxRatePercent: line.taxRatePercent,
    productRatePercent: line.product.pointRatePercent,
  }));
  const couponLines = couponsGoodsLines(applied, rated);
  if (input.usePoints > 0 && !deps.points) {
    const errors = new CheckoutFieldErrors(locale);
    errors.add("use_points", checkoutText("pointsUnavailable", locale));
    throw errors.failure();
  }
  const usePoints = deps.points
    ? await deps.points.forOrder(tx, { userId: placement.userId, usePoints: input.usePoints, lines: rated, couponLines, now, locale })
    : 0;
  const totals = checkoutTotals(
    lines,
    method,
    shop.terms,
    { options: input.gift, settings: shop.gift },
    {
      deliveryPrefecture: input.deliveryPrefecture,
      destinations: destinations?.map(({ lines: parcel, prefecture, gift }) => ({ lines: parcel, prefecture, gift })),
    },
    applied,
    usePoints,
  );
  if (totals.total > ORDER_TOTAL_MAX) {
    // The order's amounts would not fit its columns (decision 050): say why, before anything is written.
    const errors = new CheckoutFieldErrors(locale);
    errors.add("items", checkoutText("orderTotalTooLarge", locale, { max: ORDER_TOTAL_MAX.toLocaleString("en-US") }));
    throw errors.failure();
  }
  const refusal = method.notOffered(shop.terms, locale) ?? method.refusal({ total: totals.total, terms: shop.terms, locale });
  if (refusal !== null) {
    const errors = new CheckoutFieldErrors(locale);
    errors.add("payment_method", refusal);
    throw errors.failure();
  }

  const order = await deps.orders.create(
    tx,
    {
      userId: placement.userId,
      status,
      paymentMethod: input.paymentMethod,
      name: input.name,
      email: input.email,
      phone: input.phone,
      country: input.address.country,
      zip: input.address.zip,
      prefecture: input.address.prefecture,
      address: input.address.address,
      buildingName: input.address.building_name,
      recipient: input.recipient ? storedRecipient(input.recipient) : null,
      desiredDeliveryDate: input.desiredDeliveryDate,
      desiredDeliveryTimezone: input.desiredDeliveryTimezone,
      memo: input.memo,
      gift: input.gift,
      birthDate: input.birthDate,
      itemsTotal: totals.items,
      taxTotal: totals.tax,
      price: totals.total,
      taxRatePercent: shop.terms.taxRatePercent,
      locale,
      reservedUntil: placement.reservedUntil,
      confirmedAt: status === "pending" ? null : now,
      ...(placement.entry
        ? {
            enteredByStaffId: placement.entry.staffId,
            entryChannel: placement.entry.channel,
            staffMemo: placement.entry.memo,
            customerKana: placement.entry.kana,
          }
        : {}),
    },
    lines.map((line) => ({
      productId: line.product.id,
      nameJa: line.product.nameJa,
      nameEn: line.product.nameEn,
      unitPrice: line.unitPrice,
      taxRatePercent: line.taxRatePercent,
      amount: line.amount,
      preorderShipsOn: line.shipsOn,
    })),
    totals.chargeLines,
    releaseDates.length > 0
      ? preorderParcels(input, lines, Math.max(0, totals.shipping))
      : destinations?.map((destination) => ({
          recipient: destination.recipient ? storedRecipient(destination.recipient) : null,
          desiredDeliveryDate: destination.desiredDeliveryDate,
          desiredDeliveryTimezone: destination.desiredDeliveryTimezone,
          gift: destination.gift,
          fee: destinationQuote({ lines: destination.lines, prefecture: destination.prefecture, gift: destination.gift }, shop.terms).fee,
          lines: destination.items.map((item) => ({ productId: item.id, quantity: item.amount })),
        })),
  );
  // A lottery's bottles (decision 084): its winner's order claims the win here, once; anyone else's is refused.
  const lotteryRefusals = (await deps.lotteries?.claim(tx, { userId: placement.userId, orderId: order.id, items: input.items, now, locale })) ?? [];
  if (lotteryRefusals.length > 0) {
    throw new ItemsRejected(input.items.map((item) => ({ id: item.id, message: lotteryRefusals.find((refusal) => refusal.id === item.id)?.message ?? null })));
  }
  // Each coupon's use booked on its own row (its limits its own), each its own 値引き lines' figures,
  // the tax they took off together apportioned over them, so the figures add up to what the total fell by.
  const figures = couponUseFigures(
    totals,
    coupons.map((coupon) => coupon.applied.code),
  );
  for (const [index, coupon] of coupons.entries()) {
    await deps.coupons!.book(tx, coupon, {
      orderId: order.id,
      userId: placement.userId,
      locale,
      field: typedCoupons[index]!.field,
      ...figures[index]!,
    });
  }
  if (placement.userId !== null && deps.points) {
    // What the order earns, worked out now on the goods after the coupon and the points (and the charges when the trader says so), granted when paid or shipped.
    // The checkout summary shows the same figure by the same function (orderPointsToEarn).
    const settings = await deps.points.settings(tx);
    const rate = await deps.points.rateOf(tx, placement.userId, settings);
    const toEarn = orderPointsToEarn(
      { lines: rated, couponLines, pointsUsed: usePoints, chargeLines: totals.chargeLines, taxRatePercent: shop.terms.taxRatePercent },
      { ratePercent: rate, onCharges: settings.onCharges },
    );
    await deps.points.book(tx, { orderId: order.id, userId: placement.userId, used: usePoints, toEarn, locale });
  }
  for (const line of lines) {
    // Guarded by the row lock already; the guard in the update is the last word (never below
    // zero). Taken once the order exists, so the ledger's sale names it; a refusal here rolls
    // the order back with the rest of the transaction.
    const sale = { productId: line.product.id, amount: line.amount, orderId: order.id, unitPrice: line.unitPrice };
    // A pre-order sells against the trader's allocation, the same guarded way (decision 088).
    const taken = line.shipsOn !== null ? await takePreorderAllocation(tx, line.product.id, line.amount) : await takeStock(tx, sale);
    if (!taken) throw new ItemsRejected(itemErrors(input.items, products, locale, now));
  }
  // 後払い (decision 080): the service's credit check, once the order has its number and before
  // it commits; anything but approved rolls the whole order back (no order, no stock taken).
  const deferred = deps.deferredPayments;
  if (deferred && deferred.code === order.paymentMethod) {
    const assessment = await deferred.assess({
      publicId: order.publicId,
      price: order.price,
      name: order.name,
      email: order.email,
      phone: order.phone,
      zip: order.zip,
      address: order.address,
    });
    const refusals = method.texts.creditCheckRefusals;
    if (assessment !== "approved" && refusals) {
      const errors = new CheckoutFieldErrors(locale);
      errors.add("payment_method", refusals[assessment][locale]);
      throw errors.failure();
    }
  }
  const soldOut = lines
    .filter((line) => (line.shipsOn !== null ? line.product.preorderAllocation - line.amount <= 0 : sellsOut(line.product, line.amount)))
    .map((line) => line.product.id);
  if (placement.userId !== null) await deps.accounts.rememberBirthDate(tx, placement.userId, input.birthDate);
  // Its first history row and, for an order binding at once, the order mail.
  const { afterCommit } = await deps.moves.created(tx, order, placement.actor, shop);
  return { order, soldOut, afterCommit };
}
