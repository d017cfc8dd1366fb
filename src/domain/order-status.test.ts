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
import { examples } from "./testing/examples.ts";

describe("order status transitions", () => {
  const move = ([from, to]: Parameters<typeof canTransition>) => canTransition(from, to);

  examples("lets a gateway payment settle either way or wait for a voucher, and nothing else", move, [
    [["pending", "deposited"], true],
    [["pending", "cancelled"], true],
    [["pending", "sent"], false],
    [["pending", "await_payment"], true],
  ]);

  examples("takes bank transfer to deposited and cash on delivery straight to sent", move, [
    [["await_payment", "deposited"], true],
    [["await_payment", "sent"], true],
    [["await_payment", "cancelled"], true],
    [["await_payment", "pending"], false],
  ]);

  examples("ships or cancels a paid order, never sends it back to waiting", move, [
    [["deposited", "sent"], true],
    [["deposited", "cancelled"], true],
    [["deposited", "await_payment"], false],
    [["deposited", "pending"], false],
  ]);

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
