import type { FastifyInstance, FastifyReply } from "fastify";
import { receiptStateAnswer } from "../../domain/answers/documents.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { japanDateOf } from "../../domain/japan-time.ts";
import { isRealDate } from "../../domain/japan-time.ts";
import { receiptRequestSchema } from "../../domain/order-documents.ts";
import { isOrderPublicId } from "../../domain/order-number.ts";
import { ADMIN_API } from "../admin/admin-session.routes.ts";
import { selectedOrders } from "../admin/admin-orders.routes.ts";
import { requireUser } from "../http/auth.ts";
import { checkedBody, formSchema, memberOnly, queryValue, staffOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { formFields } from "../../domain/field-rules.ts";
import { DomainError, validationFailed } from "../../domain/errors.ts";
import { FieldErrors } from "../i18n/validation.ts";
import type { DocumentsService, PdfFile } from "./documents.service.ts";
import { checkReceiptToken } from "./receipt-link.ts";
import { sendDownload } from "../http/download.ts";

/** An order's public number; anything else names no order (404). */
const orderParams = z.object({ id: z.string().refine(isOrderPublicId) });

/**
 * ?date=yyyy-mm-dd as sent (a repeated one is refused by `dayOf`, not read as today), or the
 * selected orders ?order=…&order=… of the order list's bulk print (decision 069).
 */
const dayQuery = z.object({ date: z.union([z.string(), z.array(z.string())]).optional(), order: z.union([z.string(), z.array(z.string())]).optional() });

/** The guest's signed link (?token=…); a missing or repeated one names no order. */
const receiptTokenQuery = z.object({ token: queryValue });

function sendPdf(reply: FastifyReply, file: PdfFile, disposition: "inline" | "attachment") {
  return sendDownload(reply, { fileName: file.fileName, contentType: "application/pdf", body: file.bytes, disposition });
}

function dayOf(value: string | string[] | undefined): string {
  if (value === undefined || value === "") {
    const today = japanDateOf(new Date());
    return `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`;
  }
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) throw new DomainError("invalid");
  return match[0];
}

/** The guest's signed link: a bad signature names no order (404); one past its date is refused (403). */
function guestOrderOf(token: unknown, secret: string): string {
  const checked = checkReceiptToken(secret, token);
  if (!checked.ok) throw checked.reason === "expired" ? new DomainError("forbidden", "receiptLinkExpired") : new DomainError("not-found");
  return checked.publicId;
}

/**
 * Delivery notes for the trader (one order's, or the day's shipments in one PDF) and receipts for
 * the buyer: a member for their own orders, a guest through the signed link of the order mail,
 * staff for any order (decision 037). State-changing calls (a receipt is counted) are POSTs under
 * the CSRF check.
 */
export function registerDocumentRoutes(fastify: FastifyInstance, deps: { documents: DocumentsService; secret: string }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { documents } = deps;
  const staff = staffOnly();
  const member = memberOnly();

  app.get(`${ADMIN_API}/orders/:id/delivery-note`, { ...staff, schema: { params: orderParams } }, async (request, reply) =>
    sendPdf(reply, await documents.deliveryNote(request.params.id), "inline"),
  );

  app.get(`${ADMIN_API}/delivery-notes`, { ...staff, schema: { querystring: dayQuery } }, async (request, reply) => {
    const errors = new FieldErrors(request.locale);
    const selected = selectedOrders(request.query.order, errors);
    if (!errors.empty) throw validationFailed(errors);
    const file = selected ? await documents.deliveryNotesFor(selected) : await documents.deliveryNotesOf(dayOf(request.query.date));
    if (!file) throw new DomainError("not-found", selected ? "deliveryNotesNoneSelected" : "deliveryNotesNone");
    return sendPdf(reply, file, "inline");
  });

  // The back office's order page: whether a receipt can be issued yet and how often it was (the next one is 再発行).
  app.get(`${ADMIN_API}/orders/:id/receipt`, { ...staff, schema: { params: orderParams, response: { 200: receiptStateAnswer } } }, async (request, reply) => {
    reply.header("cache-control", "private, no-store");
    return { data: await documents.receiptState(request.params.id, { kind: "staff" }) };
  });

  // The bodies' schema is domain/order-documents.ts's (decision 075).
  app.post(`${ADMIN_API}/orders/:id/receipt`, { ...staff, ...formSchema({ params: orderParams, body: receiptRequestSchema }) }, async (request, reply) => {
    const body = checkedBody(request);
    return sendPdf(reply, await documents.receipt(request.params.id, { kind: "staff" }, body), "attachment");
  });

  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/orders/:id/receipt`, { ...member, schema: { params: orderParams, response: { 200: receiptStateAnswer } } }, async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "private, no-store");
      return { data: await documents.receiptState(request.params.id, { kind: "member", userId: user.id }) };
    });

    app.post(`${prefix}/orders/:id/receipt`, { ...member, ...formSchema({ params: orderParams, body: receiptRequestSchema }) }, async (request, reply) => {
      const user = requireUser(request);
      const body = checkedBody(request);
      return sendPdf(reply, await documents.receipt(request.params.id, { kind: "member", userId: user.id }, body), "attachment");
    });

    app.get(`${prefix}/receipt`, { schema: { querystring: receiptTokenQuery, response: { 200: receiptStateAnswer } } }, async (request, reply) => {
      const publicId = guestOrderOf(request.query.token, deps.secret);
      reply.header("cache-control", "private, no-store");
      return { data: await documents.receiptState(publicId, { kind: "guest" }) };
    });

    app.post(`${prefix}/receipt`, formSchema({ body: receiptRequestSchema }), async (request, reply) => {
      // The link first: a bad or old one answers 404 / 403 whatever was typed.
      const publicId = guestOrderOf(formFields(request.body).token, deps.secret);
      const body = checkedBody(request);
      return sendPdf(reply, await documents.receipt(publicId, { kind: "guest" }, body), "attachment");
    });
  }
}
