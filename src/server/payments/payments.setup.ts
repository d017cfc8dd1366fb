import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { registerCardRoutes } from "./cards.routes.ts";
import { CardTestingDefence } from "./card-testing.ts";
import { CardsService } from "./cards.service.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { registerPaymentWebhookRoute } from "./payments.routes.ts";
import { registerTestGatewayOffsiteRoutes } from "./test-gateway.offsite.routes.ts";
import { registerTestGatewayRoutes } from "./test-gateway.routes.ts";
import { TestGateway } from "./test-gateway.ts";

/**
 * The payments module in the app: Stripe with its webhook when its keys are set, otherwise the
 * built-in test gateway with its browser endpoints and pages (3-D Secure, konbini voucher, PayPay
 * approval) under /test-gateway; then the saved card.
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: { config: Config; db: Database; secret: string },
): Promise<{ payments: PaymentGateway; cards: CardsService; cardTesting: CardTestingDefence }> {
  let payments: PaymentGateway;
  if (deps.config.stripe) {
    // The Stripe SDK (~6 MB of heap) is loaded only when its keys are set (decision 048).
    const { StripeGateway } = await import("./stripe-gateway.ts");
    const stripe = new StripeGateway(deps.config.stripe, app.log);
    if (stripe.receivesWebhooks) await registerPaymentWebhookRoute(app, { gateway: stripe });
    else app.log.warn({}, "STRIPE_WEBHOOK_SECRET is not set: Stripe's payment events are not received");
    payments = stripe;
  } else {
    const test = new TestGateway(deps.db, app.log);
    registerTestGatewayRoutes(app, { gateway: test, secret: deps.secret });
    registerTestGatewayOffsiteRoutes(app, { gateway: test, secret: deps.secret });
    // Stripe expires unpaid konbini vouchers by itself; the test gateway checks every minute. Each
    // voucher is expired under a row lock, so several processes sweeping at once announce it once.
    const voucherSweep = setInterval(() => {
      test.expireOverdueVouchers().catch((error: unknown) => app.log.warn({ err: error }, "konbini voucher sweep failed"));
    }, 60_000);
    voucherSweep.unref();
    app.addHook("onClose", async () => clearInterval(voucherSweep));
    app.log.info({}, "no Stripe keys: cards are taken by the built-in test gateway (test mode)");
    payments = test;
  }
  const defence = new CardTestingDefence(deps.db, app.log, deps.secret, deps.config.cardAttemptLimits);
  const cards = new CardsService(deps.db, payments, app.log, defence);
  registerCardRoutes(app, { cards });
  return { payments, cards, cardTesting: defence };
}
