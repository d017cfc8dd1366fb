import { SHIPMENT_STATES } from "../payments-and-shipments.ts";
import type { GiftAnswer } from "../gift.ts";
import type { OrderResource } from "../checkout.ts";
import type { GiftChangeOptions } from "../order-changes.ts";
import { z } from "../zod.ts";
import { chargeAnswerSchema, paymentInstructionsSchema } from "./checkout.ts";
import { dataOf, pageOfSchema, postalAddressShape, type SameShape } from "./common.ts";

/** The member's orders (GET /api/orders, the spec's Order) and the changes before shipping (decision 074). */

export const giftAnswerSchema = z.object({
  wrapping: z.boolean(),
  noshi: z.object({ omotegaki: z.string(), placement: z.enum(["outer", "inner"]), name: z.string() }).nullable(),
  message_card: z.string(),
  hide_prices: z.boolean(),
});
export const giftAnswerMatches: SameShape<z.output<typeof giftAnswerSchema>, GiftAnswer> = true;

/** Who a parcel goes to: on the order, on each of its parcels, in the shop and in the back office alike. */
export const recipientAnswerSchema = z.object({ name: z.string(), phone: z.string(), ...postalAddressShape, kana: z.string().optional() });

/** The delivery date and time band asked for (null: none), on the order and on each of its parcels. */
export const deliveryWishShape = {
  desired_delivery_date: z.string().nullable(),
  desired_delivery_timezone: z.string().nullable(),
};

/** The tax of an order, per rate and in all, in the shop and in the back office alike. */
export const taxesShape = {
  tax_total: z.number(),
  taxes: z.array(z.object({ rate: z.number(), base: z.number(), tax: z.number() })),
};

/**
 * What a change before shipping answers (decision 074): the order, what it holds now, whether it
 * may still change and why not, then what may be chosen.
 */
function changeOptionsOf<Now extends z.ZodRawShape, Choices extends z.ZodRawShape>(now: Now, choices: Choices) {
  return z.object({ order_id: z.string(), ...now, changeable: z.boolean(), reason: z.string().nullable(), ...choices });
}

export const orderResourceSchema = z.object({
  id: z.string(),
  attributes: z.object({
    created_at: z.string(),
    status: z.enum(["pending", "await_payment", "deposited", "sent", "cancelled"]),
    payment_method: z.string(),
    price: z.number(),
    shipping_fee: z.number(),
    payment_method_fee: z.number(),
    charges: z.array(chargeAnswerSchema),
    payment_instructions: paymentInstructionsSchema.optional(),
    ...taxesShape,
    slip_number: z.string().nullable(),
    carrier: z.string().nullable().optional(),
    carrier_label: z.string().nullable().optional(),
    tracking_url: z.string().nullable().optional(),
    gift: giftAnswerSchema.nullable().optional(),
    ...deliveryWishShape,
    desired_delivery_timezone_label: z.string().nullable(),
    memo: z.string(),
    name: z.string(),
    address: z.object({ country: z.string(), zip: z.string(), address: z.string(), building_name: z.string() }),
    recipient: recipientAnswerSchema.nullable(),
    order_items: z.array(
      z.object({
        id: z.number(),
        product_id: z.number().nullable(),
        tax: z.number(),
        reduced: z.boolean(),
        unit_price: z.number(),
        amount: z.number(),
        product: z.object({ name: z.string(), images: z.array(z.string()) }),
        ships_on: z.string().optional(),
      }),
    ),
    shipments: z
      .array(
        z.object({
          position: z.number(),
          recipient: recipientAnswerSchema.nullable(),
          ...deliveryWishShape,
          desired_delivery_timezone_label: z.string().nullable(),
          gift: giftAnswerSchema.nullable(),
          fee: z.number(),
          slip_number: z.string().nullable(),
          state: z.enum(SHIPMENT_STATES),
          state_label: z.string(),
          carrier_label: z.string().nullable(),
          tracking_url: z.string().nullable(),
          lines: z.array(z.object({ order_item_id: z.number(), name: z.string(), amount: z.number() })),
        }),
      )
      .optional(),
  }),
});
export const orderResourceMatches: SameShape<z.output<typeof orderResourceSchema>, OrderResource> = true;

/** GET /api/orders?page=: the member's orders, newest first. */
export const ordersAnswer = pageOfSchema(orderResourceSchema);

/** GET and POST /api/orders/{id}/delivery (and the back office's): the wish and what may be chosen. */
const deliveryOptionsSchema = changeOptionsOf(deliveryWishShape, {
  /** The dates a wish may name now (the checkout's window for where the parcel goes). */
  dates: z.array(z.string()),
  time_bands: z.array(z.object({ code: z.string(), label: z.string() })),
});
/** What the member's form (and staff's) needs: whether the order may change, why not (in the asked language), and the choices. */
export type DeliveryOptions = z.output<typeof deliveryOptionsSchema>;
export const deliveryOptionsAnswer = dataOf(deliveryOptionsSchema);

/** GET and POST /api/orders/{id}/recipient (and the back office's). */
export const recipientOptionsAnswer = dataOf(changeOptionsOf({ recipient: recipientAnswerSchema.extend({ kana: z.string() }) }, {}));

const giftOptionsSchema = changeOptionsOf(
  { gift: giftAnswerSchema.nullable() },
  {
    settings: z.object({ wrapping: z.boolean(), noshi: z.boolean(), message_card: z.boolean(), hide_prices: z.boolean(), omotegaki: z.array(z.string()) }),
    wrapping_price: z.number(),
    amount_may_change: z.boolean(),
  },
);
export const giftOptionsMatches: SameShape<z.output<typeof giftOptionsSchema>, GiftChangeOptions> = true;
/** GET and POST /api/orders/{id}/gift (and the back office's). */
export const giftOptionsAnswer = dataOf(giftOptionsSchema);
