import { describe, expect, it } from "vitest";
import { japanDateOf } from "../../domain/japan-time.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";

// Decision 036: the order form's age field (birth_date) and tax per rate (10% and 8% apart).

const env = checkoutTestShop();

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The date of birth of someone who turns 20 tomorrow (Japan time): still 19 today. */
function nineteenToday(): string {
  const today = japanDateOf(new Date());
  const tomorrow = new Date(Date.UTC(today.year - 20, today.month - 1, today.day + 1));
  return `${tomorrow.getUTCFullYear()}-${pad2(tomorrow.getUTCMonth() + 1)}-${pad2(tomorrow.getUTCDate())}`;
}

/** Exactly 20 today. */
function twentyToday(): string {
  const today = japanDateOf(new Date());
  const date = new Date(Date.UTC(today.year - 20, today.month - 1, today.day));
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

describe("POST /api/checkout's birth_date", () => {
  const refusals: [string, Record<string, string | undefined>, RegExp][] = [
    ["missing", { birth_date: undefined }, /生年月日を入力してください/],
    ["empty", { birth_date: "" }, /生年月日を入力してください/],
    ["malformed", { birth_date: "1990/04/01" }, /生年月日を正しく入力してください/],
    ["nonexistent", { birth_date: "1990-02-30" }, /生年月日を正しく入力してください/],
    ["in the future", { birth_date: "2999-01-01" }, /未来の日付/],
  ];
  for (const [what, override, message] of refusals) {
    it(`answers 422 on the field when ${what}, writing nothing`, async () => {
      const wine = await env.make.product({ price: 3000, stock: 5 });
      const browser = env.shop.browserSession();
      const payload = { ...orderPayload([{ id: wine, amount: 1 }]), ...override };
      if (override.birth_date === undefined) delete (payload as Record<string, unknown>).birth_date;
      const before = await env.client.orderCount();
      const response = await env.client.post(browser, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().fields.birth_date.join(" ")).toMatch(message);
      expect(await env.client.orderCount()).toBe(before);
      expect(await env.client.stockOf(wine)).toBe(5);
      expect(await env.shop.mailsTo(payload.email)).toEqual([]);
    });
  }

  it("refuses someone who turns 20 tomorrow with the under-20 message (ja and en), writing nothing", async () => {
    const wine = await env.make.product({ price: 3000, stock: 5 });
    const browser = env.shop.browserSession();
    await env.client.fillCart(browser, { [wine]: 1 });
    const before = await env.client.orderCount();
    for (const locale of ["ja", "en"] as const) {
      const payload = orderPayload([{ id: wine, amount: 1 }], { birth_date: nineteenToday() });
      const response = await env.client.post(browser, payload, { locale });
      expect(response.statusCode).toBe(422);
      expect(response.json().fields.birth_date[0]).toBe(
        locale === "ja"
          ? "20歳未満の方はご注文いただけません。20歳未満の者の飲酒は法律で禁止されています。"
          : "We cannot accept orders from anyone under 20. Drinking by anyone under 20 is prohibited by law in Japan.",
      );
      expect(await env.shop.mailsTo(payload.email)).toEqual([]);
    }
    expect(await env.client.orderCount()).toBe(before);
    expect(await env.client.stockOf(wine)).toBe(5);
    expect(await env.client.cart(browser)).toHaveLength(1);
  });

  it("takes someone 20 today, keeps the date with the order and shows it on the back office order page", async () => {
    const wine = await env.make.product({ price: 3000, stock: 5 });
    const born = twentyToday();
    const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { birth_date: born }));
    expect(response.statusCode).toBe(200);
    const order = (await env.client.order(response.json().order_id))!;
    expect(order.birthDate).toBe(born);
    const staff = await staffSession(env.shop, "owner");
    const page = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.publicId}`, headers: staff.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.birth_date).toBe(born);
  });

  it("keeps a member's date of birth in the profile for the next order, prefilled from GET /api/users", async () => {
    const wine = await env.make.product({ price: 3000, stock: 5 });
    const member = await env.shop.memberSession();
    expect((await env.shop.app.inject({ method: "GET", url: "/api/users", headers: member.headers })).json().data).toMatchObject({ birth_date: null });
    const response = await env.client.post(member, orderPayload([{ id: wine, amount: 1 }], { birth_date: "1988-07-07" }));
    expect(response.statusCode).toBe(200);
    expect((await env.shop.app.inject({ method: "GET", url: "/api/users", headers: member.headers })).json().data).toMatchObject({ birth_date: "1988-07-07" });
  });
});

describe("tax per rate", () => {
  it("a mixed 8%/10% cod order: each rate rounded up once, in the answer, the mail and the order history", async () => {
    const whisky = await env.make.product({ name: { ja: "蔵ウイスキー", en: "Kura whisky" }, price: 4980, stock: 5 });
    const juice = await env.make.product({
      name: { ja: "ぶどうスパークリング", en: "Grape sparkling" },
      price: 1201,
      stock: 5,
      taxClass: "reduced",
      alcoholPermille: 0,
      volumeMl: 750,
    });
    const member = await env.shop.memberSession();
    const payload = orderPayload(
      [
        { id: whisky, amount: 1 },
        { id: juice, amount: 2 },
      ],
      { payment_method: "cod", email: member.email },
    );
    const response = await env.client.post(member, payload);
    expect(response.statusCode).toBe(200);
    // 10%: 4,980 + 1,100 shipping + 440 cod fee = 6,520 → 652; 8%: 2,402 → ceil(192.16) = 193.
    const order = (await env.client.order(response.json().order_id))!;
    expect(order).toMatchObject({ itemsTotal: 7382, taxTotal: 845, price: 7382 + 1540 + 845 });

    const history = (await env.shop.app.inject({ method: "GET", url: "/api/orders?page=1", headers: member.headers })).json();
    const card = history.data.find((each: { id: string }) => each.id === order.publicId);
    expect(card.attributes.taxes).toEqual([
      { rate: 10, base: 6520, tax: 652 },
      { rate: 8, base: 2402, tax: 193 },
    ]);
    expect(card.attributes.tax_total).toBe(845);
    expect(card.attributes.order_items.map((item: { tax: number; reduced: boolean }) => [item.tax, item.reduced])).toEqual([
      [10, false],
      [8, true],
    ]);

    const [mail] = await env.shop.mailsTo(member.email);
    expect(mail!.text).toContain("※ぶどうスパークリング");
    expect(mail!.text).toContain("※は軽減税率対象");
    expect(mail!.text).toMatch(/消費税\(10%対象 6,520\s?円\): 652\s?円/);
    expect(mail!.text).toMatch(/消費税\(8%対象 2,402\s?円\): 193\s?円/);
    expect(mail!.text).toContain("20歳未満の者の飲酒は法律で禁止されています");
  });

  it("prices a reduced-rate product at 8% included, and answers /api/taxrate with the standard rate", async () => {
    const juice = await env.make.product({ price: 1201, taxClass: "reduced", alcoholPermille: 0 });
    const product = (await env.shop.app.inject({ method: "GET", url: `/ja/api/products/${juice}` })).json();
    const attributes = product.data?.data?.attributes ?? product.data?.attributes ?? product.data;
    expect(attributes).toMatchObject({ price: 1201, price_include_tax: 1201 + 97, tax_rate: 8 });
    expect((await env.shop.app.inject({ method: "GET", url: "/ja/api/taxrate" })).json()).toEqual({ rate: 10 });
  });

  it("the back office refuses the reduced rate for a liquor product, with a message", async () => {
    const staff = await staffSession(env.shop, "owner");
    const whisky = await env.make.product({ price: 4980, alcoholPermille: 430 });
    const response = await env.shop.app.inject({
      method: "PATCH",
      url: `/admin/api/products/${whisky}`,
      headers: staff.headers,
      payload: { tax_class: "reduced" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.tax_class).toEqual(["酒類は軽減税率の対象外です。標準税率（10%）を選んでください。"]);
    const snack = await env.make.product({ price: 1800, alcoholPermille: null, volumeMl: null });
    const accepted = await env.shop.app.inject({
      method: "PATCH",
      url: `/admin/api/products/${snack}`,
      headers: staff.headers,
      payload: { tax_class: "reduced" },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.tax_class).toBe("reduced");
  });
});
