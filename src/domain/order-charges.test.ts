import { afterEach, describe, expect, it } from "vitest";
import { checkoutTotals } from "./checkout-summary.ts";
import type { CheckoutLine, CheckoutTerms } from "./checkout-totals.ts";
import type { ChargeKind } from "./order-charges.ts";
import { CHARGE_KINDS, adjustmentOf, chargeOf, checkoutCharges, paymentFeeBase } from "./order-charges.ts";
import { defaultGiftSettings } from "./gift.ts";
import { defaultPaymentTerms, paymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import { feeByTerms } from "./payment-methods/payment-terms.ts";
import { defaultShippingTable } from "./shipping-table.ts";

const terms: CheckoutTerms = { taxRatePercent: 10, shipping: defaultShippingTable(), payments: defaultPaymentTerms() };
const lines: CheckoutLine[] = [{ unitPrice: 3000, amount: 2, shippingType: "cool" }];
const kinds = CHARGE_KINDS as Record<string, ChargeKind>;

afterEach(() => {
  delete kinds.test_cool_box;
});

describe("charge kinds", () => {
  it("names the payment fee after the method's handler, else the kind's own label", () => {
    const feeLabel = (method: Parameters<typeof checkoutCharges>[1]) =>
      checkoutCharges(lines, method, terms).find((charge) => charge.kind === "payment_fee")?.label;
    expect(feeLabel(paymentMethodChoice("cod"))).toEqual({ ja: "代引き手数料", en: "Cash on delivery fee" });
    // A method with a fee that names none (no such method today) gets the kind's 決済手数料.
    expect(feeLabel({ fee: () => 200 })).toEqual({ ja: "決済手数料", en: "Payment fee" });
    // A free method adds no fee line at all.
    expect(feeLabel(paymentMethodChoice("bank"))).toBeUndefined();
  });

  it("charges the fee the method's handler asks on items + shipping", () => {
    const seen: number[] = [];
    const charges = checkoutCharges(lines, { fee: (itemsAndShipping) => (seen.push(itemsAndShipping), 123) }, terms);
    // 6000 items + 1650 cool shipping.
    expect(seen).toEqual([7650]);
    expect(charges.at(-1)).toMatchObject({ kind: "payment_fee", amount: 123, taxable: true });
  });

  it("lists shipping, then the fee, in CHARGE_KINDS' order", () => {
    expect(checkoutCharges(lines, paymentMethodChoice("cod"), terms).map((charge) => [charge.kind, charge.amount])).toEqual([
      ["shipping", 1650],
      ["payment_fee", 440],
    ]);
  });

  it("takes a new kind from its one entry into the checkout's lines and totals", () => {
    // As issue 18's cool surcharge would be: a cool bottle adds 330 yen, taxed.
    kinds.test_cool_box = {
      label: { ja: "テスト保冷箱", en: "Test cool box" },
      taxable: true,
      keptAtZero: false,
      amountAt: ({ lines: each }) => (each.some((line) => line.shippingType === "cool") ? 330 : 0),
    };
    const totals = checkoutTotals(lines, paymentMethodChoice("bank"), terms);
    expect(totals.chargeLines.at(-1)).toEqual({ kind: "test_cool_box", label: { ja: "テスト保冷箱", en: "Test cool box" }, amount: 330, taxable: true });
    // 6000 + 1650 + 330 = 7980 → tax 798.
    expect(totals).toMatchObject({ shipping: 1650, paymentMethodFee: 0, charges: 1980, tax: 798, total: 8778 });
    // Costing nothing, it is left off.
    expect(checkoutCharges([{ unitPrice: 3000, amount: 1, shippingType: "normal" }], paymentMethodChoice("bank"), terms).map((charge) => charge.kind)).toEqual([
      "shipping",
    ]);
  });

  describe("gift wrapping", () => {
    const settings = defaultGiftSettings();
    const wrapped = { options: { wrapping: true, noshi: null, messageCard: "", hidePrices: false }, settings };

    it("charges the trader's fee once per order when wrapping is chosen, taxed with the rest", () => {
      expect(settings.wrappingFee).toBe(330);
      const totals = checkoutTotals(lines, paymentMethodChoice("bank"), terms, wrapped);
      expect(totals.chargeLines.at(-1)).toEqual({
        kind: "gift_wrapping",
        label: { ja: "ギフトラッピング料", en: "Gift wrapping" },
        amount: 330,
        taxable: true,
      });
      // 6000 + 1650 + 330 = 7980 → tax 798 (rounded up once).
      expect(totals).toMatchObject({ charges: 1980, tax: 798, total: 8778 });
      // Six bottles are still one parcel, wrapped once.
      expect(
        checkoutTotals([{ ...lines[0]!, amount: 6 }], paymentMethodChoice("bank"), terms, wrapped).chargeLines.filter(
          (charge) => charge.kind === "gift_wrapping",
        ),
      ).toHaveLength(1);
    });

    it("comes after the cod fee, which stays on items + shipping", () => {
      expect(checkoutCharges(lines, paymentMethodChoice("cod"), terms, wrapped).map((charge) => [charge.kind, charge.amount])).toEqual([
        ["shipping", 1650],
        ["payment_fee", 440],
        ["gift_wrapping", 330],
      ]);
    });

    it("adds no line without wrapping, for other gift options, or when the trader wraps for free", () => {
      const kindsOf = (gift: Parameters<typeof checkoutCharges>[3]) =>
        checkoutCharges(lines, paymentMethodChoice("bank"), terms, gift).map((charge) => charge.kind);
      expect(kindsOf(undefined)).toEqual(["shipping"]);
      expect(
        kindsOf({ options: { wrapping: false, noshi: { omotegaki: "御歳暮", placement: "outer", name: "" }, messageCard: "x", hidePrices: true }, settings }),
      ).toEqual(["shipping"]);
      expect(kindsOf({ ...wrapped, settings: { ...settings, wrappingFee: 0 } })).toEqual(["shipping"]);
      expect(checkoutCharges(lines, paymentMethodChoice("bank"), terms, { ...wrapped, settings: { ...settings, wrappingFee: 550 } }).at(-1)?.amount).toBe(550);
    });
  });
});

describe("paymentFeeBase", () => {
  const codTiers = [
    { upTo: 9_999, fee: 330 },
    { upTo: 29_999, fee: 440 },
    { upTo: null, fee: 660 },
  ];
  const codFee = (base: number) => feeByTerms(base, { feeTiers: codTiers });

  it("is the goods plus shipping, without the fee itself or gift wrapping", () => {
    const charges = [chargeOf("shipping", 1000), chargeOf("payment_fee", 440), chargeOf("gift_wrapping", 330)];
    expect(paymentFeeBase(10_500, charges)).toBe(11_500);
    expect(codFee(paymentFeeBase(10_500, charges))).toBe(440);
  });

  it("takes a discount line off, which moves cash on delivery's fee down a band", () => {
    const charges = [chargeOf("shipping", 1000), adjustmentOf("discount", -2000, 10)];
    // 10,500 + 1,000 − 2,000 = 9,500: the first band (330), not the second the goods and shipping alone reach.
    expect(paymentFeeBase(10_500, charges)).toBe(9500);
    expect(codFee(paymentFeeBase(10_500, charges))).toBe(330);
    // A correction upwards moves it up again.
    expect(codFee(paymentFeeBase(10_500, [...charges, adjustmentOf("correction", 600, 10)]))).toBe(440);
  });

  it("is what checkout charges the fee on", () => {
    const seen: number[] = [];
    const charges = checkoutCharges(lines, { fee: (base) => (seen.push(base), 0) }, terms);
    expect(seen).toEqual([paymentFeeBase(6000, charges)]);
  });
});
