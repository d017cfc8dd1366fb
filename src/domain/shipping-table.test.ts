import { describe, expect, it } from "vitest";
import { checkoutTotals } from "./checkout-summary.ts";
import type { CheckoutLine, CheckoutTerms } from "./checkout-totals.ts";
import { defaultPaymentTerms, paymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import type { ShippingTable } from "./shipping-table.ts";
import { boxUnitsOf, boxesFor, defaultShippingTable, prefectureGroups, shippingQuote, transitDaysTo } from "./shipping-table.ts";
import { shippingTableSchema } from "./shipping-table.schema.ts";

const table = defaultShippingTable();
const bottle = (amount: number, volumeMl: number | null = 750, shippingType: "normal" | "cool" = "normal"): CheckoutLine => ({
  unitPrice: 3000,
  amount,
  shippingType,
  volumeMl,
});
const TOKYO = 13;
const HOKKAIDO = 1;
const OKINAWA = 47;

describe("the default shipping table", () => {
  it("charges 本州・四国・九州 today's 1,100 yen, 北海道 and 沖縄 more", () => {
    expect(table.fees).toHaveLength(47);
    expect(table.fees[TOKYO - 1]).toBe(1100);
    expect(table.fees[26 - 1]).toBe(1100); // 京都府
    expect(table.fees[38 - 1]).toBe(1100); // 愛媛県
    expect(table.fees[46 - 1]).toBe(1100); // 鹿児島県
    expect(table.fees[HOKKAIDO - 1]).toBe(1650);
    expect(table.fees[OKINAWA - 1]).toBe(2200);
    expect(table).toMatchObject({ bottlesPerBox: 6, coolSurchargePerBox: 550, freeShippingFrom: 0 });
    expect(table.remoteIslandsNote.ja).toContain("離島");
  });

  it("takes a day to most of 本州, two to 北海道 and 九州, three to 沖縄", () => {
    expect(transitDaysTo(TOKYO, table)).toBe(1);
    expect(transitDaysTo(27, table)).toBe(1); // 大阪府
    expect(transitDaysTo(HOKKAIDO, table)).toBe(2);
    expect(transitDaysTo(40, table)).toBe(2); // 福岡県
    expect(transitDaysTo(OKINAWA, table)).toBe(3);
    expect(transitDaysTo(null, table)).toBe(1);
  });

  it("refuses a table without 47 fees, a negative fee or an empty box", () => {
    // The default table (kept apart from zod for the pages that print it) is what the schema fills in.
    expect(shippingTableSchema.parse({})).toEqual(defaultShippingTable());
    expect(shippingTableSchema.safeParse({ fees: [1100] }).success).toBe(false);
    expect(shippingTableSchema.safeParse({ fees: table.fees.map((fee, index) => (index === 3 ? -1 : fee)) }).success).toBe(false);
    expect(shippingTableSchema.safeParse({ bottlesPerBox: 0 }).success).toBe(false);
    expect(shippingTableSchema.safeParse({ transitDays: table.transitDays.map(() => 0) }).success).toBe(false);
  });
});

describe("shipping per prefecture, box and cool", () => {
  it("charges the prefecture's fee, the shop's own zone when there is none", () => {
    expect(shippingQuote([bottle(1)], TOKYO, table, 3300).fee).toBe(1100);
    expect(shippingQuote([bottle(1)], HOKKAIDO, table, 3300).fee).toBe(1650);
    expect(shippingQuote([bottle(1)], OKINAWA, table, 3300).fee).toBe(2200);
    expect(shippingQuote([bottle(1)], null, table, 3300).fee).toBe(1100);
  });

  it("fits 6 bottles of 750 ml in a box: 7 bottles are 2 boxes", () => {
    expect(boxesFor([bottle(6)], 6)).toBe(1);
    expect(boxesFor([bottle(7)], 6)).toBe(2);
    expect(shippingQuote([bottle(6)], TOKYO, table, 0)).toMatchObject({ boxes: 1, fee: 1100 });
    expect(shippingQuote([bottle(7)], TOKYO, table, 0)).toMatchObject({ boxes: 2, fee: 2200 });
    expect(shippingQuote([bottle(4), bottle(3, 720)], OKINAWA, table, 0)).toMatchObject({ boxes: 2, fee: 4400 });
  });

  it("counts a 1,800 ml bottle as 2 places", () => {
    expect(boxUnitsOf(1800)).toBe(2);
    expect(boxUnitsOf(750)).toBe(1);
    expect(boxUnitsOf(720)).toBe(1);
    expect(boxUnitsOf(null)).toBe(1);
    expect(boxUnitsOf(3000)).toBe(4);
    // Three 一升瓶 fill a box of 6; a fourth needs a second box.
    expect(shippingQuote([bottle(3, 1800)], TOKYO, table, 0)).toMatchObject({ boxes: 1, fee: 1100 });
    expect(shippingQuote([bottle(3, 1800), bottle(1)], TOKYO, table, 0)).toMatchObject({ boxes: 2, fee: 2200 });
  });

  it("adds the cool surcharge per box when any bottle is cool: one box to the shop's zone is today's 1,650 yen", () => {
    expect(shippingQuote([bottle(1, 720, "cool")], TOKYO, table, 0).fee).toBe(1650);
    expect(shippingQuote([bottle(5), bottle(2, 720, "cool")], TOKYO, table, 0)).toMatchObject({ boxes: 2, cool: true, fee: 3300 });
    expect(shippingQuote([bottle(1, 720, "cool")], OKINAWA, table, 0).fee).toBe(2750);
  });
});

describe("the free-shipping line", () => {
  const withLine: ShippingTable = { ...table, freeShippingFrom: 11_000 };

  it("is free from the line of goods with tax, charged at 1 yen under it", () => {
    expect(shippingQuote([bottle(1)], TOKYO, withLine, 10_999)).toMatchObject({ free: false, fee: 1100 });
    expect(shippingQuote([bottle(1)], TOKYO, withLine, 11_000)).toMatchObject({ free: true, fee: 0 });
    expect(shippingQuote([bottle(9, 750, "cool")], OKINAWA, withLine, 11_000).fee).toBe(0);
  });

  it("is never reached at 0", () => {
    expect(shippingQuote([bottle(1)], TOKYO, table, 10_000_000).fee).toBe(1100);
  });

  it("compares the goods with tax at checkout: 9,999 + tax = 10,999 pays, 10,000 + tax = 11,000 does not", () => {
    const terms: CheckoutTerms = { taxRatePercent: 10, shipping: withLine, payments: defaultPaymentTerms() };
    const line = (unitPrice: number): CheckoutLine[] => [{ unitPrice, amount: 1, shippingType: "normal", volumeMl: 750 }];
    expect(checkoutTotals(line(9999), paymentMethodChoice("bank"), terms, undefined, { deliveryPrefecture: TOKYO }).shipping).toBe(1100);
    expect(checkoutTotals(line(10_000), paymentMethodChoice("bank"), terms, undefined, { deliveryPrefecture: TOKYO }).shipping).toBe(0);
  });
});

describe("shipping at checkout follows the delivery prefecture", () => {
  it("charges Okinawa's fee as a shipping charge line and taxes it with the rest", () => {
    const terms: CheckoutTerms = { taxRatePercent: 10, shipping: table, payments: defaultPaymentTerms() };
    const totals = checkoutTotals([bottle(2)], paymentMethodChoice("bank"), terms, undefined, { deliveryPrefecture: OKINAWA });
    expect(totals.chargeLines).toEqual([{ kind: "shipping", label: { ja: "送料", en: "Shipping" }, amount: 2200, taxable: true }]);
    expect(totals).toMatchObject({ items: 6000, shipping: 2200, tax: 820, total: 9020 });
    expect(checkoutTotals([bottle(2)], paymentMethodChoice("bank"), terms).shipping).toBe(1100);
  });
});

describe("the table in words", () => {
  it("names the prefectures with their own fee and calls the largest group the rest", () => {
    expect(prefectureGroups(table.fees, "ja")).toEqual([
      { value: 1650, prefectures: ["北海道"] },
      { value: 2200, prefectures: ["沖縄県"] },
      { value: 1100, prefectures: null },
    ]);
    expect(
      prefectureGroups(
        table.fees.map(() => 990),
        "en",
      ),
    ).toEqual([{ value: 990, prefectures: [] }]);
  });
});
