import { describe, expect, it } from "vitest";
import type { CheckoutTerms } from "../../../domain/checkout-totals.ts";
import type { UserResource } from "../../../domain/account.ts";
import { defaultPaymentTerms, paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { PaymentTerms } from "../../../domain/payment-methods/payment-terms.ts";
import { defaultShippingTable } from "../../../domain/shipping-table.ts";
import { checkoutFigures } from "./checkout-figures.ts";
import { initialMethod, withChosenMethod, withRefusedMethodFallback } from "./checkout-method-state.ts";
import { checkoutFormOfFields } from "./checkout-fields.ts";
import { initialCheckoutForm } from "./initial-checkout-form.ts";
import { orderFingerprint } from "./checkout-order.ts";
import { CheckoutAttempt } from "./idempotency-key.ts";
import { checkoutPayload } from "../../../domain/testing/checkout-payload.ts";

// The browser's checkout state that use-checkout.ts keeps: one Idempotency-Key per
// attempt, the fee of the chosen method, and cash on delivery falling back to credit.

const terms: CheckoutTerms = {
  taxRatePercent: 10,
  shipping: { ...defaultShippingTable(), coolSurchargePerBox: 200 },
  payments: { ...defaultPaymentTerms(), cod: { ...defaultPaymentTerms().cod!, feeTiers: [{ upTo: null, fee: 330 }] } },
};

function figures(method: string, unitPrice: number, fetchedFee?: number) {
  return checkoutFigures({
    lines: [{ unitPrice, amount: 1, shippingType: "normal" }],
    chosen: paymentMethodChoice(method),
    fetchedFee,
    taxRate: 10,
    terms,
    delivery: { deliveryPrefecture: 13 },
    locale: "ja",
  });
}

describe("checkout attempt keys", () => {
  it("keeps the key while the order stays the same, so a retry replays instead of ordering twice", () => {
    const attempt = new CheckoutAttempt();
    const first = attempt.keyFor(orderFingerprint(checkoutPayload()));
    expect(attempt.keyFor(orderFingerprint(checkoutPayload()))).toBe(first);
    // The card's ids belong to the attempt, not to what is ordered.
    expect(attempt.keyFor(orderFingerprint(checkoutPayload({ payment: { payment_method_id: "pm_1" } })))).toBe(first);
  });

  it("makes a new key when what is ordered changes: amount, method, address, memo", () => {
    const attempt = new CheckoutAttempt();
    const keys = new Set([
      attempt.keyFor(orderFingerprint(checkoutPayload())),
      attempt.keyFor(orderFingerprint(checkoutPayload({ items: [{ id: 1, amount: 3 }] }))),
      attempt.keyFor(orderFingerprint(checkoutPayload({ items: [{ id: 1, amount: 3 }], payment_method: "cod" }))),
      attempt.keyFor(orderFingerprint(checkoutPayload({ items: [{ id: 1, amount: 3 }], payment_method: "cod", memo: "不在時は宅配ボックスへ" }))),
    ]);
    expect(keys.size).toBe(4);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("renews the key and forgets the card after a failed challenge or a declined card", () => {
    const attempt = new CheckoutAttempt();
    const fingerprint = orderFingerprint(checkoutPayload({ payment_method: "credit" }));
    const first = attempt.keyFor(fingerprint);
    attempt.paymentMethodId = "pm_declined";
    attempt.renew();
    expect(attempt.paymentMethodId).toBeNull();
    const second = attempt.keyFor(fingerprint);
    expect(second).not.toBe(first);
    expect(attempt.keyFor(fingerprint)).toBe(second);
  });
});

describe("payment fee of the chosen method", () => {
  it("charges the cod fee while cod is chosen, the server's figure once it answered", () => {
    expect(figures("cod", 10_000).totals).toMatchObject({ paymentMethodFee: 330, subtotal: 11_430, tax: 1143, total: 12_573 });
    expect(figures("cod", 10_000, 440).totals).toMatchObject({ paymentMethodFee: 440, total: 12_694 });
  });

  it("resets the fee to 0 on leaving cod, even with the cod answer still at hand", () => {
    for (const method of ["credit", "registered_credit", "bank"]) {
      expect(figures(method, 10_000, undefined).totals).toMatchObject({ paymentMethodFee: 0, subtotal: 11_100, total: 12_210 });
    }
  });
});

describe("cash on delivery falls back to credit", () => {
  it("refuses cod from 300000 yen with the fee and tax, with the contract's message", () => {
    // 271000 + 1100 + 330 = 272430, tax 27243: 299673 is still allowed.
    expect(figures("credit", 271_000).refusals.cod).toBeNull();
    // 272000 + 1100 + 330 = 273430, tax 27343: 300773 is refused, while credit stays possible.
    const refused = figures("credit", 272_000).refusals;
    expect(refused.cod).toBe("合計金額は300773円と、300000円を超えるため代引きは選択できません。");
    expect(refused.credit).toBeNull();
    expect(refused.bank).toBeNull();
  });

  it("moves a refused chosen method to the default, and leaves another choice alone", () => {
    const form = { method: "cod", memo: "x" };
    expect(withRefusedMethodFallback(form, "cod", terms)).toEqual({ method: "credit", memo: "x" });
    const bank = withChosenMethod(form, "bank");
    expect(withRefusedMethodFallback(bank, "cod", terms)).toBe(bank);
    expect(initialMethod(terms)).toBe("credit");
    expect(initialCheckoutForm(null, "日本", { terms, gift: { omotegaki: ["御祝"] } }).method).toBe("credit");
  });
});

describe("the method a checkout starts on follows the trader's terms", () => {
  const member: UserResource = {
    id: 7,
    email: "hanako@example.com",
    user_name: "山田 花子",
    tel: "090-1234-5678",
    birth_date: null,
    birthday_coupon: false,
    unconfirmed_email: null,
  };
  const withPayments = (changes: Record<string, Partial<PaymentTerms>>): CheckoutTerms => ({
    ...terms,
    payments: Object.fromEntries(Object.entries(terms.payments).map(([code, own]) => [code, { ...own, ...changes[code] }])),
  });
  const shopOf = (shopTerms: CheckoutTerms) => ({ terms: shopTerms, gift: { omotegaki: ["御祝"] } });

  it("starts on the next offered method when credit is switched off (the saved card is not known yet), and falls back there", () => {
    const creditOff = withPayments({ credit: { enabled: false } });
    expect(initialCheckoutForm(null, "日本", shopOf(creditOff)).method).toBe("bank");
    expect(initialCheckoutForm(member, "日本", shopOf(creditOff)).method).toBe("bank");
    expect(withRefusedMethodFallback({ method: "cod" }, "cod", creditOff)).toEqual({ method: "bank" });
    // The start refused by its own limit has nowhere better to go: kept, with the alert.
    const bankForm = { method: "bank" };
    expect(withRefusedMethodFallback(bankForm, "bank", creditOff)).toBe(bankForm);
  });

  it("starts on the method the trader placed first", () => {
    const codFirst = withPayments({ cod: { position: 1 } });
    expect(initialCheckoutForm(null, "日本", shopOf(codFirst)).method).toBe("cod");
    expect(withRefusedMethodFallback({ method: "bank" }, "bank", codFirst)).toEqual({ method: "cod" });
  });

  it("takes a posted form's method, and the offered start when none was posted", () => {
    const creditOff = shopOf(withPayments({ credit: { enabled: false } }));
    const base = initialCheckoutForm(null, "日本", creditOff);
    expect(checkoutFormOfFields({}, base, { defaultCountryName: "日本", book: [] }).method).toBe("bank");
    expect(checkoutFormOfFields({ payment_method: "cod" }, base, { defaultCountryName: "日本", book: [] }).method).toBe("cod");
  });
});
