import { DomainError } from "../../domain/errors.ts";
import type { Locale } from "../../domain/locale.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { chargeAnswers } from "../../domain/order-view.ts";
import type { PayByLinkBody, PaymentLinkState, PaymentLinkView } from "../../domain/payment-link.ts";
import { paidByTypedCard, payableByLink } from "../../domain/payment-link.ts";
import type { OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { CardsService } from "../payments/cards.service.ts";
import type { CardAttemptClient, CardTestingDefence } from "../payments/card-testing.ts";
import type { CheckoutAnswer } from "./checkout.idempotency.ts";
import type { OrderPayments } from "../payments/order-payments.ts";
import { errorAnswer, paymentHttpAnswer } from "./checkout-answers.ts";
import { checkPaymentLink } from "./payment-link-token.ts";

/**
 * The customer's side of a card payment link (decision 082): `GET /api/pay/{token}` shows the order
 * the signed token names, `POST /api/pay/{token}` charges its card through OrderPayments.payByLink.
 * No sign-in: the token is the key to one order, and only to paying it. A token that does not hold
 * (tampered, another purpose's, an unknown order) is a 404, never another order.
 */
export class PaymentLinkService {
  constructor(
    private readonly deps: {
      orders: OrdersService;
      payments: OrderPayments;
      cards: Pick<CardsService, "fingerprintOf">;
      /** Stops card testing as at checkout: too many refused cards per session, address or card (decision 064). */
      cardTesting?: CardTestingDefence | undefined;
    },
    private readonly settings: { secret: string },
  ) {}

  async view(token: string, locale: Locale, now: Date = new Date()): Promise<PaymentLinkView> {
    const { order, expiresAt, expired } = await this.orderOf(token, now);
    const view = await this.deps.orders.viewOf(order);
    return {
      state: stateOf(order, expired),
      order_number: orderNumberForShopper(order.publicId),
      name: order.name,
      items: view.items.map((item) => ({
        name: item.name[locale],
        unit_price: item.unitPrice,
        amount: item.amount,
        line_total: item.lineTotal,
        reduced: item.reduced,
      })),
      charges: chargeAnswers(view, locale),
      total: view.totals.total,
      tax: view.totals.tax,
      expires_at: expiresAt.toISOString(),
    };
  }

  async pay(
    token: string,
    body: PayByLinkBody,
    request: { attemptKey: string; locale: Locale; client: CardAttemptClient },
    now: Date = new Date(),
  ): Promise<CheckoutAnswer> {
    const { locale } = request;
    const { order, expired } = await this.orderOf(token, now);
    // A paid order answers paid whenever asked; an expired link pays nothing more.
    if (expired && payableByLink(order)) throw new DomainError("forbidden", "paymentLinkExpired");
    const card = body.payment_method_id ? { paymentMethodId: body.payment_method_id } : undefined;
    const defence = this.deps.cardTesting;
    // Card testing (decision 064): refused before the gateway is asked, as checkout refuses it.
    const fingerprint = card && defence ? await this.deps.cards.fingerprintOf(card.paymentMethodId) : null;
    if (card && defence && payableByLink(order) && (await defence.refusal("payment", request.client, fingerprint)))
      return errorAnswer(429, "cardAttemptsLimited", locale);
    const answer = paymentHttpAnswer(
      await this.deps.payments.payByLink(order, { card, paymentIntentId: body.payment_intent_id, attemptKey: request.attemptKey, locale }),
      locale,
    );
    // A charge the gateway answered counts, a refusal against the limits (a failed challenge too).
    if (defence && (card || answer.status === 402) && (answer.status === 200 || answer.status === 402))
      await defence.record("payment", request.client, fingerprint, answer.status === 402);
    return answer;
  }

  private async orderOf(token: string, now: Date): Promise<{ order: OrderRow; expiresAt: Date; expired: boolean }> {
    const link = checkPaymentLink(this.settings.secret, token, now);
    const order = link.ok ? await this.deps.orders.byPublicId(link.publicId) : undefined;
    // Only a card order's link is ever signed; one whose order changed method names nothing to pay.
    if (!link.ok || !order || !linkable(order)) throw new DomainError("not-found");
    return { order, expiresAt: link.expiresAt, expired: link.expired };
  }
}

/** An order a payment link may show: a card order past checkout (waiting, paid, shipped or cancelled). */
function linkable(order: OrderRow): boolean {
  return order.status !== "pending" && paidByTypedCard(order.paymentMethod);
}

function stateOf(order: OrderRow, expired: boolean): PaymentLinkState {
  if (order.status === "deposited" || order.status === "sent") return "paid";
  if (order.status === "cancelled") return "cancelled";
  return expired ? "expired" : "payable";
}
