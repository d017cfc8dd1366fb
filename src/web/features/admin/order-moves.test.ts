import { describe, expect, it } from "vitest";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { canConfirmDeferredPayment, canCorrectSlip, canSendPaymentLink, movesFor, parcelsToCorrect, slipNumberProblem } from "./order-moves.ts";

// The order page's buttons follow the server's `next` and the order's state; the slip number is checked before it is sent.

type Order = Pick<AdminOrderDetail, "status" | "payment_method" | "payments">;
const order = (status: Order["status"], method: string, state: AdminOrderDetail["payments"][number]["state"]): Order =>
  ({ status, payment_method: method, payments: [{ state }] }) as unknown as Order;

describe("movesFor", () => {
  it("offers exactly the moves whose target status the server lists in next", () => {
    expect(movesFor({ next: ["deposited", "cancelled"] })).toEqual(["deposit", "cancel"]);
    expect(movesFor({ next: ["sent", "cancelled"] })).toEqual(["ship", "cancel"]);
  });

  it("offers nothing for a final order", () => {
    expect(movesFor({ next: [] })).toEqual([]);
  });

  it("keeps the page's order of buttons whatever order next comes in", () => {
    expect(movesFor({ next: ["cancelled", "sent", "deposited"] })).toEqual(["deposit", "ship", "cancel"]);
  });
});

type Shipments = AdminOrderDetail["shipments"];
const parcels = (...states: Shipments[number]["state"][]): Shipments => states.map((state, position) => ({ position, state })) as unknown as Shipments;

describe("canCorrectSlip", () => {
  it("offers the order's slip correction only once its one parcel has been shipped", () => {
    expect(canCorrectSlip({ status: "sent", shipments: parcels("shipped") })).toBe(true);
    for (const status of ["pending", "await_payment", "deposited", "cancelled"] as const)
      expect(canCorrectSlip({ status, shipments: parcels("ready") })).toBe(false);
  });

  it("leaves an order of several parcels to each parcel's correction (decision 097)", () => {
    expect(canCorrectSlip({ status: "sent", shipments: parcels("shipped", "shipped") })).toBe(false);
  });
});

describe("parcelsToCorrect", () => {
  it("offers each parcel that has left, by its number, on an order of several", () => {
    expect(parcelsToCorrect({ shipments: parcels("ready", "shipped", "delivered") })).toEqual([2, 3]);
  });

  it("offers none on an order of one parcel (the order's own form corrects it)", () => {
    expect(parcelsToCorrect({ shipments: parcels("shipped") })).toEqual([]);
  });
});

describe("canSendPaymentLink", () => {
  it("offers a payment link for a card order awaiting its payment (an order taken by phone)", () => {
    expect(canSendPaymentLink({ status: "await_payment", payment_method: "credit" })).toBe(true);
  });

  it("does not offer it once paid, for a pending card, or for a method paid otherwise", () => {
    expect(canSendPaymentLink({ status: "deposited", payment_method: "credit" })).toBe(false);
    expect(canSendPaymentLink({ status: "pending", payment_method: "credit" })).toBe(false);
    expect(canSendPaymentLink({ status: "await_payment", payment_method: "bank" })).toBe(false);
  });
});

describe("canConfirmDeferredPayment", () => {
  // 「入金を確認」 for 後払い only while the parcel has left and the invoice is open (decision 080).
  it("offers it for a shipped deferred order whose payment is still authorized", () => {
    expect(canConfirmDeferredPayment(order("sent", "deferred", "authorized"))).toBe(true);
  });

  it("does not offer it before shipping, once paid, or for cash on delivery", () => {
    expect(canConfirmDeferredPayment(order("await_payment", "deferred", "authorized"))).toBe(false);
    expect(canConfirmDeferredPayment(order("sent", "deferred", "paid"))).toBe(false);
    expect(canConfirmDeferredPayment(order("sent", "cod", "authorized"))).toBe(false);
  });
});

describe("slipNumberProblem", () => {
  it("takes letters, digits and hyphens up to 40", () => {
    expect(slipNumberProblem("4801-2345-6789", "ja")).toBeNull();
    expect(slipNumberProblem("A".repeat(40), "en")).toBeNull();
  });

  it("asks for a blank one in the page's language", () => {
    expect(slipNumberProblem("", "ja")).toBe("配送伝票番号を入力してください。");
    expect(slipNumberProblem("", "en")).toBe("Enter the tracking number.");
  });

  it("refuses other characters and a 41st", () => {
    for (const slip of ["4801 2345", "４８０１", "A".repeat(41)])
      expect(slipNumberProblem(slip, "en")).toBe("The tracking number takes letters, digits and hyphens, up to 40.");
  });
});
