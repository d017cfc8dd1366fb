import type { ValidationKind } from "./field-messages.ts";
import { formFields } from "./field-rules.ts";
import { isRealDate } from "./japan-time.ts";
import type { Locale } from "./locale.ts";
import type { LocalizedText, ShopProfile } from "./shop-profile.ts";
import { shopProfileSchema } from "./shop-profile.ts";
import { z } from "./zod.ts";

// The owner's settings as POST /admin/api/settings takes them (the whole profile as GET gives it,
// time bands as a list): its declared body (decision 075). A failed rule's message is a kind of
// field-messages.ts (worded with the field's label, settings-labels.ts on the server), or one of
// SETTINGS_RULES, a sentence of its own. The profile's rules are shopProfileSchema's, which also
// reads the stored profile and the seed file and so keeps zod's own issues: they are read here
// as kinds, once, for this form.

/** Rules between fields that the Rails wordings cannot say, each its own sentence. */
export const SETTINGS_RULES = {
  fee_tiers: {
    ja: "手数料の段階は、上限金額を小さい順に並べ、最後の段階だけ上限なしにしてください。",
    en: "Fee tiers need rising upper amounts, and only the last tier may have none.",
  },
  limits: {
    ja: "上限金額は下限金額以上にしてください。",
    en: "The upper limit must not be below the lower limit.",
  },
} satisfies Record<string, Record<Locale, string>>;

type Problem = { kind: ValidationKind | keyof typeof SETTINGS_RULES; count?: number };

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The form's list of bands as the profile's map, reporting what the map cannot: blank and repeated codes, blank labels. */
function timeBands(raw: unknown, report: (path: (string | number)[], problem: Problem) => void): Record<string, LocalizedText> | undefined {
  if (!Array.isArray(raw)) return undefined;
  const bands: Record<string, LocalizedText> = {};
  raw.forEach((band: unknown, index) => {
    const entry = isObject(band) ? band : {};
    const field = (name: "code" | "ja" | "en") => (typeof entry[name] === "string" ? (entry[name] as string).trim() : "");
    const [code, ja, en] = [field("code"), field("ja"), field("en")];
    const at = (name: string) => ["deliveryTimeBands", index, name];
    if (!code) report(at("code"), { kind: "blank" });
    else if (!/^[0-9A-Za-z_-]{1,20}$/.test(code)) report(at("code"), { kind: "invalid" });
    else if (code in bands) report(at("code"), { kind: "taken" });
    if (!ja) report(at("ja"), { kind: "blank" });
    if (!en) report(at("en"), { kind: "blank" });
    if (code) bands[code] = { ja, en };
  });
  return bands;
}

/** Optional settings left empty in the form mean "not set", not an invalid value. */
function dropBlankOptionals(input: Record<string, unknown>): void {
  if (typeof input.invoiceRegistrationNumber === "string") {
    const number = input.invoiceRegistrationNumber.trim().toUpperCase();
    if (number) input.invoiceRegistrationNumber = number;
    else delete input.invoiceRegistrationNumber;
  }
  if (input.invoiceRegistrationNumber === null) delete input.invoiceRegistrationNumber;
  const b2 = input.yamatoB2;
  if (b2 === null || (isObject(b2) && Object.values(b2).every((value) => value === "" || value === null || value === undefined))) delete input.yamatoB2;
  if (isObject(input.terms) && isObject(input.terms.payments)) {
    // A blank upper limit or days to pay means none; a note blank in both languages means no note.
    const payments: Record<string, unknown> = {};
    for (const [code, raw] of Object.entries(input.terms.payments)) {
      if (!isObject(raw)) {
        payments[code] = raw;
        continue;
      }
      const terms = { ...raw };
      for (const field of ["max", "daysToPay"] as const) if (terms[field] === "" || terms[field] === undefined) terms[field] = null;
      const notes = terms.notes;
      if (
        notes === undefined ||
        (isObject(notes) && [notes.ja, notes.en].every((text) => text === undefined || text === null || (typeof text === "string" && text.trim() === "")))
      )
        terms.notes = null;
      payments[code] = terms;
    }
    input.terms = { ...input.terms, payments };
  }
}

/** What the form sent at a zod path (zod leaves the input out of its issues). */
function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** One of shopProfileSchema's issues as this form's problem: its kind (and count), or a rule's sentence. */
function problemOf(issue: z.core.$ZodIssue, sent: unknown): Problem {
  const field = issue.path.map(String).join(".");
  switch (issue.code) {
    case "invalid_type":
      if (sent === undefined || sent === null || sent === "") return { kind: "blank" };
      if (issue.expected === "int") return { kind: "not_an_integer" };
      if (issue.expected === "number") return { kind: "not_a_number" };
      return { kind: "invalid" };
    case "too_small":
      if (issue.origin === "number" || issue.origin === "int")
        return { kind: issue.inclusive === false ? "greater_than" : "greater_than_or_equal_to", count: Number(issue.minimum) };
      return { kind: "blank" };
    case "too_big":
      if (issue.origin === "number" || issue.origin === "int")
        return { kind: issue.inclusive === false ? "less_than" : "less_than_or_equal_to", count: Number(issue.maximum) };
      return { kind: "too_long", count: Number(issue.maximum) };
    case "custom":
      if (/^terms\.payments\.[^.]+\.feeTiers$/.test(field)) return { kind: "fee_tiers" };
      if (/^terms\.payments\.[^.]+\.max$/.test(field)) return { kind: "limits" };
      return { kind: "invalid" };
    case "invalid_value":
      return { kind: "inclusion" };
    default:
      return { kind: "invalid" };
  }
}

/**
 * The settings form: bands from a list (each code once), optional settings left blank unset, then
 * the profile's rules and business holidays that exist. A body that is not an object is an empty
 * form (every required setting named). Its output is the profile to save, holidays sorted once each.
 */
export const settingsFormSchema = z.unknown().transform((raw, context): ShopProfile => {
  let failed = false;
  const report = (path: (string | number)[], problem: Problem) => {
    failed = true;
    context.addIssue({ code: "custom", path, message: problem.kind, ...(problem.count === undefined ? {} : { params: { count: problem.count } }) });
  };
  const input: Record<string, unknown> = { ...formFields(raw) };
  const bands = timeBands(input.deliveryTimeBands, report);
  // Bands with problems are already named by their position; the map would name them again by code.
  if (bands && !failed) input.deliveryTimeBands = bands;
  else delete input.deliveryTimeBands;
  dropBlankOptionals(input);
  const parsed = shopProfileSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      report(
        issue.path.filter((part): part is string | number => typeof part !== "symbol"),
        problemOf(issue, valueAt(input, issue.path)),
      );
    return z.NEVER;
  }
  parsed.data.businessHolidays.forEach((day, index) => {
    const [year, month, date] = day.split("-").map(Number);
    if (!isRealDate(year!, month!, date!)) report(["businessHolidays", index], { kind: "invalid" });
  });
  if (failed) return z.NEVER;
  return { ...parsed.data, businessHolidays: [...new Set(parsed.data.businessHolidays)].sort() };
});
