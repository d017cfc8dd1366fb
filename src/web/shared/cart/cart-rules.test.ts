import { describe, expect, it } from "vitest";
import type { CartItem } from "../../../domain/cart.ts";
import { addQuantityToCart, removeFromCart } from "../../../domain/cart.ts";
import { firstBottleOfGuest, storedCartItems, withChanges } from "./cart-rules.ts";

// The browser cart's rules around the domain's arithmetic: the copy kept in localStorage, changes made
// before the cart loaded, and when a guest is asked to sign in.

const item = (id: string, amount: number): CartItem => ({ id, name: `酒${id}`, images: [], price: 1000, price_include_tax: 1100, amount, buyable_limit: null });

describe("storedCartItems", () => {
  it("reads back the items kept", () => {
    const items = [item("1", 2), item("2", 1)];
    expect(storedCartItems(JSON.stringify(items))).toEqual(items);
  });

  it("reads nothing kept, text that is not JSON, or JSON that is not a list as an empty cart", () => {
    for (const stored of [null, "", "{not json", '{"id":"1","amount":1}']) expect(storedCartItems(stored)).toEqual([]);
  });

  it("leaves out entries without a text id or a whole amount", () => {
    const stored = JSON.stringify([item("1", 2), { id: 7, amount: 1 }, { id: "3", amount: 1.5 }, { id: "4" }, null]);
    expect(storedCartItems(stored)).toEqual([item("1", 2)]);
  });
});

describe("withChanges", () => {
  it("applies the changes made before the load to the loaded cart, in the order they were made", () => {
    const loaded = [item("1", 1)];
    const changes = [(items: CartItem[]) => addQuantityToCart(items, item("2", 0), 2), (items: CartItem[]) => removeFromCart(items, "1")];
    expect(withChanges(loaded, changes)).toEqual([item("2", 2)]);
  });

  it("is the loaded cart when nothing changed", () => {
    const loaded = [item("1", 1)];
    expect(withChanges(loaded, [])).toBe(loaded);
  });
});

describe("firstBottleOfGuest", () => {
  it("is a guest's first bottle into an empty cart", () => {
    expect(firstBottleOfGuest([], [item("1", 1)], false)).toBe(true);
  });

  it("is not a member's, nor a bottle added to a cart that had one, nor a change that leaves it empty", () => {
    expect(firstBottleOfGuest([], [item("1", 1)], true)).toBe(false);
    expect(firstBottleOfGuest([item("1", 1)], [item("1", 2)], false)).toBe(false);
    expect(firstBottleOfGuest([], [], false)).toBe(false);
  });

  it("counts bottles, not entries: a cart holding only items that can no longer be bought is empty", () => {
    expect(firstBottleOfGuest([item("1", 0)], [item("1", 0), item("2", 1)], false)).toBe(true);
  });
});
