import { afterAll, beforeAll } from "vitest";
import type { PaymentEvent, PaymentGateway } from "../payments/payment-gateway.ts";
import { TestGateway } from "../payments/test-gateway.ts";
import type { BrowserSession, TestApp } from "./test-app.ts";
import { createTestApp } from "./test-app.ts";

export interface TestGatewayShop {
  shop: TestApp;
  gateway: TestGateway;
  /** A shopper's browser session. */
  browser: BrowserSession;
  /** Every payment event the gateway has sent, in order. */
  events: PaymentEvent[];
}

/**
 * A shop on the built-in test gateway (no Stripe keys), the gateway itself, a shopper's browser,
 * and every payment event the gateway sends pushed onto `events` as it is sent. Registers the
 * file's beforeAll/afterAll that open and close it, as `checkoutTestShop()` does; the fields are
 * filled once beforeAll has run.
 */
export function testGatewayShop(): TestGatewayShop {
  const fixture = { events: [] } as unknown as TestGatewayShop;
  beforeAll(async () => {
    fixture.shop = await createTestApp();
    const gateway = fixture.shop.app.services.payments;
    if (!(gateway instanceof TestGateway)) throw new Error("without Stripe keys the app must use the test gateway");
    gateway.onPaymentEvent((event) => {
      fixture.events.push(event);
    });
    fixture.gateway = gateway;
    fixture.browser = fixture.shop.browserSession();
  });
  afterAll(async () => {
    await fixture.shop?.close();
  });
  return fixture;
}

/**
 * Runs `body` with the payment events the gateway hands on from now collected in `events`, and
 * stops listening after it, passed or failed, so that a later test's events are its own.
 */
export async function withPaymentEvents(gateway: Pick<PaymentGateway, "onPaymentEvent">, body: (events: PaymentEvent[]) => Promise<void>): Promise<void> {
  const events: PaymentEvent[] = [];
  const unsubscribe = gateway.onPaymentEvent((event) => void events.push(event));
  try {
    await body(events);
  } finally {
    unsubscribe();
  }
}
