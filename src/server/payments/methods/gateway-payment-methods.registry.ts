import type { GatewayPaymentMethod } from "./gateway-payment-method.ts";
import { konbiniGatewayPayment } from "./konbini.gateway-payment.ts";
import { payPayGatewayPayment } from "./paypay.gateway-payment.ts";

/** The server parts of the methods the gateway settles other than cards, by stored code. */
const GATEWAY_PAYMENT_METHODS: readonly GatewayPaymentMethod[] = [konbiniGatewayPayment, payPayGatewayPayment];

const byCode = new Map(GATEWAY_PAYMENT_METHODS.map((method) => [method.code, method]));

/** The server part of a stored method, or undefined for one without (card, bank, cod). */
export function gatewayPaymentMethod(stored: string): GatewayPaymentMethod | undefined {
  return byCode.get(stored);
}
