import type { CouponPreview } from "../../../domain/coupon-input.ts";
import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import type { CartItem } from "../../../domain/cart.ts";
import type { CheckoutItemError } from "../../../domain/checkout.ts";
import { isOrderPublicId } from "../../../domain/order-number.ts";
import { paymentMethodChoice } from "../../../domain/payment-methods/payment-method.registry.ts";
import { translate } from "../../i18n/i18n.tsx";
import type { PageContext } from "../../load-context.ts";
import { pageContext } from "../../load-context.ts";
import { addressPayload } from "../../shared/address/address-fields.tsx";
import { cookieHeaders, readForm } from "../../shared/site/form-action.ts";
import { appliedCouponsOf, checkoutFigures, checkoutLinesOf } from "./checkout-figures.ts";
import { CONFIRMED_FIELD, ITEMS_FIELD, checkoutFormOfFields, confirmedFieldOf, parseItemsField } from "./checkout-fields.ts";
import type { CheckoutForm } from "./checkout-order.ts";
import { giftOptionsOfForm, orderPayload, purchasableItems } from "./checkout-order.ts";
import type { DestinationForm } from "./destinations-form.ts";
import {
  DESTINATIONS_ACTION_FIELD,
  SEVERAL_FIELD,
  destinationsAfterAction,
  destinationsCharging,
  destinationsOfFields,
  destinationsProblems,
  emptyDestination,
  isDestinationChoiceField,
  shipmentsPayload,
  withAllBottlesFirst,
} from "./destinations-form.ts";
import { deliveryPrefectureOf } from "./delivery-choice.tsx";
import { initialCheckoutForm } from "./initial-checkout-form.ts";
import { pointsCap, pointsTyped } from "../../../domain/points.ts";
import { couponsGoodsLines } from "../../../domain/coupons.ts";
import "../../i18n/checkout-texts.ts";
import "../../i18n/member-forms-texts.ts";
import "../../i18n/destinations-pages-texts.ts";

/** The cookie that hands the order number to /checkout/complete after a form post (a redirect has no history state). */
export const COMPLETED_ORDER_COOKIE = "checkout_completed";
const COMPLETED_ORDER_PATH = "/checkout/complete";

/**
 * What the checkout page shows after a post that placed nothing: the posted form (never a card:
 * the form has none), the API's messages by field and those not about a field, and `notice` when
 * the page only asks to confirm again (the amount changed with the choices made).
 */
export interface CheckoutRefusal {
  ok: false;
  values: Record<string, string>;
  fields: Record<string, string[]>;
  errors: string[];
  notice?: string;
  /** The coupons posted, checked together against the cart, to be shown in the summary and confirmed (decision 086). */
  coupons?: CouponPreview[];
  /** The order posted to several destinations (decision 096): its blocks, drawn again as posted (or with one more, or one less). */
  several?: { destinations: DestinationForm[] };
}

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

function refused(status: number, refusal: Omit<CheckoutRefusal, "ok">, setCookies: string[] = []) {
  return data<CheckoutRefusal>({ ok: false, ...refusal }, { status, headers: cookieHeaders(setCookies) });
}

function messagesOf(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) ? errors.filter((each): each is string => typeof each === "string") : [];
}

function fieldsOf(body: unknown): Record<string, string[]> {
  const fields = (body as { fields?: unknown } | undefined)?.fields;
  if (fields === null || typeof fields !== "object") return {};
  const kept: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(fields)) {
    if (Array.isArray(messages)) kept[name] = messages.filter((each): each is string => typeof each === "string");
  }
  return kept;
}

async function jsonOf<T>(page: PageContext, path: string): Promise<T | undefined> {
  const answer = await page.api("GET", path);
  return answer.status === 200 ? (answer.body as T) : undefined;
}

/**
 * The amount the final confirmation has to show for this form, worked out as the page works it out
 * (checkoutFigures: the shop's shipping table to the prefecture the parcel goes to, the method's
 * fee by the shop's own rule, the gift charges), or null when the bottles posted are not the
 * cart's any more (the order is already placed, or the cart changed): the API decides then.
 */
function totalToConfirm(
  page: PageContext,
  form: CheckoutForm,
  posted: { id: number; amount: number }[],
  cart: CartItem[],
  taxRate: number,
  coupons: readonly CouponPreview[],
  pointsBalance: number,
  destinations: readonly DestinationForm[] | null,
): number | null {
  const items: CartItem[] = [];
  for (const line of posted) {
    const item = cart.find((each) => each.id === String(line.id));
    if (!item || item.amount !== line.amount) return null;
    items.push(item);
  }
  const { terms, gift } = page.shop;
  // The points as the page counts them: at most the balance and the goods after the coupon (decision 089).
  const rated = items.map((item) => ({ unitPrice: item.price, amount: item.amount, taxRatePercent: item.tax_rate ?? taxRate }));
  const applied = appliedCouponsOf(coupons, items);
  const points = Math.min(pointsTyped(form.usePoints), pointsBalance, pointsCap(rated, couponsGoodsLines(applied, rated)));
  const buyerPrefecture = addressPayload(form.address).prefecture;
  const figures = checkoutFigures({
    lines: checkoutLinesOf(items),
    chosen: paymentMethodChoice(form.method),
    fetchedFee: undefined,
    taxRate,
    terms: { ...terms, taxRatePercent: taxRate },
    // Several destinations: shipping and wrapping per destination, as the page charges them (decision 087); no order-wide gift.
    delivery: {
      deliveryPrefecture: deliveryPrefectureOf(form.delivery, buyerPrefecture),
      ...(destinations ? { destinations: destinationsCharging(destinations, items, buyerPrefecture) } : {}),
    },
    locale: page.locale,
    gift: { options: destinations ? null : giftOptionsOfForm(form.gift), settings: gift },
    coupon: applied,
    points,
  });
  return figures.totals.total;
}

/**
 * The checkout form posted before or without JavaScript (decision 058). Bank transfer and cash on
 * delivery are placed through the very call the page's script makes (POST /api/checkout as the
 * visitor, PageContext.api), under the request key the page wrote in a hidden field, so a double
 * submit or a resend places one order; a method that needs the gateway's script (card, konbini,
 * PayPay) is answered with a message next to the payment choice, nothing placed. When the amount
 * the final confirmation showed is not the amount of what was chosen (another method, another
 * prefecture, a gift option), the page is shown again with the new amount to confirm. A placed
 * order goes to the same thank-you page as the script's, its number in a short-lived cookie.
 */
export async function checkoutAction({ request, context }: ActionArgs) {
  const page = context.get(pageContext);
  const t = (key: Parameters<typeof translate>[1]) => translate(page.locale, key);
  const posted = await readForm(request);
  if (!posted) return refused(400, { values: {}, fields: {}, errors: [t("auth.requestFailed")] });
  const { values, csrfToken, requestKey } = posted;

  const choosesBook = (name: string, value: string) => (name === "delivery_choice" || isDestinationChoiceField(name)) && value.startsWith("book:");
  const wantsBook = page.user !== null && Object.entries(values).some(([name, value]) => choosesBook(name, value));
  const book = wantsBook ? ((await jsonOf<{ data: AddressBookEntry[] }>(page, "/api/address-book"))?.data ?? []) : [];
  const defaultCountryName = t("address.defaultCountryName");
  const form = checkoutFormOfFields(values, initialCheckoutForm(page.user, defaultCountryName, page.shop), { defaultCountryName, book });

  // Several destinations (decision 096): the blocks posted; a block button (お届け先を追加, このお届け先を削除) or the
  // switch turned on without blocks on the page answers the page with the blocks changed, nothing placed.
  let destinations: DestinationForm[] | null = null;
  if (values[SEVERAL_FIELD] === "1" || DESTINATIONS_ACTION_FIELD in values) {
    const items = purchasableItems(await page.cart());
    const fresh = () => emptyDestination(defaultCountryName, page.shop.gift.omotegaki);
    const posted = destinationsOfFields(values, items, { defaultCountryName, omotegaki: page.shop.gift.omotegaki, book });
    const blocks = posted.length > 0 ? posted : withAllBottlesFirst([fresh()], items);
    const blocksAction = values[DESTINATIONS_ACTION_FIELD];
    if (blocksAction !== undefined || posted.length === 0) {
      // The blocks are drawn from `several`; the other fields (the orderer, the payment) as posted.
      return refused(200, {
        values: { ...values, [SEVERAL_FIELD]: "1" },
        fields: {},
        errors: [],
        notice: t(blocksAction === undefined ? "checkout.fillShownFields" : "destinations.blocksChanged"),
        several: { destinations: destinationsAfterAction(blocksAction ?? "", blocks, fresh) },
      });
    }
    destinations = posted;
  }
  const several = destinations ? { several: { destinations } } : {};

  if (paymentMethodChoice(form.method).checkoutInput !== "none") {
    return refused(200, { values, fields: { payment_method: [t("checkout.needsJavaScript")] }, errors: [], ...several });
  }

  // A choice whose own fields the page did not show (drawn only once chosen): the page again, with them.
  const unshown =
    ("gift_noshi" in values && !("gift_omotegaki" in values)) ||
    ("gift_message_card" in values && !("gift_message" in values)) ||
    (values.delivery_choice === "other" && !("recipient_name" in values));
  if (unshown) return refused(200, { values, fields: {}, errors: [], notice: t("checkout.fillShownFields"), ...several });

  const lines = parseItemsField(values[ITEMS_FIELD]);
  // The coupons typed (decision 086): checked together against the cart as the script's 「適用する」 does;
  // refused, each message under its code's field; usable, their 値引き is in the amount the shopper confirms.
  let coupons: CouponPreview[] = [];
  const further = (form.couponCodes ?? []).map((code) => code.trim());
  if (form.couponCode?.trim() || further.some((code) => code !== "")) {
    const checked = await page.api(
      "POST",
      "/api/coupons/preview",
      { coupon_code: form.couponCode ?? "", ...(further.length > 0 ? { coupon_codes: further } : {}) },
      { csrfToken },
    );
    const checkedBody = checked.body as { coupons?: CouponPreview[] } | undefined;
    if (checked.status !== 200 || !checkedBody?.coupons)
      return refused(422, { values, fields: fieldsOf(checked.body), errors: messagesOf(checked.body), ...several }, checked.setCookies);
    coupons = checkedBody.coupons;
  }
  const [cart, tax] = await Promise.all([page.cart(), jsonOf<{ rate: number }>(page, "/api/taxrate")]);
  // Every bottle assigned and no destination empty, as the page checks before sending: the same messages.
  if (destinations) {
    const problems = destinationsProblems(destinations, purchasableItems(cart), (key, params) => translate(page.locale, key, params));
    if (problems.length > 0) return refused(422, { values, fields: { shipments: problems }, errors: [], ...several });
  }
  // Points typed (decision 089): the page counted at most the balance; the order itself is refused over it, with the balance named.
  const balance =
    page.user !== null && pointsTyped(form.usePoints) > 0 ? ((await jsonOf<{ data: { balance: number } }>(page, "/api/points"))?.data.balance ?? 0) : 0;
  // Cash on delivery to several destinations is the API's to refuse, in its words (decision 087): no amount to confirm first.
  const apiRefuses = destinations !== null && destinations.length > 1 && paymentMethodChoice(form.method).exports.b2CollectsTotal;
  const total = tax && !apiRefuses ? totalToConfirm(page, form, lines, cart, tax.rate, coupons, balance, destinations) : null;
  if (total !== null && values[CONFIRMED_FIELD] !== confirmedFieldOf(form.method, total)) {
    // The final confirmation (特商法 §12の6) showed another method or amount: the page again with the
    // chosen one, saying which changed (a method changed at the same amount is not a new amount).
    const sameAmount = (values[CONFIRMED_FIELD] ?? "").endsWith(`:${total}`);
    return refused(200, {
      values,
      fields: {},
      errors: [],
      notice: t(sameAmount ? "checkout.confirmMethodAgain" : "checkout.confirmAgain"),
      ...(coupons.length > 0 ? { coupons } : {}),
      ...several,
    });
  }

  // The bottles the page showed and the shopper confirmed (a resend after the order emptied the cart is the same order).
  // Several destinations: the orderer's part of the order, and a shipment per block (its recipient, bottles, wish and gift).
  const single = { ...orderPayload([], form), items: lines };
  const { recipient: _recipient, gift: _gift, ...orderer } = single;
  const payload = destinations
    ? { ...orderer, desired_delivery_date: "", desired_delivery_timezone: "", shipments: shipmentsPayload(destinations, purchasableItems(cart)) }
    : single;
  const answer = await page.api("POST", "/api/checkout", payload, { csrfToken, requestKey });
  const body = answer.body as { order_id?: unknown; require_action?: unknown; items_rejected?: unknown; errors?: unknown } | undefined;

  if (answer.status === 200 && body?.require_action === false && typeof body.order_id === "string" && isOrderPublicId(body.order_id)) {
    const headers = cookieHeaders(answer.setCookies);
    const secure = page.publicUrl.startsWith("https:") ? "; Secure" : "";
    headers.append("set-cookie", `${COMPLETED_ORDER_COOKIE}=${body.order_id}; Path=${COMPLETED_ORDER_PATH}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
    return redirect(COMPLETED_ORDER_PATH, { status: 303, headers });
  }
  if (answer.status === 422 && body?.items_rejected === true && Array.isArray(body.errors)) {
    const messages = (body.errors as CheckoutItemError[]).map((entry) => entry.message).filter((message): message is string => typeof message === "string");
    return refused(422, { values, fields: {}, errors: messages.length > 0 ? messages : [t("checkout.failed")], ...several }, answer.setCookies);
  }
  if (answer.status >= 400) {
    const errors = messagesOf(body);
    return refused(
      answer.status,
      { values, fields: fieldsOf(body), errors: errors.length > 0 ? errors : [t("checkout.failed")], ...several },
      answer.setCookies,
    );
  }
  // A 200 that still asks for the gateway (not for bank or cod): nothing more can be done without the script.
  return refused(200, { values, fields: { payment_method: [t("checkout.needsJavaScript")] }, errors: [], ...several }, answer.setCookies);
}

/** The order number a form post handed to /checkout/complete, from the request's cookies. */
export function completedOrderOf(request: Request): string | null {
  const cookie = request.headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === COMPLETED_ORDER_COOKIE && value && isOrderPublicId(value)) return value;
  }
  return null;
}
