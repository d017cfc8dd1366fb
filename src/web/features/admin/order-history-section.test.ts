import { describe, expect, it } from "vitest";
import { adminEn as en } from "../../i18n/admin.en.ts";
import { adminJa as ja } from "../../i18n/admin.ja.ts";
import { historyMove } from "./order-history-section.tsx";
import type { AdminText } from "./admin-i18n.ts";

// A history row's 状況の変化: a change that kept the status no longer reads 「入金待ち → 入金待ち」.

function textsOf(dictionary: Record<string, string>): AdminText {
  return ((key: string, values: Record<string, string> = {}) =>
    dictionary[key]!.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "")) as unknown as AdminText;
}
const status = (value: string) => ({ await_payment: "入金待ち", deposited: "入金済み", sent: "発送済み" })[value] ?? value;

describe("historyMove", () => {
  it("says the order was taken, moved, or kept its status, in ja", () => {
    const ta = textsOf(ja);
    expect(historyMove({ from: null, to: "await_payment" }, status, ta)).toBe("注文受付(入金待ち)");
    expect(historyMove({ from: "await_payment", to: "deposited" }, status, ta)).toBe("入金待ち → 入金済み");
    expect(historyMove({ from: "deposited", to: "deposited" }, status, ta)).toBe("入金済み（状況の変化なし）");
  });

  it("and in en", () => {
    expect(historyMove({ from: "sent", to: "sent" }, (value) => value, textsOf(en))).toBe("sent (status unchanged)");
  });
});
