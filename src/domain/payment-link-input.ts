import { z } from "zod";

/**
 * The body of POST /api/pay/{token}: the card the gateway's field tokenised (`payment_method_id`),
 * or, after a 3-D Secure challenge, the payment it settled (`payment_intent_id`), one of the two.
 * The page sends only what the gateway answered (PayByLinkBody), nothing a customer types.
 */
export const payByLinkSchema = z
  .object({
    payment_method_id: z.string().trim().min(1).max(255).optional(),
    payment_intent_id: z.string().trim().min(1).max(255).optional(),
  })
  .refine((body) => (body.payment_method_id === undefined) !== (body.payment_intent_id === undefined), { message: "payment_method_id or payment_intent_id" });
