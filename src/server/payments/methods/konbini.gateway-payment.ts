import type { GatewayPaymentMethod } from "./gateway-payment-method.ts";
import { absoluteUrl, orderPaymentBasics } from "./gateway-payment-method.ts";

/** Konbini at the gateway: a voucher (confirmation number, deadline) the shopper pays at the till. */
export const konbiniGatewayPayment: GatewayPaymentMethod = {
  code: "konbini",
  start: (gateway, order, context) =>
    gateway.createKonbiniPayment({
      ...orderPaymentBasics(order, context),
      billing: { name: order.name, email: order.email },
      expiresAfterDays: context.voucherDays,
    }),
  instructions: (intent, publicUrl) => {
    const voucher = intent.konbini;
    if (!voucher) return null;
    return {
      number: voucher.confirmationNumber,
      code: voucher.paymentCode,
      deadline: voucher.expiresAt.toISOString(),
      url: voucher.voucherUrl ? absoluteUrl(voucher.voucherUrl, publicUrl) : null,
    };
  },
};
