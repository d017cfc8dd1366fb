import { describe, expect, it } from "vitest";
import { cardBrandOf, cardDigits, checkCard, checkCardNumber, checkCvc, checkExpiry, formatCardNumber, luhnValid, parseExpiry } from "./card.ts";
import { examples } from "./testing/examples.ts";

const today = { year: 2030, month: 6, day: 15 };

describe("card numbers", () => {
  it("reads full-width digits, spaces and hyphens", () => {
    expect(cardDigits("４２４２ 4242-4242　4242")).toBe("4242424242424242");
  });

  examples("knows the brands of the test cards", cardBrandOf, [
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["3566002020360505", "jcb"],
    ["36227206271667", "diners"],
    ["9999", "unknown"],
  ]);

  examples("groups digits as printed on the card", formatCardNumber, [
    ["4242424242424242", "4242 4242 4242 4242"],
    ["42424", "4242 4"],
    ["378282246310005", "3782 822463 10005"],
  ]);

  examples("checks the Luhn digit", luhnValid, [
    ["4242424242424242", true],
    ["4242424242424241", false],
  ]);

  examples("checks length and the Luhn digit of a number as typed", checkCardNumber, [
    ["4242 4242 4242 4242", null],
    ["4242 4242", "number_incomplete"],
    ["4242 4242 4242 4241", "number_invalid"],
    ["4242 abcd 4242 4242", "number_invalid"],
    ["", "number_incomplete"],
  ]);
});

describe("expiry and security code", () => {
  examples("reads MM/YY and MM/YYYY", parseExpiry, [
    ["12/34", { month: 12, year: 2034 }],
    ["0734", { month: 7, year: 2034 }],
    ["07 / 2034", { month: 7, year: 2034 }],
    ["1/3", "incomplete"],
    ["ab/cd", "invalid"],
  ]);

  examples("accepts the current month and refuses an earlier one", ([month, year]: [number, number]) => checkExpiry(month, year, today), [
    [[6, 2030], null],
    [[5, 2030], "expiry_past"],
    [[12, 2029], "expiry_past"],
    [[13, 2031], "expiry_invalid"],
    [[1, 2090], "expiry_invalid"],
  ]);

  examples("wants three digits, four on American Express", ([cvc, brand]: Parameters<typeof checkCvc>) => checkCvc(cvc, brand), [
    [["123", "visa"], null],
    [["12", "visa"], "cvc_incomplete"],
    [["123", "amex"], "cvc_incomplete"],
    [["1234", "amex"], null],
    [["12a", "visa"], "cvc_invalid"],
  ]);

  examples("names the first field with a problem", (card: Parameters<typeof checkCard>[0]) => checkCard(card, today), [
    [
      { number: "4242", exp_month: 1, exp_year: 2000, cvc: "" },
      { ok: false, field: "number", error: "number_incomplete" },
    ],
    [
      { number: "4242424242424242", exp_month: 1, exp_year: 2000, cvc: "" },
      { ok: false, field: "expiry", error: "expiry_past" },
    ],
    [
      { number: "4242424242424242", exp_month: 1, exp_year: 2031, cvc: "1" },
      { ok: false, field: "cvc", error: "cvc_incomplete" },
    ],
    [
      { number: "4242 4242 4242 4242", exp_month: 1, exp_year: 2031, cvc: "123" },
      { ok: true, card: { number: "4242424242424242", brand: "visa", expMonth: 1, expYear: 2031, cvc: "123" } },
    ],
  ]);
});
