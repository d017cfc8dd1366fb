import { describe, expect, it } from "vitest";
import { defaultPaymentTerms, offeredPaymentMethods, paymentMethodChoice, paymentMethodChoices } from "./payment-method.registry.ts";
import type { PaymentTerms } from "./payment-terms.ts";
import { feeByTerms, termsRefusalKind } from "./payment-terms.ts";

// A method's terms decide its fee, the totals it takes, whether and where the checkout offers it,
// its note and its legal-notice lines (decision 077).

const shop = (changes: Record<string, Partial<PaymentTerms>> = {}) => {
  const payments = defaultPaymentTerms();
  for (const [code, change] of Object.entries(changes)) payments[code] = { ...payments[code]!, ...change };
  return { payments };
};
const yen = (amount: number) => `${amount.toLocaleString("en-US")} 円`;

describe("fee from terms", () => {
  it("charges the tier whose upper amount (inclusive) items + shipping do not pass, and a flat fee as one open tier", () => {
    const tiers = {
      feeTiers: [
        { upTo: 10_000, fee: 330 },
        { upTo: 30_000, fee: 440 },
        { upTo: null, fee: 660 },
      ],
    };
    expect(feeByTerms(0, tiers)).toBe(330);
    expect(feeByTerms(10_000, tiers)).toBe(330);
    expect(feeByTerms(10_001, tiers)).toBe(440);
    expect(feeByTerms(30_001, tiers)).toBe(660);
    expect(feeByTerms(5000, { feeTiers: [{ upTo: null, fee: 550 }] })).toBe(550);
    expect(() => feeByTerms(-1, tiers)).toThrow(RangeError);
  });

  it("charges today's fees by default: cod 440 yen, the others nothing", () => {
    expect(paymentMethodChoice("cod").fee(12_080, shop())).toBe(440);
    for (const code of ["credit", "registered_credit", "bank", "konbini", "paypay"]) expect(paymentMethodChoice(code).fee(12_080, shop())).toBe(0);
  });

  it("charges the fee the trader set, for any method", () => {
    expect(paymentMethodChoice("cod").fee(12_080, shop({ cod: { feeTiers: [{ upTo: null, fee: 660 }] } }))).toBe(660);
    expect(
      paymentMethodChoice("bank").fee(
        12_080,
        shop({
          bank: {
            feeTiers: [
              { upTo: 10_000, fee: 110 },
              { upTo: null, fee: 220 },
            ],
          },
        }),
      ),
    ).toBe(220);
  });
});

describe("eligibility from terms", () => {
  it("refuses from the ceiling up and below the minimum, and takes everything between", () => {
    const terms = { min: 1000, max: 300_000 };
    expect(termsRefusalKind(999, terms)).toBe("under_minimum");
    expect(termsRefusalKind(1000, terms)).toBeNull();
    expect(termsRefusalKind(299_999, terms)).toBeNull();
    expect(termsRefusalKind(300_000, terms)).toBe("over_ceiling");
    expect(termsRefusalKind(10_000_000, { min: 0, max: null })).toBeNull();
  });

  it("keeps the contract's cod sentence at the default ceiling, and words a changed ceiling and a minimum in both languages", () => {
    const cod = paymentMethodChoice("cod");
    expect(cod.refusal({ total: 299_999, terms: shop(), locale: "ja" })).toBeNull();
    expect(cod.refusal({ total: 300_000, terms: shop(), locale: "ja" })).toBe("合計金額は300000円と、300000円を超えるため代引きは選択できません。");
    expect(cod.refusal({ total: 250_000, terms: shop({ cod: { max: 200_000 } }), locale: "en" })).toBe(
      "The total of 250000 JPY exceeds 200000 JPY, so cash on delivery cannot be chosen.",
    );
    const bank = paymentMethodChoice("bank");
    expect(bank.refusal({ total: 800, terms: shop({ bank: { min: 1000 } }), locale: "ja" })).toBe(
      "合計金額は800円と、1000円に満たないため銀行振込は選択できません。",
    );
    expect(bank.refusal({ total: 800, terms: shop({ bank: { min: 1000 } }), locale: "en" })).toBe(
      "Bank transfer cannot be chosen, as the total of 800 JPY is below 1000 JPY.",
    );
    expect(bank.refusal({ total: 5000, terms: shop({ bank: { max: 5000 } }), locale: "en" })).toBe(
      "Bank transfer cannot be chosen, as the total of 5000 JPY exceeds 5000 JPY.",
    );
  });

  it("closes a switched-off method to new orders, apart from its limits", () => {
    const off = shop({ cod: { enabled: false } });
    expect(paymentMethodChoice("cod").notOffered(off, "ja")).toBe("代金引換は現在ご利用いただけません。");
    expect(paymentMethodChoice("cod").notOffered(off, "en")).toBe("Cash on delivery is not available at the moment.");
    expect(paymentMethodChoice("cod").notOffered(shop(), "ja")).toBeNull();
    // An existing cod order is still recalculated under its limits.
    expect(paymentMethodChoice("cod").refusal({ total: 1000, terms: off, locale: "ja" })).toBeNull();
  });
});

describe("order, note and legal notice from terms", () => {
  it("offers the switched-on methods in the trader's order, the registry's by default", () => {
    const codes = (methods: readonly { code: string }[]) => methods.map((method) => method.code);
    // Those on by default (後払い waits for the trader's contract with a service: decision 080).
    const onByDefault = codes(paymentMethodChoices().filter((method) => method.defaultTerms.enabled));
    expect(onByDefault).not.toContain("deferred");
    expect(codes(offeredPaymentMethods(shop()))).toEqual(onByDefault);
    expect(codes(offeredPaymentMethods(shop())).slice(0, 6)).toEqual(["credit", "registered_credit", "bank", "cod", "konbini", "paypay"]);
    const changed = shop({ cod: { position: 1 }, paypay: { enabled: false } });
    expect(codes(offeredPaymentMethods(changed))).toEqual(["cod", ...onByDefault.filter((code) => code !== "cod" && code !== "paypay")]);
  });

  it("fills the note with the method's own ceiling", () => {
    expect(paymentMethodChoice("cod").checkoutNote(shop({ cod: { max: 200_000 } }), "ja", yen)).toContain(
      "お支払い金額が200,000 円以上のご注文にはご利用いただけません。",
    );
    expect(paymentMethodChoice("credit").checkoutNote(shop(), "ja", yen)).toBeNull();
  });

  it("gives each method's extra-charge lines: cod's flat or tiered fee, the bank's transfer fee, none for a free method", () => {
    expect(paymentMethodChoice("cod").legalNoticeCharges(shop(), "ja", yen)).toEqual(["代引き手数料：440 円(税抜)"]);
    expect(
      paymentMethodChoice("cod").legalNoticeCharges(
        shop({
          cod: {
            feeTiers: [
              { upTo: 10_000, fee: 330 },
              { upTo: null, fee: 660 },
            ],
          },
        }),
        "en",
        yen,
      ),
    ).toEqual(["Cash on delivery fee: 330 円 (excl. tax) for items and shipping up to 10,000 円", "Cash on delivery fee: 660 円 (excl. tax) above that"]);
    expect(paymentMethodChoice("bank").legalNoticeCharges(shop(), "ja", yen)).toEqual(["銀行振込手数料：お客様のご負担となります"]);
    expect(paymentMethodChoice("credit").legalNoticeCharges(shop(), "ja", yen)).toEqual([]);
    expect(paymentMethodChoice("paypay").legalNoticeCharges(shop({ paypay: { feeTiers: [{ upTo: null, fee: 100 }] } }), "ja", yen)).toEqual([
      "決済手数料：100 円(税抜)",
    ]);
  });
});
