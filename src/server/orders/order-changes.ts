import { and, eq, inArray, isNotNull, max } from "drizzle-orm";
import { deliveryWindow } from "../../domain/delivery-calendar.ts";
import { DomainError } from "../../domain/errors.ts";
import { japanDateTimeOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { checkGift, giftAnswerOf } from "../../domain/gift.ts";
import type { DeliveryWish, DeliveryWishProblem, GiftChangeInput, GiftChangeOptions } from "../../domain/order-changes.ts";
import {
  ORDER_CHANGE_REFUSALS,
  deliveryWishProblemText,
  deliveryWishProblems,
  deliveryWishText,
  giftSettingsForChange,
  giftText,
  orderChangeRefusal,
  sameGift,
  wrappingFeeAfter,
} from "../../domain/order-changes.ts";
import type { OrderCharge } from "../../domain/order-charges.ts";
import { CHARGE_KINDS, chargeAmount, chargeOf, paymentFeeBase } from "../../domain/order-charges.ts";
import { orderTotals } from "../../domain/order-totals.ts";
import { amountMayChange } from "../../domain/order-status.ts";
import { ORDER_TOTAL_MAX, priceIncludingTax, taxOn } from "../../domain/money.ts";
import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { RecipientInput } from "../../domain/recipient.ts";
import { buyerOf } from "../../domain/recipient.ts";
import type { ParcelLine } from "../../domain/shipping-table.ts";
import { shippingQuote, transitDaysTo } from "../../domain/shipping-table.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import { isJapaneseHoliday } from "../checkout/delivery-calendar.ts";
import { checkoutText } from "../checkout/checkout.texts.ts";
import { formatJapanDate } from "../../domain/sales-window.ts";
import type { Database } from "../db/client.ts";
import { orderChargesTable, orderHistoryTable, orderShipmentsTable, ordersTable } from "../db/schema/orders.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import { deliveryChangeMail, giftChangeMail, recipientChangeMail, recipientText } from "./order-changes.mails.ts";
import { rewriteCharges } from "./order-charge-rows.ts";
import type { OrderActor } from "./order-moves.ts";
import { mailRecord } from "./order-moves.ts";
import type { OrderRow, OrdersService } from "./orders.service.ts";
import { copyDeliveryToShipments, repricePayment } from "./payments-and-shipments.ts";
import { storedRecipient } from "./stored-recipient.ts";

/** Checks a recipient form as checkout checks お届け先 (name, phone, フリガナ, the address rules); throws DomainError with fields. */
export type RecipientChecker = (input: unknown, locale: Locale) => Promise<RecipientInput>;

/** What the products of an order weigh in a box (shipping-table.ts), read from the catalogue outside the transaction. */
export type ParcelLinesOf = (productIds: number[], locale: Locale) => Promise<Map<number, Pick<ParcelLine, "shippingType" | "volumeMl">>>;

export type { DeliveryOptions } from "../../domain/answers/orders.ts";
import type { DeliveryOptions } from "../../domain/answers/orders.ts";

/** What the member's recipient form needs (decision 074): the current お届け先, whether it may change, why not. */
export interface RecipientOptions {
  order_id: string;
  recipient: { name: string; kana: string; phone: string; country: string; zip: string; prefecture: number | null; address: string; building_name: string };
  changeable: boolean;
  /** Why it cannot change, in the asked language; null while it can. */
  reason: string | null;
}

/**
 * Changes of an order before it ships (issue 32 item 7, decision 074), each one transaction as an
 * order move is (decision 027): the order's row locked and checked again (not sent, no slip, not
 * cancelled), the change written, a history row naming who (staff or member), and the shopper's mail
 * in the outbox; the outbox is kicked after commit. The staff audit entry is the audit hook's.
 */
export class OrderChanges {
  constructor(
    private readonly db: Database,
    private readonly deps: {
      orders: OrdersService;
      mail: MailService;
      shopProfiles: ShopProfileService;
      parcelLinesOf: ParcelLinesOf;
      checkRecipient: RecipientChecker;
    },
    private readonly settings: { publicUrl: string },
  ) {}

  /** The wish, whether it may change and the dates and time bands to choose from. */
  async deliveryOptions(order: OrderRow, locale: Locale, now: Date = new Date()): Promise<DeliveryOptions> {
    const shop = await this.deps.shopProfiles.profile();
    const refusal = orderChangeRefusal(order);
    // A pre-order's parcel ships on its release date: no date before it is offered (decision 092).
    const release = refusal === null ? await preorderReleaseOf(this.db, order.id) : null;
    return {
      order_id: order.publicId,
      desired_delivery_date: order.desiredDeliveryDate,
      desired_delivery_timezone: order.desiredDeliveryTimezone,
      changeable: refusal === null,
      reason: refusal === null ? null : ORDER_CHANGE_REFUSALS[refusal][locale],
      dates: refusal === null ? windowFor(shop, now, deliveryPrefectureOf(order)).filter((date) => release === null || date >= release) : [],
      time_bands: Object.entries(shop.deliveryTimeBands).map(([code, label]) => ({ code, label: label[locale] })),
    };
  }

  /**
   * Where the parcel goes now (the recipient, else the buyer's address, as checkout ships it) and
   * whether the member may change it: what My Page's recipient form is filled in with.
   */
  recipientOptions(order: OrderRow, locale: Locale): RecipientOptions {
    const refusal = orderChangeRefusal(order);
    const current = order.recipient ?? buyerOf(order);
    return {
      order_id: order.publicId,
      recipient: {
        name: current.name,
        kana: order.recipient?.kana ?? "",
        phone: current.phone,
        country: current.country,
        zip: current.zip,
        prefecture: current.prefecture,
        address: current.address,
        building_name: current.buildingName,
      },
      changeable: refusal === null,
      reason: refusal === null ? null : ORDER_CHANGE_REFUSALS[refusal][locale],
    };
  }

  /** A new delivery wish (date and time band), checked by the checkout's calendar for where the parcel goes. */
  async changeDelivery(order: OrderRow, wish: DeliveryWish, actor: OrderActor, locale: Locale): Promise<OrderRow> {
    const shop = await this.deps.shopProfiles.profile();
    const timeBandCodes = Object.keys(shop.deliveryTimeBands);
    const label = (lang: Locale) => (code: string) => shop.deliveryTimeBands[code]?.[lang] ?? code;
    const changed = await this.db.transaction(async (tx) => {
      const current = await lockedChangeable(tx, order.id, locale);
      const before: DeliveryWish = { date: current.desiredDeliveryDate, timeBand: current.desiredDeliveryTimezone };
      const window = wish.date === null ? [] : windowFor(shop, new Date(), deliveryPrefectureOf(current));
      // A pre-order's parcel ships on its release date: a wish before it is refused as checkout refuses it (decisions 088, 092).
      const release = wish.date === null ? null : await preorderReleaseOf(tx, current.id);
      const beforeRelease =
        release !== null && wish.date !== null && wish.date < release
          ? checkoutText("preorderDeliveryDate", locale, { date: formatJapanDate(release, locale) })
          : null;
      throwProblems(deliveryWishProblems(wish, before, window, timeBandCodes), locale, beforeRelease);
      const [updated] = await tx
        .update(ordersTable)
        .set({ desiredDeliveryDate: wish.date, desiredDeliveryTimezone: wish.timeBand, updatedAt: new Date() })
        .where(eq(ordersTable.id, current.id))
        .returning();
      await copyDeliveryToShipments(tx, updated!);
      const note = `お届け日時を変更: ${deliveryWishText(before, label("ja"), "ja")} → ${deliveryWishText(wish, label("ja"), "ja")}`;
      await record(tx, updated!, actor, note);
      const mail = deliveryChangeMail(shop, this.settings.publicUrl, await this.deps.orders.viewOf(updated!, tx), {
        before: deliveryWishText(before, label(updated!.locale), updated!.locale),
        after: deliveryWishText(wish, label(updated!.locale), updated!.locale),
      });
      await this.deps.mail.enqueue(tx, updated!.email, mail, mailRecord("status_mail", updated!, shop));
      return updated!;
    });
    this.deps.mail.kick();
    return changed;
  }

  /**
   * A new recipient (お届け先) by staff, checked as checkout checks one. The shipping fee follows the
   * new prefecture as at checkout; when it changes, the payment fee (cash on delivery's tiers) and
   * the totals are worked out again — allowed only while the amount may still change (an unpaid bank
   * transfer, cash on delivery not shipped: amountMayChange), refused for a paid order or a card,
   * voucher or PayPay payment, whose amount the gateway holds. A wished date the new address cannot
   * be reached by is refused: the wish is changed first.
   */
  async changeRecipient(order: OrderRow, input: unknown, actor: OrderActor, locale: Locale): Promise<OrderRow> {
    const recipient = await this.deps.checkRecipient(input, locale);
    const shop = await this.deps.shopProfiles.profile();
    // Outside the transaction (PGlite has one connection): what each bottle takes in a box.
    const items = await this.deps.orders.itemsOf(order.id);
    const weights = await this.deps.parcelLinesOf(
      items.flatMap((item) => (item.productId === null ? [] : [item.productId])),
      locale,
    );
    const changed = await this.db.transaction(async (tx) => {
      const current = await lockedChangeable(tx, order.id, locale);
      const view = await this.deps.orders.viewOf(current, tx);
      const newPrefecture = recipient.prefecture;
      if (current.desiredDeliveryDate) {
        const window = windowFor(shop, new Date(), newPrefecture);
        if (window.length > 0 && current.desiredDeliveryDate < window[0]!) throw new DomainError("invalid", "recipientDateUnreachable");
      }
      const parcel: ParcelLine[] = view.items.map((item) => ({
        amount: item.amount,
        shippingType: "normal",
        volumeMl: null,
        ...(item.productId === null ? {} : weights.get(item.productId)),
      }));
      const goodsWithTax = view.totals.items + taxOn(view.totals.items, current.taxRatePercent);
      const oldFee = chargeAmount(view.charges, "shipping");
      const newFee = shippingQuote(parcel, newPrefecture, shop.terms.shipping, goodsWithTax).fee;
      const feeChanged = newFee !== shippingQuote(parcel, deliveryPrefectureOf(current), shop.terms.shipping, goodsWithTax).fee && newFee !== oldFee;
      let price = current.price;
      let taxTotal = current.taxTotal;
      if (feeChanged) {
        if (!amountMayChange(current.status, current.paymentMethod)) {
          // Staff may talk it over with the customer; the member is told to contact the shop.
          throw new DomainError("conflict", actor.kind === "member" ? "recipientFeeChangeContactShop" : "recipientFeeChangeNotAllowed");
        }
        const method = storedPaymentMethod(current.paymentMethod);
        const charges = view.charges.map((charge) => {
          if (charge.kind === "shipping") return { ...charge, amount: newFee };
          // The payment fee is on the goods after discounts + shipping (cash on delivery's tiers), as at checkout.
          if (charge.kind === "payment_fee")
            return { ...charge, amount: method.fee(paymentFeeBase(view.totals.items, view.charges) - oldFee + newFee, shop.terms) };
          return charge;
        });
        const totals = orderTotals(view.items, charges, current.taxRatePercent);
        if (totals.total > ORDER_TOTAL_MAX) throw new DomainError("invalid", "adjustmentTotalTooLarge");
        const refusal = method.refusal({ total: totals.total, terms: shop.terms, locale });
        if (refusal !== null && totals.total > current.price) throw new DomainError("invalid", "adjustmentRefusedByMethod", undefined, [refusal]);
        for (const kind of ["shipping", "payment_fee"] as const) {
          const amount = chargeAmount(charges, kind);
          if (amount !== chargeAmount(view.charges, kind)) {
            await tx.update(orderChargesTable).set({ amount }).where(eqCharge(current.id, kind));
          }
        }
        price = totals.total;
        taxTotal = totals.tax;
      }
      const stored = storedRecipient(recipient);
      const before = recipientText(view);
      const [updated] = await tx
        .update(ordersTable)
        .set({ recipient: stored, price, taxTotal, updatedAt: new Date() })
        .where(eq(ordersTable.id, current.id))
        .returning();
      await copyDeliveryToShipments(tx, updated!, feeChanged ? newFee : undefined);
      if (feeChanged) await repricePayment(tx, updated!);
      const after = await this.deps.orders.viewOf(updated!, tx);
      const fee = feeChanged ? ` 送料 ${oldFee}円 → ${newFee}円(税抜)、合計 ${current.price}円 → ${price}円` : "";
      await record(tx, updated!, actor, `お届け先を変更: ${before.replaceAll("\n", " ")} → ${recipientText(after).replaceAll("\n", " ")}${fee}`);
      await this.deps.mail.enqueue(
        tx,
        updated!.email,
        recipientChangeMail(shop, this.settings.publicUrl, after, { before, feeChanged }),
        mailRecord("status_mail", updated!, shop),
      );
      return updated!;
    });
    this.deps.mail.kick();
    return changed;
  }

  /** The order's gift options, whether they may change and what may be chosen (the checkout's choices). */
  async giftOptions(order: OrderRow, locale: Locale): Promise<GiftChangeOptions> {
    const shop = await this.deps.shopProfiles.profile();
    const refusal = orderChangeRefusal(order);
    const settings = giftSettingsForChange(shop.gift, order.gift);
    const charges = order.gift?.wrapping ? (await this.deps.orders.viewOf(order)).charges : [];
    const fee = wrappingFeeAfter({ wrapping: order.gift?.wrapping ?? false, fee: chargeAmount(charges, "gift_wrapping") }, true, shop.gift.wrappingFee);
    return {
      order_id: order.publicId,
      gift: giftAnswerOf(order.gift),
      changeable: refusal === null,
      reason: refusal === null ? null : ORDER_CHANGE_REFUSALS[refusal][locale],
      settings: {
        wrapping: settings.wrapping,
        noshi: settings.noshi,
        message_card: settings.messageCard,
        hide_prices: settings.hidePrices,
        omotegaki: settings.omotegaki,
      },
      wrapping_price: priceIncludingTax(fee, order.taxRatePercent),
      amount_may_change: amountMayChange(order.status, order.paymentMethod),
    };
  }

  /**
   * New gift options (のし, 名入れ, wrapping, message card, no prices), checked by the checkout's rules
   * against the trader's settings (what the order already has may be kept). Wrapping added or taken
   * off moves its fee line: the payment fee and the totals are worked out again as for a new
   * recipient — allowed only while the amount may still change (amountMayChange), refused otherwise
   * (the member is told to contact the shop). A gift equal to the current one is refused as no change.
   */
  async changeGift(order: OrderRow, input: GiftChangeInput, actor: OrderActor, locale: Locale): Promise<OrderRow> {
    const shop = await this.deps.shopProfiles.profile();
    const changed = await this.db.transaction(async (tx) => {
      const current = await lockedChangeable(tx, order.id, locale);
      const check = checkGift(input, giftSettingsForChange(shop.gift, current.gift), locale);
      if (!check.ok) {
        const fields = Object.fromEntries(Object.entries(check.errors).map(([field, text]) => [field, [text]]));
        throw new DomainError("invalid", undefined, fields, Object.values(check.errors));
      }
      const gift = check.gift;
      if (sameGift(gift, current.gift)) throw new DomainError("invalid", "giftUnchanged");
      const view = await this.deps.orders.viewOf(current, tx);
      const oldFee = chargeAmount(view.charges, "gift_wrapping");
      const newFee = wrappingFeeAfter({ wrapping: current.gift?.wrapping ?? false, fee: oldFee }, gift?.wrapping ?? false, shop.gift.wrappingFee);
      const feeChanged = newFee !== oldFee;
      let price = current.price;
      let taxTotal = current.taxTotal;
      if (feeChanged) {
        if (!amountMayChange(current.status, current.paymentMethod)) {
          // Staff may talk it over with the customer; the member is told to contact the shop.
          throw new DomainError("conflict", actor.kind === "member" ? "giftFeeChangeContactShop" : "giftFeeChangeNotAllowed");
        }
        const method = storedPaymentMethod(current.paymentMethod);
        const kept = view.charges.filter((charge) => charge.kind !== "gift_wrapping");
        const charges: OrderCharge[] = kept.map((charge) =>
          // The payment fee is on the goods after discounts + shipping (cash on delivery's tiers), as at checkout.
          charge.kind === "payment_fee" ? { ...charge, amount: method.fee(paymentFeeBase(view.totals.items, kept), shop.terms) } : charge,
        );
        if (newFee > 0) charges.push(chargeOf("gift_wrapping", newFee, CHARGE_KINDS.gift_wrapping.label));
        const totals = orderTotals(view.items, charges, current.taxRatePercent);
        if (totals.total > ORDER_TOTAL_MAX) throw new DomainError("invalid", "adjustmentTotalTooLarge");
        const refusal = method.refusal({ total: totals.total, terms: shop.terms, locale });
        if (refusal !== null && totals.total > current.price) throw new DomainError("invalid", "adjustmentRefusedByMethod", undefined, [refusal]);
        await rewriteCharges(tx, current.id, charges, ["payment_fee", "gift_wrapping"]);
        price = totals.total;
        taxTotal = totals.tax;
      }
      const [updated] = await tx.update(ordersTable).set({ gift, price, taxTotal, updatedAt: new Date() }).where(eq(ordersTable.id, current.id)).returning();
      // The parcel's copy (the packing instructions the B2 file and the delivery note read).
      await copyDeliveryToShipments(tx, updated!);
      if (feeChanged) await repricePayment(tx, updated!);
      const after = await this.deps.orders.viewOf(updated!, tx);
      const fee = feeChanged ? ` ラッピング料 ${oldFee}円 → ${newFee}円(税抜)、合計 ${current.price}円 → ${price}円` : "";
      await record(tx, updated!, actor, `ギフト設定を変更: ${giftText(current.gift, "ja")} → ${giftText(gift, "ja")}${fee}`);
      const mail = giftChangeMail(shop, this.settings.publicUrl, after, { before: giftText(current.gift, updated!.locale), feeChanged });
      await this.deps.mail.enqueue(tx, updated!.email, mail, mailRecord("status_mail", updated!, shop));
      return updated!;
    });
    this.deps.mail.kick();
    return changed;
  }
}

/** Where the parcel goes: the recipient's prefecture when there is one, else the buyer's (as checkout). */
function deliveryPrefectureOf(order: Pick<OrderRow, "recipient" | "prefecture">): number | null {
  return order.recipient ? order.recipient.prefecture : order.prefecture;
}

/** The checkout's window: the dates a parcel shipped from now can arrive at the prefecture, up to 8 days ahead. */
function windowFor(shop: ShopProfile, now: Date, prefecture: number | null): string[] {
  const days = { ...shop.deliveryCalendar, closedDates: shop.businessHolidays, isHoliday: isJapaneseHoliday };
  return deliveryWindow(japanDateTimeOf(now), days, transitDaysTo(prefecture, shop.terms.shipping));
}

/** The order's row, locked, and still changeable; a 409 with the reason otherwise. */
async function lockedChangeable(tx: Database, orderId: number, locale: Locale): Promise<OrderRow> {
  const [current] = await tx.select().from(ordersTable).where(eq(ordersTable.id, orderId)).for("update");
  if (!current) throw new DomainError("not-found");
  const refusal = orderChangeRefusal(current);
  if (refusal !== null) throw new DomainError("conflict", undefined, undefined, [ORDER_CHANGE_REFUSALS[refusal][locale]]);
  return current;
}

/** Refuses the wish with each problem under its field; `beforeRelease` (a pre-order's sentence) stands for the date's own problems. */
function throwProblems(problems: DeliveryWishProblem[], locale: Locale, beforeRelease: string | null = null): void {
  const fields: Record<string, string[]> = {};
  if (beforeRelease !== null) fields.desired_delivery_date = [beforeRelease];
  for (const problem of problems) {
    if (beforeRelease !== null && problem.field === "desired_delivery_date") continue;
    (fields[problem.field] ??= []).push(deliveryWishProblemText(problem, locale));
  }
  if (Object.keys(fields).length === 0) return;
  throw new DomainError("invalid", undefined, fields, Object.values(fields).flat());
}

/** The latest release date among the order's pre-order parcels not yet shipped (decision 088); null: none. */
async function preorderReleaseOf(db: Database, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ latest: max(orderShipmentsTable.shipsOn) })
    .from(orderShipmentsTable)
    .where(and(eq(orderShipmentsTable.orderId, orderId), isNotNull(orderShipmentsTable.shipsOn), inArray(orderShipmentsTable.state, ["waiting", "ready"])));
  return row?.latest ?? null;
}

/** The change in the order's history: the status stays, the note says what changed and who asked. */
async function record(tx: Database, order: OrderRow, actor: OrderActor, note: string): Promise<void> {
  await tx
    .insert(orderHistoryTable)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: order.status, actorKind: actor.kind, actorId: actor.id ?? null, note });
}

function eqCharge(orderId: number, kind: string) {
  return and(eq(orderChargesTable.orderId, orderId), eq(orderChargesTable.kind, kind));
}
