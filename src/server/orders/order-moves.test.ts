import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderHistoryTable, ordersTable } from "../db/schema/orders.ts";
import type { PaymentEvent } from "../payments/payment-gateway.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import { CARDS } from "../testing/checkout-fixtures.ts";
import { nextPaymentEvent } from "../testing/payment-events.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { BrowserSession, TestApp } from "../testing/test-app.ts";
import { openStaffShop, placeCardOrder, placeOrder, staffOrderPost } from "../testing/staff-shop.ts";
import { staffActor } from "./order-moves.ts";

// Every status change goes through OrderMoves: each move's side effects happen once however often
// or concurrently it is asked for, and every move (and the creation) leaves a history row naming
// who made it — staff, member, guest, the gateway's event, the sweep.

let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;

beforeAll(async () => {
  ({ shop, client, staff, wine } = await openStaffShop());
});

afterAll(async () => {
  await shop.close();
});

function place(method: "bank" | "cod", session: BrowserSession = shop.browserSession()) {
  return placeOrder({ shop, client }, [{ id: wine, amount: 2 }], { payment_method: method }, { session });
}

function placeCard(card: string, session: BrowserSession = shop.browserSession()) {
  return placeCardOrder({ shop, client }, [{ id: wine, amount: 2 }], card, { session });
}

function staffMove(id: string, action: "deposit" | "ship" | "cancel", payload?: object) {
  return staffOrderPost({ shop, staff }, id, action, payload);
}

async function historyOf(publicId: string) {
  const order = (await client.order(publicId))!;
  const rows = await shop.database.db.select().from(orderHistoryTable).where(eq(orderHistoryTable.orderId, order.id)).orderBy(orderHistoryTable.id);
  return rows.map((row) => ({ from: row.fromStatus, to: row.toStatus, kind: row.actorKind, id: row.actorId, note: row.note }));
}

describe("side effects once", () => {
  it("a paid card order cancelled twice at once is refunded once, its bottles return once, one mail", async () => {
    const before = await client.stockOf(wine);
    const order = await placeCard(CARDS.visa);
    const paid = (await client.order(order.id))!;
    expect(paid.status).toBe("deposited");
    const answers = await Promise.all([staffMove(order.id, "cancel"), staffMove(order.id, "cancel")]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const intent = await shop.app.services.payments.retrievePaymentIntent(paid.paymentIntentId!);
    expect(intent.amountRefunded).toBe(paid.price);
    expect(await client.stockOf(wine)).toBe(before);
    const mails = await shop.mailsTo(order.email);
    expect(mails.filter((mail) => mail.subject.includes("キャンセル"))).toHaveLength(1);
    expect((await historyOf(order.id)).filter((row) => row.to === "cancelled")).toEqual([
      { from: "deposited", to: "cancelled", kind: "staff", id: String(staff.staff.id), note: null },
    ]);
  });

  it("two moves to cancelled asked of the moves module at once: one moves, the stock comes back once", async () => {
    const before = await client.stockOf(wine);
    const { id } = await place("cod");
    const order = (await client.order(id))!;
    const moves = shop.app.services.orderMoves;
    const results = await Promise.all([1, 2].map(() => moves.move({ order, to: "cancelled", actor: staffActor(staff.staff.id) })));
    expect(results.filter((moved) => moved !== undefined)).toHaveLength(1);
    expect(await client.stockOf(wine)).toBe(before);
    // A move the table does not allow (cancelled is final) does nothing.
    expect(await moves.move({ order, to: "sent", actor: staffActor(staff.staff.id) })).toBeUndefined();
    expect((await historyOf(id)).map((row) => row.to)).toEqual(["await_payment", "cancelled"]);
  });

  it("shipping sends one mail, even when asked twice at once", async () => {
    const order = await place("cod");
    const answers = await Promise.all([staffMove(order.id, "ship", { slip_number: "A-1" }), staffMove(order.id, "ship", { slip_number: "A-2" })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const mails = await shop.mailsTo(order.email);
    expect(mails.filter((mail) => mail.subject.includes("発送しました"))).toHaveLength(1);
    expect((await historyOf(order.id)).filter((row) => row.to === "sent")).toHaveLength(1);
  });
});

describe("the order history", () => {
  it("records a guest's checkout and the staff member's deposit and shipping", async () => {
    const order = await place("bank");
    expect((await staffMove(order.id, "deposit")).statusCode).toBe(200);
    expect((await staffMove(order.id, "ship", { slip_number: "B-1" })).statusCode).toBe(200);
    const staffId = String(staff.staff.id);
    expect(await historyOf(order.id)).toEqual([
      { from: null, to: "await_payment", kind: "guest", id: null, note: null },
      { from: "await_payment", to: "deposited", kind: "staff", id: staffId, note: null },
      { from: "deposited", to: "sent", kind: "staff", id: staffId, note: null },
    ]);
  });

  it("records a member's card checkout, and its payment once, by the member or the gateway's event", async () => {
    const member = await shop.memberSession();
    const order = await placeCard(CARDS.visa, member);
    const memberId = String(member.user.id);
    const [placed, paid, ...more] = await historyOf(order.id);
    expect(placed).toEqual({ from: null, to: "pending", kind: "member", id: memberId, note: null });
    // The checkout's own answer and the gateway's event race to settle it (on PostgreSQL truly at
    // once): one of them moves it, once.
    expect(more).toEqual([]);
    expect(paid).toMatchObject({ from: "pending", to: "deposited" });
    if (paid!.kind === "member") expect(paid).toEqual({ from: "pending", to: "deposited", kind: "member", id: memberId, note: null });
    else expect(paid).toMatchObject({ kind: "gateway", id: expect.stringMatching(/^evt_/), note: "payment_intent.succeeded" });
  });

  it("records the gateway's event that settled a 3-D Secure payment the shopper never came back from", async () => {
    const order = await placeCard(CARDS.threeDSecure);
    const delivered = nextPaymentEvent(shop.app.services.payments, (event: PaymentEvent) => event.paymentIntent.metadata.orderId === order.id);
    await client.challenge(order.session, order.body.payment_intent_client_secret, "complete");
    const event = await delivered;
    expect((await client.order(order.id))!.status).toBe("deposited");
    expect(await historyOf(order.id)).toEqual([
      { from: null, to: "pending", kind: "guest", id: null, note: null },
      { from: "pending", to: "deposited", kind: "gateway", id: event.id, note: "payment_intent.succeeded" },
    ]);
    expect(await shop.mailsTo(order.email)).toHaveLength(1);
  });

  it("records the sweep that gave up an expired reservation", async () => {
    const before = await client.stockOf(wine);
    const order = await placeCard(CARDS.threeDSecure);
    await shop.database.db
      .update(ordersTable)
      .set({ reservedUntil: new Date(Date.now() - 60_000) })
      .where(eq(ordersTable.publicId, order.id));
    expect(await shop.app.services.orderPayments.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await client.stockOf(wine)).toBe(before);
    expect((await historyOf(order.id)).at(-1)).toEqual({ from: "pending", to: "cancelled", kind: "sweep", id: null, note: null });
    expect(await shop.mailsTo(order.email)).toEqual([]);
  });

  it("is shown on the back office's order page, oldest first, a staff member's move under their name", async () => {
    const order = await place("cod");
    expect((await staffMove(order.id, "cancel")).statusCode).toBe(200);
    const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/${order.id}`, headers: { cookie: staff.cookie } });
    expect(response.statusCode).toBe(200);
    const history = response.json().data.history;
    expect(history).toEqual([
      { at: expect.any(String), from: null, to: "await_payment", actor_kind: "guest", actor_id: null, actor_name: null, note: null },
      {
        at: expect.any(String),
        from: "await_payment",
        to: "cancelled",
        actor_kind: "staff",
        actor_id: String(staff.staff.id),
        actor_name: staff.email.toLowerCase(),
        note: null,
      },
    ]);
    expect(Date.parse(history[0].at)).toBeLessThanOrEqual(Date.parse(history[1].at));
  });
});
