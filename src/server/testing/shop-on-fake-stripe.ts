import { afterAll, beforeAll, expect } from "vitest";
import type { CheckoutTestShop } from "./checkout-test-shop.ts";
import { checkoutTestShop } from "./checkout-test-shop.ts";
import type { FakeStripe } from "./fake-stripe.ts";
import { fakeStripeEnvironment, startFakeStripe } from "./fake-stripe.ts";

/** A shop whose payments go to the local fake Stripe, with what its tests use. */
export interface ShopOnFakeStripe extends CheckoutTestShop {
  fake: FakeStripe;
  /** The endpoint secret the shop checks Stripe-Signature headers with. */
  webhookSecret: string;
  /** POSTs a signed webhook event as Stripe would, and expects the shop's 200. */
  deliver(signed: { payload: string; signature: string }): Promise<void>;
}

/**
 * Starts (in beforeAll) the fake Stripe and a shop with Stripe keys pointing at it, and closes both
 * afterwards. `name` keeps the keys of one test file apart; `prepare` teaches the fake its answers
 * before the shop starts. The returned object is filled in by beforeAll: read its fields in tests.
 */
export function shopOnFakeStripe(name: string, prepare?: (fake: FakeStripe) => void): ShopOnFakeStripe {
  const secretKey = `sk_test_kura_${name}`;
  const webhookSecret = `whsec_kura_${name}`;
  // Registered before the shop's own hooks: the fake runs before the shop starts and after it closes.
  beforeAll(async () => {
    fixture.fake = await startFakeStripe(secretKey);
    prepare?.(fixture.fake);
  });
  afterAll(async () => {
    await fixture.fake?.close();
  });

  const fixture = checkoutTestShop(() =>
    fakeStripeEnvironment({ secretKey, publishableKey: `pk_test_kura_${name}`, webhookSecret }, fixture.fake.url),
  ) as ShopOnFakeStripe;
  fixture.webhookSecret = webhookSecret;
  fixture.deliver = async ({ payload, signature }) => {
    const response = await fixture.shop.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
    expect(response.statusCode).toBe(200);
  };
  return fixture;
}
