import type { GatewayPaymentMethod } from "./gateway-payment-method.ts";
import { orderPaymentBasics } from "./gateway-payment-method.ts";

/** PayPay at the gateway: a payment the shopper approves on PayPay's page, then back to the shop. */
export const payPayGatewayPayment: GatewayPaymentMethod = {
  code: "paypay",
  start: (gateway, order, context) =>
    gateway.createPayPayPayment({
      ...orderPaymentBasics(order, context),
      returnUrl: context.returnUrl,
    }),
  // Nothing to show: the shopper is redirected to approve it.
  instructions: () => null,
};
