import type { Locale } from "../../../domain/locale.ts";
import type { adminOrderAnswer, paymentLinkSentAnswer } from "../../../domain/answers/admin-orders.ts";
import type { AnswerOrRefusal } from "../../../domain/answers/common.ts";
import { callAdminApi, errorsOf, loginRedirect } from "./admin-api.ts";
import { adminText } from "./admin-i18n.ts";
import { parcelsText } from "./parcels-i18n.ts";
import { storedPaymentMethod } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { formatDateTime } from "../../../domain/format.ts";
import { payableByLink } from "../../../domain/payment-link.ts";
import { isSlipNumber } from "../../../domain/carriers.ts";
import type { StaffMove } from "../../../domain/order-status.ts";
import { hasLeft } from "../../../domain/payments-and-shipments.ts";
import { STAFF_MOVES, staffMoveNames } from "../../../domain/order-status.ts";

/** The back office's status moves (domain/order-status.ts names them once). */
export type OrderMove = StaffMove;

/** Which moves the order page offers: exactly those the server lists in `next`. */
export function movesFor(order: Pick<AdminOrderDetail, "next">): OrderMove[] {
  return staffMoveNames(order.next);
}

/**
 * What the order page's forms post: a status move, a sent order's slip corrected (decision 067), or
 * a shipped 後払い order's invoice paid (decision 080), or a card payment link mailed (decision 082).
 */
export type PageMove = OrderMove | "slip" | "deferred-paid" | "payment-link" | "ship-parcel" | "slip-parcel";

export type MoveOutcome = { move: PageMove; ok: true; message: string } | { move: PageMove; ok: false; errors: string[]; fields: Record<string, string[]> };

function isMove(value: unknown): value is PageMove {
  return (
    typeof value === "string" &&
    (value === "slip" ||
      value === "deferred-paid" ||
      value === "payment-link" ||
      value === "ship-parcel" ||
      value === "slip-parcel" ||
      (STAFF_MOVES as readonly string[]).includes(value))
  );
}

/**
 * The parcels staff may ship one by one (decision 091): an order of several parcels that may ship
 * now, each parcel ready to leave. An order of one parcel ships with the order's own form.
 */
export function parcelsToShip(order: Pick<AdminOrderDetail, "next" | "shipments">): number[] {
  if (order.shipments.length < 2 || !order.next.includes("sent")) return [];
  return order.shipments.filter((shipment) => shipment.state === "ready").map((shipment) => shipment.position + 1);
}

/**
 * The parcels whose slip staff may correct one by one (decision 097): of an order of several
 * parcels, each that has left. An order of one parcel corrects it with the order's own form.
 */
export function parcelsToCorrect(order: Pick<AdminOrderDetail, "shipments">): number[] {
  if (order.shipments.length < 2) return [];
  return order.shipments.filter((shipment) => hasLeft(shipment.state)).map((shipment) => shipment.position + 1);
}

/**
 * A shipped order of one parcel offers the order's slip correction (the server answers 409 for any
 * other); an order of several corrects each parcel's on its block (decision 097).
 */
export function canCorrectSlip(order: Pick<AdminOrderDetail, "status" | "shipments">): boolean {
  return order.status === "sent" && order.shipments.length < 2;
}

/** A shipped order of a method its service settles later (後払い) whose payment is still open: 「入金を確認」 (decision 080). */
export function canConfirmDeferredPayment(order: Pick<AdminOrderDetail, "status" | "payment_method" | "payments">): boolean {
  return order.status === "sent" && storedPaymentMethod(order.payment_method).settlesOnShipping === false && order.payments.at(-1)?.state === "authorized";
}

/** A card order awaiting its payment (an order taken by phone): 「カード決済のリンクを送る」 (decision 082). */
export function canSendPaymentLink(order: Pick<AdminOrderDetail, "status" | "payment_method">): boolean {
  return payableByLink({ status: order.status, paymentMethod: order.payment_method });
}

/** The slip number field's own check, before anything is sent; null when it is fine. */
export function slipNumberProblem(slip: string, locale: Locale): string | null {
  if (!slip) return adminText(locale, "adminOrder.slipRequired");
  if (!isSlipNumber(slip)) return adminText(locale, "adminOrder.slipInvalid");
  return null;
}

/**
 * Runs the move a form asked for (`move`, and `slip_number` for ship; `slip_number`, `carrier` and
 * the `notify` checkbox for a slip correction, POST …/slip) against
 * POST /admin/api/orders/{id}/{move}. 401 sends the visitor to sign in; 409 (no longer allowed,
 * e.g. another staff member was faster) and 422 come back as the server's messages.
 */
export async function runOrderMove(request: Request, orderId: string, locale: Locale): Promise<MoveOutcome> {
  const form = await request.formData();
  const move = form.get("move");
  if (!isMove(move)) return { move: "deposit", ok: false, errors: [adminText(locale, "adminOrder.failed")], fields: {} };
  const slip = String(form.get("slip_number") ?? "").trim();
  const carrier = String(form.get("carrier") ?? "").trim();
  // One parcel (decision 091): its number, 1 for the first, in the path.
  const parcel = String(form.get("parcel") ?? "");
  const perParcel = move === "ship-parcel" || move === "slip-parcel";
  if (perParcel && !/^[1-9]\d{0,2}$/.test(parcel)) return { move, ok: false, errors: [adminText(locale, "adminOrder.failed")], fields: {} };
  const body =
    move === "ship" || move === "ship-parcel"
      ? { slip_number: slip, ...(carrier ? { carrier } : {}) }
      : move === "slip" || move === "slip-parcel"
        ? { slip_number: slip, ...(carrier ? { carrier } : {}), notify: form.get("notify") === "on" }
        : undefined;
  const result = await callAdminApi<AnswerOrRefusal<typeof adminOrderAnswer> | AnswerOrRefusal<typeof paymentLinkSentAnswer>>(
    perParcel
      ? `/orders/${encodeURIComponent(orderId)}/shipments/${parcel}/${move === "ship-parcel" ? "ship" : "slip"}`
      : `/orders/${encodeURIComponent(orderId)}/${move}`,
    { method: "POST", ...(body ? { body } : {}) },
  );
  if (result.status === 401) throw loginRedirect(request);
  if (result.ok) {
    // The order after the move, or the payment link's answer (its url and deadline).
    const answer = result.body?.data;
    const link = answer && "url" in answer ? answer : undefined;
    const order = answer && "slip_number" in answer ? answer : undefined;
    const message =
      move === "payment-link"
        ? adminText(locale, "adminOrder.paymentLinkSent", {
            url: link?.url ?? "",
            deadline: link?.expires_at ? formatDateTime(new Date(link.expires_at), locale) : "",
          })
        : move === "deposit" || move === "deferred-paid"
          ? adminText(locale, "adminOrder.deposited")
          : move === "ship"
            ? adminText(locale, "adminOrder.sent", { slip: order?.slip_number ?? slip })
            : move === "ship-parcel"
              ? adminText(locale, "adminOrder.parcelSent", { n: parcel, slip })
              : move === "slip-parcel"
                ? parcelsText(locale, form.get("notify") === "on" ? "parcels.correctedMailed" : "parcels.corrected", { n: parcel, slip })
                : move === "slip"
                  ? adminText(locale, form.get("notify") === "on" ? "adminOrder.slipCorrectedMailed" : "adminOrder.slipCorrected", {
                      slip: order?.slip_number ?? slip,
                    })
                  : adminText(locale, "adminOrder.cancelled");
    return { move, ok: true, message };
  }
  return { move, ok: false, errors: errorsOf(result.body, adminText(locale, "adminOrder.failed")), fields: result.body?.fields ?? {} };
}
