import { describe, expect, it } from "vitest";
import { defaultGiftSettings } from "./gift.ts";
import {
  deliveryWishOf,
  deliveryWishProblemText,
  deliveryWishProblems,
  deliveryWishText,
  giftChangeBodyOf,
  giftChangeSchema,
  giftSettingsForChange,
  giftText,
  orderChangeRefusal,
  sameGift,
  wrappingFeeAfter,
} from "./order-changes.ts";

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
    expect(deliveryWishOf({ desired_delivery_date: "２０２６/１１/２９", desired_delivery_timezone: "morning" })).toEqual({
      date: "2026-11-29",
      timeBand: "morning",
    });
    expect(deliveryWishOf({})).toEqual({ date: null, timeBand: null });
  });

  it("words a wish as the history and the mail show it", () => {
    const label = (code: string) => (code === "morning" ? "午前中" : code);
    expect(deliveryWishText({ date: "2026-11-29", timeBand: "morning" }, label, "ja")).toBe("2026/11/29 午前中");
    expect(deliveryWishText({ date: null, timeBand: null }, label, "ja")).toBe("指定なし 指定なし");
    expect(deliveryWishText({ date: "2026-11-29", timeBand: null }, label, "en")).toBe("2026/11/29, not specified");
  });
});

describe("giftChangeSchema (the member's and staff's POST …/gift)", () => {
  const issuesOf = (body: unknown) => {
    const result = giftChangeSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  };

  it("takes the checkout's gift payload, an empty body as no options, and のし as null or false", () => {
    const payload = {
      wrapping: true,
      noshi: { omotegaki: "御歳暮", placement: "inner", name: "蔵前" },
      message_card: "おめでとう\nございます",
      hide_prices: false,
    };
    expect(giftChangeSchema.parse(payload)).toEqual(payload);
    expect(giftChangeSchema.parse(undefined)).toEqual({});
    expect(giftChangeSchema.parse({ noshi: null, wrapping: null })).toEqual({ noshi: null, wrapping: null });
    expect(giftChangeSchema.parse({ noshi: false })).toEqual({ noshi: false });
  });

  it("refuses a field not of its kind, naming it, and a body that is no form on base", () => {
    expect(issuesOf({ wrapping: "yes" })).toEqual([{ path: "wrapping", message: "invalid" }]);
    expect(
      issuesOf({ hide_prices: 1, message_card: 5 })
        .map((issue) => issue.path)
        .sort(),
    ).toEqual(["hide_prices", "message_card"]);
    expect(issuesOf({ noshi: "御歳暮" })).toEqual([{ path: "noshi", message: "invalid" }]);
    expect(issuesOf({ noshi: { omotegaki: ["御歳暮"] } }).map((issue) => issue.path)).toEqual([expect.stringMatching(/^noshi/)]);
    expect(issuesOf(42)).toEqual([{ path: "", message: "invalid" }]);
    expect(issuesOf([1])).toEqual([{ path: "", message: "invalid" }]);
  });
});

describe("giftChangeBodyOf (a form posted without JavaScript)", () => {
  it("reads ticked boxes as on and unticked as off, the checkout's field names", () => {
    expect(giftChangeBodyOf({ gift_noshi: "on", gift_omotegaki: "御礼", gift_placement: "inner", gift_name: "山田", gift_message: "ignored" })).toEqual({
      wrapping: false,
      noshi: { omotegaki: "御礼", placement: "inner", name: "山田" },
      message_card: "",
      hide_prices: false,
    });
    expect(
      giftChangeBodyOf({ gift_wrapping: "on", gift_message_card: "on", gift_message: "ありがとう", gift_hide_prices: "on", gift_omotegaki: "御礼" }),
    ).toEqual({
      wrapping: true,
      noshi: null,
      message_card: "ありがとう",
      hide_prices: true,
    });
  });
});

describe("the gift change's rules", () => {
  const settings = { ...defaultGiftSettings(), wrapping: false, omotegaki: ["御祝"] };
  const current = { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer" as const, name: "" }, messageCard: "", hidePrices: false };

  it("keeps what the order has as a choice though the trader has since switched it off or dropped it", () => {
    expect(giftSettingsForChange(settings, current)).toMatchObject({ wrapping: true, omotegaki: ["御祝", "御歳暮"] });
    expect(giftSettingsForChange(settings, null)).toBe(settings);
  });

  it("keeps the wrapping line's fee while wrapping stays, charges today's fee when added, nothing when taken off", () => {
    expect(wrappingFeeAfter({ wrapping: true, fee: 300 }, true, 330)).toBe(300);
    expect(wrappingFeeAfter({ wrapping: false, fee: 0 }, true, 330)).toBe(330);
    expect(wrappingFeeAfter({ wrapping: true, fee: 300 }, false, 330)).toBe(0);
  });

  it("tells an unchanged gift and words it for the history and the mail", () => {
    expect(sameGift(null, null)).toBe(true);
    expect(sameGift(current, { ...current, noshi: { ...current.noshi } })).toBe(true);
    expect(sameGift(current, { ...current, hidePrices: true })).toBe(false);
    expect(giftText(null, "ja")).toBe("なし");
    expect(giftText(current, "ja")).toBe("のし: 御歳暮(外のし) / ラッピング: あり");
    expect(giftText({ ...current, messageCard: "一行目\n二行目" }, "en")).toBe(
      "Noshi: 御歳暮 (soto-noshi, over the wrapping) / Gift wrapping: Yes / Message card: 一行目 二行目",
    );
  });
});
