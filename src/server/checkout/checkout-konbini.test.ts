import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { orderHistoryTable } from "../db/schema/orders.ts";
import { orderPayload } from "../testing/checkout-fixtures.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import { testTime } from "../testing/test-time.ts";

// Convenience-store payment (issue 17 deliverable 6) on the built-in test gateway: the order waits
// in await_payment with its bottles held and the voucher's number in the answer, the mail and the
// order history, until the voucher is paid at the store (→ deposited) or expires (→ cancelled,
// bottles back).

const env = checkoutTestShop({ PAYMENT_VOUCHER_DAYS: "4" });

interface Instructions {
  number: string;
  code: string | null;
  deadline: string;
  url: string | null;
}

async function orderByKonbini(session: BrowserSession, wine: number, amount = 2) {
  const payload = orderPayload([{ id: wine, amount }], { payment_method: "konbini" });
  await env.client.fillCart(session, { [wine]: amount });
  const response = await env.client.post(session, payload);
  expect(response.statusCode).toBe(200);
  const body = response.json() as { require_action: boolean; order_id: string; payment_instructions: Instructions };
  return { payload, body };
}

/** The voucher page's test buttons, without a browser: "paid at the store" or "let it expire". */
async function settleVoucher(session: BrowserSession, orderId: string, result: "paid" | "expired") {
  const order = (await env.client.order(orderId))!;
  const url = new URL(order.paymentInstructions!.url!);
  const response = await env.shop.app.inject({
    method: "POST",
    url: url.pathname,
    headers: session.headers,
    payload: { token: url.searchParams.get("token"), result },
  });
  expect(response.statusCode).toBe(200);
}

/** The order's history rows, oldest first: which status it moved to and who (or which event) moved it. */
async function historyOf(publicId: string) {
  const order = (await env.client.order(publicId))!;
  const rows = await env.shop.database.db.select().from(orderHistoryTable).where(eq(orderHistoryTable.orderId, order.id)).orderBy(orderHistoryTable.id);
  return rows.map((row) => ({ from: row.fromStatus, to: row.toStatus, kind: row.actorKind }));
}

async function statusBecomes(orderId: string, status: string) {
  await vi.waitFor(async () => expect((await env.client.order(orderId))!.status).toBe(status), { timeout: testTime(30_000), interval: 20 });
}

describe("konbini at checkout", () => {
  it("places a guest's order awaiting payment, with the voucher in the answer and the mail, and the bottles held", async () => {
    const wine = await env.make.product({ price: 4000, stock: 5 });
    const session = env.shop.browserSession();
    const { payload, body } = await orderByKonbini(session, wine);

    expect(body.require_action).toBe(false);
    expect(body.payment_instructions.number).toMatch(/\S{4,}/);
    const deadline = new Date(body.payment_instructions.deadline);
    // PAYMENT_VOUCHER_DAYS=4: the voucher runs out at the end of the fourth day (Japan time).
    expect(deadline.getTime()).toBeGreaterThan(Date.now() + 3 * 86_400_000);
    expect(deadline.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 86_400_000);

    const order = (await env.client.order(body.order_id))!;
    expect(order).toMatchObject({ status: "await_payment", paymentMethod: "konbini" });
    // No payment fee line: konbini costs the shopper nothing extra.
    expect((await env.shop.app.services.orders.chargesOf(order.id)).map((charge) => charge.kind)).not.toContain("payment_fee");
    expect(order.reservedUntil?.toISOString()).toBe(deadline.toISOString());
    expect(await env.client.stockOf(wine)).toBe(3);
    expect(await env.client.cart(session)).toHaveLength(0);

    const [mail] = await env.shop.mailsTo(payload.email);
    expect(mail!.subject).toContain("ご注文ありがとうございます");
    expect(mail!.text).toContain("コンビニ決済");
    expect(mail!.text).toContain(`確認番号: ${body.payment_instructions.number}`);
    expect(mail!.text).toContain("お支払い期限");
    expect(mail!.text).toContain("ファミリーマート");
    expect(await historyOf(body.order_id)).toEqual([
      { from: null, to: "pending", kind: "guest" },
      { from: "pending", to: "await_payment", kind: "guest" },
    ]);
  });

  it("moves the order to deposited when the voucher is paid at the store, with a payment mail", async () => {
    const wine = await env.make.product({ price: 3000, stock: 2 });
    const session = env.shop.browserSession();
    const { payload, body } = await orderByKonbini(session, wine, 1);
    await settleVoucher(session, body.order_id, "paid");
    await statusBecomes(body.order_id, "deposited");
    expect(await env.client.stockOf(wine)).toBe(1);
    await vi.waitFor(async () => expect((await env.shop.mailsTo(payload.email)).map((mail) => mail.subject).join("\n")).toContain("ご入金を確認しました"), {
      timeout: testTime(30_000),
      interval: 20,
    });
    expect((await historyOf(body.order_id)).at(-1)).toEqual({ from: "await_payment", to: "deposited", kind: "gateway" });
  });

  it("cancels the order and returns its bottles when the voucher expires unpaid", async () => {
    const wine = await env.make.product({ price: 3000, stock: 4 });
    const session = env.shop.browserSession();
    const { body } = await orderByKonbini(session, wine, 3);
    expect(await env.client.stockOf(wine)).toBe(1);
    await settleVoucher(session, body.order_id, "expired");
    await statusBecomes(body.order_id, "cancelled");
    expect(await env.client.stockOf(wine)).toBe(4);
    expect((await historyOf(body.order_id)).at(-1)).toEqual({ from: "await_payment", to: "cancelled", kind: "gateway" });
  });

  it("has the sweep cancel an order whose voucher deadline passed, even if the gateway's event never came", async () => {
    const wine = await env.make.product({ price: 3000, stock: 2 });
    const { body } = await orderByKonbini(env.shop.browserSession(), wine, 2);
    const deadline = new Date(body.payment_instructions.deadline);
    await env.shop.app.services.orderPayments.sweepExpired(new Date(deadline.getTime() - 60_000));
    expect((await env.client.order(body.order_id))!.status).toBe("await_payment");
    await env.shop.app.services.orderPayments.sweepExpired(new Date(deadline.getTime() + 60_000));
    expect((await env.client.order(body.order_id))!.status).toBe("cancelled");
    expect(await env.client.stockOf(wine)).toBe(2);
    expect((await historyOf(body.order_id)).at(-1)).toEqual({ from: "await_payment", to: "cancelled", kind: "sweep" });
  });

  it("shows a member the voucher on the order card while it waits, and answers a replay with the same voucher", async () => {
    const wine = await env.make.product({ price: 5000, stock: 3 });
    const member = await env.shop.memberSession();
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "konbini" });
    const key = crypto.randomUUID();
    const first = (await env.client.post(member, payload, { key })).json();
    const replay = await env.client.post(member, payload, { key });
    expect(replay.json()).toEqual(first);

    const history = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: member.headers });
    const card = history.json().data.find((order: { id: string }) => order.id === first.order_id);
    expect(card.attributes).toMatchObject({ status: "await_payment", payment_method: "konbini", payment_instructions: first.payment_instructions });

    expect((await historyOf(first.order_id)).map((row) => row.kind)).toEqual(["member", "member"]);
    await settleVoucher(member, first.order_id, "paid");
    await statusBecomes(first.order_id, "deposited");
    const after = await env.shop.app.inject({ method: "GET", url: "/api/orders", headers: member.headers });
    expect(after.json().data.find((order: { id: string }) => order.id === first.order_id).attributes.payment_instructions).toBeUndefined();
  });

  it("refuses konbini from 300000 yen with a message, and places nothing", async () => {
    const wine = await env.make.product({ price: 280_000, stock: 1 });
    const before = await env.client.orderCount();
    const response = await env.client.post(env.shop.browserSession(), orderPayload([{ id: wine, amount: 1 }], { payment_method: "konbini" }));
    expect(response.statusCode).toBe(422);
    expect(response.json().fields.payment_method[0]).toContain("コンビニ決済は選択できません");
    expect(await env.client.orderCount()).toBe(before);
  });
});
