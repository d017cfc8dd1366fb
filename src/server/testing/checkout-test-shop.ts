import { afterAll, beforeAll } from "vitest";
import { TestGateway } from "../payments/test-gateway.ts";
import { CatalogFactory } from "./catalog-factory.ts";
import { CheckoutClient } from "./checkout-fixtures.ts";
import type { TestApp } from "./test-app.ts";
import { createTestApp } from "./test-app.ts";

/** A shop for checkout tests, with what they use. */
export interface CheckoutTestShop {
  shop: TestApp;
  make: CatalogFactory;
  client: CheckoutClient;
  /** The built-in test gateway the shop pays through when no Stripe keys are set (throws otherwise). */
  readonly gateway: TestGateway;
}

/**
 * Starts (in beforeAll) a shop on a fresh database and closes it afterwards. Checkout tests place
 * many orders from one address, so the rate limits are loosened; `environment` adds or overrides
 * settings, and may be a function when a value is only known in an earlier beforeAll (a fake
 * server's address). The returned object is filled in by beforeAll: read its fields in tests.
 */
export function checkoutTestShop(environment: Record<string, string> | (() => Record<string, string>) = {}): CheckoutTestShop {
  const fixture = {
    get gateway(): TestGateway {
      const payments = fixture.shop.app.services.payments;
      if (!(payments instanceof TestGateway)) throw new Error("expected the test gateway");
      return payments;
    },
  } as CheckoutTestShop;

  beforeAll(async () => {
    const settings = typeof environment === "function" ? environment() : environment;
    fixture.shop = await createTestApp({ RATE_LIMIT_MULTIPLIER: "20", ...settings });
    fixture.make = new CatalogFactory(fixture.shop.database.db);
    fixture.client = new CheckoutClient(fixture.shop);
  });

  afterAll(async () => {
    await fixture.shop?.close();
  });

  return fixture;
}
