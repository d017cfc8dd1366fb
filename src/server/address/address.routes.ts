import type { FastifyInstance } from "fastify";
import { requireUser } from "../http/auth.ts";
import type { AddressService } from "./address.service.ts";

/** The form's fields may come bare or nested under "address" (as Rails' params.require(:address) would take them). */
function addressFormOf(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return body;
  const nested = (body as { address?: unknown }).address;
  return typeof nested === "object" && nested !== null && !Array.isArray(nested) ? nested : body;
}

/** GET and PUT /api/address (spec §7): the signed-in member's saved address, members only. */
export function registerAddressRoutes(app: FastifyInstance, deps: { addresses: AddressService }): void {
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    app.get(`${prefix}/address`, async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "private, no-store");
      return { data: await deps.addresses.saved(user.id, request.locale) };
    });

    app.put(`${prefix}/address`, async (request) => {
      const user = requireUser(request);
      const address = deps.addresses.validate(await deps.addresses.withPrefecture(addressFormOf(request.body)), request.locale);
      return { data: await deps.addresses.save(user.id, address, request.locale) };
    });
  }
}
