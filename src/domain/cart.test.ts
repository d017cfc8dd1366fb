import { describe, expect, it } from "vitest";
import type { CartItem, CartProduct } from "./cart.ts";
import { addQuantityToCart, addToCart, canAddMore, cartCount, cartProductIds, cartTotal, parseAmountInput, removeFromCart, updateCartAmount } from "./cart.ts";

const product = (id: string, limit: number | null = null, price = 1100): CartProduct => ({
  id,
  name: `P${id}`,
  images: [],
  price: price - Math.floor(price / 11),
  price_include_tax: price,
  buyable_limit: limit,
});

describe("adding", () => {
  it("starts a new product at 1 and adds 1 to an existing one", () => {
    let cart: CartItem[] = [];
    cart = addToCart(cart, product("1"));
    expect(cart).toMatchObject([{ id: "1", amount: 1 }]);
    cart = addToCart(cart, product("1"));
    expect(cart).toMatchObject([{ id: "1", amount: 2 }]);
    cart = addToCart(cart, product("2"));
    expect(cart.map((item) => [item.id, item.amount])).toEqual([
      ["1", 2],
      ["2", 1],
    ]);
  });

  it("stops at buyable_limit", () => {
    let cart = addToCart([], product("1", 2));
    cart = addToCart(cart, product("1", 2));
    expect(cart[0]!.amount).toBe(2);
    expect(canAddMore(cart[0]!)).toBe(false);
    cart = addToCart(cart, product("1", 2));
    expect(cart[0]!.amount).toBe(2);
  });
});

describe("updating", () => {
  const cart = [
    { ...product("1", 3), amount: 1 },
    { ...product("2"), amount: 2 },
  ];

  it("applies amounts within the limit, or any amount without one", () => {
    expect(updateCartAmount(cart, "1", 3)[0]!.amount).toBe(3);
    expect(updateCartAmount(cart, "2", 40)[1]!.amount).toBe(40);
  });

  it("ignores amounts over the limit", () => {
    expect(updateCartAmount(cart, "1", 4)).toEqual(cart);
  });

  it("removes the item at 0", () => {
    expect(updateCartAmount(cart, "1", 0).map((item) => item.id)).toEqual(["2"]);
    expect(removeFromCart(cart, "2").map((item) => item.id)).toEqual(["1"]);
  });

  it("ignores negative, fractional and non-numbers without breaking the cart", () => {
    expect(updateCartAmount(cart, "1", -1)).toEqual(cart);
    expect(updateCartAmount(cart, "1", 1.5)).toEqual(cart);
    expect(updateCartAmount(cart, "1", Number.NaN)).toEqual(cart);
  });
});

describe("totals and inputs", () => {
  it("sums amount × tax-included price", () => {
    const cart = [
      { ...product("1", null, 3300), amount: 2 },
      { ...product("2", null, 1100), amount: 3 },
    ];
    expect(cartTotal(cart)).toBe(9900);
    expect(cartCount(cart)).toBe(5);
    expect(cartTotal([])).toBe(0);
    expect(cartProductIds(cart)).toEqual({ "1": 2, "2": 3 });
  });

  it("parses typed quantities as whole numbers, full-width digits included", () => {
    expect(parseAmountInput("3")).toBe(3);
    expect(parseAmountInput(" 12 ")).toBe(12);
    expect(parseAmountInput("２")).toBe(2);
    expect(parseAmountInput("0")).toBe(0);
    for (const bad of ["", "-1", "1.5", "abc", "1e3", "99999"]) expect(parseAmountInput(bad), bad).toBeNull();
  });
});

describe("addQuantityToCart (the product page's quantity selector)", () => {
  it("adds the chosen number of bottles to a new or existing item", () => {
    const once = addQuantityToCart([], product("1"), 2);
    expect(once.map((item) => item.amount)).toEqual([2]);
    expect(addQuantityToCart(once, product("1"), 3).map((item) => item.amount)).toEqual([5]);
  });

  it("stops at the purchase limit", () => {
    expect(addQuantityToCart([], product("1", 3), 5).map((item) => item.amount)).toEqual([3]);
    const full = addQuantityToCart([], product("1", 2), 2);
    expect(addQuantityToCart(full, product("1", 2), 1)).toBe(full);
  });

  it("reads a nonsense quantity as one bottle", () => {
    expect(addQuantityToCart([], product("1"), 0).map((item) => item.amount)).toEqual([1]);
    expect(addQuantityToCart([], product("1"), 1.5).map((item) => item.amount)).toEqual([1]);
  });
});
