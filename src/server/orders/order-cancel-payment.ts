import { storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import { DomainError } from "../../domain/errors.ts";
import type { PaymentGateway } from "../payments/payment-gateway.ts";
import { PaymentGatewayError } from "../payments/payment-gateway.ts";
import type { OrderRow } from "./orders.service.ts";

/** What cancelling did to the order's money, for the shopper's cancel mail. */
export interface CancelPayment {
  /** A card payment was given back. */
  refunded: boolean;
  /** A payment the gateway cannot give back had arrived (a bank transfer): the trader returns it by hand. */
  paidByTransfer: boolean;
}

/**
 * The one hook the order moves call before cancelling an order: what cancelling does to its
 * payment (refund, release). It runs before the move's transaction, since the gateway cannot take
 * part in it; it throws to refuse the cancel when the money cannot be given back.
 */
export type PaymentOnCancel = (order: OrderRow) => Promise<CancelPayment>;

/**
 * The payment method's rule (its handler's paidCancellation): a paid card order is refunded in full (the idempotency key is
 * the order's, so a repeated or concurrent cancel refunds once); a card payment still pending was
 * released by whoever gave it up (the gateway said it failed, or the sweep cancelled it first); a
 * paid bank transfer is returned by the trader; cash on delivery was never paid to the shop.
 */
export function paymentOnCancelAtGateway(gateway: PaymentGateway): PaymentOnCancel {
  return async (order) => {
    const paid = order.status === "deposited" || order.status === "sent";
    const { paidCancellation } = storedPaymentMethod(order.paymentMethod);
    if (paidCancellation === "refund" && paid && order.paymentIntentId !== null) {
      await refundInFull(gateway, order);
      return { refunded: true, paidByTransfer: false };
    }
    return { refunded: false, paidByTransfer: paidCancellation === "by_hand" && paid };
  };
}

async function refundInFull(gateway: PaymentGateway, order: OrderRow): Promise<void> {
  try {
    const refund = await gateway.refund(order.paymentIntentId!, undefined, { idempotencyKey: `kura-cancel-refund-${order.publicId}` });
    if (refund.status === "failed" || refund.status === "canceled") throw new DomainError("unavailable", "refundFailed");
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new DomainError("unavailable", "refundFailed");
    throw error;
  }
}
