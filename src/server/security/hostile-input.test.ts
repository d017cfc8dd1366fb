import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productsTable } from "../db/schema/catalog.ts";
import { ordersTable } from "../db/schema/orders.ts";
import { forbiddenTextPath } from "../http/input-guard.ts";
import { message } from "../i18n/messages.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CARDS, CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { BrowserSession, MemberSession } from "../testing/test-app.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { testAppFixture } from "../testing/test-app.ts";

// Text no field takes (NUL, other control characters, lone surrogates) and ids beyond the id
// columns' range used to reach PostgreSQL and answer 500 on these routes, without signing in.
// Each now answers the visitor's 4xx with a message in the request's language.

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "1000" });
let guest: BrowserSession;
let member: MemberSession;
let product: number;

beforeAll(async () => {
  guest = shop.browserSession();
  member = await shop.memberSession();
  product = await new CatalogFactory(shop.database.db).product({ stock: 5 });
});

const NUL = "a\u0000b@example.com";

function send(method: "GET" | "POST" | "PUT", url: string, payload?: unknown, session: BrowserSession = guest) {
  return shop.app.inject({
    method,
    url,
    headers: { ...session.headers, "idempotency-key": crypto.randomUUID() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The routes and fields that answered 500 with a NUL; `field` is the key the 422 names. */
const NUL_CASES: { route: string; method: "GET" | "POST" | "PUT"; url: string; body?: unknown; as?: "member"; field: string; ja: string; en: string }[] = [
  {
    route: "sign-in",
    method: "POST",
    url: "/api/users/sign_in",
    body: { api_user: { email: NUL, password: "password1" } },
    field: "email",
    ja: "メールアドレス",
    en: "Email",
  },
  {
    route: "sign-up",
    method: "POST",
    url: "/api/users",
    body: { api_user: { email: NUL, password: "password1", password_confirmation: "password1" } },
    field: "email",
    ja: "メールアドレス",
    en: "Email",
  },
  {
    route: "password reset request",
    method: "POST",
    url: "/api/users/password",
    body: { api_user: { email: NUL } },
    field: "email",
    ja: "メールアドレス",
    en: "Email",
  },
  {
    route: "password reset",
    method: "PUT",
    url: "/api/users/password",
    body: { api_user: { reset_password_token: "a\u0000", password: "password1", password_confirmation: "password1" } },
    field: "reset_password_token",
    ja: "パスワードリセット用トークン",
    en: "Reset password token",
  },
  {
    route: "confirmation resend",
    method: "POST",
    url: "/api/users/confirmation",
    body: { api_user: { email: NUL } },
    field: "email",
    ja: "メールアドレス",
    en: "Email",
  },
  { route: "unlock resend", method: "POST", url: "/api/users/unlock", body: { api_user: { email: NUL } }, field: "email", ja: "メールアドレス", en: "Email" },
  {
    route: "inquiry",
    method: "POST",
    url: "/api/inquiries",
    body: { name: "田中\u0000", email: "a@example.com", subject: "在庫", message: "教えて" },
    field: "name",
    ja: "お名前",
    en: "Name",
  },
  {
    route: "mail magazine",
    method: "POST",
    url: "/api/magazine/subscriptions",
    body: { email: NUL, consent: true },
    field: "email",
    ja: "メールアドレス",
    en: "Email",
  },
  {
    route: "account update",
    method: "PUT",
    url: "/api/users",
    body: { api_user: { user_name: "山田\u0000" } },
    as: "member",
    field: "user_name",
    ja: "お名前",
    en: "Name",
  },
  {
    route: "saved address",
    method: "PUT",
    url: "/api/address",
    body: { country: "jp", zip: "111-0051", prefecture: 13, address: "台東区\u0000" },
    as: "member",
    field: "address",
    ja: "住所",
    en: "Address",
  },
  { route: "saved card", method: "PUT", url: "/api/cards", body: { setup_intent_id: "seti_\u0000" }, as: "member", field: "setup_intent_id", ja: "", en: "" },
  {
    route: "back-office sign-in",
    method: "POST",
    url: "/admin/api/session",
    body: { email: NUL, password: "password1" },
    field: "email",
    ja: "メールアドレス",
    en: "Email",
  },
  {
    route: "test gateway",
    method: "POST",
    url: "/test-gateway/setup_intents/confirm",
    body: { client_secret: "seti_x_secret_\u0000", payment_method: "pm_x" },
    field: "client_secret",
    ja: "",
    en: "",
  },
  { route: "test gateway intent", method: "GET", url: "/test-gateway/intent?client_secret=pi_%00", field: "client_secret", ja: "", en: "" },
];

describe("text no field takes", () => {
  for (const each of NUL_CASES) {
    it(`answers 422 naming the field on the ${each.route} route, in Japanese and English`, async () => {
      for (const locale of ["ja", "en"] as const) {
        // /ja/api and /en/api answer in their language; other paths in the visitor's chosen one (the cookie).
        const url = each.url.startsWith("/api/") ? `/${locale}${each.url}` : each.url;
        const session = each.as === "member" ? member : shop.browserSession();
        const headers = { ...session.headers, cookie: `${session.headers.cookie}; locale=${locale}` };
        const response = await shop.app.inject({ method: each.method, url, headers, ...(each.body === undefined ? {} : { payload: each.body as object }) });
        expect(response.statusCode, response.body).toBe(422);
        const body = response.json() as { errors: string[]; fields: Record<string, string[]> };
        const expected = each.ja
          ? locale === "ja"
            ? `${each.ja}に使用できない文字が含まれています`
            : `${each.en} contains characters that cannot be used`
          : message("invalidCharacters", locale);
        expect(body.errors).toEqual([expected]);
        expect(Object.keys(body.fields)).toEqual([each.field]);
      }
    });
  }

  it("refuses a lone surrogate as it refuses NUL, and stores nothing", async () => {
    const email = `lone-${crypto.randomUUID()}@example.com`;
    const response = await send("POST", "/api/inquiries", { name: "田中", email, subject: "件名\ud800", message: "教えて" });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toEqual({ subject: ["件名に使用できない文字が含まれています"] });
  });

  it("keeps tabs and line breaks where a field takes several lines", async () => {
    const response = await send("POST", "/api/inquiries", { name: "田中", email: "tab@example.com", subject: "件名", message: "一行目\r\n\t二行目" });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.message).toBe("一行目\n\t二行目");
  });

  it("answers 404 for such text in a path", async () => {
    expect((await send("GET", "/test-gateway/3ds/pi_%00")).statusCode).toBe(404);
    const staff = await staffSession(shop, "owner");
    const response = await shop.app.inject({ method: "PATCH", url: "/admin/api/liquor_types/a%00b", headers: staff.headers, payload: { label_ja: "酒" } });
    expect(response.statusCode).toBe(404);
  });

  it("refuses such text in a back-office search", async () => {
    const staff = await staffSession(shop, "owner");
    for (const url of ["/admin/api/orders?q=%00", "/admin/api/products?q=a%00", "/admin/api/members?q=%00", "/admin/api/orders/export.csv?q=%00"]) {
      const response = await shop.app.inject({ method: "GET", url, headers: staff.headers });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors).toEqual([message("invalidCharacters", "ja")]);
    }
  });
});

describe("checkout fields", () => {
  const client = () => new CheckoutClient(shop);

  it.each([
    ["name", { name: "山田\u0000花子" }, "name", "お名前に使用できない文字が含まれています"],
    ["memo", { memo: "置き配\u0007希望" }, "memo", "備考に使用できない文字が含まれています"],
    [
      "address",
      { address: { country: "jp", zip: "111-0051", prefecture: 13, address: "台東区\u0000", building_name: "" } },
      "address.address",
      "住所に使用できない文字が含まれています",
    ],
  ])("refuses a control character in the %s with its field message", async (_name, override, field, text) => {
    const response = await client().post(shop.browserSession(), orderPayload([{ id: product, amount: 1 }], override as object));
    expect(response.statusCode).toBe(422);
    expect(response.json().fields[field]).toEqual([text]);
  });

  it("refuses a line break in a one-line field of the address", async () => {
    const payload = orderPayload([{ id: product, amount: 1 }], {
      address: { country: "jp", zip: "111-0051\n", prefecture: 13, address: "台東区", building_name: "" },
    });
    const response = await client().post(shop.browserSession(), payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().fields["address.zip"]).toEqual(["郵便番号に使用できない文字が含まれています"]);
  });

  it.each([2_147_483_648, "2147483648", -1, 1.5, 0])("answers 400 for the item id %s", async (id) => {
    const response = await client().post(shop.browserSession(), orderPayload([{ id: id as number, amount: 1 }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([message("invalid", "ja")]);
  });

  it.each(["pm_\u0000", "pm_ナイ", "pm x", "x".repeat(256)])("refuses the card's payment method id %j before an order holds bottles", async (id) => {
    const before = await stockOf(product);
    const orders = (await shop.database.db.select().from(ordersTable)).length;
    const payload = orderPayload([{ id: product, amount: 2 }], { payment_method: "credit", payment: { payment_method_id: id } });
    const response = await client().post(shop.browserSession(), payload);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().fields)).toEqual(["payment"]);
    expect(await stockOf(product)).toBe(before);
    expect((await shop.database.db.select().from(ordersTable)).length).toBe(orders);
  });

  it("still takes a card whose payment method id the gateway made", async () => {
    const session = shop.browserSession();
    const id = await client().paymentMethod(session, CARDS.visa);
    const response = await client().post(session, orderPayload([{ id: product, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: id } }));
    expect(response.statusCode).toBe(200);
  });
});

async function stockOf(id: number): Promise<number> {
  const [row] = await shop.database.db.select({ stock: productsTable.stock }).from(productsTable).where(eq(productsTable.id, id));
  return row!.stock;
}

describe("ids beyond the id columns", () => {
  it.each(["2147483648", "99999999999", "0", "-1"])("answers 404 for the image %s", async (id) => {
    const response = await send("GET", `/images/${id}/240w.jpg`);
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toEqual([message("apiNotFound", "ja")]);
  });
});

describe("the guard and uploads", () => {
  it("walks any depth in linear time and leaves a binary body alone", () => {
    expect(forbiddenTextPath(Buffer.from([0, 1, 2, 0xff]))).toBeUndefined();
    expect(forbiddenTextPath(Object.assign(Object.create(Object.create(null)) as object, { q: "\u0000" }))).toEqual(["q"]);
    expect(forbiddenTextPath({ a: [{ b: "x" }, { c: "y\u0000" }] })).toEqual(["a", "1", "c"]);
    let deep: unknown = "\u0000";
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(forbiddenTextPath(deep)).toHaveLength(200_000);
  });
});
