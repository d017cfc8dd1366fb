import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { memberOnly } from "../http/route-schemas.ts";
import type { AddressService } from "./address.service.ts";

/**
 * The address form, bare or nested under "address" (as Rails' params.require(:address) would take
 * it). Its fields are checked by the shared rules of src/domain/address-schema.ts (the browser's
 * form uses the same), whose 422 names each field in the request's language.
 */
const addressBody = z.unknown().transform((body) => {
  if (typeof body !== "object" || body === null) return body;
  const nested = (body as { address?: unknown }).address;
  return typeof nested === "object" && nested !== null && !Array.isArray(nested) ? nested : body;
});

/** GET and PUT /api/address: the signed-in member's saved address, members only. */
export function registerAddressRoutes(fastify: FastifyInstance, deps: { addresses: AddressService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const member = memberOnly();
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    app.get(`${prefix}/address`, member, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { data: await deps.addresses.saved(request.user!.id, request.locale) };
    });

    app.put(`${prefix}/address`, { ...member, schema: { body: addressBody } }, async (request) => {
      const address = await deps.addresses.checked(request.body, request.locale);
      return { data: await deps.addresses.save(request.user!.id, address, request.locale) };
    });
  }
}
