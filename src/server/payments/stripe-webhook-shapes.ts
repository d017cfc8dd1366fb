import { z } from "../../domain/zod.ts";

// What the shop reads of a signed Stripe event, checked before it is read (issue 28, decision 050).
// The signature says who sent an event, not that it has the shape the code expects: an intent
// without `customer`, or an event without `data`, once threw a TypeError, and Stripe retried the
// 500 for days. Fields the shop needs (ids, status, amount, metadata) must be there; fields it can
// do without may be absent or null. Other fields are not looked at.

/** A reference Stripe sends as an id or, expanded, as the object. */
const reference = z.union([z.string(), z.object({ id: z.string() })]).nullish();

const konbiniStore = z.object({ confirmation_number: z.string().nullish(), payment_code: z.string().nullish() }).nullish();

/** A payment_intent as paymentIntentResult (stripe-gateway.ts) reads it. */
export const paymentIntentShape = z.object({
  object: z.literal("payment_intent"),
  id: z.string().min(1),
  status: z.string(),
  client_secret: z.string().nullish(),
  amount: z.number().int().nonnegative(),
  amount_received: z.number().int().nonnegative(),
  latest_charge: z.union([z.string(), z.object({ amount_refunded: z.number().int().nonnegative() })]).nullish(),
  customer: reference,
  payment_method: reference,
  metadata: z.record(z.string(), z.string()),
  last_payment_error: z.object({ code: z.string().nullish(), decline_code: z.string().nullish(), message: z.string().nullish() }).nullish(),
  payment_method_types: z.array(z.string()).nullish(),
  cancellation_reason: z.string().nullish(),
  next_action: z
    .object({
      redirect_to_url: z.object({ url: z.string().nullish() }).nullish(),
      konbini_display_details: z
        .object({
          expires_at: z.number().int(),
          hosted_voucher_url: z.string().nullish(),
          stores: z.object({ familymart: konbiniStore, lawson: konbiniStore, ministop: konbiniStore, seicomart: konbiniStore }),
        })
        .nullish(),
    })
    .nullish(),
});

export type StripeIntentFields = z.infer<typeof paymentIntentShape>;

/** An event's envelope: what every event has, whatever its type. */
export const eventShape = z.object({
  id: z.string().min(1),
  type: z.string(),
  // Every Stripe object names its kind in `object`; only payment intents are read further.
  data: z.object({ object: z.object({ object: z.string().optional() }).loose() }),
});

/** Where an object differs from its shape, as paths and codes only: the values may be personal data. */
export function shapeProblems(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.code}`);
}
