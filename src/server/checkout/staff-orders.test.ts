import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stockMovesTable } from "../db/schema/catalog.ts";
import { mailOutboxTable } from "../db/schema/mail.ts";
import { orderHistoryTable, orderPaymentsTable, orderShipmentsTable } from "../db/schema/orders.ts";
import { LOCALE_COOKIE } from "../../domain/locale.ts";
import { ADULT_BIRTH_DATE } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { changeShopProfile, deferredPaymentsOn } from "../testing/shop-profile-changes.ts";

// Orders entered by staff (issue 32 item 8, decision 081): POST /admin/api/orders places an order
// with the checkout's rules (stock, the age on the order day, the method's terms, 後払い's credit
// check) in one transaction, marked as entered by staff, keyed by the request's key.

const env = checkoutTestShop();
let staff: StaffSession;

beforeAll(async () => {
  staff = await staffSession(env.shop);
  await changeShopProfile(env.shop, deferredPaymentsOn);
});

/** The form as /admin/orders/new posts it: a new customer by phone, one row of items. */
function form(items: { id: number; amount: number }[], overrides: Record<string, string> = {}): Record<string, string> {
  const rows: Record<string, string> = {};
  items.forEach((item, index) => {
    rows[`item_product_${index + 1}`] = String(item.id);
    rows[`item_quantity_${index + 1}`] = String(item.amount);
  });
  return {
    channel: "phone",
    name: "佐藤 一郎",
    kana: "さとう いちろう",
    email: `ichiro-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: "03-1234-5678",
    zip: "111-0051",
    prefecture: "13",
    address: "台東区蔵前3-14-7",
    building_name: "",
    birth_date: ADULT_BIRTH_DATE,
    payment_method: "bank",
    memo: "夕方以降にお電話ください",
    ...rows,
    ...overrides,
  };
}

function enter(payload: object, options: { key?: string; locale?: "ja" | "en"; headers?: Record<string, string> } = {}) {
  const base: Record<string, string> = { ...(options.headers ?? staff.headers), ...(options.key ? { "idempotency-key": options.key } : {}) };
  // The back office answers in the staff member's chosen language (the locale cookie).
  const headers = options.locale === "en" ? { ...base, cookie: `${base.cookie}; ${LOCALE_COOKIE}=en` } : base;
  return env.shop.app.inject({ method: "POST", url: "/admin/api/orders", headers, payload });
}

async function statesOf(publicId: string) {
  const order = (await env.client.order(publicId))!;
  const [payment] = await env.shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, order.id));
  const [shipment] = await env.shop.database.db.select().from(orderShipmentsTable).where(eq(orderShipmentsTable.orderId, order.id));
  return { order, payment: payment!.state, shipment: shipment!.state };
}

async function salesOf(orderId: number, productId: number) {
  return env.shop.database.db
    .select()
    .from(stockMovesTable)
    .where(and(eq(stockMovesTable.orderId, orderId), eq(stockMovesTable.productId, productId), eq(stockMovesTable.kind, "sale")));
}

describe("an order entered by staff", () => {
  it("takes a phone order for a new customer paid 後払い, ships it unpaid and sees it paid later, with stock, ledger and mails", async () => {
    const wine = await env.make.product({ price: 4000, stock: 5 });
    const fields = form([{ id: wine, amount: 2 }], { payment_method: "deferred" });
    const response = await enter(fields);
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json().data;
    expect(detail).toMatchObject({
      status: "await_payment",
      payment_method: "deferred",
      name: "佐藤 一郎",
      customer_kana: "サトウ イチロウ",
      staff_memo: "夕方以降にお電話ください",
      birth_date: ADULT_BIRTH_DATE,
      entered_by: { channel: "phone", staff_id: staff.staff.id, staff_name: staff.email },
    });
    expect(detail.history[0]).toMatchObject({ from: null, to: "await_payment", actor_kind: "staff", note: `電話注文（入力：${staff.email}）` });
    expect(env.shop.app.services.deferredPayments.assessed.get(detail.id)).toBe("approved");

    const { order, payment, shipment } = await statesOf(detail.id);
    expect({ payment, shipment }).toEqual({ payment: "authorized", shipment: "ready" });
    expect(order).toMatchObject({ enteredByStaffId: staff.staff.id, entryChannel: "phone", userId: null, reservedUntil: null });
    expect(await env.client.stockOf(wine)).toBe(3);
    expect((await salesOf(order.id, wine)).map((move) => move.quantity)).toEqual([-2]);
    const [placedMail] = await env.shop.mailsTo(fields.email!);
    expect(placedMail!.text).toContain("請求書到着後14日以内に");
    // The staff's memo is theirs: the customer's mail does not carry it.
    expect(placedMail!.text).not.toContain("夕方以降にお電話ください");

    const list = await env.shop.app.inject({ method: "GET", url: "/admin/api/orders", headers: staff.headers });
    expect(list.json().data.find((row: { id: string }) => row.id === detail.id).entered_by).toMatchObject({ channel: "phone", staff_name: staff.email });

    const shipped = await env.shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${detail.id}/ship`,
      headers: staff.headers,
      payload: { slip_number: "123456789012", carrier: "yamato" },
    });
    expect(shipped.statusCode).toBe(200);
    expect(await statesOf(detail.id)).toMatchObject({ order: { status: "sent" }, payment: "authorized", shipment: "shipped" });
    const paid = await env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${detail.id}/deferred-paid`, headers: staff.headers });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await statesOf(detail.id)).toMatchObject({ order: { status: "sent" }, payment: "paid", shipment: "shipped" });
    const mails = await env.shop.mailsTo(fields.email!);
    expect(mails.length).toBe(3);
    expect(await env.client.stockOf(wine)).toBe(3);
  });

  it("takes a member's cash-on-delivery order, shown in their My Page history, their birth date kept", async () => {
    const member = await env.shop.memberSession();
    const wine = await env.make.product({ price: 3000, stock: 4 });
    const lookup = await env.shop.app.inject({
      method: "GET",
      url: `/admin/api/members/lookup?email=${encodeURIComponent(member.email.toUpperCase())}`,
      headers: staff.headers,
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data).toMatchObject({ email: member.email, birth_date: null });

    const response = await enter(form([{ id: wine, amount: 1 }], { channel: "fax", member_email: member.email, email: "", payment_method: "cod" }));
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json().data;
    expect(detail).toMatchObject({ email: member.email, payment_method: "cod", entered_by: { channel: "fax" } });
    expect(await statesOf(detail.id)).toMatchObject({ order: { userId: member.user.id }, payment: "authorized", shipment: "ready" });
    // The order mail goes to the member's own address, though the form left its e-mail blank.
    expect((await env.shop.mailsTo(member.email)).filter((mail) => mail.text.includes("を配達員にお支払いください"))).toHaveLength(1);

    const history = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: { cookie: member.cookie } });
    expect(history.json().data.map((row: { id: string }) => row.id)).toContain(detail.id);
    const again = await env.shop.app.inject({
      method: "GET",
      url: `/admin/api/members/lookup?email=${encodeURIComponent(member.email)}`,
      headers: staff.headers,
    });
    expect(again.json().data.birth_date).toBe(ADULT_BIRTH_DATE);
  });

  it("takes a FAX customer without e-mail and sends no mail", async () => {
    const wine = await env.make.product({ price: 2000, stock: 3 });
    const outbox = async () => (await env.shop.database.db.select({ id: mailOutboxTable.id }).from(mailOutboxTable)).length;
    const mailsBefore = await outbox();
    const response = await enter(form([{ id: wine, amount: 1 }], { channel: "fax", email: "" }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ email: "", entered_by: { channel: "fax" } });
    expect(await outbox()).toBe(mailsBefore);
  });

  it("refuses a customer under 20 in ja and en: no order, no stock taken", async () => {
    const wine = await env.make.product({ price: 2000, stock: 3 });
    const ordersBefore = await env.client.orderCount();
    const today = new Date();
    const young = `${today.getFullYear() - 19}-01-01`;
    const ja = await enter(form([{ id: wine, amount: 1 }], { birth_date: young }));
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields.birth_date).toEqual(["20歳未満の方はご注文いただけません。20歳未満の者の飲酒は法律で禁止されています。"]);
    const en = await enter(form([{ id: wine, amount: 1 }], { birth_date: young }), { locale: "en" });
    expect(en.json().fields.birth_date).toEqual(["We cannot accept orders from anyone under 20. Drinking by anyone under 20 is prohibited by law in Japan."]);
    const missing = await enter(form([{ id: wine, amount: 1 }], { birth_date: "" }));
    expect(missing.json().fields.birth_date).toEqual(["生年月日を入力してください"]);
    expect(await env.client.orderCount()).toBe(ordersBefore);
    expect(await env.client.stockOf(wine)).toBe(3);
  });

  it("names every wrong field of the form under it, with the checkout's address rules", async () => {
    const response = await enter(
      { channel: "mail", name: "", phone: "abc", zip: "", address: "", payment_method: "konbini", birth_date: ADULT_BIRTH_DATE },
      { locale: "en" },
    );
    expect(response.statusCode).toBe(422);
    const fields = response.json().fields;
    expect(Object.keys(fields).sort()).toEqual(["address", "channel", "items", "name", "payment_method", "phone", "zip"]);
    expect(fields.name).toEqual(["Name can't be blank"]);
  });

  it("refuses an item short of stock as checkout does, booking nothing", async () => {
    const wine = await env.make.product({ price: 2000, stock: 1 });
    const ordersBefore = await env.client.orderCount();
    const response = await enter(form([{ id: wine, amount: 3 }]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ items_rejected: true, errors: [{ id: wine, inventory: 1 }] });
    expect(response.json().errors[0].message).toMatch(/1/);
    expect(await env.client.orderCount()).toBe(ordersBefore);
    expect(await env.client.stockOf(wine)).toBe(1);
  });

  it("leaves a card order awaiting its payment link: pending, no deadline, not swept", async () => {
    const wine = await env.make.product({ price: 5000, stock: 2 });
    const fields = form([{ id: wine, amount: 1 }], { payment_method: "credit" });
    const response = await enter(fields);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as string;
    expect(await statesOf(id)).toMatchObject({
      order: { status: "await_payment", paymentMethod: "credit", reservedUntil: null, paymentIntentId: null },
      payment: "authorized",
      shipment: "waiting",
    });
    const [mail] = await env.shop.mailsTo(fields.email!);
    expect(mail!.text).toContain("お支払い用のリンクを別途メールでお送りします。");
    expect(mail!.text).not.toContain("お支払いが完了しました");

    await env.shop.app.services.orderPayments.sweepExpired(new Date(Date.now() + 365 * 24 * 60 * 60_000));
    expect(await statesOf(id)).toMatchObject({ order: { status: "await_payment" }, payment: "authorized" });
    expect(await env.client.stockOf(wine)).toBe(1);

    // Never paid: staff call it off like any unpaid order, and the bottle is back on the shelf.
    const cancelled = await env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${id}/cancel`, headers: staff.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statesOf(id)).toMatchObject({ order: { status: "cancelled" }, payment: "cancelled" });
    expect(await env.client.stockOf(wine)).toBe(2);
  });

  it("books one order for one request key sent twice", async () => {
    const wine = await env.make.product({ price: 2000, stock: 5 });
    const key = crypto.randomUUID();
    const fields = form([{ id: wine, amount: 1 }]);
    const first = await enter(fields, { key });
    const second = await enter(fields, { key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await env.client.stockOf(wine)).toBe(4);
    const order = (await env.client.order(first.json().data.id))!;
    expect(await env.shop.database.db.select().from(orderHistoryTable).where(eq(orderHistoryTable.orderId, order.id))).toHaveLength(1);
  });

  it("is refused to a shopper and to nobody signed in, and without the CSRF token", async () => {
    const wine = await env.make.product({ price: 2000, stock: 5 });
    const member = await env.shop.memberSession();
    expect((await enter(form([{ id: wine, amount: 1 }]), { headers: { ...member.headers, "idempotency-key": crypto.randomUUID() } })).statusCode).toBe(401);
    const guest = env.shop.browserSession();
    expect((await enter(form([{ id: wine, amount: 1 }]), { headers: { ...guest.headers, "idempotency-key": crypto.randomUUID() } })).statusCode).toBe(401);
    const { "x-csrf-token": _token, ...withoutToken } = staff.headers as Record<string, string>;
    expect((await enter(form([{ id: wine, amount: 1 }]), { headers: withoutToken })).statusCode).toBe(403);
    expect(await env.client.stockOf(wine)).toBe(5);
  });
});
