import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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

export function registerTestGatewayOffsiteRoutes(app: FastifyInstance, deps: { gateway: TestGateway; secret: string }): void {
  const { gateway } = deps;

  app.get("/test-gateway/konbini/:id", async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const query = tokenQuery.safeParse(request.query);
    const token = query.success ? query.data.token : "";
    const intent = params.success && token ? await gateway.konbiniVoucher(params.data.id, token) : null;
    const html = konbiniVoucherPage({
      intent,
      token,
      locale: pageLocale(request, intent),
      csrfToken: csrfTokenFor(request.sessionId, deps.secret),
      nonce: { script: reply.cspNonce?.script, style: reply.cspNonce?.style },
    });
    return sendPage(reply, intent !== null, html);
  });

  app.post("/test-gateway/konbini/:id", async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = konbiniBody.safeParse(request.body);
    if (!params.success || !body.success) return invalidRequest(reply);
    const intent = await gateway.settleKonbini(params.data.id, body.data.token, body.data.result);
    if (!intent) return notFound(reply);
    reply.header("cache-control", "no-store");
    return intent;
  });

  app.get("/test-gateway/paypay/:id", async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const query = secretQuery.safeParse(request.query);
    const secret = query.success ? query.data.client_secret : "";
    const intent = params.success && secret.startsWith(`${params.data.id}_secret_`) ? await gateway.payPayApproval(secret) : null;
    const html = payPayApprovalPage({
      intent,
      clientSecret: secret,
      locale: pageLocale(request, intent),
      csrfToken: csrfTokenFor(request.sessionId, deps.secret),
      nonce: { script: reply.cspNonce?.script, style: reply.cspNonce?.style },
    });
    return sendPage(reply, intent !== null, html);
  });

  app.post("/test-gateway/paypay/:id", async (request, reply) => {
    const params = idParams.safeParse(request.params);
    const body = payPayBody.safeParse(request.body);
    if (!params.success || !body.success || !body.data.client_secret.startsWith(`${params.data.id}_secret_`)) return invalidRequest(reply);
    const intent = await gateway.settlePayPay(body.data.client_secret, body.data.result);
    if (!intent) return notFound(reply);
    reply.header("cache-control", "no-store");
    return intent;
  });
}
