import { describe, expect, it } from "vitest";
import { fieldProblems } from "../../domain/field-messages.ts";
import type { Locale } from "../../domain/locale.ts";
import { magazineSignUpSchema } from "../../domain/magazine-input.ts";
import { formPagesEn as en } from "../i18n/form-pages.en.ts";
import { formPagesJa as ja } from "../i18n/form-pages.ja.ts";
import { problemMessages } from "../shared/site/form-rules.ts";

// The sign-up's schema (domain/magazine-input.ts), one case per rule, worded as the page words it;
// the route's 422 answers the same texts (src/server/magazine/magazine.test.ts).

function messages(input: unknown, locale: Locale): Record<string, string[]> {
  const t = { ja, en }[locale];
  const parsed = magazineSignUpSchema.safeParse(input);
  return parsed.success ? {} : problemMessages(fieldProblems(parsed.error.issues), { email: t["magazine.email"], consent: t["magazine.consentField"] }, locale);
}

describe("the mail magazine sign-up's schema", () => {
  it("accepts an address (kept lower-cased) with consent, flat or under `subscription`, JSON or a checkbox's value", () => {
    expect(magazineSignUpSchema.parse({ email: " Wine@Example.com ", consent: true })).toEqual({ email: "wine@example.com", consent: true });
    expect(magazineSignUpSchema.parse({ subscription: { email: "wine@example.com", consent: "on" } })).toEqual({ email: "wine@example.com", consent: true });
  });

  it("email: blank, then at most 254 characters, then shaped as an address", () => {
    expect(messages({ consent: true }, "ja")).toEqual({ email: ["メールアドレスを入力してください"] });
    expect(messages({ email: `${"a".repeat(250)}@example.com`, consent: true }, "en")).toEqual({ email: ["Email is too long (maximum is 254 characters)"] });
    expect(messages({ email: "wine-at-example.com", consent: true }, "en")).toEqual({ email: ["Email is invalid"] });
  });

  it("consent: must be given; a body that is no form names both fields", () => {
    expect(messages({ email: "wine@example.com", consent: false }, "ja")).toEqual({ consent: ["プライバシーポリシーを受諾してください"] });
    expect(messages(42, "en")).toEqual({ email: ["Email can't be blank"], consent: ["Privacy policy must be accepted"] });
  });
});
