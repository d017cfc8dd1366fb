import { describe, expect, it } from "vitest";
import { checkoutTotals } from "./checkout-summary.ts";
import type { CheckoutLine, CheckoutTerms } from "./checkout-totals.ts";
import type { DestinationCharging } from "./destinations.ts";
import { destinationQuote, destinationQuotes, destinationsWrappingFee } from "./destinations.ts";
import type { GiftOptions } from "./gift.ts";
import { defaultGiftSettings } from "./gift.ts";
import { defaultPaymentTerms, paymentMethodChoice } from "./payment-methods/payment-method.registry.ts";
import { defaultShippingTable } from "./shipping-table.ts";

const bottle = (amount: number, options: { price?: number; volumeMl?: number; cool?: boolean } = {}): CheckoutLine => ({
  unitPrice: options.price ?? 3000,
  amount,
  shippingType: options.cool ? "cool" : "normal",
  volumeMl: options.volumeMl ?? 750,
});
const terms = (freeShippingFrom = 0): CheckoutTerms => ({
  taxRatePercent: 10,
  shipping: { ...defaultShippingTable(), freeShippingFrom },
  payments: defaultPaymentTerms(),
});
const TOKYO = 13;
const HOKKAIDO = 1;
const OKINAWA = 47;
const wrapped: GiftOptions = { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer", name: "山田" }, messageCard: "", hidePrices: true };

describe("shipping per destination", () => {
  it("charges each destination its prefecture's fee per box, with the cool surcharge per box", () => {
    const destinations: DestinationCharging[] = [
      { lines: [bottle(1)], prefecture: TOKYO, gift: null },
      { lines: [bottle(7)], prefecture: HOKKAIDO, gift: null }, // two boxes
      { lines: [bottle(1, { cool: true, volumeMl: 720 })], prefecture: OKINAWA, gift: null },
      { lines: [bottle(2, { volumeMl: 1800 }), bottle(3)], prefecture: null, gift: null }, // 7 places: two boxes, shop's zone
    ];
    expect(destinationQuotes(destinations, terms()).map(({ boxes, cool, fee }) => ({ boxes, cool, fee }))).toEqual([
      { boxes: 1, cool: false, fee: 1100 },
      { boxes: 2, cool: false, fee: 3300 },
      { boxes: 1, cool: true, fee: 2750 },
      { boxes: 2, cool: false, fee: 2200 },
    ]);
  });

  it("applies the free-shipping line per destination (1配送先あたり), not to the order's sum", () => {
    // 10,000 yen before tax is 11,000 with tax: at the line. 9,999 is 10,999: one yen under.
    const atLine = { lines: [bottle(1, { price: 10_000 })], prefecture: HOKKAIDO, gift: null };
    const under = { lines: [bottle(1, { price: 9999 })], prefecture: HOKKAIDO, gift: null };
    expect(destinationQuote(atLine, terms(11_000))).toMatchObject({ free: true, fee: 0 });
    expect(destinationQuote(under, terms(11_000))).toMatchObject({ free: false, fee: 1650 });
    // Together they are far above the line, yet the destination under it still pays its fee.
    const method = paymentMethodChoice("bank");
    const lines = [...atLine.lines, ...under.lines];
    const totals = checkoutTotals(
      lines,
      method,
      terms(11_000),
      { options: null, settings: defaultGiftSettings() },
      { deliveryPrefecture: HOKKAIDO, destinations: [atLine, under] },
    );
    expect(totals.shipping).toBe(1650);
    // One parcel with both would ship free: the single-destination case is unchanged.
    expect(checkoutTotals(lines, method, terms(11_000), undefined, { deliveryPrefecture: HOKKAIDO }).shipping).toBe(0);
  });

  it("sums the destinations' fees into the order's one shipping line, and its tax and total from it", () => {
    const destinations: DestinationCharging[] = Array.from({ length: 5 }, (_, index) => ({
      lines: [bottle(1)],
      prefecture: index === 4 ? OKINAWA : TOKYO,
      gift: wrapped,
    }));
    const lines = destinations.flatMap((destination) => destination.lines);
    const totals = checkoutTotals(
      lines,
      paymentMethodChoice("bank"),
      terms(),
      { options: wrapped, settings: defaultGiftSettings() },
      { deliveryPrefecture: TOKYO, destinations },
    );
    expect(totals.shipping).toBe(4 * 1100 + 2200);
    // Wrapping once per destination wrapped (330 yen each by default).
    expect(totals.chargeLines.find((line) => line.kind === "gift_wrapping")?.amount).toBe(5 * 330);
    expect(totals.items).toBe(15_000);
    // (15,000 + 6,600 + 1,650) × 10% = 2,325.
    expect(totals.tax).toBe(2325);
    expect(totals.total).toBe(15_000 + 6600 + 1650 + 2325);
  });

  it("wraps only the destinations that asked for it", () => {
    const settings = { ...defaultGiftSettings(), wrappingFee: 500 };
    expect(
      destinationsWrappingFee(
        [
          { lines: [], prefecture: TOKYO, gift: wrapped },
          { lines: [], prefecture: TOKYO, gift: null },
          { lines: [], prefecture: TOKYO, gift: { ...wrapped, wrapping: false } },
        ],
        settings,
      ),
    ).toBe(500);
  });
});
