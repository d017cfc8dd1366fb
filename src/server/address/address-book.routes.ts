import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser } from "../http/auth.ts";
import { OPTIONALLY_KEYED_WRITE, formBody, memberOnly, recordIdParams } from "../http/route-schemas.ts";
import type { AddressBookService } from "./address-book.service.ts";

/**
 * A member's address book (the people they send to): list, add, change, delete. Members only; the
 * writes need the CSRF token like every state-changing request. The saved address of the spec
 * (GET/PUT /api/address) is the member's own and stays as it is.
 */
export function registerAddressBookRoutes(fastify: FastifyInstance, deps: { addressBook: AddressBookService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Members only, checked before any input is read (a stranger learns nothing from which ids exist).
  const member = memberOnly();
  const oneEntry = { ...member, schema: { params: recordIdParams } };
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    app.get(`${prefix}/address-book`, member, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { data: await deps.addressBook.list(requireUser(request).id, request.locale) };
    });

    app.post(`${prefix}/address-book`, { ...member, config: OPTIONALLY_KEYED_WRITE, schema: { body: formBody } }, async (request, reply) => {
      const entry = await deps.addressBook.create(requireUser(request).id, request.body, request.locale);
      return reply.code(201).send({ data: entry });
    });

    app.put(`${prefix}/address-book/:id`, { ...member, schema: { params: recordIdParams, body: formBody } }, async (request) => {
      return { data: await deps.addressBook.update(requireUser(request).id, request.params.id, request.body, request.locale) };
    });

    app.delete(`${prefix}/address-book/:id`, oneEntry, async (request, reply) => {
      await deps.addressBook.remove(requireUser(request).id, request.params.id);
      return reply.code(204).send();
    });
  }
}
