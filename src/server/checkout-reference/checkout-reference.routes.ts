import type { FastifyInstance } from "fastify";
import { banksAnswer, codFeeAnswer, shippingAnswer, taxRateAnswer, timezonesAnswer } from "../../domain/answers/checkout.ts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isPrefectureCode } from "../../domain/address.ts";
import { parseResourceId } from "../../domain/catalog-api.ts";
import { MAX_CART_LINES } from "../cart/cart.service.ts";
import { DomainError } from "../../domain/errors.ts";
import { feeRequestSchema } from "../../domain/checkout.ts";
import { checkedBody, formSchema, SHOP_API_PREFIXES } from "../http/route-schemas.ts";
import type { CheckoutReferenceService } from "./checkout-reference.service.ts";

/** ?id=3, ?id=3,5 or ?id=3&id=5; blanks between commas are ignored. */
const shippingQuery = z.object({
  id: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((id) =>
      (id === undefined ? [] : [id].flat())
        .flatMap((each) => each.split(","))
        .map((each) => each.trim())
        .filter((each) => each !== ""),
    ),
  prefecture: z.union([z.string(), z.array(z.string())]).optional(),
});

const PREFECTURE_MESSAGE = {
  ja: "都道府県は1から47の番号で指定してください。",
  en: "The prefecture must be a number from 1 to 47.",
};

/** ?prefecture=47 → 47; absent → null (the shop's own zone); anything else is not a prefecture. */
function prefectureOf(raw: string | string[] | undefined): number | null | undefined {
  if (raw === undefined) return null;
  if (typeof raw !== "string" || !/^\d{1,2}$/.test(raw.trim())) return undefined;
  const code = Number(raw.trim());
  return isPrefectureCode(code) ? code : undefined;
}

/**
 * The reference calls of the checkout page, in every locale prefix. The fees, rate, bands
 * and accounts come from the shop profile and change only when the trader edits it, so answers are
 * not cached beyond the request.
 */
export function registerCheckoutReferenceRoutes(fastify: FastifyInstance, deps: { reference: CheckoutReferenceService }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { reference } = deps;
  for (const prefix of SHOP_API_PREFIXES) {
    /**
     * { fee }: shipping of one bottle of each listed product, to the shop's own zone or to
     * ?prefecture=1..47 (422 otherwise); cool when any of them is cool, the normal box with no id.
     */
    app.get(`${prefix}/shipping`, { schema: { querystring: shippingQuery, response: { 200: shippingAnswer } } }, async (request) => {
      const { query } = request;
      const prefecture = prefectureOf(query.prefecture);
      if (prefecture === undefined)
        throw new DomainError("invalid", "invalid", { prefecture: [PREFECTURE_MESSAGE[request.locale]] }, [PREFECTURE_MESSAGE[request.locale]]);
      const texts = [...new Set(query.id)];
      if (texts.length > MAX_CART_LINES) throw new DomainError("invalid");
      const ids = texts.map((text) => parseResourceId(text));
      // An id that cannot exist is as unknown as one that does not.
      if (ids.some((id) => id === undefined)) throw new DomainError("not-found");
      return { fee: await reference.shippingFee(ids as number[], prefecture, request.locale) };
    });

    /**
     * { rate } in percent, an integer (10 for 10%), as the shop profile keeps it and as
     * `checkoutTotals`/`taxOn` take it: the browser computes tax with the same integer arithmetic.
     */
    app.get(`${prefix}/taxrate`, { schema: { response: { 200: taxRateAnswer } } }, async () => ({ rate: await reference.taxRatePercent() }));

    /** Delivery time bands, code → label in the request's locale ({"08-12": "午前中", …}). */
    app.get(`${prefix}/timezones`, { schema: { response: { 200: timezonesAnswer } } }, async (request) => reference.timeBands(request.locale));

    /** { data: bank accounts } for bank transfer (the API contract's Bank account). */
    app.get(`${prefix}/banks`, { schema: { response: { 200: banksAnswer } } }, async (request) => ({ data: await reference.bankAccounts(request.locale) }));

    /** { cod_fee } for `price` = items + shipping in yen; 422 with a field message for a bad price. */
    app.post(`${prefix}/fee`, formSchema({ body: feeRequestSchema, response: { 200: codFeeAnswer } }), async (request) => ({
      cod_fee: await reference.codFee(checkedBody(request).price),
    }));
  }
}
