import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressesTable } from "../db/schema/address.ts";
import { magazineSubscribersTable } from "../db/schema/magazine.ts";
import { ordersTable } from "../db/schema/orders.ts";
import { CatalogFactory } from "../testing/catalog-factory.ts";
import { CheckoutClient, orderPayload } from "../testing/checkout-fixtures.ts";
import type { BrowserSession, MemberSession, TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import { TestGateway } from "./test-gateway.ts";

let shop: TestApp;
let gateway: TestGateway;

beforeAll(async () => {
  shop = await createTestApp();
  const payments = shop.app.services.payments;
  if (!(payments instanceof TestGateway)) throw new Error("expected the test gateway");
  gateway = payments;
});

afterAll(async () => {
  await shop.close();
});

const NEXT_YEAR = new Date().getFullYear() + 1;

function cards(session: BrowserSession, method: "GET" | "PUT" | "DELETE", payload?: object, locale = "ja") {
  return shop.app.inject({
    method,
    url: `/${locale}/api/cards`,
    headers: method === "GET" ? { cookie: session.cookie } : session.headers,
    ...(payload ? { payload } : {}),
  });
}

async function editSecret(session: BrowserSession): Promise<string> {
  const response = await shop.app.inject({ method: "GET", url: "/api/cards/edit", headers: { cookie: session.cookie } });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toMatch(/no-store/);
  return response.json().client_secret;
}

/** What the card form does in the browser: tokenise at the gateway, confirm the SetupIntent there (3-D Secure if asked). */
async function setUpCard(session: BrowserSession, number: string, options: { challenge?: "complete" | "fail" } = {}) {
  const clientSecret = await editSecret(session);
  const method = await shop.app.inject({
    method: "POST",
    url: "/test-gateway/payment_methods",
    headers: session.headers,
    payload: { card: { number, exp_month: 3, exp_year: NEXT_YEAR, cvc: "123" } },
  });
  expect(method.statusCode).toBe(200);
  const paymentMethodId: string = method.json().id;
  const confirmed = await shop.app.inject({
    method: "POST",
    url: "/test-gateway/setup_intents/confirm",
    headers: session.headers,
    payload: { client_secret: clientSecret, payment_method: paymentMethodId },
  });
  const setupIntentId: string = confirmed.json().id;
  if (options.challenge) {
    await shop.app.inject({
      method: "POST",
      url: `/test-gateway/3ds/${setupIntentId}`,
      headers: session.headers,
      payload: { client_secret: clientSecret, result: options.challenge },
    });
  }
  return { setupIntentId, paymentMethodId, status: confirmed.json().status as string };
}

describe("members only", () => {
  it("answers a guest 401 on every call", async () => {
    const guest = shop.browserSession();
    const answers = await Promise.all([
      cards(guest, "GET"),
      shop.app.inject({ method: "GET", url: "/api/cards/edit", headers: { cookie: guest.cookie } }),
      cards(guest, "PUT", { setup_intent_id: "seti_test_x" }),
      cards(guest, "DELETE"),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    expect(answers[0]!.json().errors).toEqual(["ログインもしくはアカウント登録してください。"]);
  });

  it("refuses PUT and DELETE without the CSRF token", async () => {
    const member = await shop.memberSession();
    expect(
      (await shop.app.inject({ method: "PUT", url: "/api/cards", headers: { cookie: member.cookie }, payload: { setup_intent_id: "x" } })).statusCode,
    ).toBe(403);
    expect((await shop.app.inject({ method: "DELETE", url: "/api/cards", headers: { cookie: member.cookie } })).statusCode).toBe(403);
  });
});

describe("saving, replacing and deleting the card", () => {
  let member: MemberSession;

  beforeAll(async () => {
    member = await shop.memberSession();
  });

  it("has no card until one is saved", async () => {
    const read = await cards(member, "GET");
    expect(read.json()).toEqual({ card: null });
    expect(read.headers["cache-control"]).toMatch(/no-store/);
  });

  it("saves 4242 and shows only brand, last four digits and expiry", async () => {
    const { setupIntentId, status } = await setUpCard(member, "4242 4242 4242 4242");
    expect(status).toBe("succeeded");
    const saved = await cards(member, "PUT", { setup_intent_id: setupIntentId });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ card: { brand: "visa", last4: "4242", exp_month: 3, exp_year: NEXT_YEAR }, message: "保存しました。" });
    expect((await cards(member, "GET")).json()).toEqual({ card: { brand: "visa", last4: "4242", exp_month: 3, exp_year: NEXT_YEAR } });
    expect((await cards(member, "GET")).body).not.toContain("pm_test_");
  });

  it("replaces the card, keeps the member's gateway customer and detaches the old card", async () => {
    const before = await shop.app.services.cards.paymentReferencesOf(member.user.id);
    const { setupIntentId } = await setUpCard(member, "5555555555554444");
    expect((await gateway.retrieveSetupIntent(setupIntentId)).customerId).toBe(before!.customerId);
    const saved = await cards(member, "PUT", { setupIntent: { id: setupIntentId } }, "en");
    expect(saved.json()).toEqual({ card: { brand: "mastercard", last4: "4444", exp_month: 3, exp_year: NEXT_YEAR }, message: "Saved." });
    expect((await gateway.retrievePaymentMethod(before!.paymentMethodId)).customerId).toBeNull();
    const after = await shop.app.services.cards.paymentReferencesOf(member.user.id);
    expect(after!.customerId).toBe(before!.customerId);
    expect((await gateway.retrievePaymentMethod(after!.paymentMethodId)).customerId).toBe(after!.customerId);
  });

  it("lets the checkout pay with the saved card off-session", async () => {
    const references = await shop.app.services.cards.paymentReferencesOf(member.user.id);
    const intent = await gateway.createPaymentIntent({
      amount: 5_500,
      ...references!,
      offSession: true,
      idempotencyKey: crypto.randomUUID(),
      metadata: { orderId: "registered-credit-1" },
    });
    expect(intent.status).toBe("succeeded");
  });

  it("deletes the card at once and detaches it; deleting again is fine", async () => {
    const references = await shop.app.services.cards.paymentReferencesOf(member.user.id);
    const deleted = await cards(member, "DELETE");
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ card: null });
    expect((await cards(member, "GET")).json()).toEqual({ card: null });
    expect((await gateway.retrievePaymentMethod(references!.paymentMethodId)).customerId).toBeNull();
    expect(await shop.app.services.cards.paymentReferencesOf(member.user.id)).toBeNull();
    expect((await cards(member, "DELETE")).statusCode).toBe(200);
  });
});

describe("cards that are not saved", () => {
  it("saves a 3-D Secure card once the challenge is completed", async () => {
    const member = await shop.memberSession();
    const { setupIntentId, status } = await setUpCard(member, "4000002500003155", { challenge: "complete" });
    expect(status).toBe("requires_action");
    const saved = await cards(member, "PUT", { setup_intent_id: setupIntentId });
    expect(saved.json().card).toMatchObject({ last4: "3155" });
  });

  it("refuses a SetupIntent whose challenge failed or whose card was declined, with the gateway's message", async () => {
    const member = await shop.memberSession();
    const failed = await setUpCard(member, "4000002500003155", { challenge: "fail" });
    const answer = await cards(member, "PUT", { setup_intent_id: failed.setupIntentId });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual(["3D認証に失敗しました。もう一度お試しください。"]);

    const declined = await setUpCard(member, "4000000000009995");
    // The gateway's words, in the language the card form confirmed in (Japanese here).
    const refused = await cards(member, "PUT", { setup_intent_id: declined.setupIntentId }, "en");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(["カードの残高が不足しています。"]);
    expect((await cards(member, "GET")).json()).toEqual({ card: null });
  });

  it("refuses a SetupIntent still waiting for its challenge", async () => {
    const member = await shop.memberSession();
    const waiting = await setUpCard(member, "4000002760003184");
    const answer = await cards(member, "PUT", { setup_intent_id: waiting.setupIntentId });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual(["カードを登録できませんでした。もう一度カード情報を入力してください。"]);
  });

  it("never saves another member's card", async () => {
    const owner = await shop.memberSession();
    const thief = await shop.memberSession();
    const { setupIntentId } = await setUpCard(owner, "4242424242424242");
    const answer = await cards(thief, "PUT", { setup_intent_id: setupIntentId });
    expect(answer.statusCode).toBe(422);
    expect((await cards(thief, "GET")).json()).toEqual({ card: null });
  });

  it("refuses unknown ids and bodies without one, in ja and en", async () => {
    const member = await shop.memberSession();
    const unknown = await cards(member, "PUT", { setup_intent_id: "seti_test_nope" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual(["カードを登録できませんでした。もう一度カード情報を入力してください。"]);
    const empty = await cards(member, "PUT", { card_number: "4242424242424242" }, "en");
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual(["The card could not be saved. Please enter the card details again."]);
  });
});

describe("cancelling the account", () => {
  it("detaches the saved card, stops the magazine, drops the address and keeps the orders for the trader", async () => {
    const member = await shop.memberSession();
    const { setupIntentId } = await setUpCard(member, "4242424242424242");
    expect((await cards(member, "PUT", { setup_intent_id: setupIntentId })).statusCode).toBe(200);
    const references = await shop.app.services.cards.paymentReferencesOf(member.user.id);
    const address = await shop.app.inject({
      method: "PUT",
      url: "/api/address",
      headers: member.headers,
      payload: { country: "jp", zip: "1110051", prefecture: 13, address: "台東区蔵前1-2-3", building_name: "" },
    });
    expect(address.statusCode).toBe(200);
    const magazine = await shop.app.inject({ method: "PUT", url: "/api/magazine/subscription", headers: member.headers, payload: { subscribed: true } });
    expect(magazine.statusCode).toBe(200);
    const wine = await new CatalogFactory(shop.database.db).product({ price: 3000, stock: 5 });
    const placed = await new CheckoutClient(shop).post(member, orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank" }));
    expect(placed.statusCode).toBe(200);

    const cancelled = await shop.app.inject({
      method: "DELETE",
      url: "/api/users",
      headers: member.headers,
      payload: { api_user: { current_password: member.password } },
    });
    expect(cancelled.statusCode).toBe(200);

    expect((await gateway.retrievePaymentMethod(references!.paymentMethodId)).customerId).toBeNull();
    const db = shop.database.db;
    expect(await db.select().from(addressesTable).where(eq(addressesTable.userId, member.user.id))).toHaveLength(0);
    expect(await db.select().from(magazineSubscribersTable).where(eq(magazineSubscribersTable.email, member.email))).toHaveLength(0);
    const [order] = await db.select().from(ordersTable).where(eq(ordersTable.publicId, placed.json().order_id));
    expect(order).toMatchObject({ userId: null, status: "await_payment" });
  });
});
