import { afterAll, beforeAll, expect } from "vitest";
import { CatalogFactory } from "./catalog-factory.ts";
import { CheckoutClient } from "./checkout-fixtures.ts";
import type { FakeStripe } from "./fake-stripe.ts";
import { startFakeStripe } from "./fake-stripe.ts";
import type { TestApp } from "./test-app.ts";
import { createTestApp } from "./test-app.ts";

/** A shop whose payments go to the local fake Stripe, with what its tests use. */
export interface ShopOnFakeStripe {
  fake: FakeStripe;
  shop: TestApp;
  make: CatalogFactory;
  client: CheckoutClient;
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
  const fixture = { webhookSecret: `whsec_kura_${name}` } as ShopOnFakeStripe;
  fixture.deliver = async ({ payload, signature }) => {
    const response = await fixture.shop.app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    fixture.fake = await startFakeStripe(secretKey);
    prepare?.(fixture.fake);
    fixture.shop = await createTestApp({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: `pk_test_kura_${name}`,
      STRIPE_WEBHOOK_SECRET: fixture.webhookSecret,
      STRIPE_API_BASE: fixture.fake.url,
      RATE_LIMIT_MULTIPLIER: "20",
    });
    fixture.make = new CatalogFactory(fixture.shop.database.db);
    fixture.client = new CheckoutClient(fixture.shop);
  });

  afterAll(async () => {
    await fixture.shop?.close();
    await fixture.fake?.close();
  });

  return fixture;
}
