import type { PaymentEvent, PaymentGateway } from "../payments/payment-gateway.ts";
import { TestGateway } from "../payments/test-gateway.ts";
import type { BrowserSession, TestApp } from "./test-app.ts";
import { createTestApp } from "./test-app.ts";

/**
 * A shop on the built-in test gateway (no Stripe keys), the gateway itself, a shopper's browser,
 * and every payment event the gateway sends pushed onto `events` as it is sent.
 */
export async function openTestGatewayShop(events: PaymentEvent[]): Promise<{ shop: TestApp; gateway: TestGateway; browser: BrowserSession }> {
  const shop = await createTestApp();
  const gateway = shop.app.services.payments;
  if (!(gateway instanceof TestGateway)) throw new Error("without Stripe keys the app must use the test gateway");
  gateway.onPaymentEvent((event) => {
    events.push(event);
  });
  return { shop, gateway, browser: shop.browserSession() };
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
