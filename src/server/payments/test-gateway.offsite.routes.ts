import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { lineText } from "../../domain/input-rules.ts";
import type { Locale } from "../../domain/locale.ts";
import { LOCALE_COOKIE } from "../../domain/locale.ts";
import { csrfTokenFor } from "../http/csrf.ts";
import { konbiniVoucherPage, payPayApprovalPage } from "./test-gateway.offsite-page.ts";
import { invalidRequest, notFound } from "./test-gateway.routes.ts";
import type { OffsiteIntent, TestGateway } from "./test-gateway.ts";

// The konbini voucher page and the PayPay approval page of the test gateway, under /test-gateway/
// (CSRF-protected like the rest of it). The voucher opens with its own token, the approval page
// with the intent's client secret; both travel in query strings and bodies, never in paths.

const text = lineText;
const idParams = z.object({ id: text(100).min(1) });
const tokenQuery = z.object({ token: text(200).min(1) });
const secretQuery = z.object({ client_secret: text(200).min(1) });
const konbiniBody = z.object({ token: text(200).min(1), result: z.enum(["paid", "expired"]) });
const payPayBody = z.object({ client_secret: text(200).min(1), result: z.enum(["approve", "cancel"]) });

/** The language the visitor chose, else the one the shopper checked out in (a voucher link from a mail opens in it). */
function pageLocale(request: FastifyRequest, intent: OffsiteIntent | null): Locale {
  return request.cookies[LOCALE_COOKIE] || !intent ? request.locale : intent.locale;
}

function sendPage(reply: FastifyReply, found: boolean, html: string) {
  return reply
    .status(found ? 200 : 404)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex")
    .header("referrer-policy", "no-referrer")
    .send(html);
}

/** Input that fails its schema is the page's "not found" or Stripe's 400, so every route attaches its validation error. */
export function registerTestGatewayOffsiteRoutes(fastify: FastifyInstance, deps: { gateway: TestGateway; secret: string }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { gateway } = deps;

  app.get("/test-gateway/konbini/:id", { schema: { params: idParams, querystring: tokenQuery }, attachValidation: true }, async (request, reply) => {
    const token = request.validationError ? "" : request.query.token;
    const intent = token ? await gateway.konbiniVoucher(request.params.id, token) : null;
    const html = konbiniVoucherPage({
      intent,
      token,
      locale: pageLocale(request, intent),
      csrfToken: csrfTokenFor(request.sessionId, deps.secret),
      nonce: { script: reply.cspNonce?.script, style: reply.cspNonce?.style },
    });
    return sendPage(reply, intent !== null, html);
  });

  app.post("/test-gateway/konbini/:id", { schema: { params: idParams, body: konbiniBody }, attachValidation: true }, async (request, reply) => {
    if (request.validationError) return invalidRequest(reply);
    const intent = await gateway.settleKonbini(request.params.id, request.body.token, request.body.result);
    if (!intent) return notFound(reply);
    reply.header("cache-control", "no-store");
    return intent;
  });

  app.get("/test-gateway/paypay/:id", { schema: { params: idParams, querystring: secretQuery }, attachValidation: true }, async (request, reply) => {
    const secret = request.validationError ? "" : request.query.client_secret;
    const intent = secret.startsWith(`${request.params.id}_secret_`) ? await gateway.payPayApproval(secret) : null;
    const html = payPayApprovalPage({
      intent,
      clientSecret: secret,
      locale: pageLocale(request, intent),
      csrfToken: csrfTokenFor(request.sessionId, deps.secret),
      nonce: { script: reply.cspNonce?.script, style: reply.cspNonce?.style },
    });
    return sendPage(reply, intent !== null, html);
  });

  app.post("/test-gateway/paypay/:id", { schema: { params: idParams, body: payPayBody }, attachValidation: true }, async (request, reply) => {
    if (request.validationError || !request.body.client_secret.startsWith(`${request.params.id}_secret_`)) return invalidRequest(reply);
    const intent = await gateway.settlePayPay(request.body.client_secret, request.body.result);
    if (!intent) return notFound(reply);
    reply.header("cache-control", "no-store");
    return intent;
  });
}
