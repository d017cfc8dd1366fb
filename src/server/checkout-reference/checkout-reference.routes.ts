import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseResourceId } from "../../domain/catalog-api.ts";
import { MAX_CART_LINES } from "../cart/cart.service.ts";
import { DomainError } from "../../domain/errors.ts";
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
});

const feeBody = z.object({ price: z.unknown() }).partial();

/**
 * The reference calls of the checkout page (spec §7), in every locale prefix. The fees, rate, bands
 * and accounts come from the shop profile and change only when the trader edits it, so answers are
 * not cached beyond the request.
 */
export function registerCheckoutReferenceRoutes(app: FastifyInstance, deps: { reference: CheckoutReferenceService }): void {
  const { reference } = deps;
  for (const prefix of ["/api", "/ja/api", "/en/api"]) {
    /** { fee }: the cool fee when any listed product is cool, else the normal fee (also with no id). */
    app.get(`${prefix}/shipping`, async (request) => {
      const texts = [...new Set(shippingQuery.parse(request.query).id)];
      if (texts.length > MAX_CART_LINES) throw new DomainError("invalid");
      const ids = texts.map((text) => parseResourceId(text));
      // An id that cannot exist is as unknown as one that does not.
      if (ids.some((id) => id === undefined)) throw new DomainError("not-found");
      return { fee: await reference.shippingFee(ids as number[], request.locale) };
    });

    /**
     * { rate } in percent, an integer (10 for 10%), as the shop profile keeps it and as
     * `checkoutTotals`/`taxOn` take it: the browser computes tax with the same integer arithmetic.
     */
    app.get(`${prefix}/taxrate`, async () => ({ rate: await reference.taxRatePercent() }));

    /** Delivery time bands, code → label in the request's locale ({"08-12": "午前中", …}). */
    app.get(`${prefix}/timezones`, async (request) => reference.timeBands(request.locale));

    /** { data: bank accounts } for bank transfer (spec §3 Bank account). */
    app.get(`${prefix}/banks`, async (request) => ({ data: await reference.bankAccounts(request.locale) }));

    /** { cod_fee } for `price` = items + shipping in yen; 422 with a field message for a bad price. */
    app.post(`${prefix}/fee`, async (request) => {
      const parsed = feeBody.safeParse(request.body ?? {});
      const price = parsed.success ? parsed.data.price : undefined;
      return { cod_fee: await reference.codFee(price, request.locale) };
    });
  }
}
