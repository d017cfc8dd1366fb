import { describe, expect, it } from "vitest";
import { CARDS, orderPayload } from "../testing/checkout-fixtures.ts";
import { checkoutTestShop } from "../testing/checkout-test-shop.ts";
import type { BrowserSession } from "../testing/test-app.ts";
import { CardTestingDefence } from "./card-testing.ts";

// The card-testing defence (decision 064) replayed as a tester would run it: many cards from one
// session, many sessions from one address, one card from many sessions and addresses — and a
// genuine shopper elsewhere who still pays. Every request here is what a browser sends, from the
// client address given to inject.

const LIMITS = { CARD_FAILURES_PER_SESSION: "3", CARD_FAILURES_PER_ADDRESS: "4", CARD_FAILURES_PER_CARD: "5", CARD_FAILURE_WINDOW_MINUTES: "60" };
const MORE_DECLINES = { expired: "4000000000000069", incorrectCvc: "4000000000000127" } as const;
const NEXT_YEAR = new Date().getFullYear() + 1;
const LIMITED = {
  ja: "カードのお支払い・ご登録が続けてお受けできなかったため、しばらくの間カードはご利用いただけません。時間をおいてお試しいただくか、銀行振込など他のお支払い方法をお選びください。",
  en: "Too many card attempts were declined, so cards cannot be used for a while. Please try again later, or choose another payment method such as bank transfer.",
};

describe("card payments at checkout", () => {
  // The rate limits stay at their defaults (× 1): the defence must stop a tester before they do.
  const env = checkoutTestShop({ ...LIMITS, RATE_LIMIT_MULTIPLIER: "1" });

  async function pay(number: string, from: { session?: BrowserSession; ip: string; locale?: "ja" | "en" }) {
    const session = from.session ?? env.shop.browserSession();
    const wine = await env.make.product({ price: 3000, stock: 5 });
    await env.client.fillCart(session, { [wine]: 1 });
    const method = await env.shop.app.inject({
      method: "POST",
      url: "/test-gateway/payment_methods",
      remoteAddress: from.ip,
      headers: session.headers,
      payload: { card: { number, exp_month: 12, exp_year: NEXT_YEAR, cvc: "123" } },
    });
    expect(method.statusCode).toBe(200);
    const payload = orderPayload([{ id: wine, amount: 1 }], { payment_method: "credit", payment: { payment_method_id: method.json().id } });
    const response = await env.shop.app.inject({
      method: "POST",
      url: `/${from.locale ?? "ja"}/api/checkout`,
      remoteAddress: from.ip,
      headers: { ...session.headers, "idempotency-key": crypto.randomUUID() },
      payload,
    });
    return { response, session, wine };
  }

  it("one session trying card after card is stopped after three refusals, before any order is written", async () => {
    const session = env.shop.browserSession();
    const ip = "198.51.100.10";
    for (const number of [CARDS.insufficientFunds, MORE_DECLINES.expired, MORE_DECLINES.incorrectCvc]) {
      expect((await pay(number, { session, ip })).response.statusCode).toBe(402);
    }
    const orders = await env.client.orderCount();
    // Even a card that would pay is refused now, with the message, and nothing is reserved.
    const { response, wine } = await pay(CARDS.visa, { session, ip });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ errors: [LIMITED.ja] });
    expect(await env.client.orderCount()).toBe(orders);
    expect(await env.client.stockOf(wine)).toBe(5);
    const english = await pay(CARDS.visa, { session, ip, locale: "en" });
    expect(english.response.statusCode).toBe(429);
    expect(english.response.json()).toEqual({ errors: [LIMITED.en] });
  });

  it("fresh sessions from one address are stopped after four refusals from that address", async () => {
    const ip = "198.51.100.20";
    for (const number of [CARDS.insufficientFunds, MORE_DECLINES.expired, MORE_DECLINES.incorrectCvc, CARDS.insufficientFunds]) {
      expect((await pay(number, { ip })).response.statusCode).toBe(402);
    }
    expect((await pay(CARDS.visa, { ip })).response.statusCode).toBe(429);
  });

  it("one card tried from many sessions and addresses is stopped after five refusals, wherever it comes from next", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await pay(CARDS.declined, { ip: `203.0.113.${attempt}` })).response.statusCode).toBe(402);
    }
    const next = await pay(CARDS.declined, { ip: "203.0.113.99" });
    expect(next.response.statusCode).toBe(429);
    expect(next.response.json()).toEqual({ errors: [LIMITED.ja] });
  });

  it("a genuine shopper elsewhere, and a new visitor at an address below its limit, still pay", async () => {
    const elsewhere = await pay(CARDS.visa, { ip: "192.0.2.44" });
    expect(elsewhere.response.statusCode).toBe(200);
    expect(elsewhere.response.json()).toMatchObject({ require_action: false });
    // 198.51.100.10 had three refusals (under its limit of four): a new session there is not blocked.
    const sameOffice = await pay(CARDS.visa, { ip: "198.51.100.10" });
    expect(sameOffice.response.statusCode).toBe(200);
  });

  it("bank transfer stays open to a blocked session (the defence is about cards)", async () => {
    const session = env.shop.browserSession();
    const ip = "198.51.100.30";
    for (const number of [CARDS.insufficientFunds, MORE_DECLINES.expired, MORE_DECLINES.incorrectCvc]) await pay(number, { session, ip });
    expect((await pay(CARDS.visa, { session, ip })).response.statusCode).toBe(429);
    const wine = await env.make.product({ price: 3000, stock: 5 });
    await env.client.fillCart(session, { [wine]: 1 });
    const response = await env.shop.app.inject({
      method: "POST",
      url: "/ja/api/checkout",
      remoteAddress: ip,
      headers: { ...session.headers, "idempotency-key": crypto.randomUUID() },
      payload: orderPayload([{ id: wine, amount: 1 }], { payment_method: "bank" }),
    });
    expect(response.statusCode).toBe(200);
  });

  it("logs the refusal for the trader with the limit reached and counts, never the address, session or card", async () => {
    const lines: { fields: object; message: string }[] = [];
    const log = { info: () => undefined, warn: (fields: object, message: string) => lines.push({ fields, message }) };
    const defence = new CardTestingDefence(env.shop.database.db, log, "a secret of at least thirty-two characters", {
      windowMinutes: 60,
      failuresPerSession: 1,
      failuresPerAddress: 10,
      failuresPerCard: 10,
    });
    const client = { sessionId: "session-of-a-tester-0123456789", ip: "198.51.100.77" };
    await defence.record("payment", client, "fp_card_of_someone", true);
    expect(await defence.refusal("payment", client, "fp_card_of_someone")).toBe("session");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/card testing suspected/);
    expect(lines[0]!.fields).toMatchObject({ cardTesting: { kind: "payment", limit: "session", failures: { session: 1, address: 1, card: 1 } } });
    const written = JSON.stringify(lines);
    for (const secret of [client.ip, client.sessionId, "fp_card_of_someone"]) expect(written).not.toContain(secret);
  });
});

describe("card registrations on My Page", () => {
  const env = checkoutTestShop(LIMITS);

  async function register(session: BrowserSession, number: string, ip: string) {
    const edit = await env.shop.app.inject({ method: "GET", url: "/api/cards/edit", remoteAddress: ip, headers: { cookie: session.cookie } });
    if (edit.statusCode !== 200) return edit;
    const method = await env.shop.app.inject({
      method: "POST",
      url: "/test-gateway/payment_methods",
      remoteAddress: ip,
      headers: session.headers,
      payload: { card: { number, exp_month: 3, exp_year: NEXT_YEAR, cvc: "123" } },
    });
    const confirmed = await env.shop.app.inject({
      method: "POST",
      url: "/test-gateway/setup_intents/confirm",
      remoteAddress: ip,
      headers: session.headers,
      payload: { client_secret: edit.json().client_secret, payment_method: method.json().id },
    });
    return env.shop.app.inject({
      method: "PUT",
      url: "/api/cards",
      remoteAddress: ip,
      headers: session.headers,
      payload: { setup_intent_id: confirmed.json().id },
    });
  }

  it("a member saving card after card is stopped after three refusals; another member elsewhere still saves a card", async () => {
    const tester = await env.shop.memberSession();
    const ip = "198.51.100.40";
    for (const number of [CARDS.declined, CARDS.insufficientFunds, MORE_DECLINES.expired]) {
      expect((await register(tester, number, ip)).statusCode).toBe(422);
    }
    const blocked = await register(tester, CARDS.visa, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ errors: [LIMITED.ja] });
    expect((await env.shop.app.inject({ method: "GET", url: "/api/cards", headers: { cookie: tester.cookie } })).json()).toEqual({ card: null });

    const genuine = await env.shop.memberSession();
    const saved = await register(genuine, CARDS.visa, "192.0.2.50");
    expect(saved.statusCode).toBe(200);
    expect(saved.json().card).toMatchObject({ last4: "4242" });
  });
});
