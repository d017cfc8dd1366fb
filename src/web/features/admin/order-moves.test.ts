import { describe, expect, it } from "vitest";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { canConfirmDeferredPayment } from "./order-moves.ts";

// The order page offers 「入金を確認」 for 後払い only while the parcel has left and the invoice is open (decision 080).

type Order = Pick<AdminOrderDetail, "status" | "payment_method" | "payments">;
const order = (status: Order["status"], method: string, state: AdminOrderDetail["payments"][number]["state"]): Order =>
  ({ status, payment_method: method, payments: [{ state }] }) as unknown as Order;

describe("canConfirmDeferredPayment", () => {
  it("offers it for a shipped deferred order whose payment is still authorized", () => {
    expect(canConfirmDeferredPayment(order("sent", "deferred", "authorized"))).toBe(true);
  });

  it("does not offer it before shipping, once paid, or for cash on delivery", () => {
    expect(canConfirmDeferredPayment(order("await_payment", "deferred", "authorized"))).toBe(false);
    expect(canConfirmDeferredPayment(order("sent", "deferred", "paid"))).toBe(false);
    expect(canConfirmDeferredPayment(order("sent", "cod", "authorized"))).toBe(false);
  });
});
