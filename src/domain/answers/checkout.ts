import type { CheckoutResponse } from "../checkout.ts";
import { z } from "../zod.ts";
import { dataOf, type SameShape } from "./common.ts";

/** The checkout's answers: POST /api/checkout, /checkout/return, /checkout/destinations and the reference figures. */

export const paymentInstructionsSchema = z.object({ number: z.string(), code: z.string().nullable(), deadline: z.string(), url: z.string().nullable() });

/** 200 of POST /api/checkout and /api/checkout/return (the spec's checkout response, with what a method paid elsewhere adds). */
export const checkoutAnswer = z.object({
  require_action: z.boolean(),
  payment_intent_client_secret: z.string().optional(),
  redirect_url: z.string().optional(),
  payment_instructions: paymentInstructionsSchema.optional(),
  order_id: z.string(),
});
export const checkoutAnswerMatches: SameShape<z.output<typeof checkoutAnswer>, CheckoutResponse> = true;

const giftPayloadSchema = z.object({
  wrapping: z.boolean().optional(),
  noshi: z.object({ omotegaki: z.string().optional(), placement: z.string().optional(), name: z.string().optional() }).nullable().optional(),
  message_card: z.string().optional(),
  hide_prices: z.boolean().optional(),
});

const destinationItemSchema = z.object({ id: z.number(), amount: z.number() });

/** 200 of POST /api/checkout/destinations: the list read into the checkout's `shipments`, each destination's lines of the file, and the order's items. */
export const destinationsAnswer = dataOf(
  z.object({
    shipments: z.array(
      z.object({
        recipient: z
          .object({
            name: z.string(),
            phone: z.string(),
            country: z.string().optional(),
            zip: z.string(),
            prefecture: z.union([z.number(), z.string(), z.null()]).optional(),
            address: z.string(),
            building_name: z.string().optional(),
            kana: z.string().optional(),
          })
          .nullish(),
        items: z.array(z.object({ id: z.union([z.number(), z.string()]), amount: z.number() })),
        desired_delivery_date: z.string().optional(),
        desired_delivery_timezone: z.string().optional(),
        gift: giftPayloadSchema.optional(),
      }),
    ),
    lines: z.array(z.array(z.number())),
    items: z.array(destinationItemSchema),
  }),
);
export type DestinationsAnswer = z.output<typeof destinationsAnswer>;

/** GET /api/shipping: the fee. */
export const shippingAnswer = z.object({ fee: z.number() });
/** GET /api/taxrate: the standard rate in percent. */
export const taxRateAnswer = z.object({ rate: z.number() });
/** GET /api/timezones: code → label. */
export const timezonesAnswer = z.record(z.string(), z.string());
/** GET /api/banks: the shop's bank accounts. */
export const banksAnswer = dataOf(
  z.array(
    z.object({
      id: z.string(),
      financial: z.string(),
      branch: z.string(),
      deposit_type: z.string(),
      deposit_type_label: z.string(),
      account_number: z.string(),
      account_name: z.string(),
    }),
  ),
);
/** POST /api/fee: the cash-on-delivery fee for a price. */
export const codFeeAnswer = z.object({ cod_fee: z.number() });

/** An order's charge line (shipping, a fee, a discount) as the answers show it. */
export const chargeAnswerSchema = z.object({ kind: z.string(), label: z.string(), amount: z.number(), taxable: z.boolean(), tax_rate: z.number().optional() });

/** GET /api/pay/{token}: the order as the customer may see it (decision 082). */
export const paymentLinkAnswer = dataOf(
  z.object({
    state: z.enum(["payable", "paid", "cancelled", "expired"]),
    order_number: z.string(),
    name: z.string(),
    items: z.array(z.object({ name: z.string(), unit_price: z.number(), amount: z.number(), line_total: z.number(), reduced: z.boolean() })),
    charges: z.array(chargeAnswerSchema),
    total: z.number(),
    tax: z.number(),
    expires_at: z.string(),
  }),
);

/** 200 of POST /api/pay/{token}: paid, or a 3-D Secure challenge to run before posting again. */
export const payByLinkAnswer = z.object({ paid: z.boolean().optional(), require_action: z.boolean(), payment_intent_client_secret: z.string().optional() });
