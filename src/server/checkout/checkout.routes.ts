import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkoutAnswer, destinationsAnswer, type DestinationsAnswer } from "../../domain/answers/checkout.ts";
import { checkoutPayloadSchema } from "../../domain/checkout.ts";
import { DESTINATIONS_CSV_MAX_BYTES, DESTINATIONS_UPLOAD_PROBLEMS, destinationsCsvTemplate, destinationsUploadSchema } from "../../domain/destinations-csv.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { checkedBodyOrProblem, formSchema, schemaIssuesOf, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { sendAnswer, sendRefusal } from "../http/response-schemas.ts";
import { answerDependsOnSession } from "../http/session.ts";
import type { CheckoutService } from "./checkout.service.ts";
import type { DestinationsUploadService } from "./destinations-upload.service.ts";
import { sendDownload } from "../http/download.ts";

/** Back from a gateway's approval page (PayPay): which order and which payment. */
const returnBody = z.object({ order_id: z.string(), payment_intent_id: z.string() });

/**
 * POST /api/checkout in every locale prefix, with header Idempotency-Key. Answers:
 * 200 { require_action, payment_intent_client_secret?, order_id }; 422 { errors, fields } for the
 * form, { errors: CheckoutItemError[], items_rejected: true } for the cart; 402 { errors, code,
 * payment_failed, order_id } when the card did not pay; 400 without a usable key; 409 while the
 * same key is being processed.
 */
/** The list as base64 is 4/3 of its bytes, in a small JSON object. */
const UPLOAD_BODY_LIMIT = Math.ceil((DESTINATIONS_CSV_MAX_BYTES * 4) / 3) + 4096;

export function registerCheckoutRoutes(fastify: FastifyInstance, deps: { checkout: CheckoutService; destinationsUpload: DestinationsUploadService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const prefix of SHOP_API_PREFIXES) {
    // The order payload is declared here (domain/checkout.ts, shared with the checkout page); its
    // failure is attached, not answered: the key is checked first (400), and a field's failure is
    // the contract's 422 naming the field, worded by the checkout's own messages.
    const declared = { schema: { body: checkoutPayloadSchema, response: { 200: checkoutAnswer } }, attachValidation: true };
    app.post(`${prefix}/checkout`, { ...declared, config: { rateLimit: rateLimitFor("checkout"), checksOwnText: true } }, async (request, reply) => {
      const header = request.headers["idempotency-key"];
      // A guest's order hangs off the browser session like their cart.
      answerDependsOnSession(request);
      const answer = await deps.checkout.submit({
        body: request.validationError ? { ok: false, issues: schemaIssuesOf(request.validationError) } : { ok: true, value: request.body },
        idempotencyKey: typeof header === "string" ? header : undefined,
        owner: request.user ? { userId: request.user.id } : { sessionId: request.sessionId },
        user: request.user,
        locale: request.locale,
        client: { sessionId: request.sessionId, ip: request.ip },
      });
      return sendAnswer(reply, answer);
    });
    // Several destinations (decision 087): the spreadsheet template (UTF-8 with a BOM, so Excel opens
    // it in Japanese), and the filled-in list read and checked: 200 { data: { shipments, lines, items } }
    // in the shape the checkout takes, or 422 { errors, rows: [{ line, column, message }] }. Writes nothing.
    app.get(`${prefix}/checkout/destinations-template.csv`, async (_request, reply) =>
      sendDownload(reply, {
        fileName: "destinations.csv",
        displayName: "お届け先リスト.csv",
        contentType: "text/csv; charset=utf-8",
        body: destinationsCsvTemplate(),
      }),
    );
    app.post(
      `${prefix}/checkout/destinations`,
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        config: { rateLimit: rateLimitFor("destinationsList") },
        ...formSchema({ body: destinationsUploadSchema, response: { 200: destinationsAnswer } }),
      },
      async (request, reply) => {
        const { file } = checkedBodyOrProblem(request, DESTINATIONS_UPLOAD_PROBLEMS);
        const answer = await deps.destinationsUpload.read(Buffer.from(file, "base64"), request.locale);
        if (!answer.ok) return sendRefusal(reply, 422, { errors: [...new Set(answer.errors.map((error) => error.message))], rows: answer.errors });
        // The list's gift options are GiftPayload (destinations-csv.ts builds them), typed `unknown` by the checkout's input schema.
        const shipments = answer.shipments as DestinationsAnswer["data"]["shipments"];
        return { data: { shipments, lines: answer.lines, items: answer.items } };
      },
    );
    // Back from a gateway's approval page (PayPay): { order_id, payment_intent_id } → the checkout's answer.
    app.post(
      `${prefix}/checkout/return`,
      { config: { rateLimit: rateLimitFor("checkout") }, schema: { body: returnBody, response: { 200: checkoutAnswer } } },
      async (request, reply) => {
        answerDependsOnSession(request);
        const answer = await deps.checkout.afterRedirect({
          body: request.body,
          owner: request.user ? { userId: request.user.id } : { sessionId: request.sessionId },
          locale: request.locale,
        });
        return sendAnswer(reply, answer);
      },
    );
  }
}
