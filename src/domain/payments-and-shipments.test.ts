import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./checkout.ts";
import type { OrderStatus } from "./checkout.ts";
import type { PaymentState, ShipmentState } from "./payments-and-shipments.ts";
import {
  PAYMENT_STATES,
  PAYMENT_TRANSITIONS,
  SHIPMENT_STATES,
  SHIPMENT_TRANSITIONS,
  canMovePayment,
  canMoveShipment,
  deriveOrderStatus,
  paymentAndShipmentFor,
  shippingProgress,
  statesForStatus,
} from "./payments-and-shipments.ts";

/** The status one payment and one shipment give, for every pair of states (7 × 5), written out. */
const ONE_AND_ONE: Record<PaymentState, Record<ShipmentState, OrderStatus>> = {
  pending: { waiting: "pending", ready: "pending", shipped: "sent", delivered: "sent", returned: "sent" },
  authorized: { waiting: "await_payment", ready: "await_payment", shipped: "sent", delivered: "sent", returned: "sent" },
  paid: { waiting: "deposited", ready: "deposited", shipped: "sent", delivered: "sent", returned: "sent" },
  partly_refunded: { waiting: "deposited", ready: "deposited", shipped: "sent", delivered: "sent", returned: "sent" },
  refunded: { waiting: "cancelled", ready: "cancelled", shipped: "sent", delivered: "sent", returned: "sent" },
  failed: { waiting: "cancelled", ready: "cancelled", shipped: "sent", delivered: "sent", returned: "sent" },
  cancelled: { waiting: "cancelled", ready: "cancelled", shipped: "sent", delivered: "sent", returned: "sent" },
};

describe("deriveOrderStatus", () => {
  for (const payment of PAYMENT_STATES) {
    for (const shipment of SHIPMENT_STATES) {
      it(`answers ${ONE_AND_ONE[payment][shipment]} for a ${payment} payment and a ${shipment} shipment`, () => {
        expect(deriveOrderStatus([payment], [shipment])).toBe(ONE_AND_ONE[payment][shipment]);
      });
      it(`answers ${hasLeft(shipment) ? "sent" : "cancelled"} for a cancelled order with a ${payment} payment and a ${shipment} shipment`, () => {
        expect(deriveOrderStatus([payment], [shipment], true)).toBe(hasLeft(shipment) ? "sent" : "cancelled");
      });
    }
  }

  it.each<[string, PaymentState[], ShipmentState[], OrderStatus]>([
    ["one of two parcels shipped, paid", ["paid"], ["shipped", "ready"], "deposited"],
    ["both parcels shipped", ["paid"], ["shipped", "delivered"], "sent"],
    ["one of two parcels shipped, cash on delivery", ["authorized"], ["shipped", "ready"], "await_payment"],
    ["a failed card then a paid one", ["failed", "paid"], ["ready"], "deposited"],
    ["a failed card then one being paid", ["failed", "pending"], ["waiting"], "pending"],
    ["paid and another promised", ["paid", "authorized"], ["waiting"], "await_payment"],
    ["a pending payment beside an authorized one", ["authorized", "pending"], ["waiting"], "pending"],
    ["every payment refused", ["failed", "failed"], ["waiting"], "cancelled"],
    ["no payment owed", [], ["ready"], "deposited"],
    ["no payment owed, shipped", [], ["shipped"], "sent"],
    ["one of two parcels gone, every payment refunded", ["refunded"], ["shipped", "waiting"], "deposited"],
  ])("answers for %s", (_name, payments, shipments, status) => {
    expect(deriveOrderStatus(payments, shipments)).toBe(status);
  });
});

function hasLeft(state: ShipmentState): boolean {
  return state === "shipped" || state === "delivered" || state === "returned";
}

describe("the state machines", () => {
  it("name only known states and never stay in place except a second partial refund", () => {
    for (const [from, targets] of Object.entries(PAYMENT_TRANSITIONS)) {
      for (const to of targets) expect(PAYMENT_STATES).toContain(to);
      if (from !== "partly_refunded") expect(targets).not.toContain(from);
    }
    for (const [from, targets] of Object.entries(SHIPMENT_TRANSITIONS)) {
      for (const to of targets) expect(SHIPMENT_STATES).toContain(to);
      expect(targets).not.toContain(from);
    }
  });

  it("keep refunded, failed, cancelled and returned final, and money once paid only goes back", () => {
    for (const state of ["refunded", "failed", "cancelled"] as const) expect(PAYMENT_TRANSITIONS[state]).toEqual([]);
    expect(SHIPMENT_TRANSITIONS.returned).toEqual([]);
    expect(canMovePayment("paid", "cancelled")).toBe(false);
    expect(canMovePayment("paid", "pending")).toBe(false);
    expect(canMoveShipment("waiting", "shipped")).toBe(false);
    expect(canMoveShipment("shipped", "ready")).toBe(false);
  });
});

describe("statesForStatus (checkout and migration 0034)", () => {
  for (const status of ORDER_STATUSES) {
    for (const shipsUnpaid of [false, true]) {
      it(`derives ${status} back${shipsUnpaid ? " for a method that ships unpaid" : ""}`, () => {
        const { payment, shipment } = statesForStatus(status, shipsUnpaid);
        expect(deriveOrderStatus([payment], [shipment])).toBe(status);
      });
    }
  }

  it("lets cash on delivery ship at once and a bank transfer wait for its money", () => {
    expect(statesForStatus("await_payment", true).shipment).toBe("ready");
    expect(statesForStatus("await_payment", false).shipment).toBe("waiting");
  });
});

describe("paymentAndShipmentFor (each order move)", () => {
  it.each<[string, OrderStatus, OrderStatus, boolean, "refused" | "called_off" | undefined, PaymentState, ShipmentState]>([
    ["a card paid", "pending", "deposited", false, undefined, "paid", "ready"],
    ["a voucher issued", "pending", "await_payment", false, undefined, "authorized", "waiting"],
    ["a bank transfer received", "await_payment", "deposited", false, undefined, "paid", "ready"],
    ["a voucher paid at the store", "await_payment", "deposited", false, undefined, "paid", "ready"],
    ["cash on delivery shipped", "await_payment", "sent", true, undefined, "paid", "shipped"],
    ["a paid order shipped", "deposited", "sent", false, undefined, "paid", "shipped"],
    ["a card refused", "pending", "cancelled", false, "refused", "failed", "waiting"],
    ["a card abandoned (the sweep)", "pending", "cancelled", false, "called_off", "cancelled", "waiting"],
    ["a bank transfer cancelled", "await_payment", "cancelled", false, "called_off", "cancelled", "waiting"],
    ["cash on delivery cancelled", "await_payment", "cancelled", true, "called_off", "cancelled", "waiting"],
    ["a paid order cancelled", "deposited", "cancelled", false, "called_off", "refunded", "waiting"],
  ])("moves %s to the states that derive the new status", (_name, from, to, shipsUnpaid, cause, payment, shipment) => {
    const next = paymentAndShipmentFor(to, statesForStatus(from, shipsUnpaid), { shipsUnpaid, cause });
    expect(next).toEqual({ payment, shipment });
    expect(deriveOrderStatus([next!.payment], [next!.shipment])).toBe(to);
  });

  it("refuses a move the states do not allow", () => {
    // A bank transfer's parcel waits for the money: it cannot leave unpaid.
    expect(paymentAndShipmentFor("sent", statesForStatus("await_payment", false), { shipsUnpaid: false })).toBeNull();
    expect(paymentAndShipmentFor("deposited", statesForStatus("sent", false), { shipsUnpaid: false })).toBeNull();
    expect(paymentAndShipmentFor("cancelled", statesForStatus("cancelled", false), { shipsUnpaid: false })).toBeNull();
    expect(paymentAndShipmentFor("pending", statesForStatus("await_payment", false), { shipsUnpaid: false })).toBeNull();
  });
});

describe("an order whose parcels ship one by one (decision 091)", () => {
  it("keeps the status its payment derives while some parcels have left, and is sent when the last leaves", () => {
    // A paid order to three destinations: one, then two, then three parcels gone.
    expect(deriveOrderStatus(["paid"], ["shipped", "ready", "ready"])).toBe("deposited");
    expect(deriveOrderStatus(["paid"], ["shipped", "delivered", "ready"])).toBe("deposited");
    expect(deriveOrderStatus(["paid"], ["shipped", "shipped", "shipped"])).toBe("sent");
    // Cash on delivery: the payment stays authorized until the last parcel collects it.
    expect(deriveOrderStatus(["authorized"], ["shipped", "ready"])).toBe("await_payment");
    // A parcel gone is never cancelled with the rest: the order is not "cancelled" while one has left.
    expect(deriveOrderStatus(["refunded"], ["shipped", "waiting"])).not.toBe("cancelled");
  });

  it("says how far the parcels have gone", () => {
    expect(shippingProgress([])).toBe("none");
    expect(shippingProgress(["ready", "waiting"])).toBe("none");
    expect(shippingProgress(["shipped", "ready", "ready"])).toBe("partial");
    expect(shippingProgress(["returned", "ready"])).toBe("partial");
    expect(shippingProgress(["shipped", "delivered"])).toBe("all");
  });
});
