import { describe, expect, it } from "vitest";
import { isOrderPublicId, orderNumberForShopper, publicIdFromOrderNumber } from "./order-number.ts";

describe("order number for the shopper", () => {
  it("groups the public id in fours", () => {
    expect(orderNumberForShopper("7K3MQ9XA2BCD")).toBe("7K3M-Q9XA-2BCD");
  });

  it("leaves anything that is not a public id as it is", () => {
    expect(orderNumberForShopper("abc")).toBe("abc");
    expect(orderNumberForShopper("7K3MQ9XA2BCI")).toBe("7K3MQ9XA2BCI");
  });

  it("reads back what a shopper types or says, in either width and case", () => {
    expect(publicIdFromOrderNumber("7k3m-q9xa-2bcd")).toBe("7K3MQ9XA2BCD");
    expect(publicIdFromOrderNumber("７Ｋ３Ｍ　Ｑ９ＸＡ　２ＢＣＤ")).toBe("7K3MQ9XA2BCD");
    // Crockford base32: O is read as 0, I and L as 1.
    expect(publicIdFromOrderNumber("7K3M-Q9XA-2BOL")).toBe("7K3MQ9XA2B01");
    expect(publicIdFromOrderNumber("7K3M-Q9XA")).toBeUndefined();
  });

  it("round-trips", () => {
    const id = "0123456789AB";
    expect(isOrderPublicId(id)).toBe(true);
    expect(publicIdFromOrderNumber(orderNumberForShopper(id))).toBe(id);
  });
});
