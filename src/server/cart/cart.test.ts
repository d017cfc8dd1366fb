import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CartItem } from "../../domain/cart.ts";
import { productsTable } from "../db/schema/catalog.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import type { TestApp } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";
import { cartProducts } from "../testing/cart-products.ts";

const shop = testAppFixture();
const ids = {} as Record<"plain" | "limited" | "scarce" | "soldOut" | "hidden", number>;

beforeAll(async () => {
  Object.assign(ids, await cartProducts(shop));
  ids.hidden = await new CatalogFactory(shop.database.db).product({ name: { ja: "非公開", en: "Withdrawn" }, published: false });
});

async function put(session: ReturnType<TestApp["browserSession"]>, amounts: Record<string, number>, locale = "ja") {
  return shop.app.inject({
    method: "PUT",
    url: `/${locale}/api/carts`,
    headers: session.headers,
    payload: { cart: { cart_product_ids: amounts } },
  });
}

async function get(session: ReturnType<TestApp["browserSession"]>, locale = "ja"): Promise<CartItem[]> {
  const response = await shop.app.inject({ method: "GET", url: `/${locale}/api/carts`, headers: { cookie: session.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe("guest cart", () => {
  it("keeps what PUT stored, in order, with the drawer's fields", async () => {
    const session = shop.browserSession();
    expect(await get(session)).toEqual([]);
    expect((await put(session, { [ids.limited]: 1 })).statusCode).toBe(200);
    // The map has no order: lines already in the cart keep their place, new ones go last.
    const response = await put(session, { [ids.plain]: 1, [ids.limited]: 2 });
    expect(response.statusCode).toBe(200);
    const items = await get(session);
    expect(items.map((item) => [item.id, item.amount])).toEqual([
      [String(ids.limited), 2],
      [String(ids.plain), 1],
    ]);
    expect(items[0]).toMatchObject({ name: "限定ウイスキー", price: 10000, price_include_tax: 11000, buyable_limit: 3 });
    expect(items[0]!.images[0]).toMatch(/^\/images\/\d+\/240w\.jpg$/);
    expect((await get(session, "en"))[0]!.name).toBe("Limited whisky");
  });

  it("is the session's own: another visitor sees an empty cart", async () => {
    const mine = shop.browserSession();
    await put(mine, { [ids.plain]: 4 });
    expect(await get(shop.browserSession())).toEqual([]);
  });

  it("clamps amounts to buyable_limit and to stock, and ignores unknown products", async () => {
    const session = shop.browserSession();
    const response = await put(session, { [ids.limited]: 7, [ids.scarce]: 9, "999999": 2 });
    const returned = response.json().data as CartItem[];
    expect(returned.map((item) => [item.id, item.amount])).toEqual([
      [String(ids.limited), 3],
      [String(ids.scarce), 2],
    ]);
    expect((await get(session)).map((item) => item.amount)).toEqual([3, 2]);
  });

  it("shows sold-out products with amount 0 until removed, and brings them back when restocked", async () => {
    const session = shop.browserSession();
    await put(session, { [ids.soldOut]: 2 });
    await put(session, { [ids.soldOut]: 2, [ids.plain]: 1 });
    expect((await get(session)).map((item) => [item.id, item.amount])).toEqual([
      [String(ids.soldOut), 0],
      [String(ids.plain), 1],
    ]);
    // The drawer sends the unavailable lines back with 0; they stay.
    await put(session, { [ids.soldOut]: 0, [ids.plain]: 2 });
    expect((await get(session)).map((item) => item.amount)).toEqual([0, 2]);

    await shop.database.db.update(productsTable).set({ stock: 10 }).where(eq(productsTable.id, ids.soldOut));
    expect((await get(session))[0]).toMatchObject({ id: String(ids.soldOut), amount: 1 });
    await shop.database.db.update(productsTable).set({ stock: 0 }).where(eq(productsTable.id, ids.soldOut));
    // Removing means leaving them out.
    await put(session, { [ids.plain]: 2 });
    expect((await get(session)).map((item) => item.id)).toEqual([String(ids.plain)]);
  });

  it("treats an unpublished product as an unknown id: no name or price in the answer, nothing kept", async () => {
    const session = shop.browserSession();
    const catalogue = await shop.app.inject({ method: "GET", url: `/api/products/${ids.hidden}` });
    expect(catalogue.statusCode).toBe(404);
    for (const id of [ids.hidden, 999_999]) {
      const response = await put(session, { [id]: 1, [ids.plain]: 1 });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain("Withdrawn");
      expect(response.body).not.toContain("非公開");
      expect((response.json().data as CartItem[]).map((item) => item.id)).toEqual([String(ids.plain)]);
      expect((await get(session)).map((item) => item.id)).toEqual([String(ids.plain)]);
    }
  });

  it("drops a product withdrawn after it was put in the cart, as it drops an unknown one", async () => {
    const session = shop.browserSession();
    const withdrawn = await new CatalogFactory(shop.database.db).product({ name: { ja: "取り下げ", en: "Taken down" }, stock: 5 });
    await put(session, { [withdrawn]: 2, [ids.plain]: 1 });
    await shop.database.db.update(productsTable).set({ published: false }).where(eq(productsTable.id, withdrawn));
    expect((await get(session)).map((item) => item.id)).toEqual([String(ids.plain)]);
    const again = await put(session, { [withdrawn]: 0, [ids.plain]: 1 });
    expect(again.body).not.toContain("Taken down");
    expect((again.json().data as CartItem[]).map((item) => item.id)).toEqual([String(ids.plain)]);
  });

  it("empties the cart with an empty map", async () => {
    const session = shop.browserSession();
    await put(session, { [ids.plain]: 1 });
    await put(session, {});
    expect(await get(session)).toEqual([]);
  });
});

describe("bad requests", () => {
  it("refuses a PUT without the page's CSRF token", async () => {
    const session = shop.browserSession();
    const response = await shop.app.inject({
      method: "PUT",
      url: "/ja/api/carts",
      headers: { cookie: session.cookie },
      payload: { cart: { cart_product_ids: { [ids.plain]: 1 } } },
    });
    expect(response.statusCode).toBe(403);
    expect(await get(session)).toEqual([]);
  });

  it("answers malformed bodies with a 422 and a message, and changes nothing", async () => {
    const session = shop.browserSession();
    await put(session, { [ids.plain]: 1 });
    for (const payload of [
      {},
      { cart: {} },
      { cart: { cart_product_ids: { [ids.plain]: -1 } } },
      { cart: { cart_product_ids: { [ids.plain]: 1.5 } } },
      { cart: { cart_product_ids: { abc: 1 } } },
      { cart: { cart_product_ids: { [ids.plain]: "2" } } },
    ]) {
      const response = await shop.app.inject({ method: "PUT", url: "/en/api/carts", headers: session.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toEqual(["Some of the values you entered are not valid."]);
    }
    expect((await get(session)).map((item) => item.amount)).toEqual([1]);
  });
});

describe("member cart", () => {
  it("is kept against the account, so a second device signed in as the same member sees it", async () => {
    const laptop = await shop.memberSession();
    await put(laptop, { [ids.plain]: 2, [ids.limited]: 1 });
    const phone = shop.sessionFrom(
      await shop.app.inject({
        method: "POST",
        url: "/api/users/sign_in",
        headers: shop.browserSession().headers,
        payload: { api_user: { email: laptop.email, password: laptop.password } },
      }),
    );
    expect((await get(phone)).map((item) => [item.id, item.amount])).toEqual([
      [String(ids.plain), 2],
      [String(ids.limited), 1],
    ]);
    await put(phone, { [ids.plain]: 2, [ids.limited]: 99 });
    expect((await get(laptop)).map((item) => item.amount)).toEqual([2, 3]);
  });

  it("takes in the guest cart at sign-in: amounts add up within the limits, new lines go last, the guest cart is gone", async () => {
    const member = await shop.memberSession();
    await put(member, { [ids.limited]: 2, [ids.plain]: 1 });
    const guest = shop.browserSession();
    await put(guest, { [ids.limited]: 2, [ids.scarce]: 1 });
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/users/sign_in",
      headers: guest.headers,
      payload: { api_user: { email: member.email, password: member.password } },
    });
    expect(response.statusCode).toBe(200);
    const signedIn = shop.sessionFrom(response);
    // The member's lines keep their order (a first PUT stores ascending ids), the guest's new ones follow.
    expect((await get(signedIn)).map((item) => [item.id, item.amount])).toEqual([
      [String(ids.plain), 1],
      [String(ids.limited), 3], // 2 + 2, limited to 3
      [String(ids.scarce), 1],
    ]);
    expect(await get(guest)).toEqual([]);
  });

  it("is not the guest's after sign-out", async () => {
    const member = await shop.memberSession();
    await put(member, { [ids.plain]: 1 });
    const signOut = await shop.app.inject({ method: "DELETE", url: "/api/users/sign_out", headers: member.headers });
    expect(await get(shop.sessionFrom(signOut))).toEqual([]);
  });
});
