import { pointsToUseOf } from "../../domain/points.ts";
import type { z } from "zod";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../../domain/account.ts";
import type { AddressInput } from "../../domain/address.ts";
import type { OrderPaymentMethod } from "../../domain/checkout.ts";
import type { checkoutPayloadSchema } from "../../domain/checkout.ts";
import { ORDER_BIRTH_DATE_MESSAGES, judgeOrderBirthDate } from "../../domain/age-gate.ts";
import { INVALID_CHARACTERS } from "../../domain/input-rules.ts";
import { formatDeliveryDate } from "../../domain/delivery-calendar.ts";
import type { GiftOptions, GiftSettings } from "../../domain/gift.ts";
import { checkGift, defaultGiftSettings } from "../../domain/gift.ts";
import type { CalendarDate } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import type { PaymentMethodChoice } from "../../domain/payment-methods/payment-method.ts";
import type { RecipientInput } from "../../domain/recipient.ts";
import { isPhoneNumber, phoneAsStored } from "../../domain/recipient.ts";
import { isKanaName, katakanaOf } from "../../domain/kana.ts";
import { paymentMethodChoice } from "../../domain/payment-methods/payment-method.registry.ts";
import { DomainError } from "../../domain/errors.ts";
import type { ValidatedAttribute, ValidationKind } from "../i18n/validation.ts";
import { fullValidationMessage } from "../i18n/validation.ts";
import { checkoutText } from "./checkout.texts.ts";

export type CheckoutPayloadValue = z.output<typeof checkoutPayloadSchema>;

/** The order form once checked: what the order is written from (prices come from the catalogue). */
export interface CheckoutOrderInput {
  items: { id: number; amount: number }[];
  choice: PaymentMethodChoice;
  paymentMethod: OrderPaymentMethod;
  /** The card the browser tokenised (credit); registered_credit uses the member's saved card. */
  cardPaymentMethodId: string | null;
  name: string;
  email: string;
  phone: string;
  /** The buyer's address (ご依頼主). */
  address: AddressInput;
  /** お届け先 when the parcel goes to someone else; null: to the buyer. */
  recipient: RecipientInput | null;
  /**
   * Where the parcel goes: the recipient's prefecture when there is one, else the buyer's. The
   * shipping fee and the delivery calendar follow this one.
   */
  deliveryPrefecture: number | null;
  desiredDeliveryDate: string | null;
  desiredDeliveryTimezone: string | null;
  memo: string;
  /** The gift options chosen (gift.ts), null for none. */
  gift: GiftOptions | null;
  /** yyyy-mm-dd, 20 or over on the order day in Japan. */
  birthDate: string;
  /** The coupon code typed (checked in the order's transaction, coupons/), null for none. */
  couponCode: string | null;
  /** Further codes typed with it (coupon_codes, decision 086), as typed, blanks left out but their places kept for the fields' keys. */
  extraCouponCodes?: readonly { field: string; code: string }[];
  /** Whole points to use (decision 089), 0 for none; checked against the balance in the order's transaction. */
  usePoints: number;
  /**
   * Several destinations (decision 087), each with its bottles out of `items`; null: one parcel,
   * described by recipient, the wish and gift above. When set, those top-level fields are the first
   * destination's (the order's own columns keep the first shipment's copy).
   */
  destinations: DestinationInput[] | null;
}

/** One destination of an order sent to several, once checked. */
export interface DestinationInput {
  /** null: to the buyer. */
  recipient: RecipientInput | null;
  items: { id: number; amount: number }[];
  /** Where it goes (the recipient's or the buyer's prefecture): its fee and its calendar follow it. */
  prefecture: number | null;
  desiredDeliveryDate: string | null;
  desiredDeliveryTimezone: string | null;
  gift: GiftOptions | null;
}

/**
 * Field messages keyed as the checkout page reads them: name, email, phone, address.zip, …,
 * desired_delivery_date, payment_method, payment (the card).
 */
export class CheckoutFieldErrors {
  readonly fields: Record<string, string[]> = {};
  constructor(readonly locale: Locale) {}

  add(key: string, message: string): void {
    (this.fields[key] ??= []).push(message);
  }

  addKind(key: string, attribute: ValidatedAttribute, kind: ValidationKind, params: { count?: number } = {}): void {
    this.add(key, fullValidationMessage(this.locale, attribute, kind, params));
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  failure(): DomainError {
    return new DomainError("invalid", undefined, this.fields, Object.values(this.fields).flat());
  }
}

const TOP_FIELDS = new Set(["name", "email", "phone", "memo", "payment_method", "desired_delivery_date", "desired_delivery_timezone", "birth_date"]);
const ADDRESS_FIELDS = new Set(["country", "zip", "prefecture", "address", "building_name"]);
const RECIPIENT_ATTRIBUTES: Record<string, ValidatedAttribute> = { name: "recipient_name", phone: "recipient_phone", kana: "recipient_kana" };

/** The further coupon codes (coupon_codes, decision 086), each with the field its refusal goes under; blanks dropped. */
function extraCouponCodesOf(payload: { coupon_codes?: readonly string[] | undefined }): { field: string; code: string }[] {
  return (payload.coupon_codes ?? []).flatMap((code, index) => (code.trim() === "" ? [] : [{ field: `coupon_codes.${index}`, code: code.trim() }]));
}

/** A failed check of `checkoutPayloadSchema` (declared on the route), as zod reported it. */
export interface CheckoutPayloadIssue {
  code: string;
  path: string[];
  message: string;
  maximum?: unknown;
  input?: unknown;
}

/** The body as the route's declared schema (`checkoutPayloadSchema`) read it: the payload, or what failed. */
export type CheckoutPayload = { ok: true; value: CheckoutPayloadValue } | { ok: false; issues: CheckoutPayloadIssue[] };

/**
 * Why the body is no order form (the API contract's Order payload). A field of the wrong type or length gets its
 * field message (422); anything else that cannot be an order form — items, ids — is a bad request (400).
 */
export function checkoutPayloadFailure(issues: CheckoutPayloadIssue[], locale: Locale): DomainError | "bad_request" {
  const errors = new CheckoutFieldErrors(locale);
  for (const issue of issues) {
    if (issue.path[0] === "shipments") {
      const outcome = shipmentIssue(issue, errors);
      if (outcome === "bad_request") return "bad_request";
      continue;
    }
    const [head, tail] = issue.path;
    // The card's payment method id is reported on the card field ("payment"), as a missing card is.
    const attribute =
      head === "address" && tail && ADDRESS_FIELDS.has(tail)
        ? tail
        : head === "recipient" && tail && (ADDRESS_FIELDS.has(tail) || RECIPIENT_ATTRIBUTES[tail])
          ? (RECIPIENT_ATTRIBUTES[tail] ?? tail)
          : head === "payment" && tail === "payment_method_id"
            ? "payment_method"
            : head && TOP_FIELDS.has(head)
              ? head
              : undefined;
    if (!attribute) return "bad_request";
    const key = head === "address" || head === "recipient" ? `${head}.${tail}` : head === "payment" ? "payment" : attribute;
    if (errors.fields[key]) continue;
    if (issue.code === "custom" && issue.message === INVALID_CHARACTERS) errors.addKind(key, attribute as ValidatedAttribute, INVALID_CHARACTERS);
    else if (issue.code === "too_big" && typeof issue.maximum === "number")
      errors.addKind(key, attribute as ValidatedAttribute, "too_long", { count: issue.maximum });
    else if (issue.code === "invalid_type" && issue.input === undefined) errors.addKind(key, attribute as ValidatedAttribute, "blank");
    else errors.addKind(key, attribute as ValidatedAttribute, attribute === "payment_method" ? "inclusion" : "invalid");
  }
  return errors.failure();
}

/** A failed check inside `shipments`: keyed shipments.3.recipient.zip, shipments.3.desired_delivery_date, or shipments (too many). */
function shipmentIssue(issue: CheckoutPayloadIssue, errors: CheckoutFieldErrors): "bad_request" | "added" {
  const [, index, field, tail] = issue.path.map(String);
  if (index === undefined) {
    if (issue.code === "too_big" && typeof issue.maximum === "number") {
      errors.add("shipments", checkoutText("shipmentsTooMany", errors.locale, { max: issue.maximum }));
      return "added";
    }
    return "bad_request";
  }
  const attribute =
    field === "recipient" && tail && (ADDRESS_FIELDS.has(tail) || RECIPIENT_ATTRIBUTES[tail])
      ? (RECIPIENT_ATTRIBUTES[tail] ?? tail)
      : field === "desired_delivery_date" || field === "desired_delivery_timezone"
        ? field
        : undefined;
  if (!attribute || !/^\d+$/.test(index)) return "bad_request";
  const key = field === "recipient" ? `shipments.${index}.recipient.${tail}` : `shipments.${index}.${field}`;
  if (errors.fields[key]) return "added";
  if (issue.code === "custom" && issue.message === INVALID_CHARACTERS) errors.addKind(key, attribute as ValidatedAttribute, INVALID_CHARACTERS);
  else if (issue.code === "too_big" && typeof issue.maximum === "number")
    errors.addKind(key, attribute as ValidatedAttribute, "too_long", { count: issue.maximum });
  else if (issue.code === "invalid_type" && issue.input === undefined) errors.addKind(key, attribute as ValidatedAttribute, "blank");
  else errors.addKind(key, attribute as ValidatedAttribute, "invalid");
  return "added";
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

export interface CheckoutValidationContext {
  locale: Locale;
  /** Today's date in Japan (the buyer's age is counted to it). */
  todayInJapan: CalendarDate;
  /** The wishable dates for a delivery to the prefecture (null: abroad or none), from the shop's calendar now. */
  deliveryDates: (prefecture: number | null) => string[];
  timeBandCodes: string[];
  signedIn: boolean;
  hasSavedCard: boolean;
  /** The address rules of /api/address (shared rules plus the known-country check); throws DomainError with fields. */
  validateAddress: (input: unknown) => AddressInput;
  /** The trader's gift settings: what may be chosen (the defaults when not given). */
  giftSettings?: GiftSettings;
  /**
   * An order staff enter (decision 081): the customer may have no e-mail (a FAX customer), and a
   * card is paid later through a link, so none is asked for here. Every other rule is the same.
   */
  enteredByStaff?: boolean;
}

/** Every field is checked, so the page can show all its messages at once. */
export function validateCheckout(payload: CheckoutPayloadValue, context: CheckoutValidationContext): CheckoutOrderInput {
  const { locale } = context;
  const errors = new CheckoutFieldErrors(locale);
  const name = oneLine(payload.name);
  const email = oneLine(payload.email);
  const phone = oneLine(payload.phone);
  if (!name) errors.addKind("name", "name", "blank");
  if (!email) {
    if (!context.enteredByStaff) errors.addKind("email", "email", "blank");
  } else if (email.length > EMAIL_MAX_LENGTH) errors.addKind("email", "email", "too_long", { count: EMAIL_MAX_LENGTH });
  else if (!EMAIL_PATTERN.test(email)) errors.addKind("email", "email", "invalid");
  if (!phone) errors.addKind("phone", "phone", "blank");
  else if (!isPhoneNumber(phone)) errors.addKind("phone", "phone", "invalid");

  let address: AddressInput | undefined;
  try {
    address = context.validateAddress(payload.address);
  } catch (error) {
    if (!(error instanceof DomainError) || !error.fields) throw error;
    for (const [field, messages] of Object.entries(error.fields)) for (const text of messages) errors.add(`address.${field}`, text);
  }

  const recipient = payload.recipient ? checkRecipient(payload.recipient, context, errors) : null;

  const date = payload.desired_delivery_date.trim();
  // The window follows where the parcel goes (the recipient's address when there is one): the first day it can arrive there (delivery-calendar.ts).
  const window = date ? context.deliveryDates((payload.recipient ? recipient?.prefecture : address?.prefecture) ?? null) : [];
  if (date && !window.includes(date)) {
    errors.add(
      "desired_delivery_date",
      window.length === 0
        ? checkoutText("deliveryDateNone", locale)
        : checkoutText("deliveryDateOutside", locale, { first: formatDeliveryDate(window[0]!), last: formatDeliveryDate(window.at(-1)!) }),
    );
  }
  const timezone = payload.desired_delivery_timezone.trim();
  if (timezone && !context.timeBandCodes.includes(timezone)) errors.addKind("desired_delivery_timezone", "desired_delivery_timezone", "inclusion");

  const birthDate = payload.birth_date.trim();
  const age = judgeOrderBirthDate(birthDate, context.todayInJapan);
  if (age !== "adult") errors.add("birth_date", ORDER_BIRTH_DATE_MESSAGES[age][locale]);

  const choice = payload.payment_method;
  const method = paymentMethodChoice(choice);
  const cardPaymentMethodId = payload.payment.payment_method_id?.trim() || null;
  if (method.checkoutInput === "saved_card" && !(context.signedIn && context.hasSavedCard))
    errors.add("payment_method", checkoutText("registeredCardMissing", locale));
  if (method.checkoutInput === "card" && !cardPaymentMethodId && !context.enteredByStaff) errors.add("payment", checkoutText("cardMissing", locale));

  const gift = checkGift(payload.gift, context.giftSettings ?? defaultGiftSettings(), locale);
  if (!gift.ok) for (const [key, message] of Object.entries(gift.errors)) errors.add(key, message);

  const ids = payload.items.map((item) => item.id);
  if (new Set(ids).size !== ids.length) errors.add("items", checkoutText("itemDuplicated", locale));

  const destinations = payload.shipments ? checkDestinations(payload, address, context, errors) : null;
  // The carrier collects one order's total on one parcel: several destinations are paid otherwise (decision 087).
  if (payload.shipments && payload.shipments.length > 1 && method.exports.b2CollectsTotal)
    errors.add("payment_method", checkoutText("shipmentsCashOnDelivery", locale));

  const usePoints = pointsToUseOf(payload.use_points, locale);
  if (typeof usePoints !== "number") errors.add("use_points", usePoints.message);

  if (!errors.empty || !address || (payload.recipient && !recipient) || (payload.shipments && !destinations)) throw errors.failure();
  // What the order takes from the form whether its bottles go to one destination or to several.
  const order = {
    items: payload.items.map((item) => ({ id: item.id, amount: item.amount })),
    choice,
    paymentMethod: method.stored,
    cardPaymentMethodId: method.checkoutInput === "card" ? cardPaymentMethodId : null,
    name,
    email,
    // Half-width as carriers and the B2 file take it (「０３－１２３４－５６７８」 → 03-1234-5678).
    phone: phoneAsStored(phone),
    address,
    // Line breaks are kept; Windows ones made plain.
    memo: payload.memo.replace(/\r\n?/g, "\n").trim(),
    birthDate,
    couponCode: (payload.coupon_code ?? "").trim() || null,
    extraCouponCodes: extraCouponCodesOf(payload),
    usePoints: usePoints as number,
  };
  const first = destinations?.[0];
  if (first) {
    // The order's own columns keep the first destination's copy (decision 076's first shipment).
    return {
      ...order,
      recipient: first.recipient,
      deliveryPrefecture: first.prefecture,
      desiredDeliveryDate: first.desiredDeliveryDate,
      desiredDeliveryTimezone: first.desiredDeliveryTimezone,
      gift: first.gift,
      destinations,
    };
  }
  return {
    ...order,
    recipient,
    deliveryPrefecture: recipient ? recipient.prefecture : address.prefecture,
    desiredDeliveryDate: date || null,
    desiredDeliveryTimezone: timezone || null,
    gift: gift.ok ? gift.gift : null,
    destinations: null,
  };
}

/**
 * Each destination as one parcel is checked: its recipient, its wish against the calendar of its
 * prefecture, its gift options; messages keyed shipments.3.recipient.zip, shipments.3.gift.noshi.name…
 * Together the destinations assign every bottle of the order's items. Null when anything failed.
 */
function checkDestinations(
  payload: CheckoutPayloadValue,
  buyer: AddressInput | undefined,
  context: CheckoutValidationContext,
  errors: CheckoutFieldErrors,
): DestinationInput[] | null {
  const { locale } = context;
  const shipments = payload.shipments ?? [];
  const before = Object.keys(errors.fields).length;
  // The top-level parcel fields say nothing with several destinations: refused rather than dropped.
  const topLevel =
    payload.recipient ||
    payload.desired_delivery_date.trim() ||
    payload.desired_delivery_timezone.trim() ||
    (payload.gift !== undefined && payload.gift !== null);
  if (topLevel) errors.add("shipments", checkoutText("shipmentsTopLevel", locale));
  const destinations = shipments.map((shipment, index) => checkDestination(shipment, `shipments.${index}`, buyer?.prefecture ?? null, context, errors));
  // Every bottle ordered goes somewhere, and nowhere twice.
  const ordered = new Map(payload.items.map((item) => [item.id, item.amount]));
  const assigned = new Map<number, number>();
  for (const shipment of shipments) for (const item of shipment.items) assigned.set(item.id, (assigned.get(item.id) ?? 0) + item.amount);
  if ([...assigned.keys()].some((id) => !ordered.has(id))) errors.add("shipments", checkoutText("shipmentsItemUnknown", locale));
  else if ([...ordered].some(([id, amount]) => assigned.get(id) !== amount)) errors.add("shipments", checkoutText("shipmentsUnassigned", locale));
  return Object.keys(errors.fields).length > before ? null : destinations;
}

/** One destination's recipient, wish (against the calendar of its prefecture), time band and gift; messages keyed `${prefix}.recipient.zip`… */
function checkDestination(
  shipment: NonNullable<CheckoutPayloadValue["shipments"]>[number],
  prefix: string,
  buyerPrefecture: number | null,
  context: CheckoutValidationContext,
  errors: CheckoutFieldErrors,
): DestinationInput {
  const { locale } = context;
  const recipient = shipment.recipient ? checkRecipient(shipment.recipient, context, errors, `${prefix}.recipient`) : null;
  const prefecture = shipment.recipient ? (recipient?.prefecture ?? null) : buyerPrefecture;
  const date = shipment.desired_delivery_date.trim();
  const window = date && (recipient || !shipment.recipient) ? context.deliveryDates(prefecture) : [];
  if (date && !window.includes(date)) {
    errors.add(
      `${prefix}.desired_delivery_date`,
      window.length === 0
        ? checkoutText("deliveryDateNone", locale)
        : checkoutText("deliveryDateOutside", locale, { first: formatDeliveryDate(window[0]!), last: formatDeliveryDate(window.at(-1)!) }),
    );
  }
  const timezone = shipment.desired_delivery_timezone.trim();
  if (timezone && !context.timeBandCodes.includes(timezone)) errors.addKind(`${prefix}.desired_delivery_timezone`, "desired_delivery_timezone", "inclusion");
  const gift = checkGift(shipment.gift, context.giftSettings ?? defaultGiftSettings(), locale);
  if (!gift.ok) for (const [key, message] of Object.entries(gift.errors)) errors.add(`${prefix}.${key}`, message);
  const ids = shipment.items.map((item) => item.id);
  if (new Set(ids).size !== ids.length) errors.add(`${prefix}.items`, checkoutText("itemDuplicated", locale));
  return {
    recipient,
    items: shipment.items.map((item) => ({ id: item.id, amount: item.amount })),
    prefecture,
    desiredDeliveryDate: date || null,
    desiredDeliveryTimezone: timezone || null,
    gift: gift.ok ? gift.gift : null,
  };
}

/**
 * The destinations of an uploaded list checked as checkout will check them (each recipient, wish,
 * time band and gift), before anything is ordered: the messages keyed shipments.3.recipient.zip…
 * Empty when all pass.
 */
export function destinationsFieldErrors(
  shipments: NonNullable<CheckoutPayloadValue["shipments"]>,
  context: CheckoutValidationContext,
): Record<string, string[]> {
  const errors = new CheckoutFieldErrors(context.locale);
  shipments.forEach((shipment, index) => checkDestination(shipment, `shipments.${index}`, null, context, errors));
  return errors.fields;
}

/**
 * お届け先: name and phone as the buyer's are checked, the address by the address rules; messages
 * under recipient.name, recipient.phone, recipient.zip, … Null when any field failed.
 */
function checkRecipient(
  input: NonNullable<CheckoutPayloadValue["recipient"]>,
  context: CheckoutValidationContext,
  errors: CheckoutFieldErrors,
  prefix = "recipient",
): RecipientInput | null {
  const name = oneLine(input.name);
  const phone = oneLine(input.phone);
  const before = Object.keys(errors.fields).length;
  if (!name) errors.addKind(`${prefix}.name`, "recipient_name", "blank");
  if (!phone) errors.addKind(`${prefix}.phone`, "recipient_phone", "blank");
  else if (!isPhoneNumber(phone)) errors.addKind(`${prefix}.phone`, "recipient_phone", "invalid");
  // フリガナ is optional; given, it is kana only and kept as full-width katakana.
  const kana = oneLine(input.kana ?? "");
  if (kana && !isKanaName(kana)) errors.addKind(`${prefix}.kana`, "recipient_kana", "not_kana");
  let address: AddressInput | undefined;
  try {
    address = context.validateAddress({
      country: input.country,
      zip: input.zip,
      prefecture: input.prefecture,
      address: input.address,
      building_name: input.building_name,
    });
  } catch (error) {
    if (!(error instanceof DomainError) || !error.fields) throw error;
    for (const [field, messages] of Object.entries(error.fields)) for (const text of messages) errors.add(`${prefix}.${field}`, text);
  }
  if (!address || Object.keys(errors.fields).length > before) return null;
  return { name, phone: phoneAsStored(phone), ...address, ...(kana ? { kana: katakanaOf(kana) } : {}) };
}

/**
 * A recipient (お届け先) form on its own, as checkout checks one: staff's change of an order's
 * recipient before shipping (decision 074). Messages under recipient.name, recipient.zip, …; throws
 * the 422's DomainError when any field failed.
 */
export function validateRecipientForm(input: unknown, context: Pick<CheckoutValidationContext, "locale" | "validateAddress">): RecipientInput {
  const form = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const errors = new CheckoutFieldErrors(context.locale);
  const recipient = checkRecipient(
    {
      name: text(form.name),
      phone: text(form.phone),
      kana: text(form.kana),
      country: form.country,
      zip: form.zip,
      prefecture: form.prefecture,
      address: form.address,
      building_name: form.building_name,
    } as NonNullable<CheckoutPayloadValue["recipient"]>,
    context as CheckoutValidationContext,
    errors,
  );
  if (!recipient || !errors.empty) throw errors.failure();
  return recipient;
}
