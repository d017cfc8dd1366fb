import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { rateLimitFor } from "../http/rate-limit.ts";
import { OPTIONALLY_KEYED_WRITE } from "../http/route-schemas.ts";
import { message } from "../i18n/messages.ts";
import type { InquiryService } from "./inquiry.service.ts";

// The fields are checked by the service so that a 422 carries a message per field (spec §8); here
// only the shape: flat as spec §7 lists it, or nested under `inquiry` as a Rails form would send it.
// Any other body reads as an empty form (every field's 422).
const fields = z.object({ name: z.unknown(), email: z.unknown(), subject: z.unknown(), message: z.unknown() }).partial();
const inquiryBody = z
  .union([z.object({ inquiry: fields }), fields])
  .catch({})
  .transform((body) => ("inquiry" in body ? body.inquiry : body));

/** POST /api/inquiries (spec §7), in every locale prefix. */
export function registerInquiryRoutes(fastify: FastifyInstance, deps: { inquiries: InquiryService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    app.post(`${prefix}/inquiries`, { config: { ...OPTIONALLY_KEYED_WRITE, rateLimit: rateLimitFor("inquiry") }, schema: { body: inquiryBody } }, async (request, reply) => {
      const inquiry = await deps.inquiries.submit(request.body, { locale: request.locale, userId: request.user?.id ?? null });
      return reply.status(201).send({
        data: { id: String(inquiry.id), name: inquiry.name, email: inquiry.email, subject: inquiry.subject, message: inquiry.message },
        message: message("inquiryReceived", request.locale),
      });
    });
  }
}
