import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { stockMovesTable } from "../db/schema/catalog.ts";
import { orderHistoryTable, orderPaymentsTable, orderShipmentLinesTable } from "../db/schema/orders.ts";
import { transactionRecordsTable } from "../db/schema/records.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import { CARDS } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { pdfText } from "../testing/pdf-text.ts";
import { openStaffShop, placeCardOrder, placeOrder, staffOrderPost } from "../testing/staff-shop.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { staffActor } from "./order-moves.ts";
import { OrderPartialCancellations } from "./order-partial-cancel.ts";

// Partial cancellation before shipping (issue 32 item 5, decision 078): a paid card order refunded
// the difference at the gateway once (the same key resent, two keys at once), a paid bank transfer's
// amount to give back, cash on delivery's new amount to collect with its fee tier, the bottles back
// in stock and the liquor ledger, the mail in the outbox and its record, the history naming the staff
// member; refused after shipping, for every bottle, and for bad input, in ja and en.

let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;
let sake: number;

type Method = "bank" | "cod" | "credit";

/** How the receipt prints a total: ¥ and thousands. */
function yenText(amount: number): string {
  return `¥${amount.toLocaleString("en")}`;
}

/** Yen before tax at 10 %, the tax rounded up once (integers: 1.1 is not exact in floating point). */
function withTax(amount: number): number {
  return amount + Math.ceil((amount * 10) / 100);
}

async function place(method: Method, items: { id: number; amount: number }[], locale: "ja" | "en" = "ja") {
  const order =
    method === "credit"
      ? await placeCardOrder({ shop, client }, items, CARDS.visa, { locale })
      : await placeOrder({ shop, client }, items, { payment_method: method }, { locale });
  return { id: order.id, email: order.email, row: (await client.order(order.id))! };
}

async function lineIds(id: string): Promise<Map<number, number>> {
  const detail = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${id}`, headers: staff.headers });
  return new Map((detail.json().data.items as { product_id: number; line_id: number }[]).map((item) => [item.product_id, item.line_id]));
}

function cancelLine(id: string, body: object, options: { key?: string; locale?: "ja" | "en" } = {}) {
  return staffOrderPost({ shop, staff }, id, "lines", body, options);
}

async function paymentOf(orderId: number) {
  const [payment] = await shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, orderId));
  return payment!;
}

async function cancellationsInLedger(orderId: number, productId: number) {
  return shop.database.db
    .select()
    .from(stockMovesTable)
    .where(and(eq(stockMovesTable.orderId, orderId), eq(stockMovesTable.productId, productId), eq(stockMovesTable.kind, "cancellation")));
}

async function mailAbout(to: string, subject: string) {
  const mails = (await shop.mailsTo(to)).filter((mail) => mail.subject.includes(subject));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

beforeAll(async () => {
  const fixture = await openStaffShop();
  ({ shop, client, staff, wine } = fixture);
  sake = await fixture.catalog.product({ name: { ja: "純米吟醸 蔵", en: "Junmai ginjo Kura" }, price: 2000, stock: 100 });
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/orders/{id}/lines — a paid card order", () => {
  it("refunds the difference at the gateway, puts the bottle back in stock and the ledger, mails and records it, and names the staff member", async () => {
    const stockBefore = await client.stockOf(wine);
    const order = await place("credit", [
      { id: wine, amount: 3 },
      { id: sake, amount: 1 },
    ]);
    expect(order.row.status).toBe("deposited");
    const lines = await lineIds(order.id);
    const response = await cancelLine(order.id, { line: lines.get(wine), quantity: 2 });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    // 3,000 yen and its 10% tax go back; the shipping fee is the same for 3 bottles as for 4.
    expect(data.price).toBe(order.row.price - 3300);
    expect(data.items.find((item: { product_id: number }) => item.product_id === wine).amount).toBe(2);
    expect(data.payments[0]).toMatchObject({ amount: order.row.price, refunded_amount: 3300, state: "partly_refunded", state_label: "一部返金済み" });
    expect(data.status).toBe("deposited");

    const intent = await shop.app.services.payments.retrievePaymentIntent(order.row.paymentIntentId!);
    expect(intent.amountRefunded).toBe(3300);
    expect(await client.stockOf(wine)).toBe(stockBefore - 2);
    expect((await cancellationsInLedger(order.row.id, wine)).map((move) => move.quantity)).toEqual([1]);
    const [shipmentLine] = await shop.database.db
      .select()
      .from(orderShipmentLinesTable)
      .where(eq(orderShipmentLinesTable.orderItemId, lines.get(wine)!));
    expect(shipmentLine!.quantity).toBe(2);

    const mail = await mailAbout(order.email, "ご注文の一部キャンセルのお知らせ");
    expect(mail.subject).toBe(`【酒舗 蔵】ご注文の一部キャンセルのお知らせ(注文番号 ${orderNumberForShopper(order.id)})`);
    expect(mail.text).toContain("蔵の赤 3本 → 2本(キャンセル 1本)");
    expect(mail.text).toContain("ご返金額: 3,300 円(税込)");
    expect(mail.text).toContain(`変更後のご注文金額: ${data.price.toLocaleString("en")} 円(税込)`);
    const records = await shop.database.db
      .select()
      .from(transactionRecordsTable)
      .where(and(eq(transactionRecordsTable.orderRef, order.id), eq(transactionRecordsTable.kind, "refund_notice")));
    expect(records).toHaveLength(1);
    expect(records[0]!.amount).toBe(data.price);

    const history = await shop.database.db.select().from(orderHistoryTable).where(eq(orderHistoryTable.orderId, order.row.id));
    const entry = history.find((row) => row.note?.startsWith("一部キャンセル"))!;
    expect(entry).toMatchObject({ actorKind: "staff", actorId: String(staff.staff.id), fromStatus: "deposited", toStatus: "deposited" });
    expect(entry.note).toBe(`一部キャンセル: 蔵の赤 3本 → 2本、合計 ${order.row.price}円 → ${data.price}円 返金 3300円`);
  });

  it("refunds once when the same request is posted twice with its key", async () => {
    const order = await place("credit", [{ id: wine, amount: 3 }]);
    const line = (await lineIds(order.id)).get(wine);
    const key = crypto.randomUUID();
    const first = await cancelLine(order.id, { line, quantity: 1 }, { key });
    const again = await cancelLine(order.id, { line, quantity: 1 }, { key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await shop.app.services.payments.retrievePaymentIntent(order.row.paymentIntentId!)).amountRefunded).toBe(6600);
    expect((await paymentOf(order.row.id)).refundedAmount).toBe(6600);
    expect(await cancellationsInLedger(order.row.id, wine)).toHaveLength(1);
    expect((await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("一部キャンセル"))).toHaveLength(1);
  });

  it("refunds once when two clicks with different keys ask for the same line at the same time", async () => {
    const stockBefore = await client.stockOf(wine);
    const order = await place("credit", [{ id: wine, amount: 3 }]);
    const line = (await lineIds(order.id)).get(wine);
    const answers = await Promise.all([cancelLine(order.id, { line, quantity: 2 }), cancelLine(order.id, { line, quantity: 2 })]);
    // The second is refused either as stale (it read the order before the first committed: 409) or,
    // when it read it after, as asking for the quantity the line already has (422); never refunded.
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.find((answer) => answer.statusCode !== 200)!;
    expect([409, 422]).toContain(refused.statusCode);
    expect(refused.json().errors).toEqual([
      refused.statusCode === 409
        ? "この注文は、ほかの操作で内容が変わりました。画面を読み込み直して、最新の内容を確認してからもう一度お試しください。"
        : "数量は現在の数量より少ない数を入力してください(0で商品を取り消します)。",
    ]);
    expect((await shop.app.services.payments.retrievePaymentIntent(order.row.paymentIntentId!)).amountRefunded).toBe(3300);
    expect((await paymentOf(order.row.id)).refundedAmount).toBe(3300);
    expect(await client.stockOf(wine)).toBe(stockBefore - 2);
    expect(await cancellationsInLedger(order.row.id, wine)).toHaveLength(1);
  });

  it("refunds once when two requests read the same line state before either wrote (both reach the gateway)", async () => {
    const order = await place("credit", [{ id: wine, amount: 3 }]);
    const line = (await lineIds(order.id)).get(wine)!;
    const real = shop.app.services.payments;
    // Both requests are held at the gateway until both have asked, so each worked out its refund from the same state.
    let arrived = 0;
    let releaseBoth!: () => void;
    const bothArrived = new Promise<void>((resolve) => (releaseBoth = resolve));
    const keys: string[] = [];
    const gateway = Object.create(real) as PaymentGateway;
    gateway.refund = async (intent, amount, options) => {
      keys.push(options?.idempotencyKey ?? "");
      if (++arrived === 2) releaseBoth();
      await bothArrived;
      return real.refund(intent, amount, options);
    };
    const { orders, catalog, mail, shopProfiles } = shop.app.services;
    const service = new OrderPartialCancellations(
      shop.database.db,
      { orders, catalog, mail, shopProfiles, gateway, parcelLinesOf: async () => new Map() },
      { publicUrl: "http://localhost" },
    );
    const results = await Promise.allSettled([
      service.cancelLine(order.id, { itemId: line, quantity: 2 }, staffActor(staff.staff.id), "ja"),
      service.cancelLine(order.id, { itemId: line, quantity: 2 }, staffActor(staff.staff.id), "ja"),
    ]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ kind: "conflict", messageKey: "partialCancelStale" });
    expect((await real.retrievePaymentIntent(order.row.paymentIntentId!)).amountRefunded).toBe(3300);
    expect((await paymentOf(order.row.id)).refundedAmount).toBe(3300);
    expect(await cancellationsInLedger(order.row.id, wine)).toHaveLength(1);
  });

  it("takes the shipping fee back out of the refund when the order falls below the free-shipping line", async () => {
    const profile = await shop.app.services.shopProfiles.profile();
    await shop.app.services.shopProfiles.save({ ...profile, terms: { ...profile.terms, shipping: { ...profile.terms.shipping, freeShippingFrom: 10_000 } } });
    try {
      // 3 × 3,000 = 9,000 before tax, 9,900 with tax: below 10,000 after one bottle goes (6,600).
      const order = await place("credit", [{ id: wine, amount: 4 }]);
      const shippingBefore = (await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}`, headers: staff.headers })).json().data.shipping_fee;
      expect(shippingBefore).toBe(0);
      const line = (await lineIds(order.id)).get(wine);
      const response = await cancelLine(order.id, { line, quantity: 3 });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.shipping_fee).toBeGreaterThan(0);
      expect(data.price).toBe(withTax(9000 + data.shipping_fee));
      const refund = order.row.price - data.price;
      expect(refund).toBe(order.row.price - withTax(9000 + data.shipping_fee));
      expect(refund).toBeLessThan(3300);
      expect((await shop.app.services.payments.retrievePaymentIntent(order.row.paymentIntentId!)).amountRefunded).toBe(refund);
      expect(data.shipments[0].fee).toBe(data.shipping_fee);
    } finally {
      await shop.app.services.shopProfiles.save(profile);
    }
  });
});

describe("the receipt after a partial cancellation", () => {
  it("is reissued with the new contents, marked 再発行 and saying why", async () => {
    const order = await place("credit", [
      { id: wine, amount: 2 },
      { id: sake, amount: 1 },
    ]);
    const issue = () =>
      shop.app.inject({
        method: "POST",
        url: `/admin/api/orders/${order.id}/receipt`,
        headers: staff.headers,
        payload: { addressee: "山田 花子", proviso: "お品代として" },
      });
    const first = pdfText((await issue()).rawPayload);
    expect(first).not.toContain("再発行");
    expect(first).toContain(yenText(order.row.price));
    expect((await cancelLine(order.id, { line: (await lineIds(order.id)).get(sake), quantity: 0 })).statusCode).toBe(200);
    const after = (await client.order(order.id))!;
    const second = pdfText((await issue()).rawPayload);
    expect(second).toContain("再発行");
    expect(second).toContain("ご注文の一部キャンセルにより、変更後の内容で再発行しました。これより前に発行した領収書は無効です。");
    expect(second).toContain(yenText(after.price));
    expect(second).not.toContain("純米吟醸 蔵");
    // A copy asked for again with nothing changed since is a plain 再発行, without the note.
    const third = pdfText((await issue()).rawPayload);
    expect(third).toContain("再発行");
    expect(third).not.toContain("一部キャンセル");
  });
});

describe("POST /admin/api/orders/{id}/lines — paid by hand and unpaid", () => {
  it("records the amount to give back for a paid bank transfer, shown on the order and in the mail (en)", async () => {
    const order = await place(
      "bank",
      [
        { id: wine, amount: 2 },
        { id: sake, amount: 2 },
      ],
      "en",
    );
    expect((await shop.app.inject({ method: "POST", url: `/admin/api/orders/${order.id}/deposit`, headers: staff.headers })).statusCode).toBe(200);
    const line = (await lineIds(order.id)).get(sake);
    const response = await cancelLine(order.id, { line, quantity: 0 });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.items.map((item: { product_id: number }) => item.product_id)).toEqual([wine]);
    expect(data.price).toBe(order.row.price - 4400);
    expect(data.payments[0]).toMatchObject({ amount: order.row.price, refunded_amount: 4400, state: "partly_refunded" });
    const mail = await mailAbout(order.email, "Part of your order");
    expect(mail.text).toContain("Junmai ginjo Kura: 2 (all cancelled)");
    expect(mail.text).toContain("Refund: 4,400 JPY (incl. tax)");
    expect(mail.text).toContain(`New order total: ${data.price.toLocaleString("en")} JPY (incl. tax)`);
    expect(mail.text).toContain("We will contact you about how we return it");
  });

  it("asks cash on delivery for the new amount, its fee moved to the new tier", async () => {
    const profile = await shop.app.services.shopProfiles.profile();
    const tiers = [
      { upTo: 10_000, fee: 330 },
      { upTo: null, fee: 440 },
    ];
    await shop.app.services.shopProfiles.save({
      ...profile,
      terms: { ...profile.terms, payments: { ...profile.terms.payments, cod: { ...profile.terms.payments.cod!, feeTiers: tiers } } },
    });
    try {
      const order = await place("cod", [{ id: wine, amount: 4 }]);
      const before = (await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}`, headers: staff.headers })).json().data;
      expect(before.payment_method_fee).toBe(440);
      const line = (await lineIds(order.id)).get(wine);
      const response = await cancelLine(order.id, { line, quantity: 2 });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.payment_method_fee).toBe(330);
      expect(data.price).toBe(withTax(6000 + data.shipping_fee + 330));
      expect(data.payments[0]).toMatchObject({ amount: data.price, refunded_amount: 0, state: "authorized" });
      const mail = await mailAbout(order.email, "一部キャンセル");
      expect(mail.text).toContain(`商品お届けの際に、変更後の金額 ${data.price.toLocaleString("en")} 円(税込) を配達員にお支払いください。`);
      expect(mail.text).not.toContain("ご返金額");
    } finally {
      await shop.app.services.shopProfiles.save(profile);
    }
  });
});

describe("POST /admin/api/orders/{id}/lines — refused", () => {
  it("refuses a shipped order (409) in ja and en, and changes nothing", async () => {
    const order = await place("cod", [{ id: wine, amount: 2 }]);
    expect(
      (await shop.app.inject({ method: "POST", url: `/admin/api/orders/${order.id}/ship`, headers: staff.headers, payload: { slip_number: "1234-5678-9012" } }))
        .statusCode,
    ).toBe(200);
    const line = (await lineIds(order.id)).get(wine);
    const ja = await cancelLine(order.id, { line, quantity: 1 });
    expect(ja.statusCode).toBe(409);
    expect(ja.json().errors).toEqual([
      "このご注文は発送の準備が済んでいる(送り状番号が発行済み、または発送済み)ため、一部キャンセルできません。発送後のお取り消しは返品としてお受けください。",
    ]);
    const en = await cancelLine(order.id, { line, quantity: 1 }, { locale: "en" });
    expect(en.statusCode).toBe(409);
    expect(en.json().errors[0]).toMatch(/^This order is ready to ship or has shipped/);
    expect((await client.order(order.id))!.price).toBe(order.row.price);
  });

  it("refuses removing every bottle, pointing to the full cancel", async () => {
    const order = await place("bank", [{ id: wine, amount: 2 }]);
    const line = (await lineIds(order.id)).get(wine);
    const response = await cancelLine(order.id, { line, quantity: 0 });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      "すべての商品を取り消すことになるため、一部キャンセルはできません。注文全体を取り消す場合は「キャンセル」ボタンから注文をキャンセルしてください。",
    ]);
    const en = await cancelLine(order.id, { line, quantity: 0 }, { locale: "en" });
    expect(en.json().errors).toEqual([
      "This would cancel every item, so it cannot be a partial cancellation. To cancel the whole order, use the Cancel button.",
    ]);
  });

  it("names the quantity field for bad input, never a 5xx", async () => {
    const order = await place("bank", [
      { id: wine, amount: 2 },
      { id: sake, amount: 1 },
    ]);
    const line = (await lineIds(order.id)).get(wine);
    const cases: [object, "ja" | "en", string][] = [
      [{ line, quantity: "abc" }, "ja", "数量は数値で入力してください"],
      [{ line, quantity: "" }, "ja", "数量を入力してください"],
      [{ line, quantity: -1 }, "ja", "数量は0以上の値にしてください"],
      [{ line, quantity: "1.5" }, "en", "Quantity must be an integer"],
      [{ line, quantity: 2 }, "ja", "数量は現在の数量より少ない数を入力してください(0で商品を取り消します)。"],
      [{ line, quantity: 5 }, "en", "Enter a quantity lower than the current one (0 removes the item)."],
    ];
    for (const [body, locale, text] of cases) {
      const response = await cancelLine(order.id, body, { locale });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().fields.quantity).toEqual([text]);
    }
    const noLine = await cancelLine(order.id, { quantity: 1 });
    expect(noLine.statusCode).toBe(422);
    expect(noLine.json().fields.line).toEqual(["商品は不正な値です"]);
    const otherOrdersLine = await cancelLine(order.id, { line: 999_999, quantity: 1 });
    expect(otherOrdersLine.statusCode).toBe(404);
    expect((await client.order(order.id))!.price).toBe(order.row.price);
  });
});
