import type { FastifyInstance } from "fastify";
import { message } from "../i18n/messages.ts";
import type { StripeGateway } from "./stripe-gateway.ts";

/** Stripe's webhook endpoint; app.ts exempts exactly this route from the CSRF check (it is signed instead). */
export const PAYMENT_WEBHOOK_PATH = "/api/payments/webhook";

/** The largest event Stripe sends is far below this; anything bigger is not Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/payments/webhook: Stripe's payment_intent events, verified with the endpoint's signing
 * secret against the body exactly as it arrived (so it is read raw, not parsed), then handed to the
 * handlers registered with onPaymentEvent. A handler's failure answers 500 and Stripe retries; a
 * signed event of an unexpected shape is acknowledged (200) and logged, as retrying cannot mend it.
 */
export async function registerPaymentWebhookRoute(app: FastifyInstance, deps: { gateway: StripeGateway }): Promise<void> {
  // An encapsulated scope: its raw-body parser applies to this route only.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post(PAYMENT_WEBHOOK_PATH, async (request, reply) => {
      const signature = request.headers["stripe-signature"];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const received = await deps.gateway.receiveWebhook(body, typeof signature === "string" ? signature : undefined);
      if (!received.ok) return reply.status(400).send({ errors: [message("invalid", request.locale)] });
      // Only the event id and where its shape differs: the event holds amounts, customers and client secrets.
      if (received.unexpected)
        request.log.warn({ eventId: received.eventId, problems: received.unexpected }, "payment event of an unexpected shape acknowledged unhandled");
      else if (received.handled === 0) request.log.info({ eventId: received.eventId }, "payment event acknowledged without handler");
      return { received: true };
    });
  });
}
