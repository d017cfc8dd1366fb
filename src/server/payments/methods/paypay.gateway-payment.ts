import type { GatewayPaymentMethod } from "./gateway-payment-method.ts";

/** PayPay at the gateway: a payment the shopper approves on PayPay's page, then back to the shop. */
export const payPayGatewayPayment: GatewayPaymentMethod = {
  code: "paypay",
  start: (gateway, order, context) =>
    gateway.createPayPayPayment({
      amount: order.price,
      idempotencyKey: context.idempotencyKey,
      metadata: { orderId: order.publicId },
      returnUrl: context.returnUrl,
      locale: order.locale,
    }),
  // Nothing to show: the shopper is redirected to approve it.
  instructions: () => null,
};
