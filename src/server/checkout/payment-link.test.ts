import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { orderHistoryTable, orderPaymentsTable } from "../db/schema/orders.ts";
import { transactionRecordsTable } from "../db/schema/records.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import { CARDS } from "../testing/checkout-fixtures.ts";
import { insertOrder } from "../testing/order-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { openStaffShop } from "../testing/staff-shop.ts";
import { paymentLinkFor } from "./payment-link-token.ts";

// A card payment link (issue 32 item 8, decision 082): staff mail it for a card order awaiting its
// payment (an order taken by phone), the customer pays on /pay/{token} with the test gateway's
// cards. The unpaid card order is written straight to the database, as the staff's order entry
// will write it: await_payment, card, no reservation deadline.

const SECRET = "test-secret-that-is-at-least-32-characters-long";
let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;

async function unpaidCardOrder(overrides: { email?: string } = {}) {
  return insertOrder(shop, { productId: wine, status: "await_payment", method: "credit", ...overrides });
}

function sendLink(publicId: string, headers: Record<string, string> = staff.headers) {
  return shop.app.inject({ method: "POST", url: `/admin/api/orders/${publicId}/payment-link`, headers });
}

async function linkFor(publicId: string): Promise<string> {
  const response = await sendLink(publicId);
  expect(response.statusCode).toBe(200);
  return new URL(response.json().data.url).pathname.replace(/^\/pay\//, "");
}

function pay(session: BrowserSession, token: string, body: object, options: { key?: string; locale?: "ja" | "en" } = {}) {
  return shop.app.inject({
    method: "POST",
    url: `/${options.locale ?? "ja"}/api/pay/${token}`,
    headers: { ...session.headers, "idempotency-key": options.key ?? crypto.randomUUID() },
    payload: body,
  });
}

/** Pays on the link's page with a test card, as its card field does. */
async function payWithCard(session: BrowserSession, token: string, card: string) {
  return pay(session, token, { payment_method_id: await client.paymentMethod(session, card) });
}

/** An unpaid card order, the token of the link mailed for it, and the customer's browser that opens it. */
async function linkOpened() {
  const order = await unpaidCardOrder();
  return { order, token: await linkFor(order.publicId), customer: shop.browserSession() };
}

async function status(publicId: string) {
  return (await client.order(publicId))!.status;
}

async function paymentStates(orderId: number) {
  return (await shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, orderId))).map((row) => row.state);
}

/** The gateway's event for the order's last payment has been handled (kept as a payment record): nothing more will move it. */
async function eventsHandled(publicId: string, count: number) {
  await vi.waitFor(
    async () => {
      const rows = await shop.database.db
        .select()
        .from(transactionRecordsTable)
        .where(and(eq(transactionRecordsTable.orderRef, publicId), eq(transactionRecordsTable.kind, "payment_event")));
      expect(rows.length).toBeGreaterThanOrEqual(count);
    },
    { timeout: 10_000, interval: 50 },
  );
}

beforeAll(async () => {
  ({ shop, client, staff, wine } = await openStaffShop());
});

afterAll(async () => {
  await shop.close();
});

describe("POST /admin/api/orders/{id}/payment-link", () => {
  it("mails the customer the link, answers it, and notes it on the order's history", async () => {
    const order = await unpaidCardOrder();
    const response = await sendLink(order.publicId);
    expect(response.statusCode).toBe(200);
    const { url, expires_at: expiresAt } = response.json().data;
    expect(url).toMatch(new RegExp(`/pay/${order.publicId}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    const days = (new Date(expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("クレジットカードでのお支払いのお願い"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`【酒舗 蔵】クレジットカードでのお支払いのお願い(注文番号 ${orderNumberForShopper(order.publicId)})`);
    expect(mails[0]!.text).toContain(url);
    expect(mails[0]!.text).toContain("お支払い金額(税込): 7,810 円\nこのリンクの有効期限: ");
    const history = await shop.database.db.select().from(orderHistoryTable).where(eq(orderHistoryTable.orderId, order.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: "await_payment", toStatus: "await_payment", actorKind: "staff" });
    expect(history.at(-1)!.note).toMatch(/^カード決済のリンクを送信\(有効期限 /);
    expect(await status(order.publicId)).toBe("await_payment");
  });

  it("is refused (409, ja and en) for an order that is not a card order awaiting payment", async () => {
    const bank = await insertOrder(shop, { productId: wine, status: "await_payment", method: "bank" });
    const paid = await insertOrder(shop, { productId: wine, status: "deposited", method: "credit" });
    for (const order of [bank, paid]) {
      const ja = await sendLink(order.publicId);
      expect(ja.statusCode).toBe(409);
      expect(ja.json().errors).toEqual([
        "カード決済のリンクは、カード払いでお支払い待ちの注文にだけ送れます。入金済み・キャンセル済みの注文や、ほかのお支払い方法の注文には送れません。",
      ]);
      const en = await sendLink(order.publicId, { ...staff.headers, cookie: `${staff.cookie}; locale=en` });
      expect(en.statusCode).toBe(409);
      expect(en.json().errors[0]).toMatch(/^A card payment link can be sent only for a card order awaiting payment/);
      expect(await shop.mailsTo(order.email)).toHaveLength(0);
    }
    expect((await sendLink("ZZZZZZZZZZZZ")).statusCode).toBe(404);
  });

  it("is the staff's: a shopper or a visitor gets 401/403, and staff need a request key", async () => {
    const order = await unpaidCardOrder();
    const member = await shop.memberSession();
    const asMember = await sendLink(order.publicId, { ...member.headers, "idempotency-key": crypto.randomUUID() });
    expect([401, 403]).toContain(asMember.statusCode);
    const guest = shop.browserSession();
    expect([401, 403]).toContain((await sendLink(order.publicId, { ...guest.headers, "idempotency-key": crypto.randomUUID() })).statusCode);
    const { "idempotency-key": _key, ...withoutKey } = staff.headers;
    expect((await sendLink(order.publicId, withoutKey)).statusCode).toBe(400);
    expect(await shop.mailsTo(order.email)).toHaveLength(0);
  });
});

describe("the customer's /api/pay/{token}", () => {
  it("shows the order the link names, without sign-in", async () => {
    const order = await unpaidCardOrder();
    const token = await linkFor(order.publicId);
    const response = await shop.app.inject({ method: "GET", url: `/en/api/pay/${token}`, headers: { cookie: shop.browserSession().cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      state: "payable",
      order_number: orderNumberForShopper(order.publicId),
      items: [{ name: "Kura red", unit_price: 3000, amount: 2, line_total: 6000 }],
      total: 7810,
    });
  });

  it("pays with a good card: deposited, the payment paid, one charge and the 入金確認 mail; paying again charges nothing", async () => {
    const { order, token, customer } = await linkOpened();
    const card = await client.paymentMethod(customer, CARDS.visa);
    const first = await pay(customer, token, { payment_method_id: card });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ paid: true, require_action: false });
    expect(await status(order.publicId)).toBe("deposited");
    expect(await paymentStates(order.id)).toEqual(["paid"]);
    const mails = (await shop.mailsTo(order.email)).filter((mail) => mail.subject.includes("ご入金を確認しました"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(orderNumberForShopper(order.publicId));

    const again = await payWithCard(customer, token, CARDS.visa);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ paid: true, require_action: false });
    expect(await client.intentCount(order.publicId)).toBe(1);
    const page = await shop.app.inject({ method: "GET", url: `/api/pay/${token}`, headers: { cookie: customer.cookie } });
    expect(page.json().data.state).toBe("paid");
    // A paid order gets no second link.
    expect((await sendLink(order.publicId)).statusCode).toBe(409);
  });

  it("answers the first answer to a resent request, charging once", async () => {
    const { order, token, customer } = await linkOpened();
    const body = { payment_method_id: await client.paymentMethod(customer, CARDS.visa) };
    const key = crypto.randomUUID();
    const [one, two] = await Promise.all([pay(customer, token, body, { key }), pay(customer, token, body, { key })]);
    // The second waits for the first's answer, or is told the same payment is in progress.
    expect([one.statusCode, two.statusCode].sort()).toSatisfy((codes: number[]) => codes[0] === 200 && (codes[1] === 200 || codes[1] === 409));
    expect(await status(order.publicId)).toBe("deposited");
    expect(await client.intentCount(order.publicId)).toBe(1);
  });

  it("shows a declined card's message and leaves the order waiting; another card then pays", async () => {
    const { order, token, customer } = await linkOpened();
    const declined = await payWithCard(customer, token, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: "card_declined", payment_failed: true });
    expect(declined.json().errors[0]).toMatch(/カード/);
    await eventsHandled(order.publicId, 1);
    expect(await status(order.publicId)).toBe("await_payment");
    expect(await paymentStates(order.id)).toEqual(["authorized"]);
    expect((await client.order(order.publicId))!.paymentIntentId).toBeNull();

    const paid = await payWithCard(customer, token, CARDS.visa);
    expect(paid.statusCode).toBe(200);
    expect(await status(order.publicId)).toBe("deposited");
  });

  it("runs 3-D Secure: requires_action, the challenge, then the re-post settles the order", async () => {
    const { order, token, customer } = await linkOpened();
    const first = await payWithCard(customer, token, CARDS.threeDSecure);
    expect(first.statusCode).toBe(200);
    expect(first.json().require_action).toBe(true);
    const secret = first.json().payment_intent_client_secret as string;
    expect(await status(order.publicId)).toBe("await_payment");
    const intentId = await client.challenge(customer, secret, "complete");
    const second = await pay(customer, token, { payment_intent_id: intentId });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ paid: true, require_action: false });
    expect(await status(order.publicId)).toBe("deposited");
    expect(await client.intentCount(order.publicId)).toBe(1);
  });

  it("keeps the order waiting after a failed 3-D Secure challenge, and lets the customer try again", async () => {
    const { order, token, customer } = await linkOpened();
    const first = await payWithCard(customer, token, CARDS.threeDSecure);
    const intentId = await client.challenge(customer, first.json().payment_intent_client_secret, "fail");
    await eventsHandled(order.publicId, 1);
    const second = await pay(customer, token, { payment_intent_id: intentId });
    expect(second.statusCode).toBe(402);
    expect(await status(order.publicId)).toBe("await_payment");
    const retry = await payWithCard(customer, token, CARDS.visa);
    expect(retry.statusCode).toBe(200);
    expect(await status(order.publicId)).toBe("deposited");
  });

  it("gives up a challenge left unfinished when the customer pays with another card", async () => {
    const { order, token, customer } = await linkOpened();
    const first = await payWithCard(customer, token, CARDS.threeDSecure);
    expect(first.json().require_action).toBe(true);
    // The dialog is closed; the customer types another card.
    const second = await payWithCard(customer, token, CARDS.visa);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ paid: true, require_action: false });
    expect(await status(order.publicId)).toBe("deposited");
    expect(await client.intentCount(order.publicId)).toBe(2);
    expect(await paymentStates(order.id)).toEqual(["paid"]);
  });

  it("answers 404 for a tampered token or another order's, never that order", async () => {
    const mine = await unpaidCardOrder();
    const other = await unpaidCardOrder();
    const token = await linkFor(mine.publicId);
    const [, expires, signature] = token.split(".");
    const customer = shop.browserSession();
    const card = await client.paymentMethod(customer, CARDS.visa);
    for (const bad of [`${other.publicId}.${expires}.${signature}`, `${mine.publicId}.${Number(expires) + 60}.${signature}`, "nothing"]) {
      const view = await shop.app.inject({ method: "GET", url: `/api/pay/${bad}`, headers: { cookie: customer.cookie } });
      expect(view.statusCode).toBe(404);
      expect((await pay(customer, bad, { payment_method_id: card })).statusCode).toBe(404);
    }
    expect(await status(other.publicId)).toBe("await_payment");
    expect(await client.intentCount(other.publicId)).toBe(0);
  });

  it("says an expired link has expired (403) and a cancelled order cannot be paid (409)", async () => {
    const expiredOrder = await unpaidCardOrder();
    const old = paymentLinkFor("http://shop.test", SECRET, expiredOrder.publicId, new Date(Date.now() - 8 * 86_400_000));
    const customer = shop.browserSession();
    const card = await client.paymentMethod(customer, CARDS.visa);
    expect((await shop.app.inject({ method: "GET", url: `/api/pay/${old.token}`, headers: { cookie: customer.cookie } })).json().data.state).toBe("expired");
    const expired = await pay(customer, old.token, { payment_method_id: card });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().errors).toEqual(["このお支払いのリンクは有効期限が切れています。お手数ですが、ショップまでお問い合わせください。"]);
    expect(await client.intentCount(expiredOrder.publicId)).toBe(0);

    const cancelled = await unpaidCardOrder();
    const token = await linkFor(cancelled.publicId);
    const cancel = await shop.app.inject({ method: "POST", url: `/admin/api/orders/${cancelled.publicId}/cancel`, headers: staff.headers });
    expect(cancel.statusCode).toBe(200);
    expect((await shop.app.inject({ method: "GET", url: `/api/pay/${token}`, headers: { cookie: customer.cookie } })).json().data.state).toBe("cancelled");
    const refused = await pay(customer, token, { payment_method_id: card }, { locale: "en" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual(["This order cannot be paid by card (it has been paid already, or cancelled)."]);
    expect(await client.intentCount(cancelled.publicId)).toBe(0);
  });
});
