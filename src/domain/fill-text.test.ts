import { describe, expect, it } from "vitest";
import { fillText } from "./fill-text.ts";

describe("fillText", () => {
  it("fills every placeholder, each as often as it is written, numbers as digits", () => {
    expect(fillText("{name}様、{total}円です。{name}様", { name: "山田", total: 3300 })).toBe("山田様、3300円です。山田様");
  });

  it("leaves a placeholder it is not given as written, also one given as undefined or inherited", () => {
    expect(fillText("{days}日以内に{missing}", { days: 7 })).toBe("7日以内に{missing}");
    expect(fillText("{gone}", { gone: undefined })).toBe("{gone}");
    expect(fillText("{constructor} {toString}", {})).toBe("{constructor} {toString}");
  });

  it("takes a value as it is: text that looks like a placeholder is not filled again", () => {
    expect(fillText("{a}{b}", { a: "{b}", b: "x" })).toBe("{b}x");
    expect(fillText("no placeholders")).toBe("no placeholders");
  });
});
