import type { PaymentEvent, PaymentGateway } from "../payments/payment-gateway.ts";

/**
 * Resolves with the first payment event matching `matches` once the shop has handled it: handlers
 * run in the order they were added and the shop's was added when the app was built, so by the time
 * this one runs the order has been settled (or left alone). Subscribe before causing the event.
 */
export function nextPaymentEvent(gateway: PaymentGateway, matches: (event: PaymentEvent) => boolean): Promise<PaymentEvent> {
  return new Promise((resolve) => {
    const stop = gateway.onPaymentEvent(async (event) => {
      if (!matches(event)) return;
      stop();
      resolve(event);
    });
  });
}
