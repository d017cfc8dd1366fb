import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderResource, OrdersPage } from "../../domain/checkout.ts";
import type { OrderCharge } from "../../domain/order-charges.ts";
import type { AdminOrderDetail } from "../../domain/order-view.ts";
import { B2_COLUMNS } from "../admin/b2-cloud.csv.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import type { MemberSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { B2_BILLING, changeShopProfile } from "../testing/shop-profile-changes.ts";
import { csvRows } from "../testing/csv-rows.ts";
import { orderMail } from "./order.mails.ts";

// Shipping and the payment fee are the order's charge lines: every answer shows the same figures
// as before, and a charge of a kind none of the answer modules knows reaches all of them.

let shop: TestApp;
let staff: StaffSession;
let member: MemberSession;
let wine: number;

async function adminGet(path: string, locale: "ja" | "en" = "ja") {
  return shop.app.inject({ method: "GET", url: `/admin/api/orders${path}`, headers: { ...staff.headers, cookie: `${staff.cookie}; locale=${locale}` } });
}

async function plainCsv(query: string, locale: "ja" | "en" = "ja"): Promise<string[][]> {
  return csvRows((await adminGet(`/export.csv?${query}`, locale)).rawPayload.subarray(3).toString("utf8"));
}

async function memberOrder(publicId: string, locale: "ja" | "en"): Promise<OrderResource> {
  const page: OrdersPage = (await shop.app.inject({ method: "GET", url: `/${locale}/api/orders`, headers: { cookie: member.cookie } })).json();
  return page.data.find((order) => order.id === publicId)!;
}

beforeAll(async () => {
  shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20" });
  staff = await staffSession(shop);
  member = await shop.memberSession();
  // B2 Cloud's file is refused until the billing codes are set.
  await changeShopProfile(shop, () => ({ yamatoB2: B2_BILLING }));
  wine = await new CatalogFactory(shop.database.db).product({ name: { ja: "蔵の赤", en: "Kura red" }, price: 5000, stock: 50 });
});

afterAll(async () => {
  await shop.close();
});

describe("a cash-on-delivery order placed at checkout", () => {
  it("shows shipping 1,100 and the cod fee 440 in the member's answer, the mail, the back office and both CSVs", async () => {
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "cod" });
    const response = await new CheckoutClient(shop).post(member, payload);
    expect(response.statusCode).toBe(200);
    const id: string = response.json().order_id;
    // 5000 + 1100 + 440 = 6540, tax 654, total 7194.

    const ja = await memberOrder(id, "ja");
    expect(ja.attributes).toMatchObject({ price: 7194, shipping_fee: 1100, payment_method_fee: 440, tax_total: 654 });
    expect(ja.attributes.charges).toEqual([
      { kind: "shipping", label: "送料", amount: 1100, taxable: true },
      { kind: "payment_fee", label: "代引き手数料", amount: 440, taxable: true },
    ]);

    const [mail] = await shop.mailsTo(payload.email);
    expect(mail!.text).toContain(
      "商品小計(税抜): 5,000 円\n送料(税抜): 1,100 円\n代引き手数料(税抜): 440 円\n消費税(10%対象 6,540 円): 654 円\n合計(税込): 7,194 円",
    );

    const detail: AdminOrderDetail = (await adminGet(`/${id}`)).json().data;
    expect(detail).toMatchObject({ items_total: 5000, shipping_fee: 1100, payment_method_fee: 440, tax_total: 654, price: 7194 });

    const rows = await plainCsv(`q=${id}`);
    const header = rows[0]!;
    expect(header.slice(15, 20)).toEqual(["商品合計(税抜)", "送料", "代引き手数料", "消費税", "お支払い金額(税込)"]);
    expect(rows[1]!.slice(15, 20)).toEqual(["5000", "1100", "440", "654", "7194"]);

    const b2 = csvRows(iconv.decode((await adminGet(`/b2-cloud.csv?q=${id}`)).rawPayload, "Shift_JIS"));
    expect(b2[1]![B2_COLUMNS.indexOf("ｺﾚｸﾄ代金引換額（税込)")]).toBe("7194");
    expect(b2[1]![B2_COLUMNS.indexOf("内消費税額等")]).toBe("654");
  });

  it("shows a bank order's shipping and no fee line", async () => {
    const payload = orderPayload([{ id: wine, amount: 2 }], { payment_method: "bank" });
    const id: string = (await new CheckoutClient(shop).post(member, payload)).json().order_id;
    const en = await memberOrder(id, "en");
    expect(en.attributes).toMatchObject({ price: 12_210, shipping_fee: 1100, payment_method_fee: 0, tax_total: 1110 });
    expect(en.attributes.charges).toEqual([{ kind: "shipping", label: "Shipping", amount: 1100, taxable: true }]);
    const [mail] = await shop.mailsTo(payload.email);
    expect(mail!.text).toContain("送料(税抜): 1,100 円\n消費税(10%対象 11,100 円): 1,110 円");
    expect(mail!.text).not.toContain("手数料");
  });
});

describe("a charge of a kind no answer module knows", () => {
  // As gift wrapping or a cool surcharge will be: only its label, amount and tax flag are known.
  const giftBox: OrderCharge = { kind: "test_gift_box", label: { ja: "テスト化粧箱", en: "Test gift box" }, amount: 550, taxable: true };
  const stamp: OrderCharge = { kind: "test_stamp", label: { ja: "テスト印紙代", en: "Test stamp duty" }, amount: 200, taxable: false };

  it("is in the totals, the member's answer, the back office, the order mail and the plain CSV", async () => {
    const order = await insertOrder(shop, {
      productId: wine,
      status: "await_payment",
      method: "cod",
      userId: member.user.id,
      email: "gift@example.com",
      createdAt: new Date("2026-06-01T10:00:00+09:00"),
      extraCharges: [giftBox, stamp],
    });
    // Items 6000; taxed: 6000 + 1100 + 440 + 550 = 8090 → tax 809; the untaxed 200 after tax: 8090 + 809 + 200 = 9099.
    expect(order).toMatchObject({ itemsTotal: 6000, taxTotal: 809, price: 9099 });

    const api = await memberOrder(order.publicId, "en");
    expect(api.attributes).toMatchObject({ price: 9099, shipping_fee: 1100, payment_method_fee: 440, tax_total: 809 });
    expect(api.attributes.charges.map((charge) => [charge.label, charge.amount])).toEqual([
      ["Shipping", 1100],
      ["Cash on delivery fee", 440],
      ["Test gift box", 550],
      ["Test stamp duty", 200],
    ]);

    const detail: AdminOrderDetail = (await adminGet(`/${order.publicId}`)).json().data;
    expect(detail).toMatchObject({ shipping_fee: 1100, payment_method_fee: 440, tax_total: 809, price: 9099 });
    expect(detail.charges.slice(2)).toEqual([
      { kind: "test_gift_box", label: "テスト化粧箱", amount: 550, taxable: true },
      { kind: "test_stamp", label: "テスト印紙代", amount: 200, taxable: false },
    ]);

    const view = (await shop.app.services.orders.viewByPublicId(order.publicId))!;
    const shopProfile = await shop.app.services.shopProfiles.profile();
    const mail = orderMail(shopProfile, "https://kura.example", { order: view, timeBands: {} });
    // Taxed charges say "before tax"; the untaxed one does not; tax is on the taxed 8,090 only.
    expect(mail.text).toContain(
      "代引き手数料(税抜): 440 円\nテスト化粧箱(税抜): 550 円\nテスト印紙代: 200 円\n消費税(10%対象 8,090 円): 809 円\n合計(税込): 9,099 円",
    );

    const rows = await plainCsv("from=2026-06-01&to=2026-06-01");
    const header = rows[0]!;
    expect(header.slice(16, 22)).toEqual(["送料", "代引き手数料", "テスト化粧箱", "テスト印紙代", "消費税", "お支払い金額(税込)"]);
    expect(rows[1]!.slice(16, 22)).toEqual(["1100", "440", "550", "200", "809", "9099"]);
    const english = await plainCsv("from=2026-06-01&to=2026-06-01", "en");
    expect(english[0]!.slice(18, 20)).toEqual(["Test gift box", "Test stamp duty"]);
    // The lines' columns still close every row.
    expect(header.slice(-6)).toEqual(["行", "商品ID", "商品名", "単価(税抜)", "数量", "小計(税抜)"]);
    expect(rows[1]!.slice(-6)).toEqual(["1", String(wine), "蔵の赤", "3000", "2", "6000"]);

    const b2 = csvRows(iconv.decode((await adminGet("/b2-cloud.csv?from=2026-06-01&to=2026-06-01")).rawPayload, "Shift_JIS"));
    expect(b2[1]![B2_COLUMNS.indexOf("ｺﾚｸﾄ代金引換額（税込)")]).toBe("9099");
  });
});
