import { beforeAll, describe, expect, it } from "vitest";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CARDS, CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { MemberSession } from "../testing/test-app.ts";
import { testAppFixture } from "../testing/test-app.ts";

// Member B against member A's own things, with A's real ids: the order, the saved address, the
// saved card (its SetupIntent and PaymentMethod ids), the cart and the magazine subscription.
// Member routes take no ids (they act on the session's member), so the ids B might know are
// tried where the API accepts ids at all.

const shop = testAppFixture({ RATE_LIMIT_MULTIPLIER: "20" });
let client: CheckoutClient;
let memberA: MemberSession;
let memberB: MemberSession;
let wine: number;
let orderOfA: string;
let setupIntentOfA: string;
let paymentMethodOfA: string;

const NEXT_YEAR = new Date().getFullYear() + 1;
const ADDRESS_OF_A = { country: "jp", zip: "150-0001", prefecture: 13, address: "渋谷区神宮前1-2-3", building_name: "Aハイツ101" };

function get(session: MemberSession, url: string) {
  return shop.app.inject({ method: "GET", url, headers: { cookie: session.cookie } });
}

function send(session: MemberSession, method: "PUT" | "POST" | "DELETE", url: string, payload?: object) {
  return shop.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
}

/** The card form's steps for A: a SetupIntent, the tokenised card, the confirmation, then PUT /api/cards. */
async function saveCard(session: MemberSession) {
  const clientSecret: string = (await get(session, "/api/cards/edit")).json().client_secret;
  const method = await send(session, "POST", "/test-gateway/payment_methods", { card: { number: CARDS.visa, exp_month: 3, exp_year: NEXT_YEAR, cvc: "123" } });
  const paymentMethodId: string = method.json().id;
  const confirmed = await send(session, "POST", "/test-gateway/setup_intents/confirm", { client_secret: clientSecret, payment_method: paymentMethodId });
  const setupIntentId: string = confirmed.json().id;
  expect((await send(session, "PUT", "/api/cards", { setup_intent_id: setupIntentId })).statusCode).toBe(200);
  return { setupIntentId, paymentMethodId };
}

beforeAll(async () => {
  client = new CheckoutClient(shop);
  wine = await new CatalogFactory(shop.database.db).product({ stock: 20 });
  memberA = await shop.memberSession();
  memberB = await shop.memberSession();
  expect((await send(memberA, "PUT", "/api/address", ADDRESS_OF_A)).statusCode).toBe(200);
  const order = await client.post(memberA, orderPayload([{ id: wine, amount: 1 }], { email: memberA.email, name: "会員 A子", phone: "03-1111-2222" }));
  expect(order.statusCode).toBe(200);
  orderOfA = order.json().order_id;
  ({ setupIntentId: setupIntentOfA, paymentMethodId: paymentMethodOfA } = await saveCard(memberA));
  await client.fillCart(memberA, { [wine]: 2 });
  expect((await send(memberA, "PUT", "/api/magazine/subscription", { subscribed: true })).statusCode).toBe(200);
});

describe("member B cannot read or change member A's things", () => {
  it("does not show A's orders in B's history", async () => {
    expect((await get(memberA, "/api/orders")).body).toContain(orderOfA);
    for (const prefix of ["/api", "/ja/api", "/en/api"]) {
      const history = await get(memberB, `${prefix}/orders`);
      expect(history.statusCode).toBe(200);
      expect(history.body).not.toContain(orderOfA);
      expect(history.body).not.toContain(memberA.email);
    }
  });

  it("does not show or change A's saved address", async () => {
    const ofB = await get(memberB, "/api/address");
    expect(ofB.body).not.toContain(ADDRESS_OF_A.address);
    expect((await send(memberB, "PUT", "/api/address", { ...ADDRESS_OF_A, address: "B の住所 9-9-9", building_name: "" })).statusCode).toBe(200);
    const ofA = await get(memberA, "/api/address");
    expect(ofA.body).toContain(ADDRESS_OF_A.address);
    expect(ofA.body).not.toContain("B の住所");
  });

  it("does not show A's card, cannot take it over with A's SetupIntent id, and cannot delete it", async () => {
    expect((await get(memberB, "/api/cards")).json()).toEqual({ card: null });
    const takeOver = await send(memberB, "PUT", "/api/cards", { setup_intent_id: setupIntentOfA });
    expect(takeOver.statusCode).toBe(422);
    expect((await get(memberB, "/api/cards")).json()).toEqual({ card: null });
    expect((await send(memberB, "DELETE", "/api/cards")).statusCode).toBe(200);
    expect((await get(memberA, "/api/cards")).json().card).toMatchObject({ last4: "4242" });
  });

  it("cannot pay with A's saved card, by choice or by its PaymentMethod id", async () => {
    const ordersBefore = await client.orderCount();
    const registered = await client.post(memberB, orderPayload([{ id: wine, amount: 1 }], { email: memberB.email, payment_method: "registered_credit" }));
    expect(registered.statusCode).toBe(422);
    const byId = await client.post(
      memberB,
      orderPayload([{ id: wine, amount: 1 }], { email: memberB.email, payment_method: "credit", payment: { payment_method_id: paymentMethodOfA } }),
    );
    expect(byId.statusCode).toBeGreaterThanOrEqual(400);
    expect(byId.statusCode).toBeLessThan(500);
    // No paid order for B came out of A's card.
    const paidOrders = await client.orderCount();
    if (paidOrders > ordersBefore) expect((await client.order(byId.json().order_id))?.status).not.toBe("await_shipping");
  });

  it("does not show A's cart to B", async () => {
    expect(await client.cart(memberA)).toHaveLength(1);
    expect(await client.cart(memberB)).toHaveLength(0);
  });

  it("keeps A's magazine subscription A's", async () => {
    const statusOfA = (await get(memberA, "/api/magazine/subscription")).json().data.status;
    expect(statusOfA).not.toBe("none");
    expect((await get(memberB, "/api/magazine/subscription")).json().data).toEqual({ email: memberB.email, status: "none" });
    expect((await send(memberB, "PUT", "/api/magazine/subscription", { subscribed: false })).statusCode).toBe(200);
    expect((await get(memberA, "/api/magazine/subscription")).json().data).toEqual({ email: memberA.email, status: statusOfA });
  });

  it("gives B's session nothing of A's account", async () => {
    const me = (await get(memberB, "/api/users")).json().data;
    expect(me.id).toBe(memberB.user.id);
    expect(JSON.stringify(me)).not.toContain(memberA.email);
  });
});
