import { KANA_NAME_MAX_LENGTH } from "./kana.ts";
import { z } from "./zod.ts";
import { MAX_DESTINATIONS } from "./destinations.ts";
import { MAX_COUPONS_PER_ORDER } from "./coupons.ts";
import { formObject } from "./field-rules.ts";
import { lineText, multilineText, recordIdSchema } from "./input-rules.ts";
import type { GiftAnswer } from "./gift.ts";
import type { PaymentInstructions } from "./payment-methods/payment-method.ts";
import { isPaymentMethodChoice } from "./payment-methods/payment-method.registry.ts";

/**
 * The checkout and order-history API contract (Order payload, Checkout response,
 * Order, OrderItem; POST /api/checkout, GET /api/orders), shared by the server's routes and the pages.
 * Field rules beyond shape (blank, formats, delivery window, address) are checked by the server and
 * answered as 422 with field messages; the schema here only keeps out what cannot be a checkout.
 */

/** Far above any order; a larger amount is a mistake or a probe, not a cart. */
export const MAX_FEE_PRICE = 1_000_000_000;

/**
 * POST /api/fee's { price } (items + shipping in yen) as a number or a form's text; only plain
 * decimals count ("0x10" or "1e3" are not prices). Kinds in field-messages.ts' words, as the contract's 422.
 */
export const feeRequestSchema = formObject({
  price: z
    .unknown()
    .optional()
    .transform((raw, context) => {
      const text = typeof raw === "string" ? raw.trim() : raw;
      const value = typeof text === "string" && text !== "" ? (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN) : text;
      const problem = (message: string, count?: number) => {
        context.addIssue({ code: "custom", message, ...(count === undefined ? {} : { params: { count } }) });
        return z.NEVER;
      };
      if (value === undefined || value === null || value === "") return problem("blank");
      if (typeof value !== "number" || !Number.isFinite(value)) return problem("not_a_number");
      if (!Number.isInteger(value)) return problem("not_an_integer");
      if (value < 0) return problem("greater_than_or_equal_to", 0);
      if (value > MAX_FEE_PRICE) return problem("less_than_or_equal_to", MAX_FEE_PRICE);
      return value;
    }),
});

/** One line of the cart copy the purchase button stored. Prices are never sent. */
export const checkoutItemSchema = z.object({
  // A number, or the string id the JSON:API answers (GET /api/carts) carry.
  id: recordIdSchema,
  amount: z.number().int().min(1).max(999),
});

export const checkoutAddressSchema = z.object({
  country: lineText(2),
  zip: lineText(20),
  /** 1–47 for a Japanese address (required there, as on /mypage/address); null elsewhere. */
  prefecture: z.union([z.number(), lineText(2), z.null()]).optional(),
  address: lineText(255),
  building_name: lineText(255).optional().default(""),
});

/** お届け先: a name, a phone and an address (the prefecture may be left out: taken from the postcode). */
export const checkoutRecipientSchema = checkoutAddressSchema.extend({
  name: multilineText(100),
  phone: multilineText(30),
  country: lineText(2).optional().default("jp"),
  kana: lineText(KANA_NAME_MAX_LENGTH).optional(),
});

/**
 * One destination of an order sent to several (decision 087): its recipient (absent or null: the
 * buyer), its bottles out of the order's items, its delivery wish and its gift options (gift.ts's
 * GiftPayload, checked against the trader's settings by the server).
 */
export const checkoutShipmentSchema = z.object({
  recipient: checkoutRecipientSchema.nullish(),
  items: z.array(checkoutItemSchema).min(1).max(50),
  desired_delivery_date: lineText(10).optional().default(""),
  desired_delivery_timezone: lineText(20).optional().default(""),
  gift: z.unknown().optional(),
});

/**
 * POST /api/checkout with header Idempotency-Key. The first post carries `payment.payment_method_id`
 * for credit (the id the gateway's script created in the browser); registered_credit, bank and cod
 * carry no payment. After a 3-D Secure challenge the browser posts the same payload again with
 * `payment_intent_id` and `order_id`, under the same key.
 */
export const checkoutPayloadSchema = z.object({
  items: z.array(checkoutItemSchema).min(1).max(50),
  memo: multilineText(1000).optional().default(""),
  payment: z
    // The gateway's ids are letters, digits and underscores (pm_…); anything else is refused before an order holds bottles.
    .object({
      payment_method_id: z
        .string()
        .max(255)
        .regex(/^\s*[A-Za-z0-9_]*\s*$/)
        .optional(),
    })
    .optional()
    .default({}),
  address: checkoutAddressSchema,
  /**
   * お届け先 when the parcel goes to someone else (absent or null: to the buyer, the contract's payload).
   * The prefecture may be left out: it is taken from the postcode or the address's text.
   */
  recipient: checkoutRecipientSchema.nullish(),
  // One of the registry's checkout choices; an unknown one gets the field's "inclusion" message.
  payment_method: z.string().refine(isPaymentMethodChoice),
  // Line breaks in these one-line fields are folded into spaces by the server's checks (a pasted name).
  name: multilineText(100),
  email: multilineText(255),
  phone: multilineText(30),
  /** yyyy-MM-dd, or "" for no wish. */
  desired_delivery_date: lineText(10).optional().default(""),
  /** A time-band code from GET /api/timezones, or "" for unspecified. */
  desired_delivery_timezone: lineText(20).optional().default(""),
  /** yyyy-mm-dd: the buyer's date of birth, the law's age field on the order form (decision 036). Required; "" is refused by the checks. */
  birth_date: lineText(10).optional().default(""),
  payment_intent_id: lineText(255).optional(),
  order_id: lineText(40).optional(),
  /**
   * Gift options (issue #18; gift.ts's GiftPayload): wrapping, noshi { omotegaki, placement, name },
   * message_card, hide_prices. Absent or null is no gift; checked by the server against the settings.
   */
  gift: z.unknown().optional(),
  /** A coupon code as typed (decision 086); "" or absent: none. */
  coupon_code: lineText(40).optional().default(""),
  /**
   * Further coupon codes applied with `coupon_code` (decision 086): only when every coupon typed is
   * combinable (「他のクーポンと併用可」); refusals are keyed coupon_codes.0, coupon_codes.1…
   */
  coupon_codes: z
    .array(lineText(40))
    .max(MAX_COUPONS_PER_ORDER - 1)
    .optional()
    .default([]),
  /** Points to use, whole points as typed (decision 089); "" or absent: none. Checked against the balance in the order's transaction. */
  use_points: lineText(12).optional().default(""),
  /**
   * Several destinations (decision 087), up to MAX_DESTINATIONS: each assigns some of `items` to a
   * recipient; together they assign every bottle of `items`. With them the top-level recipient, wish
   * and gift are left out (each destination has its own). Absent: one parcel, the contract's payload.
   */
  shipments: z.array(checkoutShipmentSchema).min(1).max(MAX_DESTINATIONS).optional(),
});
export type CheckoutPayload = z.input<typeof checkoutPayloadSchema>;

/** 200 answer of POST /api/checkout (the API contract's Checkout response). */
export interface CheckoutResponse {
  require_action: boolean;
  /** Only with require_action: what the gateway's script needs for the 3-D Secure challenge. */
  payment_intent_client_secret?: string;
  /** Only with require_action: the page where the shopper approves the payment (a wallet such as PayPay). */
  redirect_url?: string;
  /** A placed order paid elsewhere later (konbini): what the shopper needs to pay it. */
  payment_instructions?: PaymentInstructions;
  order_id: string;
}

/**
 * 422 answer when the cart cannot be bought as it is: `errors` has one entry
 * per item of the payload, in its order. `message` is null for an item that is fine; `inventory` is
 * how many of it can still be bought (0 when sold out or unpublished), present when the amount was the
 * problem, and the page sets that item's amount to it.
 */
export interface CheckoutItemError {
  id: number;
  message: string | null;
  inventory?: number;
}
export interface CheckoutItemsRejected {
  errors: CheckoutItemError[];
  items_rejected: true;
}

/**
 * 402 answer when the card did not pay: the gateway's message for
 * the shopper in `errors`, the gateway's `code` (card_declined, expired_card, incorrect_cvc,
 * payment_intent_authentication_failure after a failed 3-D Secure challenge, authentication_required)
 * or `expired` when the payment was not completed within the reservation, or `payment_failed`.
 * The order is cancelled; a new attempt needs a new Idempotency-Key.
 */
export interface CheckoutPaymentFailed {
  errors: string[];
  code: string;
  payment_failed: true;
  order_id: string;
}

/** Order statuses. `pending` = card payment awaiting 3-D Secure; `cancelled` = abandoned, failed or cancelled by the trader. */
export const ORDER_STATUSES = ["pending", "await_payment", "deposited", "sent", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * What an order stores as its payment method (registered_credit is stored as credit): the `stored`
 * of a handler in payment-methods/payment-method.registry.ts, free text so a new method needs no migration.
 */
export type OrderPaymentMethod = string;

/** One order as GET /api/orders lists it (JSON:API-like: id plus attributes, the API contract's Order). */
export interface OrderResource {
  id: string;
  attributes: {
    created_at: string;
    status: OrderStatus;
    payment_method: OrderPaymentMethod;
    /** Total paid, yen, tax and fees included. */
    price: number;
    /** Derived from the charge lines, as the contract names them. */
    shipping_fee: number;
    payment_method_fee: number;
    /** Every charge line of the order (shipping, the payment fee, any later kind), label in the asked language. */
    charges: { kind: string; label: string; amount: number; taxable: boolean }[];
    /** How to pay a method paid elsewhere (konbini), only while the order awaits it (absent otherwise). */
    payment_instructions?: PaymentInstructions;
    tax_total: number;
    /** Tax per rate (decision 036), highest rate first; sums to tax_total. */
    taxes: { rate: number; base: number; tax: number }[];
    slip_number: string | null;
    /** The carrier of the shipment (carriers.ts) and its name in the asked language; null until shipped. */
    carrier?: string | null;
    carrier_label?: string | null;
    /** The carrier's tracking page for the slip number; null until shipped. */
    tracking_url?: string | null;
    /** The gift options chosen, or null for none. */
    gift?: GiftAnswer | null;
    /** yyyy-MM-dd or null. */
    desired_delivery_date: string | null;
    /** Time-band code or null; `desired_delivery_timezone_label` is its label in the request's locale. */
    desired_delivery_timezone: string | null;
    desired_delivery_timezone_label: string | null;
    memo: string;
    /** Who ordered (ご依頼主): the name given at checkout, shown above a gift's own お届け先. */
    name: string;
    /** `address` starts with the prefecture's name for a Japanese address (the form keeps it apart). */
    address: { country: string; zip: string; address: string; building_name: string };
    /** お届け先 when the parcel goes to someone else (address one line, prefecture first); null when to the buyer. */
    recipient: { name: string; phone: string; country: string; zip: string; prefecture: number | null; address: string; building_name: string } | null;
    order_items: {
      id: number;
      /** null once the trader deleted the product; name and price are the order's copies. */
      product_id: number | null;
      /** Tax rate in percent applied to the item (8 for a reduced-rate item). */
      tax: number;
      /** Taxed at the reduced rate: shown with ※. */
      reduced: boolean;
      /** Price before tax of one bottle at the time of the order. */
      unit_price: number;
      amount: number;
      product: { name: string; images: string[] };
      /** 予約商品 (decision 088): the release date (yyyy-mm-dd, Japan) it ships on; absent when sold from stock. */
      ships_on?: string;
    }[];
    /**
     * Several destinations (decision 087), in order: each with its recipient (null: the buyer), wish,
     * gift, fee (before tax) and bottles. Absent on an order with one parcel, whose fields above say it.
     */
    shipments?: {
      position: number;
      recipient: { name: string; phone: string; country: string; zip: string; prefecture: number | null; address: string; building_name: string } | null;
      desired_delivery_date: string | null;
      desired_delivery_timezone: string | null;
      desired_delivery_timezone_label: string | null;
      gift: GiftAnswer | null;
      fee: number;
      slip_number: string | null;
      /** Each parcel's own state (decision 091): a parcel ships on its own, the order is sent when the last has left. */
      state: "waiting" | "ready" | "shipped" | "delivered" | "returned";
      /** The state in the answer's language. */
      state_label: string;
      carrier_label: string | null;
      /** The carrier's tracking page for its slip; null until it ships. */
      tracking_url: string | null;
      lines: { order_item_id: number; name: string; amount: number }[];
    }[];
  };
}

export interface OrdersPage {
  data: OrderResource[];
  meta: { pagination: { current_page: number; total_page: number } };
}
