import type { FastifyInstance, FastifyRequest } from "fastify";
import { addressSavedAnswer, savedAddressAnswer } from "../../domain/answers/member.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { savedAddressSchema } from "../../domain/address-schema.ts";
import { DomainError } from "../../domain/errors.ts";
import { formFields } from "../../domain/field-rules.ts";
import { checkedBody, formSchema, memberOnly, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import type { AddressService } from "./address.service.ts";

/** GET and PUT /api/address: the signed-in member's saved address, members only. */
export function registerAddressRoutes(fastify: FastifyInstance, deps: { addresses: AddressService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const member = memberOnly();
  // Members first (a stranger reads nothing), then a Japanese address sent without its prefecture
  // (the contract's PUT sends none) takes it from its postcode, before the schema's rules ask for one.
  const withPrefecture = async (request: FastifyRequest) => {
    request.body = await deps.addresses.withPrefecture(formFields(request.body, "address"));
  };
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/address`, { ...member, schema: { response: { 200: savedAddressAnswer } } }, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { data: await deps.addresses.saved(request.user!.id, request.locale) };
    });

    // The 422 of the contract's call: a message per field, and the general one as its `errors`.
    app.put(
      `${prefix}/address`,
      { preValidation: [member.preValidation, withPrefecture], ...formSchema({ body: savedAddressSchema, response: { 200: addressSavedAnswer } }) },
      async (request) => {
        const address = checkedBody(request, {}, { summary: "general" });
        const fields = await deps.addresses.factProblems(address, request.locale);
        if (Object.keys(fields).length > 0) throw new DomainError("invalid", undefined, fields);
        return { data: await deps.addresses.save(request.user!.id, address, request.locale) };
      },
    );
  }
}
