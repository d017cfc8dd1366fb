import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { orderPaymentsTable, orderShipmentsTable } from "../db/schema/orders.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import { staffSession } from "../testing/staff-fixtures.ts";
import { B2_BILLING, changeShopProfile, deferredPaymentsOn } from "../testing/shop-profile-changes.ts";

// 後払い (issue 32 item 4, decision 080) on the built-in test service: the credit check at checkout,
// the parcel ready at once and shipped unpaid, the shipment registered with the service, the
// payment paid later (the service's notice or 「入金を確認」), overdue invoices on the dashboard.

const env = checkoutTestShop();
let staff: StaffSession;

beforeAll(async () => {
  staff = await staffSession(env.shop);
  await changeShopProfile(env.shop, (profile) => ({ ...deferredPaymentsOn(profile), yamatoB2: B2_BILLING }));
});

async function orderPaidLater(overrides: { name?: string; email?: string } = {}, locale: "ja" | "en" = "ja") {
  const wine = await env.make.product({ price: 4000, stock: 5 });
  const session = env.shop.browserSession();
  await env.client.fillCart(session, { [wine]: 2 });
  const payload = orderPayload([{ id: wine, amount: 2 }], { payment_method: "deferred", ...overrides });
  const response = await env.client.post(session, payload, { locale });
  return { wine, payload, response };
}

async function statesOf(publicId: string) {
  const order = (await env.client.order(publicId))!;
  const [payment] = await env.shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, order.id));
  const [shipment] = await env.shop.database.db.select().from(orderShipmentsTable).where(eq(orderShipmentsTable.orderId, order.id));
  return { order, payment: payment!.state, shipment: shipment!.state, shipmentId: shipment!.id };
}

function staffPost(path: string, payload?: object) {
  return env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${path}`, headers: staff.headers, ...(payload ? { payload } : {}) });
}

async function dashboard() {
  return (await env.shop.app.inject({ method: "GET", url: "/admin/api/dashboard", headers: staff.headers })).json() as {
    to_ship: number;
    overdue_invoices: number;
  };
}

describe("後払い at checkout", () => {
  it("takes an approved order with its fee, ready to ship at once and in the B2 export, and mails how the invoice comes", async () => {
    const toShipBefore = (await dashboard()).to_ship;
    const { payload, response } = await orderPaidLater();
    expect(response.statusCode).toBe(200);
    const id = response.json().order_id as string;
    expect(env.shop.app.services.deferredPayments.assessed.get(id)).toBe("approved");

    const { order, payment, shipment } = await statesOf(id);
    expect(order).toMatchObject({ status: "await_payment", paymentMethod: "deferred" });
    expect({ payment, shipment }).toEqual({ payment: "authorized", shipment: "ready" });
    const fee = (await env.shop.app.services.orders.chargesOf(order.id)).find((charge) => charge.kind === "payment_fee");
    expect(fee?.amount).toBe(330);
    expect((await dashboard()).to_ship).toBe(toShipBefore + 1);

    const [mail] = await env.shop.mailsTo(payload.email);
    expect(mail!.text).toContain("商品発送後、請求書を別途郵送(またはメール)でお送りします。請求書到着後14日以内に");

    const csv = await env.shop.app.inject({ method: "GET", url: "/admin/api/orders/b2-cloud.csv", headers: staff.headers });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = iconv
      .decode(csv.rawPayload, "Shift_JIS")
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(",").map((cell) => cell.replace(/^"|"$/g, "")));
    const row = rows.find((cells) => cells[header!.indexOf("お客様管理番号")] === order.publicId);
    expect(row).toBeDefined();
    // 発払い: the carrier collects nothing, the service sends the invoice.
    expect(row![header!.indexOf("送り状種類")]).toBe("0");
    expect(row![header!.indexOf("ｺﾚｸﾄ代金引換額（税込)")]).toBe("");
  });

  it("refuses an order the service declines, in ja and en, writing no order and taking no stock", async () => {
    const ordersBefore = await env.client.orderCount();
    const declined = await orderPaidLater({ name: "山田 decline" });
    expect(declined.response.statusCode).toBe(422);
    expect(declined.response.json().errors).toEqual([
      "誠に恐れ入りますが、後払い決済会社の審査により、今回のご注文では後払いをご利用いただけません。別のお支払い方法をお選びください。",
    ]);
    expect(await env.client.stockOf(declined.wine)).toBe(5);
    expect(await env.client.orderCount()).toBe(ordersBefore);

    const held = await orderPaidLater({ email: "hold-me@example.com" }, "en");
    expect(held.response.statusCode).toBe(422);
    expect(held.response.json().errors).toEqual([
      "The pay-later service needs more time to check this order, so it cannot be paid later right now. Please choose another payment method.",
    ]);
    expect(await env.client.orderCount()).toBe(ordersBefore);
  });
});

describe("後払い after checkout", () => {
  it("ships unpaid and registers the shipment; the service's paid notice turns the payment paid and the order stays sent", async () => {
    const { payload, response } = await orderPaidLater();
    const id = response.json().order_id as string;
    const shipped = await staffPost(`${id}/ship`, { slip_number: "123456789012", carrier: "yamato" });
    expect(shipped.statusCode).toBe(200);
    expect(await statesOf(id)).toMatchObject({ order: { status: "sent" }, payment: "authorized", shipment: "shipped" });
    expect(env.shop.app.services.deferredPayments.shipments.get(id)).toEqual({ carrier: "yamato", slipNumber: "123456789012" });
    const shippedMail = (await env.shop.mailsTo(payload.email)).find((mail) => mail.text.includes("請求書は商品とは別に"));
    expect(shippedMail).toBeDefined();

    await env.shop.app.services.deferredPayments.settle(id);
    expect(await statesOf(id)).toMatchObject({ order: { status: "sent" }, payment: "paid", shipment: "shipped" });
    const paidMail = (await env.shop.mailsTo(payload.email)).find((mail) => mail.subject.includes("ご入金を確認しました"));
    expect(paidMail!.text).toContain("後払いのご請求につきまして、お支払いを確認いたしました。");
    expect(paidMail!.text).not.toContain("発送準備");
    // A second notice (a resent webhook) changes nothing and fails nothing.
    await env.shop.app.services.deferredPayments.settle(id);
    expect((await env.shop.mailsTo(payload.email)).filter((mail) => mail.subject.includes("ご入金を確認しました"))).toHaveLength(1);
  });

  it("keeps the shipping move when the service cannot be reached, and says so on the order's history", async () => {
    const { response } = await orderPaidLater();
    const id = response.json().order_id as string;
    env.shop.app.services.deferredPayments.failNextRegistration = true;
    const shipped = await staffPost(`${id}/ship`, { slip_number: "123456789015", carrier: "yamato" });
    expect(shipped.statusCode).toBe(200);
    expect(await statesOf(id)).toMatchObject({ order: { status: "sent" }, payment: "authorized", shipment: "shipped" });
    expect(env.shop.app.services.deferredPayments.shipments.has(id)).toBe(false);
    const detail = await env.shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers });
    const notes = (detail.json().data.history as { note: string | null }[]).map((entry) => entry.note);
    expect(notes).toContain("後払いの出荷登録に失敗しました。後払い決済会社の管理画面で登録してください。");
  });

  it("lets staff confirm the payment (「入金を確認」) once, and refuses it before the parcel has left, and to anyone signed out", async () => {
    const { response } = await orderPaidLater();
    const id = response.json().order_id as string;
    const early = await staffPost(`${id}/deferred-paid`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toEqual(["この注文は現在のステータスからその操作を行えません。"]);
    expect((await staffPost(`${id}/ship`, { slip_number: "123456789013", carrier: "yamato" })).statusCode).toBe(200);
    const paid = await staffPost(`${id}/deferred-paid`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.status).toBe("sent");
    expect(await statesOf(id)).toMatchObject({ payment: "paid" });
    expect((await staffPost(`${id}/deferred-paid`)).statusCode).toBe(409);
    const anonymous = await env.shop.app.inject({ method: "POST", url: `/admin/api/orders/${id}/deferred-paid`, headers: env.shop.browserSession().headers });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it("counts on the dashboard the invoices still unpaid more than 14 days after shipping, and not once paid", async () => {
    const { response } = await orderPaidLater();
    const id = response.json().order_id as string;
    expect((await staffPost(`${id}/ship`, { slip_number: "123456789014", carrier: "yamato" })).statusCode).toBe(200);
    const before = (await dashboard()).overdue_invoices;
    const { shipmentId } = await statesOf(id);
    const shippedDaysAgo = (days: number) =>
      env.shop.database.db
        .update(orderShipmentsTable)
        .set({ shippedAt: new Date(Date.now() - days * 86_400_000) })
        .where(eq(orderShipmentsTable.id, shipmentId));
    // The order list's overdue filter (?overdue=1) lists what the dashboard counts.
    const overdueList = async () => {
      const list = await env.shop.app.inject({ method: "GET", url: "/admin/api/orders?overdue=1", headers: staff.headers });
      expect(list.statusCode).toBe(200);
      return (list.json().data as { id: string }[]).map((order) => order.id);
    };
    await shippedDaysAgo(13);
    expect((await dashboard()).overdue_invoices).toBe(before);
    expect(await overdueList()).not.toContain(id);
    await shippedDaysAgo(15);
    expect((await dashboard()).overdue_invoices).toBe(before + 1);
    const listed = await overdueList();
    expect(listed).toContain(id);
    expect(listed).toHaveLength(before + 1);
    await env.shop.app.services.deferredPayments.settle(id);
    expect((await dashboard()).overdue_invoices).toBe(before);
    expect(await overdueList()).not.toContain(id);
    const refused = await env.shop.app.inject({ method: "GET", url: "/admin/api/orders?overdue=yes", headers: staff.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.join()).toContain("支払期限超過");
  });
});

describe("a changed amount on a 後払い order", () => {
  it("mails the new total as what the invoice will be for, not a transfer or the driver", async () => {
    const { payload, response } = await orderPaidLater({}, "en");
    expect(response.statusCode).toBe(200);
    const id = response.json().order_id as string;
    const discount = await staffPost(`${id}/adjustments`, {
      kind: "discount",
      label_ja: "値引き",
      label_en: "Discount",
      amount_before_tax: -500,
      tax_rate: 10,
    });
    expect(discount.statusCode, discount.body).toBe(200);
    const mail = (await env.shop.mailsTo(payload.email)).find((each) => each.subject.includes("has changed"));
    expect(mail!.text).toContain(`The invoice will be for the new amount, ${discount.json().data.price.toLocaleString("en")} JPY (incl. tax).`);
    expect(mail!.text).not.toContain("Please transfer");
    expect(mail!.text).not.toContain("to the driver");
  });
});
