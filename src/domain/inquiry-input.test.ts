import { describe, expect, it } from "vitest";
import { fieldMessages } from "./field-messages.ts";
import { parseInquiry } from "./inquiry-input.ts";

// The contact form's one schema, which the page checks before posting and the route declares as its
// body: one case per rule, and the message each gives in ja and en.

const LABELS = { ja: { order_number: "ご注文番号", name: "お名前" }, en: { order_number: "Order number", name: "Name" } } as const;
const form = (fields: Record<string, unknown>) => ({ name: "山田 太郎", email: "taro@example.com", subject: "件名", message: "本文", ...fields });

function messages(input: unknown, locale: "ja" | "en") {
  const parsed = parseInquiry(input);
  if (parsed.ok) return {};
  return fieldMessages(parsed.problems, (field) => LABELS[locale][field as keyof (typeof LABELS)["ja"]] ?? field, locale);
}

describe("the contact form's order number (optional)", () => {
  it("is empty when left empty or not sent", () => {
    expect(parseInquiry(form({ order_number: "  " }))).toMatchObject({ ok: true, value: { order_number: "" } });
    expect(parseInquiry(form({}))).toMatchObject({ ok: true, value: { order_number: "" } });
  });

  it("keeps the public id of a number as printed, typed in lower case or full-width, or heard (O for 0, I and L for 1)", () => {
    for (const typed of ["7K3M-Q9XA-2BCD", "7k3m q9xa 2bcd", "７Ｋ３Ｍ－Ｑ９ＸＡ－２ＢＣＤ", "7K3MQ9XA2BCD"]) {
      expect(parseInquiry(form({ order_number: typed }))).toMatchObject({ ok: true, value: { order_number: "7K3MQ9XA2BCD" } });
    }
    expect(parseInquiry(form({ order_number: "OOOO-IIII-LLLL" }))).toMatchObject({ ok: true, value: { order_number: "000011111111" } });
  });

  it("refuses anything that cannot be an order number, with its message in ja and en", () => {
    for (const typed of ["12345", "7K3M-Q9XA-2BC!", "7K3M-Q9XA-2BCDE", "U".repeat(12)]) {
      expect(messages(form({ order_number: typed }), "ja")).toEqual({ order_number: ["ご注文番号は「7K3M-Q9XA-2BCD」のような12桁の英数字で入力してください"] });
    }
    expect(messages(form({ order_number: "12345" }), "en")).toEqual({ order_number: ["Order number must be 12 letters and digits, like 7K3M-Q9XA-2BCD"] });
  });

  it("lists its problem in the form's order, after the name's", () => {
    expect(Object.keys(messages(form({ name: "", order_number: "x" }), "ja"))).toEqual(["name", "order_number"]);
  });
});
