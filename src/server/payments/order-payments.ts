import type { Locale } from "../../domain/locale.ts";
import { payableByLink } from "../../domain/payment-link.ts";
import type { PaymentInstructions } from "../../domain/payment-methods/payment-method.ts";
import type { CartOwner, CartService } from "../cart/cart.service.ts";
import type { Database } from "../db/client.ts";
import type { MessageKey } from "../i18n/messages.ts";
import { message } from "../i18n/messages.ts";
import type { OrderActor, OrderMoves } from "../orders/order-moves.ts";
import { gatewayActor, shopperActor, SWEEP_ACTOR } from "../orders/order-moves.ts";
import type { OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { CardError, PaymentEvent, PaymentGateway, PaymentIntentResult, PaymentLog } from "./payment-gateway.ts";
import { PaymentGatewayError } from "./payment-gateway.ts";
import { absoluteUrl } from "./methods/gateway-payment-method.ts";
import { gatewayPaymentMethod } from "./methods/gateway-payment-methods.registry.ts";
import { japanDay, recordTransaction } from "../records/transaction-records.ts";

/** The card a pending order is paid with: the one the browser tokenised, or the member's saved card. */
export interface CardSource {
  paymentMethodId: string;
  customerId?: string | undefined;
}

/** The shop's page a gateway's approval page sends the shopper back to (web route /checkout/return). */
export const CHECKOUT_RETURN_PATH = "/checkout/return";

/** Why a payment could not be tried now; the caller words it (checkout answers 409, 503 or 422). */
export type PaymentRefusal = "checkoutInProgress" | "paymentUnavailable" | "paymentLinkNotPayable" | "checkoutOrderMismatch";

/**
 * What a payment attempt came to, in the payment's own terms: the checkout and the payment link
 * turn it into their answers (checkout/checkout-answers.ts), which are HTTP's.
 */
export type PaymentAnswer =
  /** The order is placed (paid, or a payment made elsewhere is waiting, with what the shopper needs to pay it). */
  | { kind: "placed"; order: Pick<OrderRow, "publicId" | "paymentInstructions"> }
  /** A wallet's approval page to send the shopper to. */
  | { kind: "approve_elsewhere"; orderId: string; redirectUrl: string }
  /** The card asks for 3-D Secure: the browser completes it with the client secret. */
  | { kind: "challenge"; orderId?: string; clientSecret: PaymentIntentResult["clientSecret"] }
  /** The card did not pay: the gateway's words (or the shop's), its code, and the order not placed (checkout) or still waiting (a link). */
  | { kind: "declined"; orderId?: string; message: string; code: string }
  | { kind: "refused"; reason: PaymentRefusal }
  /** A payment link's order is paid (now, or before). */
  | { kind: "link_paid" }
  /** A payment link's card is being decided by the card network; the gateway's event settles it. */
  | { kind: "link_processing" };

function placed(order: Pick<OrderRow, "publicId" | "paymentInstructions">): PaymentAnswer {
  return { kind: "placed", order };
}

function refused(reason: PaymentRefusal): PaymentAnswer {
  return { kind: "refused", reason };
}

/**
 * A card payment that did not go through: the gateway's message for the shopper (shown under the
 * card field, or as the 3-D Secure failure), its code, and the order that was not placed. `code` is
 * the gateway's (card_declined, payment_intent_authentication_failure, …) or `expired` when the
 * reservation ran out.
 */
function declined(order: OrderRow, error: CardError | null, fallback: MessageKey, locale: Locale, code?: string): PaymentAnswer {
  return { kind: "declined", orderId: order.publicId, message: error?.message ?? message(fallback, locale), code: error?.code ?? code ?? "payment_failed" };
}

/**
 * The card side of an order's life: charging it, settling it from the gateway's answer, the
 * gateway's events, and the sweep of abandoned payments. Every change is a move of OrderMoves
 * (guarded by the transition table, side effects once), so the shopper's re-post, a webhook and the sweep may race safely: one
 * of them moves the order, the others see it moved.
 */
export class OrderPayments {
  constructor(
    private readonly deps: {
      orders: OrdersService;
      moves: OrderMoves;
      gateway: PaymentGateway;
      carts: CartService;
      log: PaymentLog;
      /** Where payment records from the gateway are kept (decision 062). */
      db: Database;
    },
    private readonly settings: { publicUrl: string; voucherDays: number },
  ) {}

  /**
   * What the checkout answers for a card order, from its state: paid → done; cancelled → the
   * failure; pending → charge it (or look at the charge made) and settle. `card` is needed to
   * charge an order that has no payment yet; the gateway's idempotency key is the order's, so a
   * repeated charge of one order returns the first payment and never charges twice.
   */
  async answerFor(
    order: OrderRow,
    options: { locale: Locale; owner?: CartOwner | undefined; card?: CardSource | undefined; afterChallenge?: boolean },
  ): Promise<PaymentAnswer> {
    const { locale } = options;
    // await_payment: a payment made elsewhere (a voucher) is waiting; the order itself is placed.
    if (order.status === "deposited" || order.status === "sent" || order.status === "await_payment") return placed(order);
    if (order.status === "cancelled") return this.cancelledAnswer(order, locale);
    let intent: PaymentIntentResult;
    try {
      if (order.paymentIntentId) intent = await this.deps.gateway.retrievePaymentIntent(order.paymentIntentId);
      else if ((options.card || gatewayPaymentMethod(order.paymentMethod)) && (await this.deps.orders.claimCharge(order.id)))
        intent = await this.start(order, options.card);
      else return refused("checkoutInProgress");
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      this.deps.log.warn({ orderId: order.publicId, reason: error.kind }, "card payment request failed");
      // A refused request created no payment (and no other request is charging: the claim): the
      // order is given up. Otherwise the gateway may have the payment: the order stays pending, a
      // retry with the same key resumes it, and the sweep or the gateway's event settles it.
      if (error.kind === "invalid_request" && !order.paymentIntentId) {
        await this.cancel(order, shopperActor(order.userId, "payment request refused"));
        return declined(order, null, "paymentFailed", locale);
      }
      return refused(error.kind === "unavailable" ? "paymentUnavailable" : "checkoutInProgress");
    }
    return this.settle(order, intent, options);
  }

  /** Starts the order's payment: its method's own gateway call, or a charge of the card. */
  private async start(order: OrderRow, card: CardSource | undefined): Promise<PaymentIntentResult> {
    const method = gatewayPaymentMethod(order.paymentMethod);
    const idempotencyKey = `kura-order-${order.publicId}`;
    const intent = method
      ? await method.start(this.deps.gateway, order, {
          publicUrl: this.settings.publicUrl,
          voucherDays: this.settings.voucherDays,
          idempotencyKey,
          returnUrl: absoluteUrl(`${CHECKOUT_RETURN_PATH}?order_id=${order.publicId}`, this.settings.publicUrl),
        })
      : await this.deps.gateway.createPaymentIntent({
          amount: order.price,
          paymentMethodId: card!.paymentMethodId,
          customerId: card!.customerId,
          idempotencyKey,
          metadata: { orderId: order.publicId },
          locale: order.locale,
        });
    if (!(await this.deps.orders.attachPaymentIntent(order.id, intent.id))) {
      throw new Error(`order ${order.publicId} already holds another payment than ${intent.id}`);
    }
    return intent;
  }

  private async settle(
    order: OrderRow,
    intent: PaymentIntentResult,
    options: { locale: Locale; owner?: CartOwner | undefined; afterChallenge?: boolean },
  ): Promise<PaymentAnswer> {
    if (intent.metadata.orderId !== order.publicId) throw new Error(`payment ${intent.id} is not order ${order.publicId}'s`);
    switch (intent.status) {
      case "succeeded": {
        if (
          await this.markPaid(
            order,
            intent,
            shopperActor(order.userId, options.afterChallenge ? "3-D Secure" : undefined),
            options.owner && { owner: options.owner, byShopper: true },
          )
        )
          return placed(order);
        // Moved by someone else: paid (the gateway's event), or — should a payment ever land on an
        // order given up meanwhile — cancelled, and then the money goes back.
        const now = await this.deps.orders.byId(order.id);
        if (now?.status !== "cancelled") return placed(order);
        await this.refundLatePayment(now, intent);
        return declined(now, null, "paymentExpired", options.locale, "expired");
      }
      case "processing":
        // The card network has not answered yet; the gateway's event settles the order.
        return placed(order);
      case "requires_action": {
        const instructions = gatewayPaymentMethod(order.paymentMethod)?.instructions(intent, this.settings.publicUrl) ?? null;
        if (instructions) return this.awaitPaymentElsewhere(order, instructions, options.owner);
        // A wallet's approval page (absolute at Stripe, a path of this shop at the test gateway).
        if (intent.redirectUrl)
          return { kind: "approve_elsewhere", orderId: order.publicId, redirectUrl: absoluteUrl(intent.redirectUrl, this.settings.publicUrl) };
        return { kind: "challenge", orderId: order.publicId, clientSecret: intent.clientSecret };
      }
      case "requires_payment_method":
      case "canceled":
        await this.cancel(order, shopperActor(order.userId, intent.lastError?.code ?? intent.status));
        return declined(
          order,
          intent.lastError,
          options.afterChallenge ? "threeDSecureFailed" : "paymentFailed",
          options.locale,
          intent.status === "canceled" ? "expired" : undefined,
        );
    }
  }

  /**
   * pending → await_payment for a payment made elsewhere (a convenience-store voucher): the order is
   * placed and keeps its bottles until the deadline (the sweep and the gateway's expiry event cancel
   * it then); the shopper gets the order mail with the instructions and an empty cart.
   */
  private async awaitPaymentElsewhere(order: OrderRow, instructions: PaymentInstructions, owner: CartOwner | undefined): Promise<PaymentAnswer> {
    // OrderMoves sends the order mail (with the instructions) as it does for a bank transfer placed.
    const waiting = await this.deps.moves.move({
      order,
      to: "await_payment",
      from: ["pending"],
      actor: shopperActor(order.userId, "payment instructions issued"),
      set: { reservedUntil: new Date(instructions.deadline), paymentInstructions: instructions },
      alsoInTransaction: async (tx) => {
        if (owner) await this.deps.carts.clear(owner, tx);
      },
    });
    if (waiting) return placed(waiting);
    // Moved meanwhile (paid already, or expired): answer from where it is now.
    const now = await this.deps.orders.byId(order.id);
    if (!now || now.status === "cancelled") return declined(order, null, "paymentExpired", order.locale, "expired");
    return placed(now);
  }

  /**
   * A card order awaiting its payment paid through its payment link (decision 082): the card is
   * charged its total with the order in the metadata, as checkout charges one, and the order is
   * settled by `markPaid`, the storefront card order's own path (await_payment → deposited, the
   * payment paid, the 入金確認 mail). Unlike checkout, a refused card leaves the order waiting: the
   * refused payment is taken off it and the customer may try another card. A paid order is answered
   * paid and charged nothing. `attemptKey` (the request's Idempotency-Key) makes the gateway's key,
   * so a resent request never charges twice; a claim on the order keeps two attempts from charging
   * side by side. After a 3-D Secure challenge the browser posts `paymentIntentId` instead of a card.
   */
  async payByLink(
    order: OrderRow,
    request: { card?: CardSource | undefined; paymentIntentId?: string | undefined; attemptKey: string; locale: Locale },
  ): Promise<PaymentAnswer> {
    const { locale } = request;
    if (order.status === "deposited" || order.status === "sent") return linkPaidAnswer();
    if (!payableByLink(order)) return refused("paymentLinkNotPayable");
    const actor = shopperActor(order.userId, request.paymentIntentId ? "カード決済リンク(3-D Secure)" : "カード決済リンク");
    let intent: PaymentIntentResult | undefined;
    try {
      if (order.paymentIntentId) {
        const attached = await this.deps.gateway.retrievePaymentIntent(order.paymentIntentId);
        if (attached.status === "requires_payment_method" || attached.status === "canceled") {
          // An earlier attempt the card refused (a failed challenge): taken off, so this one may pay.
          await this.deps.orders.detachPaymentIntent(order.id, attached.id);
          if (!request.card) return linkFailureAnswer(attached.lastError, request.paymentIntentId ? "threeDSecureFailed" : "paymentFailed", locale);
        } else if (request.card && attached.status === "requires_action") {
          // A challenge left unfinished (the dialog closed): given up at the gateway, and the card
          // posted now pays instead. Paid meanwhile, the gateway refuses to cancel it: the next press finds it paid.
          await this.deps.gateway.cancelPaymentIntent(attached.id);
          await this.deps.orders.detachPaymentIntent(order.id, attached.id);
        } else {
          if (request.paymentIntentId !== undefined && request.paymentIntentId !== attached.id) return refused("checkoutOrderMismatch");
          intent = attached;
        }
      } else if (request.paymentIntentId !== undefined) {
        // The payment the challenge was about is no longer the order's (refused and taken off).
        return refused("checkoutOrderMismatch");
      }
      if (!intent) {
        if (!request.card) return refused("checkoutOrderMismatch");
        if (!(await this.deps.orders.claimCharge(order.id, { status: "await_payment" }))) return refused("checkoutInProgress");
        try {
          intent = await this.deps.gateway.createPaymentIntent({
            amount: order.price,
            paymentMethodId: request.card.paymentMethodId,
            customerId: request.card.customerId,
            idempotencyKey: `kura-pay-link-${order.publicId}-${request.attemptKey}`,
            metadata: { orderId: order.publicId },
            locale: order.locale,
          });
        } catch (error) {
          await this.deps.orders.releaseCharge(order.id);
          throw error;
        }
        if (intent.status === "requires_payment_method" || intent.status === "canceled") {
          await this.deps.orders.releaseCharge(order.id);
          return linkFailureAnswer(intent.lastError, "paymentFailed", locale);
        }
        if (!(await this.deps.orders.attachPaymentIntent(order.id, intent.id)))
          throw new Error(`order ${order.publicId} already holds another payment than ${intent.id}`);
      }
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      this.deps.log.warn({ orderId: order.publicId, reason: error.kind }, "payment link request failed");
      return refused(error.kind === "unavailable" ? "paymentUnavailable" : "checkoutInProgress");
    }
    if (intent.metadata.orderId !== order.publicId) throw new Error(`payment ${intent.id} is not order ${order.publicId}'s`);
    switch (intent.status) {
      case "succeeded": {
        const attached = (await this.deps.orders.byId(order.id)) ?? order;
        if (attached.status === "await_payment") await this.markPaid(attached, intent, actor);
        // Paid here, or by the gateway's event first: either way the order is paid now.
        const now = await this.deps.orders.byId(order.id);
        return now?.status === "deposited" || now?.status === "sent" ? linkPaidAnswer() : refused("paymentLinkNotPayable");
      }
      case "processing":
        // The card network has not answered yet; the gateway's event settles the order.
        return { kind: "link_processing" };
      case "requires_action":
        return { kind: "challenge", clientSecret: intent.clientSecret };
      case "requires_payment_method":
      case "canceled":
        await this.deps.orders.detachPaymentIntent(order.id, intent.id);
        return linkFailureAnswer(intent.lastError, request.paymentIntentId ? "threeDSecureFailed" : "paymentFailed", locale);
    }
  }

  private async cancelledAnswer(order: OrderRow, locale: Locale): Promise<PaymentAnswer> {
    if (!order.paymentIntentId) return declined(order, null, "paymentFailed", locale);
    const intent = await this.deps.gateway.retrievePaymentIntent(order.paymentIntentId).catch(() => null);
    if (intent?.lastError) return declined(order, intent.lastError, "paymentFailed", locale);
    return declined(order, null, "paymentExpired", locale, "expired");
  }

  /**
   * pending → deposited (OrderMoves sends the order mail), once, emptying `cart.owner`'s cart with
   * the move. When the shopper's own request (`cart.byShopper`) finds the order moved already — the
   * gateway's event was first, and an event knows no guest's cart — the cart is emptied all the same.
   * The event and the sweep empty a member's cart only with the move they make, never afterwards: by
   * then the member may have filled a new cart (an event that lost the race to the 3-D Secure
   * re-post emptied it, seen under load behind the load balancer).
   */
  async markPaid(order: OrderRow, intent: PaymentIntentResult, actor: OrderActor, cart?: { owner: CartOwner; byShopper: boolean }): Promise<boolean> {
    const owner = cart?.owner;
    if (intent.amount !== order.price) throw new Error(`payment ${intent.id} of ${intent.amount} does not match order ${order.publicId} of ${order.price}`);
    // Only the payment the order waits for settles an order awaiting payment elsewhere (a bank transfer has none).
    const waitingElsewhere = order.status === "await_payment" && order.paymentIntentId === intent.id;
    const paid = await this.deps.moves.move({
      order,
      to: "deposited",
      from: waitingElsewhere ? ["await_payment"] : ["pending"],
      actor,
      set: { paymentIntentId: intent.id },
      alsoInTransaction: async (tx) => {
        if (owner) await this.deps.carts.clear(owner, tx);
        await recordPayment(tx, order, intent);
      },
    });
    if (!paid && owner && cart?.byShopper && (await this.deps.orders.byId(order.id))?.status === "deposited") await this.deps.carts.clear(owner);
    return paid !== undefined;
  }

  /**
   * pending → cancelled (OrderMoves puts its bottles back on the shelf), once; also an order awaiting
   * a payment made elsewhere (an unpaid voucher past its deadline), never a bank transfer or cash on delivery.
   */
  async cancel(order: OrderRow, actor: OrderActor): Promise<boolean> {
    const waitingElsewhere = order.paymentIntentId !== null && gatewayPaymentMethod(order.paymentMethod) !== undefined;
    return (await this.deps.moves.move({ order, to: "cancelled", from: waitingElsewhere ? ["pending", "await_payment"] : ["pending"], actor })) !== undefined;
  }

  /**
   * payment_intent.succeeded / payment_failed from the gateway (Stripe's webhook, or the test
   * gateway): the order of a shopper who closed the tab after 3-D Secure is still placed. Events may
   * come twice or late; a payment for an order cancelled meanwhile is refunded.
   */
  async onPaymentEvent(event: PaymentEvent): Promise<void> {
    const intent = event.paymentIntent;
    const publicId = intent.metadata.orderId;
    if (!publicId) return;
    const order = await this.deps.orders.byPublicId(publicId);
    if (!order || (order.paymentIntentId !== null && order.paymentIntentId !== intent.id)) {
      this.deps.log.warn({ eventId: event.id, paymentIntentId: intent.id }, "payment event for no order of this shop");
      return;
    }
    await recordPaymentEvent(this.deps.db, order, event);
    if (event.type === "payment_intent.succeeded") {
      if (intent.amount !== order.price) {
        // Not this order's payment as the shop asked for it; retrying the event would not change that.
        this.deps.log.warn({ eventId: event.id, orderId: order.publicId, paymentIntentId: intent.id }, "payment amount differs from the order's total");
        return;
      }
      if (order.status === "pending" || order.status === "await_payment") {
        await this.markPaid(
          order,
          intent,
          gatewayActor(event.id, event.type),
          order.userId === null ? undefined : { owner: { userId: order.userId }, byShopper: false },
        );
      } else if (order.status === "cancelled") await this.refundLatePayment(order, intent);
      return;
    }
    // Failed, expired (an unpaid voucher) or given up: the order is cancelled and its bottles return.
    if (order.status === "pending" || order.status === "await_payment") await this.cancel(order, gatewayActor(event.id, event.type));
  }

  private async refundLatePayment(order: OrderRow, intent: PaymentIntentResult): Promise<void> {
    const refund = await this.deps.gateway.refund(intent.id, undefined, { idempotencyKey: `kura-late-refund-${intent.id}` });
    this.deps.log.warn({ orderId: order.publicId, paymentIntentId: intent.id, refundId: refund.id }, "payment for a cancelled order refunded");
  }

  /**
   * Cancels orders whose reservation ran out — a card payment abandoned, a voucher unpaid past its
   * deadline (its bottles return): the payment is cancelled at the gateway first;
   * if the gateway says it was paid after all, the order is marked paid instead. Returns how many
   * orders were settled either way.
   */
  async sweepExpired(now: Date = new Date()): Promise<number> {
    let settled = 0;
    for (const order of await this.deps.orders.pendingPast(now)) {
      try {
        if (await this.expire(order)) settled += 1;
      } catch (error) {
        this.deps.log.warn({ orderId: order.publicId, err: error }, "expired order not settled");
      }
    }
    return settled;
  }

  private async expire(order: OrderRow): Promise<boolean> {
    if (!order.paymentIntentId) return this.cancel(order, SWEEP_ACTOR);
    try {
      await this.deps.gateway.cancelPaymentIntent(order.paymentIntentId);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError) || error.kind !== "invalid_request") throw error;
      const intent = await this.deps.gateway.retrievePaymentIntent(order.paymentIntentId);
      if (intent.status === "succeeded")
        return this.markPaid(order, intent, SWEEP_ACTOR, order.userId === null ? undefined : { owner: { userId: order.userId }, byShopper: false });
      throw error;
    }
    return this.cancel(order, SWEEP_ACTOR);
  }
}

/** A payment link's order paid (now, or before): nothing more to do. */
function linkPaidAnswer(): PaymentAnswer {
  return { kind: "link_paid" };
}

/** A card the payment link's charge could not use: the gateway's message; the order still waits, another card may be tried. */
function linkFailureAnswer(error: CardError | null, fallback: MessageKey, locale: Locale): PaymentAnswer {
  return { kind: "declined", message: error?.message ?? message(fallback, locale), code: error?.code ?? "payment_failed" };
}

/** A payment as kept: the gateway's answer without the browser's client secret (never stored). */
function storedIntent(intent: PaymentIntentResult): Omit<PaymentIntentResult, "clientSecret"> {
  const { clientSecret: _secret, ...kept } = intent;
  return kept;
}

/** The gateway's answer that paid an order, kept as a payment record (decision 062), once per payment. */
async function recordPayment(tx: Database, order: OrderRow, intent: PaymentIntentResult): Promise<void> {
  await recordTransaction(tx, {
    kind: "payment_record",
    sourceKey: `payment:${intent.id}`,
    amount: intent.amount,
    counterparty: order.name,
    orderRef: order.publicId,
    contentType: "application/json",
    fileName: `payment-${intent.id}.json`,
    content: Buffer.from(
      `${JSON.stringify({ order: order.publicId, received_at: new Date().toISOString(), payment_intent: storedIntent(intent) }, null, 2)}\n`,
      "utf8",
    ),
  });
}

/**
 * A payment event received from the gateway (Stripe's webhook body as it arrived, the test
 * gateway's event), kept once per event id (decision 062); client secrets are blanked.
 */
async function recordPaymentEvent(db: Database, order: OrderRow, event: PaymentEvent): Promise<void> {
  const content = event.raw
    ? Buffer.from(event.raw.toString("utf8").replace(/("client_secret"\s*:\s*)"[^"]*"/g, '$1"[not kept]"'), "utf8")
    : Buffer.from(
        `${JSON.stringify({ id: event.id, type: event.type, outcome: event.outcome, payment_intent: storedIntent(event.paymentIntent) }, null, 2)}\n`,
        "utf8",
      );
  await recordTransaction(db, {
    kind: "payment_event",
    sourceKey: `payment-event:${event.id}`,
    transactionDate: japanDay(),
    amount: event.paymentIntent.amount,
    counterparty: order.name,
    orderRef: order.publicId,
    contentType: "application/json",
    fileName: `payment-event-${event.id}.json`,
    content,
  });
}
