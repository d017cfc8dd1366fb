import type * as FastifyModule from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FakeStripe } from "../testing/fake-stripe.ts";
import { startFakeStripe, stripePaymentIntent } from "../testing/fake-stripe.ts";
import type { TestApp } from "../testing/test-app.ts";
import { createTestApp } from "../testing/test-app.ts";
import type { PaymentEvent } from "./payment-gateway.ts";

// Issue 28 item 6, decision 050: a correctly signed event of a shape the shop does not expect is
// acknowledged (Stripe would only retry it for days) and logged without the personal data it holds.

const logLines: string[] = vi.hoisted(() => []);

vi.mock("fastify", async (importOriginal) => {
  const { fastifyLoggingInto } = await import("../testing/fastify-spies.ts");
  return fastifyLoggingInto(await importOriginal<typeof FastifyModule>(), logLines);
});

const SECRET_KEY = "sk_test_kura_fake_secret";
const WEBHOOK_SECRET = "whsec_kura_fake_webhook";
const EMAIL = "yamada.taro.webhook@example.com";
const NAME = "山田 太郎";
const PHONE = "090-1234-5678";

let fake: FakeStripe;
let shop: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  shop = await createTestApp({
    LOG_LEVEL: "info",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_kura_fake_publishable",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
});

afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

/** Posts `payload` signed with the endpoint's secret, as Stripe would. */
function signed(payload: string) {
  return shop.app.inject({
    method: "POST",
    url: "/api/payments/webhook",
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    payload,
  });
}

/** A payment intent holding personal data, as a real one may (receipt e-mail, shipping). */
function intent(fields: Record<string, unknown> = {}, leaveOut: string[] = []): Record<string, unknown> {
  const whole = stripePaymentIntent({
    id: "pi_shape",
    amount_received: 3300,
    metadata: { orderId: "77" },
    receipt_email: EMAIL,
    shipping: { name: NAME, phone: PHONE, address: { line1: "蔵前1-2-3" } },
    ...fields,
  });
  for (const key of leaveOut) delete whole[key];
  return whole;
}

const event = (id: string, type: string, data: unknown) => JSON.stringify({ id, object: "event", type, data });

describe("POST /api/payments/webhook with a signed event of an unexpected shape", () => {
  it("hands on an intent without customer or payment_method (they are optional), with none", async () => {
    const events: PaymentEvent[] = [];
    const stop = shop.app.services.payments.onPaymentEvent((each) => void events.push(each));
    try {
      const response = await signed(event("evt_no_customer", "payment_intent.succeeded", { object: intent({}, ["customer", "payment_method"]) }));
      expect(response.statusCode).toBe(200);
      expect(events.map((each) => [each.id, each.paymentIntent.customerId, each.paymentIntent.paymentMethodId])).toEqual([["evt_no_customer", null, null]]);
    } finally {
      stop();
    }
  });

  it("acknowledges each with 200, hands none on, and logs the event id and the fields at fault, not their values", async () => {
    const events: PaymentEvent[] = [];
    const stop = shop.app.services.payments.onPaymentEvent((each) => void events.push(each));
    const malformed: [string, string][] = [
      ["evt_no_data", JSON.stringify({ id: "evt_no_data", object: "event", type: "payment_intent.succeeded" })],
      ["evt_null_object", event("evt_null_object", "payment_intent.succeeded", { object: null })],
      ["evt_amount_text", event("evt_amount_text", "payment_intent.succeeded", { object: intent({ amount: "3300" }) })],
      ["evt_no_metadata", event("evt_no_metadata", "payment_intent.succeeded", { object: intent({}, ["metadata"]) })],
      ["evt_customer_number", event("evt_customer_number", "payment_intent.succeeded", { object: intent({ customer: 42 }) })],
      [
        "evt_error_text",
        event("evt_error_text", "payment_intent.payment_failed", { object: intent({ status: "requires_payment_method", last_payment_error: "declined" }) }),
      ],
      [
        "evt_voucher_no_stores",
        event("evt_voucher_no_stores", "payment_intent.canceled", {
          object: intent({ payment_method_types: ["konbini"], next_action: { konbini_display_details: { expires_at: 1, hosted_voucher_url: null } } }),
        }),
      ],
      ["evt_types_number", event("evt_types_number", "payment_intent.succeeded", { object: intent({ payment_method_types: 7 }) })],
    ];
    try {
      for (const [id, payload] of malformed) {
        logLines.length = 0;
        const response = await signed(payload);
        expect(response.statusCode, id).toBe(200);
        expect(response.json(), id).toEqual({ received: true });
        const warning = logLines.map((line) => JSON.parse(line) as { msg?: string; eventId?: string; problems?: string[] }).find((line) => line.problems);
        expect(warning, id).toMatchObject({ eventId: id, msg: "payment event of an unexpected shape acknowledged unhandled" });
        const written = logLines.join("\n");
        for (const personal of [EMAIL, NAME, PHONE, "蔵前", "pi_shape_secret_fake"]) expect(written, id).not.toContain(personal);
      }
      expect(events).toEqual([]);
    } finally {
      stop();
    }
  });

  it("acknowledges an event of another type without a warning, whatever its object holds", async () => {
    logLines.length = 0;
    expect((await signed(event("evt_refund", "charge.refunded", { object: {} }))).statusCode).toBe(200);
    expect(logLines.map((line) => JSON.parse(line) as { eventId?: string; msg?: string }).find((line) => line.eventId === "evt_refund")).toMatchObject({
      msg: "payment event acknowledged without handler",
    });
  });

  it("acknowledges a signed body that is not an event object, and refuses one that is not JSON with 400", async () => {
    for (const payload of ["[]", '"payment_intent.succeeded"', "null", JSON.stringify({ type: "payment_intent.succeeded", data: { object: intent() } })]) {
      expect((await signed(payload)).statusCode, payload).toBe(200);
    }
    expect((await signed("{not json")).statusCode).toBe(400);
  });
});
