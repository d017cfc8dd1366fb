import type { UserResource } from "../../domain/account.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { Locale } from "../../domain/locale.ts";
import { paymentMethodChoice, storedPaymentMethod } from "../../domain/payment-methods/payment-method.registry.ts";
import type { ShopProfile } from "../../domain/shop-profile.ts";
import type { AccountService } from "../accounts/account.service.ts";
import type { AddressService } from "../address/address.service.ts";
import type { CartOwner, CartService } from "../cart/cart.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { Database } from "../db/client.ts";
import type { OrderMoves } from "../orders/order-moves.ts";
import { shopperActor } from "../orders/order-moves.ts";
import type { OrderRow, OrdersService } from "../orders/orders.service.ts";
import type { CardsService } from "../payments/cards.service.ts";
import type { DeferredPaymentService } from "../payments/deferred-payment.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { CheckoutAnswer, CheckoutRequestRow } from "./checkout.idempotency.ts";
import { CheckoutRequests, IDEMPOTENCY_KEY_PATTERN, ownerKeyOf, payloadFingerprint } from "./checkout.idempotency.ts";
import { deliveryDatesFor } from "./delivery-calendar.ts";
import type { CheckoutOrderInput, CheckoutPayload, CheckoutPayloadValue } from "./checkout.validation.ts";
import { checkoutPayloadFailure, validateCheckout } from "./checkout.validation.ts";
import type { PlacementDeps } from "./order-placement.ts";
import type { LotteryClaims } from "./order-placement.ts";
import { ItemsRejected, placeOrder } from "./order-placement.ts";
import type { CardAttemptClient, CardTestingDefence } from "../payments/card-testing.ts";
import type { CardSource, OrderPayments } from "../payments/order-payments.ts";
import { errorAnswer, paymentHttpAnswer, successAnswer } from "./checkout-answers.ts";

/** Whether the order's method is paid through the gateway during checkout (a card, a voucher, a wallet). */
function paysThroughGateway(stored: string): boolean {
  return storedPaymentMethod(stored).checkoutInput !== "none";
}

export interface CheckoutRequest {
  /** The body as the route's declared schema read it (checked after the Idempotency-Key). */
  body: CheckoutPayload;
  idempotencyKey: string | undefined;
  owner: CartOwner;
  user: UserResource | null;
  locale: Locale;
  /** The browser session and client address, which the card-testing defence counts refusals by (decision 064). */
  client?: CardAttemptClient | undefined;
}

/**
 * POST /api/checkout. One Idempotency-Key is one checkout attempt:
 * its first post validates, reserves the bottles and writes the order in one transaction, then
 * charges a card; a replay answers what the first post answered (for a card order, from the order's
 * state, so a lost answer or a double click never charges twice); the re-post after 3-D Secure
 * (with payment_intent_id and order_id) settles the order from the gateway.
 */
export class CheckoutService {
  private readonly requests: CheckoutRequests;

  constructor(
    private readonly db: Database,
    private readonly deps: {
      orders: OrdersService;
      moves: OrderMoves;
      payments: OrderPayments;
      carts: CartService;
      cards: CardsService;
      catalog: CatalogService;
      shopProfiles: ShopProfileService;
      addresses: AddressService;
      /** Keeps a member's date of birth from checkout when the profile has none. */
      accounts: Pick<AccountService, "rememberBirthDate">;
      /** The 後払い service's credit check (decision 080); without it a deferred order is taken unchecked. */
      deferredPayments?: Pick<DeferredPaymentService, "code" | "assess"> | undefined;
      /** Coupons typed at checkout (decision 086). */
      coupons?: PlacementDeps["coupons"];
      /** Points used at checkout and earned by the order (decision 089). */
      points?: PlacementDeps["points"];
      /** 抽選販売's claim (decision 084). */
      lotteries?: LotteryClaims | undefined;
      /** Stops card testing: too many refused cards per session, address or card (decision 064). */
      cardTesting?: CardTestingDefence;
    },
    private readonly settings: { reservationMinutes: number },
  ) {
    this.requests = new CheckoutRequests(db);
  }

  async submit(request: CheckoutRequest): Promise<CheckoutAnswer> {
    const { locale } = request;
    const key = request.idempotencyKey?.trim();
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) return errorAnswer(400, "idempotencyKeyMissing", locale);
    if (!request.body.ok) {
      const failure = checkoutPayloadFailure(request.body.issues, locale);
      if (failure === "bad_request") return errorAnswer(400, "invalid", locale);
      throw failure;
    }
    const payload = request.body.value;
    const ownerKey = ownerKeyOf(request.owner);
    const fingerprint = payloadFingerprint(payload);
    if (payload.payment_intent_id !== undefined || payload.order_id !== undefined) {
      return this.afterChallenge(payload, await this.requests.find(ownerKey, key), fingerprint, request);
    }
    const earlier = await this.requests.find(ownerKey, key);
    if (earlier) return this.replay(earlier, fingerprint, payload, request);

    const shop = await this.deps.shopProfiles.profile();
    const savedCard = request.user ? await this.deps.cards.paymentReferencesOf(request.user.id) : null;
    // An address without its prefecture (the API contract has none) takes it from the postcode or its text.
    payload.address = (await this.deps.addresses.withPrefecture(payload.address)) as typeof payload.address;
    if (payload.recipient) payload.recipient = (await this.deps.addresses.withPrefecture(payload.recipient)) as typeof payload.recipient;
    for (const shipment of payload.shipments ?? [])
      if (shipment.recipient) shipment.recipient = (await this.deps.addresses.withPrefecture(shipment.recipient)) as typeof shipment.recipient;
    // Where the postcodes are and whether the shop ships abroad: the fee and the dates follow the address.
    const addressFacts = await this.deps.addresses.facts([
      payload.address,
      payload.recipient,
      ...(payload.shipments ?? []).map((shipment) => shipment.recipient),
    ]);
    const input = validateCheckout(payload, {
      locale,
      todayInJapan: japanDateOf(new Date()),
      deliveryDates: (prefecture) => deliveryDatesFor(shop, new Date(), prefecture),
      timeBandCodes: Object.keys(shop.deliveryTimeBands),
      signedIn: request.user !== null,
      hasSavedCard: savedCard !== null,
      validateAddress: (address) => this.deps.addresses.validate(address, locale, addressFacts),
      giftSettings: shop.gift,
    });
    const card: CardSource | undefined =
      paymentMethodChoice(input.choice).checkoutInput === "saved_card" && savedCard
        ? { paymentMethodId: savedCard.paymentMethodId, customerId: savedCard.customerId }
        : input.cardPaymentMethodId
          ? { paymentMethodId: input.cardPaymentMethodId }
          : undefined;

    // Card testing (decision 064): a session, address or card with too many refusals lately is
    // refused before any order is written or any bottle reserved.
    const cardTesting =
      card && request.client && this.deps.cardTesting
        ? { defence: this.deps.cardTesting, client: request.client, fingerprint: await this.deps.cards.fingerprintOf(card.paymentMethodId) }
        : null;
    if (cardTesting && (await cardTesting.defence.refusal("payment", cardTesting.client, cardTesting.fingerprint))) {
      return errorAnswer(429, "cardAttemptsLimited", locale);
    }

    let placed: { order: OrderRow; requestId: number } | null;
    try {
      placed = await this.place(input, shop, { ...request, ownerKey, key, fingerprint });
    } catch (error) {
      if (error instanceof ItemsRejected) return { status: 422, body: { errors: error.errors, items_rejected: true } };
      throw error;
    }
    if (!placed) {
      // Another request with this key got there first and committed: answer as it did.
      const winner = await this.requests.find(ownerKey, key);
      return winner ? this.replay(winner, fingerprint, payload, request) : errorAnswer(409, "checkoutInProgress", locale);
    }
    if (!paysThroughGateway(placed.order.paymentMethod)) return successAnswer(placed.order);
    const answer = paymentHttpAnswer(await this.deps.payments.answerFor(placed.order, { locale, owner: request.owner, card }), locale);
    if (cardTesting && (answer.status === 200 || answer.status === 402))
      await cardTesting.defence.record("payment", cardTesting.client, cardTesting.fingerprint, answer.status === 402);
    if (answer.status !== 409 && answer.status !== 503) {
      // The client secret is for the browser only, never stored; a replay asks the gateway again.
      const { payment_intent_client_secret: _secret, ...kept } = answer.body;
      await this.requests.keepAnswer(placed.requestId, { status: answer.status, body: kept });
    }
    return answer;
  }

  /**
   * The order's one transaction: the key first (a concurrent post with the same key waits here),
   * then the bottles locked and checked, totals from the catalogue's prices, stock taken, the order,
   * its items and — for bank transfer and cash on delivery — its mail and the emptied cart.
   * Null when the key was taken by another request.
   */
  private async place(
    input: CheckoutOrderInput,
    shop: ShopProfile,
    request: CheckoutRequest & { ownerKey: string; key: string; fingerprint: string },
  ): Promise<{ order: OrderRow; requestId: number } | null> {
    const { locale } = request;
    const now = new Date();
    const placed = await this.db.transaction(async (tx) => {
      const requestId = await this.requests.claim(tx, request.ownerKey, request.key, request.fingerprint);
      if (requestId === null) return null;
      const status = paymentMethodChoice(input.choice).firstStatus;
      const { order, soldOut, afterCommit } = await placeOrder(tx, this.deps, {
        input,
        shop,
        locale,
        now,
        userId: request.user?.id ?? null,
        actor: shopperActor(request.user?.id ?? null),
        status,
        reservedUntil: status === "pending" ? new Date(now.getTime() + this.settings.reservationMinutes * 60_000) : null,
      });
      await this.requests.linkOrder(tx, requestId, order.id);
      if (status !== "pending") {
        await this.deps.carts.clear(request.owner, tx);
        await this.requests.keepAnswer(requestId, successAnswer(order), tx);
      }
      return { order, requestId, soldOut, afterCommit };
    });
    if (placed) {
      // Only a product this order sold out looks different in the cached catalogue (sold_out), in
      // every process; other stock changes are read fresh by carts and checkout anyway.
      await this.deps.catalog.availabilityChanged(placed.soldOut);
      await placed.afterCommit();
    }
    return placed;
  }

  /** The same key again: the same payload gets the first answer, another payload is refused. */
  private async replay(earlier: CheckoutRequestRow, fingerprint: string, payload: CheckoutPayloadValue, request: CheckoutRequest): Promise<CheckoutAnswer> {
    if (earlier.fingerprint !== fingerprint) return errorAnswer(422, "idempotencyKeyReused", request.locale);
    const order = earlier.orderId === null ? undefined : await this.deps.orders.byId(earlier.orderId);
    if (order && paysThroughGateway(order.paymentMethod)) {
      return paymentHttpAnswer(
        await this.deps.payments.answerFor(order, { locale: request.locale, owner: request.owner, card: await this.cardFor(payload, request.user) }),
        request.locale,
      );
    }
    if (earlier.responseStatus !== null && earlier.responseBody) return { status: earlier.responseStatus, body: earlier.responseBody };
    return errorAnswer(409, "checkoutInProgress", request.locale);
  }

  /**
   * The re-post after 3-D Secure: the same key and payload plus the order and payment the first
   * post answered. Only the owner of the key can settle its order, and only with its payment.
   */
  private async afterChallenge(
    payload: CheckoutPayloadValue,
    earlier: CheckoutRequestRow | undefined,
    fingerprint: string,
    request: CheckoutRequest,
  ): Promise<CheckoutAnswer> {
    const { locale } = request;
    if (!earlier || earlier.orderId === null) return errorAnswer(422, "checkoutOrderMismatch", locale);
    if (earlier.fingerprint !== fingerprint) return errorAnswer(422, "idempotencyKeyReused", locale);
    const order = await this.deps.orders.byId(earlier.orderId);
    if (
      !order ||
      !paysThroughGateway(order.paymentMethod) ||
      order.publicId !== payload.order_id ||
      !order.paymentIntentId ||
      order.paymentIntentId !== payload.payment_intent_id
    ) {
      return errorAnswer(422, "checkoutOrderMismatch", locale);
    }
    const answer = paymentHttpAnswer(await this.deps.payments.answerFor(order, { locale, owner: request.owner, afterChallenge: true }), locale);
    // A failed 3-D Secure challenge counts as a refused card for this session and address (decision 064).
    if (answer.status === 402 && request.client && this.deps.cardTesting) await this.deps.cardTesting.record("payment", request.client, null, true);
    // The gateway's event may have settled the order first (it knows no guest's cart): empty it here.
    if (answer.status === 200 && answer.body.require_action === false) await this.deps.carts.clear(request.owner);
    return answer;
  }

  /**
   * The shopper is back from the gateway's approval page (a wallet such as PayPay) with the order
   * and its payment: only the owner of the checkout that placed the order may settle it. Paid → the
   * order is placed; a cancelled approval → 402 as a declined card, and the checkout starts over.
   */
  async afterRedirect(request: { body: { order_id: string; payment_intent_id: string }; owner: CartOwner; locale: Locale }): Promise<CheckoutAnswer> {
    const { locale, body } = request;
    const order = await this.deps.orders.byPublicId(body.order_id);
    const placedHere = order ? await this.requests.findByOrder(ownerKeyOf(request.owner), order.id) : undefined;
    if (!order || !placedHere || !order.paymentIntentId || order.paymentIntentId !== body.payment_intent_id)
      return errorAnswer(422, "checkoutOrderMismatch", locale);
    const answer = paymentHttpAnswer(await this.deps.payments.answerFor(order, { locale, owner: request.owner, afterChallenge: true }), locale);
    if (answer.status === 200 && answer.body.require_action === false) await this.deps.carts.clear(request.owner);
    return answer;
  }

  private async cardFor(payload: CheckoutPayloadValue, user: UserResource | null): Promise<CardSource | undefined> {
    const input = paymentMethodChoice(payload.payment_method).checkoutInput;
    if (input === "card") {
      const id = payload.payment.payment_method_id?.trim();
      return id ? { paymentMethodId: id } : undefined;
    }
    if (input !== "saved_card" || !user) return undefined;
    const saved = await this.deps.cards.paymentReferencesOf(user.id);
    return saved ? { paymentMethodId: saved.paymentMethodId, customerId: saved.customerId } : undefined;
  }
}
