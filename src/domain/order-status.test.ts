import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./checkout.ts";
import {
  ORDER_TRANSITIONS,
  STAFF_MOVES,
  STAFF_MOVE_TARGETS,
  canTransition,
  holdsStock,
  initialOrderStatus,
  staffMoveNames,
  staffMoves,
  statusesLeadingTo,
} from "./order-status.ts";

describe("order status transitions", () => {
  it("lets a gateway payment settle either way or wait for a voucher, and nothing else", () => {
    expect(canTransition("pending", "deposited")).toBe(true);
    expect(canTransition("pending", "cancelled")).toBe(true);
    expect(canTransition("pending", "sent")).toBe(false);
    expect(canTransition("pending", "await_payment")).toBe(true);
  });

  it("takes bank transfer to deposited and cash on delivery straight to sent", () => {
    expect(canTransition("await_payment", "deposited")).toBe(true);
    expect(canTransition("await_payment", "sent")).toBe(true);
    expect(canTransition("await_payment", "cancelled")).toBe(true);
    expect(canTransition("await_payment", "pending")).toBe(false);
  });

  it("ships or cancels a paid order, never sends it back to waiting", () => {
    expect(canTransition("deposited", "sent")).toBe(true);
    expect(canTransition("deposited", "cancelled")).toBe(true);
    expect(canTransition("deposited", "await_payment")).toBe(false);
    expect(canTransition("deposited", "pending")).toBe(false);
  });

  it("keeps sent and cancelled final, and no status goes to itself", () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition("sent", to)).toBe(false);
      expect(canTransition("cancelled", to)).toBe(false);
      expect(canTransition(to, to)).toBe(false);
    }
  });

  it("covers every status, and only known ones", () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS)) for (const to of targets) expect(ORDER_STATUSES).toContain(to);
  });

  it("lists where a guarded update may come from", () => {
    expect(statusesLeadingTo("deposited").sort()).toEqual(["await_payment", "pending"]);
    expect(statusesLeadingTo("cancelled").sort()).toEqual(["await_payment", "deposited", "pending"]);
    expect(statusesLeadingTo("sent").sort()).toEqual(["await_payment", "deposited"]);
    expect(statusesLeadingTo("pending")).toEqual([]);
  });

  it("starts card orders pending and the others awaiting payment", () => {
    expect(initialOrderStatus("credit")).toBe("pending");
    expect(initialOrderStatus("bank")).toBe("await_payment");
    expect(initialOrderStatus("cod")).toBe("await_payment");
    expect(holdsStock("cancelled")).toBe(false);
    expect(holdsStock("pending")).toBe(true);
  });
});

describe("the back office's move names", () => {
  it("name a status some status may move to, each a different one", () => {
    const targets = STAFF_MOVES.map((move) => STAFF_MOVE_TARGETS[move]);
    expect(new Set(targets).size).toBe(targets.length);
    for (const target of targets) expect(ORDER_STATUSES.some((from) => canTransition(from, target))).toBe(true);
  });

  it("name every move staff may make, in the table's order", () => {
    expect(staffMoveNames(staffMoves("await_payment", "bank"))).toEqual(["deposit", "cancel"]);
    expect(staffMoveNames(staffMoves("await_payment", "cod"))).toEqual(["ship", "cancel"]);
    expect(staffMoveNames(staffMoves("deposited", "credit"))).toEqual(["ship", "cancel"]);
    expect(staffMoveNames(staffMoves("sent", "credit"))).toEqual([]);
  });
});
