import { describe, expect, it } from "vitest";
import type { CheckoutLine, CheckoutTerms } from "./checkout-totals.ts";
import { checkoutTotals } from "./checkout-summary.ts";
import { defaultShippingTable } from "./shipping-table.ts";
import { defaultPaymentTerms, paymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import type { PaymentTerms } from "./payment-methods/payment-terms.ts";

const paymentMethodFeeFor = (code: string, itemsAndShipping: number, feeTerms: CheckoutTerms) => paymentMethodChoice(code).fee(itemsAndShipping, feeTerms);
import { itemsSubtotal, lineTotal } from "./order-totals.ts";
import { WORKED_EXAMPLE_TOTALS } from "./testing/worked-example.ts";

/** The demo shop's terms (config/shop-profile.json): 1,100 yen a box to the shop's own zone, cool 1,650. */
const freeShipping = { ...defaultShippingTable(), fees: defaultShippingTable().fees.map(() => 0) };
const terms: CheckoutTerms = {
  taxRatePercent: 10,
  shipping: defaultShippingTable(),
  payments: defaultPaymentTerms(),
};

/** The terms with cash on delivery's changed as the trader would in the back office. */
const withCod = (base: CheckoutTerms, cod: Partial<PaymentTerms>): CheckoutTerms => ({
  ...base,
  payments: { ...base.payments, cod: { ...base.payments.cod!, ...cod } },
});
const codAllowed = (total: number, base: CheckoutTerms = terms) => paymentMethodChoice("cod").refusal({ total, terms: base, locale: "ja" }) === null;

const line = (unitPrice: number, amount: number, shippingType: "normal" | "cool" = "normal"): CheckoutLine => ({
  unitPrice,
  amount,
  shippingType,
});

describe("lines and items", () => {
  it("multiplies the price before tax by the amount", () => {
    expect(lineTotal(3000, 2)).toBe(6000);
    expect(lineTotal(4980, 1)).toBe(4980);
    expect(lineTotal(4980, 0)).toBe(0);
  });

  it("adds the lines up", () => {
    expect(itemsSubtotal([line(3000, 2), line(4980, 1)])).toBe(10_980);
    expect(itemsSubtotal([])).toBe(0);
  });

  it("refuses amounts of money that are not whole yen", () => {
    expect(() => lineTotal(1000.5, 1)).toThrow(RangeError);
    expect(() => lineTotal(-1, 1)).toThrow(RangeError);
    expect(() => lineTotal(1000, 1.5)).toThrow(RangeError);
  });
});

describe("payment-method fee", () => {
  it("charges only cash on delivery, 440 yen flat by default", () => {
    expect(paymentMethodFeeFor("cod", 12_080, terms)).toBe(440);
    expect(paymentMethodFeeFor("credit", 12_080, terms)).toBe(0);
    expect(paymentMethodFeeFor("registered_credit", 12_080, terms)).toBe(0);
    expect(paymentMethodFeeFor("bank", 12_080, terms)).toBe(0);
  });

  it("takes the first tier whose upper bound (inclusive) the amount does not pass", () => {
    const tiered = withCod(terms, {
      feeTiers: [
        { upTo: 10_000, fee: 330 },
        { upTo: 30_000, fee: 440 },
        { upTo: 100_000, fee: 660 },
        { upTo: null, fee: 1100 },
      ],
    });
    const codFeeFor = (amount: number) => paymentMethodFeeFor("cod", amount, tiered);
    expect(codFeeFor(0)).toBe(330);
    expect(codFeeFor(10_000)).toBe(330);
    expect(codFeeFor(10_001)).toBe(440);
    expect(codFeeFor(30_000)).toBe(440);
    expect(codFeeFor(100_000)).toBe(660);
    expect(codFeeFor(100_001)).toBe(1100);
    expect(codFeeFor(5_000_000)).toBe(1100);
  });
});

describe("checkout totals", () => {
  it("adds shipping to the items and taxes the whole subtotal, to the yen", () => {
    expect(checkoutTotals([line(3000, 2), line(4980, 1)], paymentMethodChoice("credit"), terms)).toEqual({
      ...WORKED_EXAMPLE_TOTALS,
      chargeLines: [{ kind: "shipping", label: { ja: "送料", en: "Shipping" }, amount: 1100, taxable: true }],
      shipping: 1100,
      paymentMethodFee: 0,
    });
  });

  it("makes shipping and the cod fee charge lines, the fee named by the payment method", () => {
    expect(checkoutTotals([line(3000, 2)], paymentMethodChoice("cod"), terms).chargeLines).toEqual([
      { kind: "shipping", label: { ja: "送料", en: "Shipping" }, amount: 1100, taxable: true },
      { kind: "payment_fee", label: { ja: "代引き手数料", en: "Cash on delivery fee" }, amount: 440, taxable: true },
    ]);
    // A free method adds no fee line; shipping is kept even when free.
    expect(checkoutTotals([line(3000, 2)], paymentMethodChoice("bank"), { ...terms, shipping: freeShipping }).chargeLines).toEqual([
      { kind: "shipping", label: { ja: "送料", en: "Shipping" }, amount: 0, taxable: true },
    ]);
  });

  it("taxes the cash-on-delivery fee with the rest", () => {
    expect(checkoutTotals([line(3000, 2), line(4980, 1)], paymentMethodChoice("cod"), terms)).toMatchObject({
      paymentMethodFee: 440,
      subtotal: 12_520,
      tax: 1252,
      total: 13_772,
    });
  });

  it("charges the cool fee for the whole order when one bottle is cool", () => {
    expect(checkoutTotals([line(3000, 1), line(2500, 2, "cool")], paymentMethodChoice("bank"), terms)).toMatchObject({
      items: 8000,
      shipping: 1650,
      subtotal: 9650,
      tax: 965,
      total: 10_615,
    });
  });

  it("rounds a fractional tax up, never down or to nearest", () => {
    // 1,234 + 1,100 = 2,334 → 233.4 → 234.
    expect(checkoutTotals([line(1234, 1)], paymentMethodChoice("credit"), terms)).toMatchObject({ subtotal: 2334, tax: 234, total: 2568 });
    // 1,234 + 1,100 + 440 = 2,774 → 277.4 → 278.
    expect(checkoutTotals([line(1234, 1)], paymentMethodChoice("cod"), terms)).toMatchObject({ subtotal: 2774, tax: 278, total: 3052 });
  });

  it("follows the configured rate and fees", () => {
    const other: CheckoutTerms = withCod({ ...terms, taxRatePercent: 8, shipping: freeShipping }, { feeTiers: [{ upTo: null, fee: 330 }] });
    // 10,001 + 0 + 330 = 10,331 → 826.48 → 827.
    expect(checkoutTotals([line(10_001, 1)], paymentMethodChoice("cod"), other)).toMatchObject({ shipping: 0, paymentMethodFee: 330, tax: 827, total: 11_158 });
  });

  it("bases a tiered cod fee on items + shipping, before the fee and tax", () => {
    const tiered: CheckoutTerms = withCod(terms, {
      feeTiers: [
        { upTo: 10_000, fee: 330 },
        { upTo: null, fee: 440 },
      ],
    });
    // 8,900 + 1,100 = 10,000: still the first tier, though the total with tax is far above it.
    expect(checkoutTotals([line(8900, 1)], paymentMethodChoice("cod"), tiered)).toMatchObject({
      paymentMethodFee: 330,
      subtotal: 10_330,
      tax: 1033,
      total: 11_363,
    });
    expect(checkoutTotals([line(8901, 1)], paymentMethodChoice("cod"), tiered).paymentMethodFee).toBe(440);
  });
});

describe("cash on delivery ceiling", () => {
  it("allows 299,999 and refuses 300,000 and 300,001", () => {
    expect(codAllowed(299_999)).toBe(true);
    expect(codAllowed(300_000)).toBe(false);
    expect(codAllowed(300_001)).toBe(false);
    expect(codAllowed(300_000, withCod(terms, { max: 500_000 }))).toBe(true);
  });

  it("falls back to credit when choosing cod makes the total reach 300,000", () => {
    // Items 271,187 + shipping 1,100 = 272,287; by card the total is 272,287 + 27,229 = 299,516.
    const lines = [line(271_187, 1)];
    const byCard = checkoutTotals(lines, paymentMethodChoice("credit"), terms);
    expect(byCard.total).toBe(299_516);
    expect(codAllowed(byCard.total)).toBe(true);
    // With the 440 yen fee: 272,727 + 27,273 = exactly 300,000.
    const byCod = checkoutTotals(lines, paymentMethodChoice("cod"), terms);
    expect(byCod.total).toBe(300_000);
    expect(codAllowed(byCod.total)).toBe(false);
    expect(codAllowed(299_999)).toBe(true);
  });

  it("words the refusal of cash on delivery in both languages", () => {
    const codRefusalMessage = (total: number, locale: "ja" | "en", base: CheckoutTerms = terms) =>
      paymentMethodChoice("cod").refusal({ total, terms: base, locale });
    expect(codRefusalMessage(300_001, "ja")).toBe("合計金額は300001円と、300000円を超えるため代引きは選択できません。");
    expect(codRefusalMessage(312_345, "en")).toBe("The total of 312345 JPY exceeds 300000 JPY, so cash on delivery cannot be chosen.");
    expect(codRefusalMessage(500_000, "ja", withCod(terms, { max: 400_000 }))).toBe("合計金額は500000円と、400000円を超えるため代引きは選択できません。");
  });
});
