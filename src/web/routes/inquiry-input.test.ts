import { describe, expect, it } from "vitest";
import { parseInquiry } from "../../domain/inquiry-input.ts";
import type { Locale } from "../../domain/locale.ts";
import { formPagesEn as en } from "../i18n/form-pages.en.ts";
import { formPagesJa as ja } from "../i18n/form-pages.ja.ts";
import { problemMessages } from "../shared/site/form-rules.ts";

// The contact form's schema (domain/inquiry-input.ts), one case per rule, worded as the page words
// it with its own labels. The route's 422 answers the same texts (src/server/inquiries/inquiry.test.ts).

const dictionaries = { ja, en };

function labels(locale: Locale) {
  const t = dictionaries[locale];
  return {
    name: t["inquiry.name"],
    email: t["inquiry.email"],
    order_number: t["inquiry.orderNumber"],
    subject: t["inquiry.subject"],
    message: t["inquiry.message"],
  };
}

const valid = { name: "山田 花子", email: "hanako@example.com", subject: "ギフト包装について", message: "ワインを2本\r\nお願いします。" };

function messages(input: unknown, locale: Locale): Record<string, string[]> {
  const parsed = parseInquiry(input);
  return parsed.ok ? {} : problemMessages(parsed.problems, labels(locale), locale);
}

describe("the contact form's schema", () => {
  it("accepts a filled form, flat or nested under `inquiry`, trimmed, with the message's line ends as LF", () => {
    const expected = { ...valid, order_number: "", message: "ワインを2本\nお願いします。" };
    expect(parseInquiry(valid)).toEqual({ ok: true, value: expected });
    expect(parseInquiry({ inquiry: { ...valid, name: "  山田 花子 " } })).toEqual({ ok: true, value: expected });
  });

  it("a line break in a one-line field becomes a space", () => {
    expect(parseInquiry({ ...valid, subject: "Hello\r\nBcc: x@example.com" })).toMatchObject({ ok: true, value: { subject: "Hello Bcc: x@example.com" } });
  });

  it("every field but the order number is required: a body that is no form at all names those four, in the form's order", () => {
    for (const body of [{}, 42, null, [], "text", { inquiry: "text" }]) {
      expect(messages(body, "ja")).toEqual({
        name: ["お名前を入力してください"],
        email: ["メールアドレスを入力してください"],
        subject: ["件名を入力してください"],
        message: ["お問い合わせ内容を入力してください"],
      });
    }
    expect(Object.keys(messages({}, "en"))).toEqual(["name", "email", "subject", "message"]);
    expect(messages({}, "en").email).toEqual(["Email can't be blank"]);
  });

  it("name: blank (spaces or not text), then at most 100 characters", () => {
    expect(messages({ ...valid, name: "   " }, "en")).toEqual({ name: ["Name can't be blank"] });
    expect(messages({ ...valid, name: 7 }, "ja")).toEqual({ name: ["お名前を入力してください"] });
    expect(messages({ ...valid, name: "葡".repeat(100) }, "ja")).toEqual({});
    expect(messages({ ...valid, name: "n".repeat(101) }, "ja")).toEqual({ name: ["お名前は100文字以内で入力してください"] });
    expect(messages({ ...valid, name: "n".repeat(101) }, "en")).toEqual({ name: ["Name is too long (maximum is 100 characters)"] });
  });

  it("email: blank, then at most 254 characters, then shaped as an address (one message a field)", () => {
    expect(messages({ ...valid, email: "" }, "ja")).toEqual({ email: ["メールアドレスを入力してください"] });
    const long = `${"a".repeat(250)}@example.com`;
    expect(messages({ ...valid, email: long }, "ja")).toEqual({ email: ["メールアドレスは254文字以内で入力してください"] });
    expect(messages({ ...valid, email: long }, "en")).toEqual({ email: ["Email is too long (maximum is 254 characters)"] });
    expect(messages({ ...valid, email: "wine-at-example.com" }, "ja")).toEqual({ email: ["メールアドレスは不正な値です"] });
    expect(messages({ ...valid, email: "wine-at-example.com" }, "en")).toEqual({ email: ["Email is invalid"] });
  });

  it("subject: blank, then at most 200 characters as a reader counts them", () => {
    expect(messages({ ...valid, subject: "\r\n" }, "en")).toEqual({ subject: ["Subject can't be blank"] });
    expect(messages({ ...valid, subject: "🍷".repeat(200) }, "en")).toEqual({});
    expect(messages({ ...valid, subject: "s".repeat(201) }, "ja")).toEqual({ subject: ["件名は200文字以内で入力してください"] });
    expect(messages({ ...valid, subject: "s".repeat(201) }, "en")).toEqual({ subject: ["Subject is too long (maximum is 200 characters)"] });
  });

  it("message: blank, then at most 5000 characters", () => {
    expect(messages({ ...valid, message: " \n " }, "ja")).toEqual({ message: ["お問い合わせ内容を入力してください"] });
    expect(messages({ ...valid, message: "酒".repeat(5000) }, "ja")).toEqual({});
    expect(messages({ ...valid, message: "m".repeat(5001) }, "ja")).toEqual({ message: ["お問い合わせ内容は5000文字以内で入力してください"] });
    expect(messages({ ...valid, message: "m".repeat(5001) }, "en")).toEqual({ message: ["Message is too long (maximum is 5000 characters)"] });
  });

  it("order number (optional): empty when left empty or not sent", () => {
    expect(parseInquiry({ ...valid, order_number: "  " })).toMatchObject({ ok: true, value: { order_number: "" } });
    expect(parseInquiry(valid)).toMatchObject({ ok: true, value: { order_number: "" } });
  });

  it("order number: the public id of a number as printed, in lower case or full-width, or heard (O for 0, I and L for 1)", () => {
    for (const typed of ["7K3M-Q9XA-2BCD", "7k3m q9xa 2bcd", "７Ｋ３Ｍ－Ｑ９ＸＡ－２ＢＣＤ", "7K3MQ9XA2BCD"]) {
      expect(parseInquiry({ ...valid, order_number: typed })).toMatchObject({ ok: true, value: { order_number: "7K3MQ9XA2BCD" } });
    }
    expect(parseInquiry({ ...valid, order_number: "OOOO-IIII-LLLL" })).toMatchObject({ ok: true, value: { order_number: "000011111111" } });
  });

  it("order number: anything that cannot be one is refused, worded with the page's label in ja and en", () => {
    for (const typed of ["12345", "7K3M-Q9XA-2BC!", "7K3M-Q9XA-2BCDE", "U".repeat(12)]) {
      expect(messages({ ...valid, order_number: typed }, "ja")).toEqual({
        order_number: ["ご注文番号は「7K3M-Q9XA-2BCD」のような12桁の英数字で入力してください"],
      });
    }
    expect(messages({ ...valid, order_number: "12345" }, "en")).toEqual({ order_number: ["Order number must be 12 letters and digits, like 7K3M-Q9XA-2BCD"] });
    expect(Object.keys(messages({ ...valid, name: "", order_number: "x" }, "ja"))).toEqual(["name", "order_number"]);
  });
});
