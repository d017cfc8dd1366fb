import { describe, expect, it } from "vitest";
import {
  RESTOCK_CONFIRM_WITHIN_MS,
  confirmationStillValid,
  favoriteAvailability,
  isBackInStock,
  isWaiting,
  mayMailAddress,
  restockGuestSchema,
} from "./wishlist.ts";

const now = new Date("2026-11-27T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("再入荷のお知らせ rules", () => {
  it("tells a request only when the product is published, not marked sold out and has bottles", () => {
    expect(isBackInStock({ published: true, soldOutFlag: false, stock: 1 })).toBe(true);
    expect(isBackInStock({ published: true, soldOutFlag: false, stock: 0 })).toBe(false);
    expect(isBackInStock({ published: true, soldOutFlag: true, stock: 5 })).toBe(false);
    expect(isBackInStock({ published: false, soldOutFlag: false, stock: 5 })).toBe(false);
  });

  it("counts pending and open requests as waiting, closed ones not", () => {
    expect(["pending", "open", "notified", "cancelled"].map((status) => isWaiting(status as "open"))).toEqual([true, true, false, false]);
  });

  it("keeps a confirmation link for three days", () => {
    expect(confirmationStillValid(new Date(now.getTime() - RESTOCK_CONFIRM_WITHIN_MS), now)).toBe(true);
    expect(confirmationStillValid(new Date(now.getTime() - RESTOCK_CONFIRM_WITHIN_MS - 1), now)).toBe(false);
    expect(confirmationStillValid(null, now)).toBe(false);
  });

  it("mails one address at most three links within the hour", () => {
    expect(mayMailAddress([minutesAgo(5), minutesAgo(10)], now)).toBe(true);
    expect(mayMailAddress([minutesAgo(5), minutesAgo(10), minutesAgo(59)], now)).toBe(false);
    expect(mayMailAddress([minutesAgo(5), minutesAgo(10), minutesAgo(61)], now)).toBe(true);
  });

  it("takes a guest's address lower-cased, flat or nested, and refuses a blank or malformed one", () => {
    expect(restockGuestSchema.parse({ email: " Sake@Example.COM " }).email).toBe("sake@example.com");
    expect(restockGuestSchema.parse({ restock_request: { email: "a@b.jp" } }).email).toBe("a@b.jp");
    expect(restockGuestSchema.safeParse({ email: "" }).success).toBe(false);
    expect(restockGuestSchema.safeParse({ email: "not-an-address" }).success).toBe(false);
    expect(restockGuestSchema.safeParse(42).success).toBe(false);
  });
});

describe("お気に入り availability", () => {
  it("says in stock, few left, sold out or no longer sold", () => {
    expect(favoriteAvailability({ published: true, soldOutFlag: false, stock: 12 }, 3)).toBe("in_stock");
    expect(favoriteAvailability({ published: true, soldOutFlag: false, stock: 3 }, 3)).toBe("low_stock");
    expect(favoriteAvailability({ published: true, soldOutFlag: false, stock: 0 }, 3)).toBe("sold_out");
    expect(favoriteAvailability({ published: true, soldOutFlag: true, stock: 9 }, 3)).toBe("sold_out");
    expect(favoriteAvailability({ published: false, soldOutFlag: false, stock: 9 }, 3)).toBe("not_on_sale");
  });
});
