import { describe, expect, it } from "vitest";
import { paymentAndShipmentFor, deriveOrderStatus } from "../payments-and-shipments.ts";
import { defaultPaymentTerms, offeredPaymentMethods, paymentMethodChoice } from "./payment-method.registry.ts";
import type { PaymentTerms } from "./payment-terms.ts";

// 後払い (decision 080): its fee and ceiling are terms the trader edits, it is off until switched on,
// and shipping does not settle it as it settles cash on delivery.

const shop = (change: Partial<PaymentTerms> = {}) => {
  const payments = defaultPaymentTerms();
  payments.deferred = { ...payments.deferred!, ...change };
  return { payments };
};
const yen = (amount: number) => `${amount.toLocaleString("ja-JP")}円`;
const deferred = paymentMethodChoice("deferred");

describe("後払い as a payment method", () => {
  it("is off by default and offered once switched on", () => {
    expect(offeredPaymentMethods(shop()).map((method) => method.code)).not.toContain("deferred");
    expect(deferred.notOffered(shop(), "ja")).toBe("後払いは現在ご利用いただけません。");
    expect(offeredPaymentMethods(shop({ enabled: true })).map((method) => method.code)).toContain("deferred");
    expect(deferred.notOffered(shop({ enabled: true }), "en")).toBeNull();
  });

  it("charges 330 yen by default, and the tiers the trader sets", () => {
    expect(deferred.fee(12_000, shop())).toBe(330);
    const tiers = shop({
      feeTiers: [
        { upTo: 10_000, fee: 220 },
        { upTo: null, fee: 440 },
      ],
    });
    expect(deferred.fee(10_000, tiers)).toBe(220);
    expect(deferred.fee(10_001, tiers)).toBe(440);
  });

  it("refuses totals from its ceiling (55,000 yen by default) up, in ja and en, and takes those below", () => {
    const on = shop({ enabled: true });
    expect(deferred.refusal({ total: 54_999, terms: on, locale: "ja" })).toBeNull();
    expect(deferred.refusal({ total: 55_000, terms: on, locale: "ja" })).toBe("合計金額は55000円と、55000円を超えるため後払いは選択できません。");
    expect(deferred.refusal({ total: 60_000, terms: on, locale: "en" })).toBe(
      "Pay later (invoice) cannot be chosen, as the total of 60000 JPY exceeds 55000 JPY.",
    );
    expect(deferred.refusal({ total: 60_000, terms: shop({ enabled: true, max: 100_000 }), locale: "ja" })).toBeNull();
  });

  it("says at checkout and on the legal notice how the invoice comes and what it costs, from its terms", () => {
    const note = deferred.checkoutNote(shop({ daysToPay: 10 }), "ja", yen)!;
    expect(note).toContain("請求書を別途郵送(またはメール)でお送りします");
    expect(note).toContain("請求書到着後10日以内にコンビニ・銀行・郵便局でお支払いください");
    expect(note).toContain("55,000円以上のご注文にはご利用いただけません");
    expect(deferred.checkoutNote(shop(), "en", yen)).toContain("within 14 days of receiving it");
    expect(deferred.legalNoticeCharges(shop(), "ja", yen)).toEqual(["後払い手数料：330円(税抜)"]);
    expect(deferred.legalNoticeCharges(shop({ feeTiers: [{ upTo: null, fee: 0 }] }), "en", yen)).toEqual([]);
  });

  it("ships unpaid: the parcel leaves with the payment still authorized, the order sent; cash on delivery is paid by shipping", () => {
    const ready = { payment: "authorized" as const, shipment: "ready" as const };
    const shipped = paymentAndShipmentFor("sent", ready, { shipsUnpaid: true, settlesOnShipping: false });
    expect(shipped).toEqual({ payment: "authorized", shipment: "shipped" });
    expect(deriveOrderStatus(["authorized"], ["shipped"])).toBe("sent");
    expect(deriveOrderStatus(["paid"], ["shipped"])).toBe("sent");
    expect(paymentAndShipmentFor("sent", ready, { shipsUnpaid: true })).toEqual({ payment: "paid", shipment: "shipped" });
  });
});
