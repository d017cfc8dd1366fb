import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { stockMovesTable } from "../db/schema/catalog.ts";
import { orderPaymentsTable, orderReturnsTable, ordersTable } from "../db/schema/orders.ts";
import { transactionRecordsTable } from "../db/schema/records.ts";
import { staffAuditLogTable } from "../db/schema/security.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import { CARDS } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { GRAPE_JUICE, openStaffShop, placeCardOrder, placeOrder, staffOrderPost } from "../testing/staff-shop.ts";
import { changeShopProfile } from "../testing/shop-profile-changes.ts";

// Returns after shipping (issue 32 item 6, decision 079): a card order's broken bottle refunded once
// under a resent request key, with 返品受入 and 破損 in the ledger, the payment partly refunded, the
// 返還請求書 PDF kept and mailed; a bank order's resaleable bottle back to stock with a bank refund
// owed; refusals for an unshipped order, too many bottles and bad input, in ja and en.

const REGISTRATION = "T1234567890123";
let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;
let juice: number;

function placeCard(items: { id: number; amount: number }[]) {
  return placeCardOrder({ shop, client }, items, CARDS.visa);
}

function placeBank(items: { id: number; amount: number }[], session = shop.browserSession()) {
  return placeOrder({ shop, client }, items, { payment_method: "bank" }, { session });
}

function post(id: string, action: string, payload: object, options: { key?: string; locale?: "ja" | "en" } = {}) {
  return staffOrderPost({ shop, staff }, id, action, payload, options);
}

async function ship(id: string) {
  expect((await post(id, "ship", { slip_number: "1234-5678-9012", carrier: "yamato" })).statusCode).toBe(200);
}

async function orderRow(id: string) {
  const [order] = await shop.database.db.select().from(ordersTable).where(eq(ordersTable.publicId, id));
  return order!;
}

async function itemIds(id: string): Promise<Map<number, number>> {
  const detail = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers });
  expect(detail.statusCode).toBe(200);
  // product id → order item id
  const lines = detail.json().data.shipments[0].lines as { order_item_id: number }[];
  const items = await shop.app.services.orders.itemsOf((await orderRow(id)).id);
  expect(lines.length).toBe(items.length);
  return new Map(items.map((item) => [item.productId!, item.id]));
}

beforeAll(async () => {
  const fixture = await openStaffShop();
  ({ shop, client, staff, wine } = fixture);
  await changeShopProfile(shop, () => ({ invoiceRegistrationNumber: REGISTRATION }));
  juice = await fixture.catalog.product(GRAPE_JUICE);
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/orders/{id}/returns", () => {
  it("refunds a card order's broken bottle once under a resent key, books 返品受入 and 破損, and issues the 返還請求書", async () => {
    const order = await placeCard([
      { id: wine, amount: 2 },
      { id: juice, amount: 2 },
    ]);
    await ship(order.id);
    const items = await itemIds(order.id);
    const stockBefore = await client.stockOf(wine);
    const body = {
      lines: [
        { item_id: items.get(wine), quantity: 1 },
        { item_id: items.get(juice), quantity: 1 },
      ],
      reason: "damaged_in_transit",
      broken: true,
      remedy: "refund",
      refund_shipping: false,
    };
    const key = crypto.randomUUID();
    const first = await post(order.id, "returns", body, { key });
    expect(first.statusCode).toBe(201);
    const recorded = first.json().data;
    // 10 %: 3,000 and its tax 300; 8 %: 1,001 and its tax 80 (the order's 8 % tax 161 falls to 81).
    expect(recorded.rates).toEqual([
      { rate: 10, goods: 3000, adjustment: 0, shipping: 0, base: 3000, tax: 300, total: 3300 },
      { rate: 8, goods: 1001, adjustment: 0, shipping: 0, base: 1001, tax: 80, total: 1081 },
    ]);
    expect(recorded).toMatchObject({
      number: 1,
      refund_amount: 4381,
      refund_route: "gateway",
      refund_state: "done",
      broken: true,
      invoice_number: `${orderNumberForShopper(order.id)}-R1`,
    });

    // The same request again (a retry after a lost answer): the first answer, no second refund or return.
    const again = await post(order.id, "returns", body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const row = await orderRow(order.id);
    const intent = await shop.app.services.payments.retrievePaymentIntent(row.paymentIntentId!);
    expect(intent.amountRefunded).toBe(4381);
    expect(await shop.database.db.select().from(orderReturnsTable).where(eq(orderReturnsTable.orderId, row.id))).toHaveLength(1);
    const [payment] = await shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, row.id));
    expect(payment).toMatchObject({ state: "partly_refunded", refundedAmount: 4381 });
    expect(row.status).toBe("sent");
    // Audited on the order under the staff member who recorded it (the log keeps requests: the resent one is there too, answered from the first).
    const audited = await shop.database.db
      .select()
      .from(staffAuditLogTable)
      .where(and(eq(staffAuditLogTable.action, "order.return"), eq(staffAuditLogTable.targetId, order.id)));
    expect(audited.map((entry) => [entry.staffId, entry.outcome, entry.status])).toEqual([
      [staff.staff.id, "success", 201],
      [staff.staff.id, "success", 201],
    ]);

    // The ledger: back in (返品受入) and out again as broken (破損); the stock to sell is unchanged.
    const moves = await shop.database.db
      .select()
      .from(stockMovesTable)
      .where(and(eq(stockMovesTable.orderId, row.id), eq(stockMovesTable.productId, wine)))
      .orderBy(asc(stockMovesTable.id));
    expect(moves.map((move) => [move.kind, move.quantity, move.actorKind])).toEqual([
      ["sale", -2, "order"],
      ["return", 1, "staff"],
      ["breakage", -1, "staff"],
    ]);
    expect(moves[2]!.reason).toContain("破損");
    expect(await client.stockOf(wine)).toBe(stockBefore);

    // The return invoice: kept as a transaction record, served to staff, and linked from the mail.
    const [kept] = await shop.database.db
      .select()
      .from(transactionRecordsTable)
      .where(and(eq(transactionRecordsTable.orderRef, order.id), eq(transactionRecordsTable.kind, "return_invoice")));
    expect(kept).toMatchObject({ amount: 4381, counterparty: row.name });
    const pdf = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}/returns/1/invoice`, headers: staff.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(kept!.content)).toBe(true);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("返還請求書");
    expect(text).toContain(`登録番号 ${REGISTRATION}`);
    expect(text).toMatch(/返品を受けた日 \d{4}\/\d{1,2}\/\d{1,2}/);
    expect(text).toMatch(/元のお取引日 \d{4}\/\d{1,2}\/\d{1,2}\(ご注文日\)/);
    expect(text).toContain("ぶどうジュース ※");
    expect(text).toContain("商品の状態 破損");
    expect(text).toMatch(/10%対象 返還額\(税抜\)\s+¥3,000/);
    expect(text).toMatch(/10%対象 消費税額\s+¥300/);
    expect(text).toMatch(/8%対象 返還額\(税抜\)\s+¥1,001/);
    expect(text).toMatch(/8%対象 消費税額\s+¥80/);
    expect(text).toMatch(/返還額合計\(税込\)\s+¥4,381/);
    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("ご返品・ご返金"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("4,381");
    expect(mails[0]!.text).toContain(`/api/returns/invoice?token=`);
  });

  it("puts a bank order's resaleable bottle back in stock and records the bank refund owed, shipping fee included", async () => {
    const order = await placeBank([{ id: wine, amount: 3 }]);
    expect((await post(order.id, "deposit", {})).statusCode).toBe(200);
    await ship(order.id);
    const items = await itemIds(order.id);
    const stockBefore = await client.stockOf(wine);
    // A form's fields, as the no-JavaScript page posts them; the shipping fee goes back by default for a defect.
    const response = await post(order.id, "returns", { [`quantity_${items.get(wine)}`]: "1", reason: "defective", remedy: "refund" });
    expect(response.statusCode).toBe(201);
    const recorded = response.json().data;
    expect(recorded).toMatchObject({ refund_route: "transfer", refund_state: "due", refund_shipping: true, broken: false });
    expect(recorded.rates[0].shipping).toBeGreaterThan(0);
    expect(await client.stockOf(wine)).toBe(stockBefore + 1);
    const row = await orderRow(order.id);
    const moves = await shop.database.db
      .select()
      .from(stockMovesTable)
      .where(and(eq(stockMovesTable.orderId, row.id), eq(stockMovesTable.kind, "return")));
    expect(moves.map((move) => move.quantity)).toEqual([1]);
    expect(
      await shop.database.db
        .select()
        .from(stockMovesTable)
        .where(and(eq(stockMovesTable.orderId, row.id), eq(stockMovesTable.kind, "breakage"))),
    ).toHaveLength(0);
    const [payment] = await shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, row.id));
    expect(payment).toMatchObject({ state: "partly_refunded", refundedAmount: recorded.refund_amount });
    const mail = (await shop.mailsTo(order.email)).find((each) => each.subject.includes("ご返品・ご返金"));
    expect(mail!.text).toContain("お振込み");

    // The shipping fee goes back once: a second return of the last bottles does not add it again.
    const rest = await post(order.id, "returns", { lines: [{ item_id: items.get(wine), quantity: 2 }], reason: "defective", remedy: "refund" });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data.rates[0].shipping).toBe(0);
    const [after] = await shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, row.id));
    // Every bottle and the shipping back, the bank transfer's fee-free total is refunded in full.
    expect(after!.refundedAmount).toBe(recorded.refund_amount + rest.json().data.refund_amount);
    expect(after!.state).toBe("refunded");

    // The trader transfers the first refund and marks it: done once, a second mark is a 409; a gateway refund cannot be marked.
    const marked = await post(order.id, "returns/1/refunded", {});
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({ number: 1, refund_state: "done" });
    const twice = await post(order.id, "returns/1/refunded", {}, { locale: "en" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual(["This return has no bank refund left to transfer."]);
    expect((await post(order.id, "returns/9/refunded", {})).statusCode).toBe(404);
  });

  it("refuses an order not shipped yet (409), in the request's language", async () => {
    const order = await placeBank([{ id: wine, amount: 1 }]);
    const items = await itemIds(order.id);
    const body = { lines: [{ item_id: items.get(wine), quantity: 1 }], reason: "defective", remedy: "refund" };
    const ja = await post(order.id, "returns", body, { locale: "ja" });
    expect(ja.statusCode).toBe(409);
    expect(ja.json().errors).toEqual(["返品は発送済みの注文にだけ記録できます。"]);
    const en = await post(order.id, "returns", body, { locale: "en" });
    expect(en.json().errors).toEqual(["A return can be recorded only for an order that has been shipped."]);
  });

  it("refuses more bottles than were shipped less those already back (422 under lines)", async () => {
    const order = await placeCard([{ id: wine, amount: 1 }]);
    await ship(order.id);
    const items = await itemIds(order.id);
    const ja = await post(order.id, "returns", { lines: [{ item_id: items.get(wine), quantity: 2 }], reason: "defective", remedy: "refund" }, { locale: "ja" });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields.lines).toEqual(["蔵の赤の返品数は1本以下にしてください(発送1本、返品済み0本)"]);
    const en = await post(order.id, "returns", { lines: [{ item_id: items.get(wine), quantity: 2 }], reason: "defective", remedy: "refund" }, { locale: "en" });
    expect(en.json().fields.lines).toEqual(["Kura red: at most 1 bottles can be returned (1 shipped, 0 already returned)"]);
    const row = await orderRow(order.id);
    expect(await shop.database.db.select().from(orderReturnsTable).where(eq(orderReturnsTable.orderId, row.id))).toHaveLength(0);
    expect((await shop.app.services.payments.retrievePaymentIntent(row.paymentIntentId!)).amountRefunded).toBe(0);
  });

  it("names every wrong field of a bad body in ja and en (422, never a 5xx)", async () => {
    const order = await placeCard([{ id: wine, amount: 1 }]);
    await ship(order.id);
    const ja = await post(order.id, "returns", { lines: "x", reason: "other", remedy: "gift", broken: "maybe" }, { locale: "ja" });
    expect(ja.statusCode).toBe(422);
    expect(ja.json().fields).toEqual({
      lines: ["返品する数量は不正な値です"],
      note: ["理由の詳細を入力してください"],
      broken: ["ボトルの状態は一覧にありません"],
      remedy: ["対応は一覧にありません"],
    });
    const en = await post(order.id, "returns", { reason: "", remedy: "refund" }, { locale: "en" });
    expect(en.statusCode).toBe(422);
    expect(en.json().fields).toEqual({ lines: ["Bottles returned can't be blank"], reason: ["Reason can't be blank"] });
    // An unknown order is a 404; a request without a key is refused before anything is done.
    expect((await post("nosuchorder", "returns", { reason: "defective", remedy: "refund", lines: [{ item_id: 1, quantity: 1 }] })).statusCode).toBe(404);
    const unkeyed = await shop.app.inject({
      method: "POST",
      url: `/admin/api/orders/${order.id}/returns`,
      headers: { ...staff.headers, "idempotency-key": "" },
      payload: {},
    });
    expect(unkeyed.statusCode).toBe(400);
  });

  it("records a replacement with no money moved and no invoice: the bottles back, then out again as a sale", async () => {
    const order = await placeCard([{ id: wine, amount: 2 }]);
    await ship(order.id);
    const items = await itemIds(order.id);
    const stockBefore = await client.stockOf(wine);
    const response = await post(order.id, "returns", { lines: [{ item_id: items.get(wine), quantity: 1 }], reason: "wrong_item", remedy: "replacement" });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ remedy: "replacement", refund_route: "none", refund_state: "none", refund_amount: 0, invoice_number: null });
    const row = await orderRow(order.id);
    expect((await shop.app.services.payments.retrievePaymentIntent(row.paymentIntentId!)).amountRefunded).toBe(0);
    const moves = await shop.database.db.select().from(stockMovesTable).where(eq(stockMovesTable.orderId, row.id)).orderBy(asc(stockMovesTable.id));
    expect(moves.map((move) => [move.kind, move.quantity])).toEqual([
      ["sale", -2],
      ["return", 1],
      ["sale", -1],
    ]);
    expect(await client.stockOf(wine)).toBe(stockBefore);
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("交換品発送"))).toHaveLength(1);
    expect((await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}/returns/1/invoice`, headers: staff.headers })).statusCode).toBe(404);
  });
});

describe("who may open a return invoice", () => {
  it("is the order's member (another member gets a 404) and a guest holding the signed link of the mail", async () => {
    const owner = await shop.memberSession();
    const other = await shop.memberSession();
    const order = await placeBank([{ id: wine, amount: 1 }], owner);
    expect((await post(order.id, "deposit", {})).statusCode).toBe(200);
    await ship(order.id);
    const items = await itemIds(order.id);
    expect((await post(order.id, "returns", { lines: [{ item_id: items.get(wine), quantity: 1 }], reason: "defective", remedy: "refund" })).statusCode).toBe(
      201,
    );
    const url = `/api/orders/${order.id}/returns/1/invoice`;
    const own = await shop.app.inject({ method: "GET", url, headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect((await shop.app.inject({ method: "GET", url, headers: other.headers })).statusCode).toBe(404);
    expect((await shop.app.inject({ method: "GET", url, headers: shop.browserSession().headers })).statusCode).toBe(401);

    const guest = await placeCard([{ id: wine, amount: 1 }]);
    await ship(guest.id);
    const guestItems = await itemIds(guest.id);
    expect(
      (await post(guest.id, "returns", { lines: [{ item_id: guestItems.get(wine), quantity: 1 }], reason: "defective", remedy: "refund" })).statusCode,
    ).toBe(201);
    const mail = (await shop.mailsTo(guest.email)).find((each) => each.subject.includes("ご返品・ご返金"))!;
    const link = /https?:\/\/\S+\/api\/returns\/invoice\?token=[^\s&]+&number=1/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const opened = await shop.app.inject({ method: "GET", url: new URL(link!).pathname + new URL(link!).search, headers: shop.browserSession().headers });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // A forged token names no order.
    expect(
      (await shop.app.inject({ method: "GET", url: `/api/returns/invoice?token=forged&number=1`, headers: shop.browserSession().headers })).statusCode,
    ).toBe(404);
  });
});
