import type { FastifyInstance, FastifyReply } from "fastify";
import { returnAnswer, returnsAnswer } from "../../domain/answers/admin-orders.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../domain/errors.ts";
import { isOrderPublicId } from "../../domain/order-number.ts";
import { RETURN_FIELD_LABELS, returnInputSchema } from "../../domain/order-returns.ts";
import { checkReceiptToken } from "../documents/receipt-link.ts";
import { requireStaff, requireUser } from "../http/auth.ts";
import { KEYED_WRITE, checkedBody, formSchema, memberOnly, queryValue, staffOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import type { OrderReturns } from "./order-returns.ts";
import { sendDownload } from "../http/download.ts";

const ADMIN_API = "/admin/api";
/** Any order id is looked up (an unknown one is a 404), as the other back-office order routes. */
const orderParams = z.object({ id: z.string() });
/** A return's number within its order; anything else names no return. */
const invoiceParams = z.object({ id: z.string(), number: z.string().regex(/^[1-9]\d{0,3}$/) });
/** The guest's signed receipt link (decision 037) and the return's number. */
const guestInvoiceQuery = z.object({ token: queryValue, number: queryValue });

function sendPdf(reply: FastifyReply, file: { bytes: Buffer; fileName: string }) {
  return sendDownload(reply, { fileName: file.fileName, contentType: "application/pdf", body: file.bytes, disposition: "inline" });
}

/**
 * Returns after shipping (decision 079): staff record one (a keyed write: a resent request gets the
 * first answer, and its key keys the gateway's refund) and list an order's returns; the return
 * invoice PDF is read by staff, by the order's member (as their receipts are), and by a guest through
 * the signed link of the order's mail.
 */
export function registerOrderReturnRoutes(fastify: FastifyInstance, deps: { returns: OrderReturns; secret: string }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { returns } = deps;
  const staff = staffOnly();
  const member = memberOnly();

  app.post(
    `${ADMIN_API}/orders/:id/returns`,
    { ...staff, config: KEYED_WRITE, ...formSchema({ params: orderParams, body: returnInputSchema, response: { 201: returnAnswer } }) },
    async (request, reply) => {
      const input = checkedBody(request, RETURN_FIELD_LABELS);
      const key = request.headers["idempotency-key"];
      const requestKey = typeof key === "string" ? key : "";
      const recorded = await returns.record(request.params.id, input, { staffId: requireStaff(request).id, requestKey }, request.locale);
      return reply.code(201).send({ data: recorded });
    },
  );

  // A bank refund owed, transferred by the trader: marked done (a guarded update, so a second click is a 409).
  app.post(
    `${ADMIN_API}/orders/:id/returns/:number/refunded`,
    { ...staff, config: KEYED_WRITE, schema: { params: invoiceParams, response: { 200: returnAnswer } } },
    async (request) => ({
      data: await returns.markRefunded(request.params.id, Number(request.params.number), requireStaff(request).id, request.locale),
    }),
  );

  app.get(`${ADMIN_API}/orders/:id/returns`, { ...staff, schema: { params: orderParams, response: { 200: returnsAnswer } } }, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return { data: await returns.list(request.params.id, request.locale) };
  });

  app.get(`${ADMIN_API}/orders/:id/returns/:number/invoice`, { ...staff, schema: { params: invoiceParams } }, async (request, reply) =>
    sendPdf(reply, await returns.invoice(request.params.id, Number(request.params.number))),
  );

  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/orders/:id/returns/:number/invoice`, { ...member, schema: { params: invoiceParams } }, async (request, reply) => {
      if (!isOrderPublicId(request.params.id)) throw new DomainError("not-found");
      return sendPdf(reply, await returns.invoice(request.params.id, Number(request.params.number), requireUser(request).id));
    });

    app.get(`${prefix}/returns/invoice`, { schema: { querystring: guestInvoiceQuery } }, async (request, reply) => {
      const checked = checkReceiptToken(deps.secret, request.query.token);
      if (!checked.ok) throw checked.reason === "expired" ? new DomainError("forbidden", "receiptLinkExpired") : new DomainError("not-found");
      const number = /^[1-9]\d{0,3}$/.test(request.query.number ?? "") ? Number(request.query.number) : 0;
      if (number === 0) throw new DomainError("not-found");
      return sendPdf(reply, await returns.invoice(checked.publicId, number));
    });
  }
}
