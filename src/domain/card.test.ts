import { describe, expect, it } from "vitest";
import { cardBrandOf, cardDigits, checkCard, checkCardNumber, checkCvc, checkExpiry, formatCardNumber, luhnValid, parseExpiry } from "./card.ts";

const today = { year: 2030, month: 6, day: 15 };

describe("card numbers", () => {
  it("reads full-width digits, spaces and hyphens", () => {
    expect(cardDigits("４２４２ 4242-4242　4242")).toBe("4242424242424242");
  });

  it("knows the brands of the test cards", () => {
    expect(cardBrandOf("4242424242424242")).toBe("visa");
    expect(cardBrandOf("5555555555554444")).toBe("mastercard");
    expect(cardBrandOf("2223003122003222")).toBe("mastercard");
    expect(cardBrandOf("378282246310005")).toBe("amex");
    expect(cardBrandOf("3566002020360505")).toBe("jcb");
    expect(cardBrandOf("36227206271667")).toBe("diners");
    expect(cardBrandOf("9999")).toBe("unknown");
  });

  it("groups digits as printed on the card", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("42424")).toBe("4242 4");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  });

  it("checks length and the Luhn digit", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(checkCardNumber("4242 4242 4242 4242")).toBeNull();
    expect(checkCardNumber("4242 4242")).toBe("number_incomplete");
    expect(checkCardNumber("4242 4242 4242 4241")).toBe("number_invalid");
    expect(checkCardNumber("4242 abcd 4242 4242")).toBe("number_invalid");
    expect(checkCardNumber("")).toBe("number_incomplete");
  });
});

describe("expiry and security code", () => {
  it("reads MM/YY and MM/YYYY", () => {
    expect(parseExpiry("12/34")).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry("0734")).toEqual({ month: 7, year: 2034 });
    expect(parseExpiry("07 / 2034")).toEqual({ month: 7, year: 2034 });
    expect(parseExpiry("1/3")).toBe("incomplete");
    expect(parseExpiry("ab/cd")).toBe("invalid");
  });

  it("accepts the current month and refuses an earlier one", () => {
    expect(checkExpiry(6, 2030, today)).toBeNull();
    expect(checkExpiry(5, 2030, today)).toBe("expiry_past");
    expect(checkExpiry(12, 2029, today)).toBe("expiry_past");
    expect(checkExpiry(13, 2031, today)).toBe("expiry_invalid");
    expect(checkExpiry(1, 2090, today)).toBe("expiry_invalid");
  });

  it("wants three digits, four on American Express", () => {
    expect(checkCvc("123", "visa")).toBeNull();
    expect(checkCvc("12", "visa")).toBe("cvc_incomplete");
    expect(checkCvc("123", "amex")).toBe("cvc_incomplete");
    expect(checkCvc("1234", "amex")).toBeNull();
    expect(checkCvc("12a", "visa")).toBe("cvc_invalid");
  });

  it("names the first field with a problem", () => {
    expect(checkCard({ number: "4242", exp_month: 1, exp_year: 2000, cvc: "" }, today)).toEqual({ ok: false, field: "number", error: "number_incomplete" });
    expect(checkCard({ number: "4242424242424242", exp_month: 1, exp_year: 2000, cvc: "" }, today)).toEqual({
      ok: false,
      field: "expiry",
      error: "expiry_past",
    });
    expect(checkCard({ number: "4242424242424242", exp_month: 1, exp_year: 2031, cvc: "1" }, today)).toEqual({
      ok: false,
      field: "cvc",
      error: "cvc_incomplete",
    });
    expect(checkCard({ number: "4242 4242 4242 4242", exp_month: 1, exp_year: 2031, cvc: "123" }, today)).toEqual({
      ok: true,
      card: { number: "4242424242424242", brand: "visa", expMonth: 1, expYear: 2031, cvc: "123" },
    });
  });
});
