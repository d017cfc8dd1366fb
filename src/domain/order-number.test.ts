import { describe, expect, it } from "vitest";
import { isOrderPublicId, orderNumberForShopper, publicIdFromOrderNumber } from "./order-number.ts";
import { examples } from "./testing/examples.ts";

describe("order number for the shopper", () => {
  examples("groups the public id in fours", orderNumberForShopper, [["7K3MQ9XA2BCD", "7K3M-Q9XA-2BCD"]]);

  examples("leaves anything that is not a public id as it is", orderNumberForShopper, [
    ["abc", "abc"],
    ["7K3MQ9XA2BCI", "7K3MQ9XA2BCI"],
  ]);

  examples("reads back what a shopper types or says, in either width and case", publicIdFromOrderNumber, [
    ["7k3m-q9xa-2bcd", "7K3MQ9XA2BCD"],
    ["７Ｋ３Ｍ　Ｑ９ＸＡ　２ＢＣＤ", "7K3MQ9XA2BCD"],
    // Crockford base32: O is read as 0, I and L as 1.
    ["7K3M-Q9XA-2BOL", "7K3MQ9XA2B01"],
    ["7K3M-Q9XA", undefined],
  ]);

  it("round-trips", () => {
    const id = "0123456789AB";
    expect(isOrderPublicId(id)).toBe(true);
    expect(publicIdFromOrderNumber(orderNumberForShopper(id))).toBe(id);
  });
});
