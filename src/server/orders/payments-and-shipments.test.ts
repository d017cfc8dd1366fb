import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminOrderDetail } from "../../domain/order-view.ts";
import type { PaymentState, ShipmentState } from "../../domain/payments-and-shipments.ts";
import { deriveOrderStatus } from "../../domain/payments-and-shipments.ts";
import { orderPaymentsTable, orderShipmentsTable, ordersTable } from "../db/schema/orders.ts";
import type { CheckoutClient } from "../testing/checkout-fixtures.ts";
import { CARDS } from "../testing/checkout-fixtures.ts";
import type { StaffSession } from "../testing/staff-fixtures.ts";
import type { TestApp } from "../testing/test-app.ts";
import { openStaffShop, placeCardOrder, placeOrder, staffHeaders, staffOrderPost } from "../testing/staff-shop.ts";
import { testTime } from "../testing/test-time.ts";

// Payments and shipments (decision 076): every order is placed with one payment and one shipment
// carrying all its lines, every move (staff's deposit, ship, cancel; the gateway's card and voucher
// payments; the sweep) moves them through their state machines, the stored status is the derived
// one, and the back office's order answer shows both. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let shop: TestApp;
let client: CheckoutClient;
let staff: StaffSession;
let wine: number;
let sake: number;

async function place(method: "bank" | "cod" | "konbini") {
  const session = shop.browserSession();
  const items = [
    { id: wine, amount: 2 },
    { id: sake, amount: 1 },
  ];
  return { id: (await placeOrder({ shop, client }, items, { payment_method: method }, { session })).id, session };
}

function placeCard(card: string) {
  return placeCardOrder({ shop, client }, [{ id: wine, amount: 2 }], card);
}

function move(id: string, action: "deposit" | "ship" | "cancel", payload?: object) {
  return staffOrderPost({ shop, staff }, id, action, payload);
}

async function detail(id: string, locale: "ja" | "en" = "ja"): Promise<AdminOrderDetail> {
  const response = await shop.app.inject({
    method: "GET",
    url: `/admin/api/orders/${id}`,
    headers: staffHeaders(staff, { locale }),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as AdminOrderDetail;
}

/** The order's stored status and its payments' and shipments' states, as the tables hold them. */
async function statesOf(publicId: string): Promise<{ status: string; payments: PaymentState[]; shipments: ShipmentState[] }> {
  const order = (await client.order(publicId))!;
  const payments = await shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, order.id)).orderBy(orderPaymentsTable.id);
  const shipments = await shop.database.db
    .select()
    .from(orderShipmentsTable)
    .where(eq(orderShipmentsTable.orderId, order.id))
    .orderBy(orderShipmentsTable.position);
  return { status: order.status, payments: payments.map((row) => row.state), shipments: shipments.map((row) => row.state) };
}

async function expectStates(publicId: string, status: string, payment: PaymentState, shipment: ShipmentState): Promise<void> {
  const states = await statesOf(publicId);
  expect(states).toEqual({ status, payments: [payment], shipments: [shipment] });
  expect(deriveOrderStatus(states.payments, states.shipments)).toBe(status);
}

async function readyToShip(publicId: string): Promise<boolean> {
  return (await shop.app.services.orders.withShipmentReady([publicId])).has(publicId);
}

beforeAll(async () => {
  const fixture = await openStaffShop();
  ({ shop, client, staff, wine } = fixture);
  sake = await fixture.catalog.product({ name: { ja: "純米吟醸 蔵", en: "Kura Junmai Ginjo" }, price: 2000, stock: 100 });
});

afterAll(async () => {
  await shop.close();
});

describe("a bank transfer", () => {
  it("waits for its money (authorized, not ready), is paid (ready to ship) and leaves with its slip", async () => {
    const order = await place("bank");
    await expectStates(order.id, "await_payment", "authorized", "waiting");
    expect(await readyToShip(order.id)).toBe(false);

    expect((await move(order.id, "deposit")).statusCode).toBe(200);
    await expectStates(order.id, "deposited", "paid", "ready");
    expect(await readyToShip(order.id)).toBe(true);

    const shipped = await move(order.id, "ship", { slip_number: "1234-5678-9012", carrier: "yamato" });
    expect(shipped.statusCode).toBe(200);
    await expectStates(order.id, "sent", "paid", "shipped");
    expect(await readyToShip(order.id)).toBe(false);

    const answer = await detail(order.id);
    expect(answer.status).toBe("sent");
    expect(answer.payments).toEqual([
      expect.objectContaining({ method: "bank", amount: answer.price, refunded_amount: 0, state: "paid", state_label: "入金済み", payment_intent_id: null }),
    ]);
    expect(answer.shipments).toEqual([
      expect.objectContaining({
        position: 0,
        recipient: null,
        state: "shipped",
        state_label: "発送済み",
        carrier: "yamato",
        slip_number: "1234-5678-9012",
        fee: answer.shipping_fee,
        lines: [
          { order_item_id: expect.any(Number), name: "蔵の赤", quantity: 2 },
          { order_item_id: expect.any(Number), name: "純米吟醸 蔵", quantity: 1 },
        ],
      }),
    ]);
    expect(answer.shipments[0]!.slip_number).toBe(answer.slip_number);
    const english = await detail(order.id, "en");
    expect([english.payments[0]!.state_label, english.shipments[0]!.state_label]).toEqual(["Paid", "Shipped"]);
  });

  it("cancelled unpaid: the payment is called off, the parcel never left", async () => {
    const order = await place("bank");
    expect((await move(order.id, "cancel")).statusCode).toBe(200);
    await expectStates(order.id, "cancelled", "cancelled", "waiting");
    expect(await readyToShip(order.id)).toBe(false);
  });

  it("cannot ship before its money arrived: nothing moves (409)", async () => {
    const order = await place("bank");
    expect((await move(order.id, "ship", { slip_number: "1234-5678-9012", carrier: "yamato" })).statusCode).toBe(409);
    await expectStates(order.id, "await_payment", "authorized", "waiting");
  });
});

describe("cash on delivery", () => {
  it("is ready to ship at once, and shipping it has the carrier collect the money", async () => {
    const order = await place("cod");
    await expectStates(order.id, "await_payment", "authorized", "ready");
    expect(await readyToShip(order.id)).toBe(true);
    expect((await move(order.id, "ship", { slip_number: "2234-5678-9012", carrier: "yamato" })).statusCode).toBe(200);
    await expectStates(order.id, "sent", "paid", "shipped");
  });

  it("cancelled before shipping: the parcel is held back and leaves the ready list", async () => {
    const order = await place("cod");
    expect((await move(order.id, "cancel")).statusCode).toBe(200);
    await expectStates(order.id, "cancelled", "cancelled", "waiting");
    expect(await readyToShip(order.id)).toBe(false);
  });
});

describe("a card", () => {
  it("paid: the payment holds the gateway's reference; cancelled by staff: refunded in full", async () => {
    const order = await placeCard(CARDS.visa);
    await expectStates(order.id, "deposited", "paid", "ready");
    const row = (await client.order(order.id))!;
    const [payment] = await shop.database.db.select().from(orderPaymentsTable).where(eq(orderPaymentsTable.orderId, row.id));
    expect(payment!.paymentIntentId).toBe(row.paymentIntentId);
    expect(payment!.paymentIntentId).toMatch(/^pi_/);

    expect((await move(order.id, "cancel")).statusCode).toBe(200);
    await expectStates(order.id, "cancelled", "refunded", "waiting");
    const answer = await detail(order.id);
    expect(answer.payments[0]).toMatchObject({ state: "refunded", state_label: "返金済み", refunded_amount: answer.price });
  });

  it("waiting for 3-D Secure is pending, and the sweep calls its payment off", async () => {
    const order = await placeCard(CARDS.threeDSecure);
    await expectStates(order.id, "pending", "pending", "waiting");
    await shop.database.db
      .update(ordersTable)
      .set({ reservedUntil: new Date(Date.now() - 60_000) })
      .where(eq(ordersTable.publicId, order.id));
    expect(await shop.app.services.orderPayments.sweepExpired()).toBeGreaterThanOrEqual(1);
    await expectStates(order.id, "cancelled", "cancelled", "waiting");
  });
});

describe("a konbini voucher", () => {
  it("issued is authorized and waits; paid at the store by the gateway's event it is paid and ready", async () => {
    const order = await place("konbini");
    await expectStates(order.id, "await_payment", "authorized", "waiting");
    const row = (await client.order(order.id))!;
    const url = new URL(row.paymentInstructions!.url!);
    const response = await shop.app.inject({
      method: "POST",
      url: url.pathname,
      headers: order.session.headers,
      payload: { token: url.searchParams.get("token"), result: "paid" },
    });
    expect(response.statusCode).toBe(200);
    // The test gateway sends its event after answering, as a real gateway would.
    await vi.waitFor(async () => expect((await client.order(order.id))!.status).toBe("deposited"), { timeout: testTime(30_000), interval: 20 });
    await expectStates(order.id, "deposited", "paid", "ready");
  });
});

describe("every order", () => {
  it("stores the status its payments and shipments derive", async () => {
    const orders = await shop.database.db.select({ id: ordersTable.id, publicId: ordersTable.publicId }).from(ordersTable);
    expect(orders.length).toBeGreaterThanOrEqual(7);
    for (const order of orders) {
      const states = await statesOf(order.publicId);
      expect(deriveOrderStatus(states.payments, states.shipments), order.publicId).toBe(states.status);
    }
  });
});
