import type { FastifyInstance } from "fastify";
import { inquiryReceivedAnswer } from "../../domain/answers/member.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inquiryInputSchema } from "../../domain/inquiry-input.ts";
import { rateLimitFor } from "../http/rate-limit.ts";
import { OPTIONALLY_KEYED_WRITE, checkedBody, formSchema, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { message } from "../i18n/messages.ts";
import type { InquiryService } from "./inquiry.service.ts";

/** POST /api/inquiries, in every locale prefix: the contact form's schema (domain/inquiry-input.ts) is its body, its failure the 422. */
export function registerInquiryRoutes(fastify: FastifyInstance, deps: { inquiries: InquiryService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const prefix of SHOP_API_PREFIXES) {
    app.post(
      `${prefix}/inquiries`,
      {
        config: { ...OPTIONALLY_KEYED_WRITE, rateLimit: rateLimitFor("inquiry") },
        ...formSchema({ body: inquiryInputSchema, response: { 201: inquiryReceivedAnswer } }),
      },
      async (request, reply) => {
        const inquiry = await deps.inquiries.submit(checkedBody(request), { locale: request.locale, userId: request.user?.id ?? null });
        return reply.status(201).send({
          data: { id: String(inquiry.id), name: inquiry.name, email: inquiry.email, subject: inquiry.subject, message: inquiry.message },
          message: message("inquiryReceived", request.locale),
        });
      },
    );
  }
}
