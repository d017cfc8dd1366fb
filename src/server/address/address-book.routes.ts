import type { FastifyInstance, FastifyRequest } from "fastify";
import { addressBookAnswer, addressBookEntryAnswer } from "../../domain/answers/member.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addressBookEntrySchema } from "../../domain/address-schema.ts";
import { requireUser } from "../http/auth.ts";
import { OPTIONALLY_KEYED_WRITE, checkedBody, formSchema, memberOnly, recordIdParams, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import { attributeName } from "../i18n/validation.ts";
import type { AddressService } from "./address.service.ts";
import type { AddressBookService } from "./address-book.service.ts";

/** An entry's name and phone are お届け先's in its 422 ("お届け先のお名前を入力してください"). */
const ENTRY_LABELS = {
  name: { ja: attributeName("recipient_name", "ja"), en: attributeName("recipient_name", "en") },
  phone: { ja: attributeName("recipient_phone", "ja"), en: attributeName("recipient_phone", "en") },
};

/**
 * A member's address book (the people they send to): list, add, change, delete. Members only; the
 * writes need the CSRF token like every state-changing request. The saved address of the contract
 * (GET/PUT /api/address) is the member's own and stays as it is. An entry is checked by its schema
 * (domain/address-schema.ts, the page checks with the same), after its prefecture is filled in
 * from the postcode as the saved address's is.
 */
export function registerAddressBookRoutes(fastify: FastifyInstance, deps: { addressBook: AddressBookService; addresses: AddressService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Members only, checked before any input is read (a stranger learns nothing from which ids exist).
  const member = memberOnly();
  const oneEntry = { ...member, schema: { params: recordIdParams } };
  const withPrefecture = async (request: FastifyRequest) => {
    request.body = await deps.addresses.withPrefecture(request.body);
  };
  const entryInput = { preValidation: [member.preValidation, withPrefecture] };
  for (const prefix of SHOP_API_PREFIXES) {
    app.get(`${prefix}/address-book`, { ...member, schema: { response: { 200: addressBookAnswer } } }, async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { data: await deps.addressBook.list(requireUser(request).id, request.locale) };
    });

    app.post(
      `${prefix}/address-book`,
      { ...entryInput, config: OPTIONALLY_KEYED_WRITE, ...formSchema({ body: addressBookEntrySchema, response: { 201: addressBookEntryAnswer } }) },
      async (request, reply) => {
        const entry = await deps.addressBook.create(requireUser(request).id, checkedBody(request, ENTRY_LABELS), request.locale);
        return reply.code(201).send({ data: entry });
      },
    );

    app.put(
      `${prefix}/address-book/:id`,
      { ...entryInput, ...formSchema({ params: recordIdParams, body: addressBookEntrySchema, response: { 200: addressBookEntryAnswer } }) },
      async (request) => {
        return { data: await deps.addressBook.update(requireUser(request).id, request.params.id, checkedBody(request, ENTRY_LABELS), request.locale) };
      },
    );

    app.delete(`${prefix}/address-book/:id`, oneEntry, async (request, reply) => {
      await deps.addressBook.remove(requireUser(request).id, request.params.id);
      return reply.code(204).send();
    });
  }
}
