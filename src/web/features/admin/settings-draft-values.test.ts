import { describe, expect, it } from "vitest";
import { numberOrText, valueAt, withValue } from "./settings-draft-values.ts";

// The settings form's draft: values read and replaced by their path, the saved data never changed in place.

const draft = { shopName: { ja: "蔵", en: "Kura" }, deliveryTimeBands: [{ code: "0812", ja: "午前中", en: "Morning" }], codFee: 440 };

describe("valueAt", () => {
  it("reads through objects and lists", () => {
    expect(valueAt(draft, ["shopName", "en"])).toBe("Kura");
    expect(valueAt(draft, ["deliveryTimeBands", 0, "code"])).toBe("0812");
  });

  it("is undefined once the path leaves the data", () => {
    expect(valueAt(draft, ["deliveryTimeBands", 3, "code"])).toBeUndefined();
    expect(valueAt(draft, ["codFee", "ja"])).toBeUndefined();
    expect(valueAt(null, ["shopName"])).toBeUndefined();
  });

  it("is the data itself for an empty path", () => {
    expect(valueAt(draft, [])).toBe(draft);
  });
});

describe("withValue", () => {
  it("replaces the value at the path in a copy and leaves the draft as it was", () => {
    const next = withValue(draft, ["shopName", "ja"], "酒蔵");
    expect(next.shopName).toEqual({ ja: "酒蔵", en: "Kura" });
    expect(draft.shopName.ja).toBe("蔵");
    expect(next.deliveryTimeBands).toBe(draft.deliveryTimeBands);
  });

  it("replaces an entry of a list as a list", () => {
    const next = withValue(draft, ["deliveryTimeBands", 0, "ja"], "午前");
    expect(Array.isArray(next.deliveryTimeBands)).toBe(true);
    expect(next.deliveryTimeBands[0]).toEqual({ code: "0812", ja: "午前", en: "Morning" });
  });

  it("makes the missing steps, a list where the next step is an index", () => {
    const next = withValue({} as Record<string, unknown>, ["holidays", 0, "date"], "2026-12-31");
    expect(next).toEqual({ holidays: [{ date: "2026-12-31" }] });
  });
});

describe("numberOrText", () => {
  it("turns whole numbers, signed or padded with spaces, into numbers", () => {
    expect(numberOrText("440")).toBe(440);
    expect(numberOrText(" -5 ")).toBe(-5);
  });

  it("keeps anything else as typed, so the server can name the problem", () => {
    expect(numberOrText("4.5")).toBe("4.5");
    expect(numberOrText("４４０")).toBe("４４０");
    expect(numberOrText("")).toBe("");
  });
});
