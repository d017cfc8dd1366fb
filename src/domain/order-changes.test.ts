import { describe, expect, it } from "vitest";
import { deliveryWishOf, deliveryWishProblemText, deliveryWishProblems, deliveryWishText, orderChangeRefusal } from "./order-changes.ts";

describe("orderChangeRefusal", () => {
  it("lets an order change until it has a slip number or has left", () => {
    expect(orderChangeRefusal({ status: "await_payment", slipNumber: null })).toBeNull();
    expect(orderChangeRefusal({ status: "deposited", slipNumber: null })).toBeNull();
    // A slip issued (the carrier's label) is ready to ship, even before the ship move.
    expect(orderChangeRefusal({ status: "deposited", slipNumber: "1234-5678-9012" })).toBe("shipped");
    expect(orderChangeRefusal({ status: "sent", slipNumber: "1234" })).toBe("shipped");
    expect(orderChangeRefusal({ status: "cancelled", slipNumber: null })).toBe("cancelled");
    expect(orderChangeRefusal({ status: "pending", slipNumber: null })).toBe("pending");
  });
});

describe("deliveryWishProblems (the checkout's calendar)", () => {
  const window = ["2026-11-28", "2026-11-29", "2026-11-30"];
  const bands = ["morning", "14-16"];
  const none = { date: null, timeBand: null };

  it("takes a date of the window and a known band", () => {
    expect(deliveryWishProblems({ date: "2026-11-29", timeBand: "morning" }, none, window, bands)).toEqual([]);
    expect(deliveryWishProblems({ date: null, timeBand: "14-16" }, none, window, bands)).toEqual([]);
  });

  it("refuses a date outside the window, naming the window, and an unknown band", () => {
    const problems = deliveryWishProblems({ date: "2026-11-27", timeBand: "night" }, none, window, bands);
    expect(problems).toEqual([
      { field: "desired_delivery_date", kind: "outside", first: "2026-11-28", last: "2026-11-30" },
      { field: "desired_delivery_timezone", kind: "unknown" },
    ]);
    expect(deliveryWishProblemText(problems[0]!, "ja")).toBe("お届け希望日は2026/11/28から2026/11/30までの日付を選んでください。");
    expect(deliveryWishProblemText(problems[0]!, "en")).toBe("Please choose a delivery date from 2026/11/28 to 2026/11/30.");
  });

  it("says when no date can be wished at all", () => {
    expect(deliveryWishProblems({ date: "2026-11-29", timeBand: null }, none, [], bands)).toEqual([{ field: "desired_delivery_date", kind: "none" }]);
  });

  it("keeps the date already wished (moving only the band) and refuses a wish that changes nothing", () => {
    const current = { date: "2026-11-27", timeBand: "morning" };
    expect(deliveryWishProblems({ date: "2026-11-27", timeBand: "14-16" }, current, window, bands)).toEqual([]);
    expect(deliveryWishProblems(current, current, window, bands)).toEqual([{ field: "desired_delivery_date", kind: "unchanged" }]);
  });
});

describe("deliveryWishOf and deliveryWishText", () => {
  it("reads blank as none and folds a date typed with slashes or full-width digits", () => {
    expect(deliveryWishOf({ desired_delivery_date: " ", desired_delivery_timezone: "" })).toEqual({ date: null, timeBand: null });
    expect(deliveryWishOf({ desired_delivery_date: "２０２６/１１/２９", desired_delivery_timezone: "morning" })).toEqual({ date: "2026-11-29", timeBand: "morning" });
    expect(deliveryWishOf({})).toEqual({ date: null, timeBand: null });
  });

  it("words a wish as the history and the mail show it", () => {
    const label = (code: string) => (code === "morning" ? "午前中" : code);
    expect(deliveryWishText({ date: "2026-11-29", timeBand: "morning" }, label, "ja")).toBe("2026/11/29 午前中");
    expect(deliveryWishText({ date: null, timeBand: null }, label, "ja")).toBe("指定なし 指定なし");
    expect(deliveryWishText({ date: "2026-11-29", timeBand: null }, label, "en")).toBe("2026/11/29, not specified");
  });
});
