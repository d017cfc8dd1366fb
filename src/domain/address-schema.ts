import { z } from "./zod.ts";
import type { AddressErrorKind, AddressField, AddressFieldErrors, AddressInput } from "./address.ts";
import type { FieldProblem } from "./field-messages.ts";
import { fieldProblems } from "./field-messages.ts";
import { formFields } from "./field-rules.ts";
import { hasForbiddenCharacters } from "./input-rules.ts";
import type { RecipientInput } from "./recipient.ts";
import { RECIPIENT_NAME_MAX_LENGTH, RECIPIENT_PHONE_MAX_LENGTH, isPhoneNumber } from "./recipient.ts";
import { ADDRESS_MAX_LENGTH, DEFAULT_COUNTRY, FOREIGN_ZIP_MAX_LENGTH, isJapaneseZip, isPrefectureCode, normalizeForeignZip, normalizeZip } from "./address.ts";

/** null, undefined and "" mean "none"; anything that is not a whole number becomes NaN (refused). */
function prefectureCode(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === "") return null;
  return /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
}

const requiredText = z.string({ error: "blank" }).trim().min(1, { error: "blank" }).max(ADDRESS_MAX_LENGTH, { error: "too_long" });

const addressFields = z.object({
  country: z
    .string({ error: "inclusion" })
    .trim()
    .toLowerCase()
    .default(DEFAULT_COUNTRY)
    .pipe(
      z
        .string()
        .min(1, { error: "blank" })
        .regex(/^[a-z]{2}$/, { error: "inclusion" }),
    ),
  zip: z.string({ error: "blank" }),
  prefecture: z.union([z.number(), z.string(), z.null()], { error: "inclusion" }).optional().transform(prefectureCode),
  address: requiredText,
  building_name: z
    .string({ error: "inclusion" })
    .trim()
    .max(ADDRESS_MAX_LENGTH, { error: "too_long" })
    .nullish()
    .transform((value) => value ?? ""),
});
type AddressFields = z.output<typeof addressFields>;

function zipFor(country: unknown, zip: string): string {
  return country === DEFAULT_COUNTRY ? normalizeZip(zip) : normalizeForeignZip(zip);
}

/** The rules that depend on the country. They run even when another field failed, so one answer names every wrong field. */
function checkCountryRules<T extends AddressFields>(value: T, ctx: z.RefinementCtx<T>): void {
  const japanese = value.country === DEFAULT_COUNTRY;
  if (typeof value.zip === "string") {
    const zip = zipFor(value.country, value.zip);
    if (zip === "") ctx.addIssue({ code: "custom", path: ["zip"], message: "blank" });
    else if (japanese && !isJapaneseZip(zip)) ctx.addIssue({ code: "custom", path: ["zip"], message: "zip_format" });
    else if (!japanese && zip.length > FOREIGN_ZIP_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["zip"], message: "too_long", params: { count: FOREIGN_ZIP_MAX_LENGTH } });
    }
  }
  if (!japanese) return;
  if (value.prefecture === null) ctx.addIssue({ code: "custom", path: ["prefecture"], message: "blank" });
  else if (!isPrefectureCode(value.prefecture)) ctx.addIssue({ code: "custom", path: ["prefecture"], message: "inclusion" });
}

/**
 * The address form, shared by the API and the
 * browser: country defaults to jp; a Japanese zip is normalised and must be 7 digits, and a
 * Japanese address needs one of the 47 prefectures; other countries carry no prefecture.
 */
const addressSchema = addressFields
  .superRefine(checkCountryRules, {
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  })
  .transform((value): AddressInput => ({
    ...value,
    zip: zipFor(value.country, value.zip),
    prefecture: value.country === DEFAULT_COUNTRY ? value.prefecture : null,
  }));

/**
 * The member's saved address as PUT /api/address and /mypage/address send it (decision 075): the
 * address form, bare or nested under "address" (as Rails' params.require(:address) would take it).
 * A body that is not an object is an empty form, so each required field is named. The server fills
 * in a Japanese address's missing prefecture from its postcode before these rules run (the API
 * contract sends none); whether the country exists and matches the postcode it checks after them.
 */
export const savedAddressSchema = z.preprocess((body) => formFields(body, "address"), addressSchema);

/**
 * お届け先の名前・電話番号 as the address book keeps them: one line (a line break becomes a space),
 * trimmed; not text is "invalid"; then blank, too long (UTF-16 units), a character no field takes;
 * a phone must also read as a phone number.
 */
function recipientLine(max: number, options: { phone?: boolean } = {}) {
  return z
    .unknown()
    .optional()
    .transform((raw, context) => {
      const text = typeof raw === "string" ? raw.replace(/[\r\n]+/g, " ").trim() : raw === undefined || raw === null ? "" : null;
      const problem =
        text === null
          ? "invalid"
          : text === ""
            ? "blank"
            : text.length > max
              ? "too_long"
              : hasForbiddenCharacters(text)
                ? "invalid_characters"
                : options.phone && !isPhoneNumber(text)
                  ? "invalid"
                  : undefined;
      if (problem === undefined) return text as string;
      context.addIssue({ code: "custom", message: problem, ...(problem === "too_long" ? { params: { count: max } } : {}) });
      return z.NEVER;
    });
}

/**
 * An entry of the member's address book as POST and PUT /api/address-book and /mypage/address-book
 * send it (decision 075): お届け先 name and phone, then the address form. A body that is not an
 * object is an empty form. As for the saved address, the server fills in a missing prefecture
 * before and checks the country and postcode after.
 */
export const addressBookEntrySchema = z.preprocess(
  (body) => formFields(body),
  z
    .object({ name: recipientLine(RECIPIENT_NAME_MAX_LENGTH), phone: recipientLine(RECIPIENT_PHONE_MAX_LENGTH, { phone: true }), ...addressFields.shape })
    .superRefine(checkCountryRules, { when: (payload) => typeof payload.value === "object" && payload.value !== null })
    .transform((value): RecipientInput => ({
      ...value,
      zip: zipFor(value.country, value.zip),
      prefecture: value.country === DEFAULT_COUNTRY ? value.prefecture : null,
    })),
);

const ERROR_KINDS = new Set<string>(["blank", "too_long", "zip_format", "inclusion"]);
const FIELDS = new Set<string>(["country", "zip", "prefecture", "address", "building_name"]);

/**
 * The first reason per field, in form order. A request that is not an object at all is reported
 * on every required field, so the form shows what to fill in.
 */
function addressFieldErrors(error: z.ZodError): AddressFieldErrors {
  const found: AddressFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (issue.path.length === 0) {
      found.zip ??= ["blank"];
      found.address ??= ["blank"];
      continue;
    }
    if (typeof field !== "string" || !FIELDS.has(field) || found[field as AddressField]) continue;
    const kind = ERROR_KINDS.has(issue.message) ? (issue.message as AddressErrorKind) : "inclusion";
    found[field as AddressField] = [kind];
  }
  return found;
}

/** Validates an address form; the errors say which field and why, to be worded by the caller. */
export function parseAddress(input: unknown): { ok: true; value: AddressInput } | { ok: false; errors: AddressFieldErrors } {
  const parsed = addressSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: addressFieldErrors(parsed.error) };
}

/** A saved address's form checked as the route checks it: each field's first problem, none when it passes (the page words them as the 422 does). */
export function savedAddressProblems(body: unknown): Record<string, FieldProblem> {
  const parsed = savedAddressSchema.safeParse(body);
  return parsed.success ? {} : fieldProblems(parsed.error.issues);
}

/** An address book entry's form checked as the route checks it: each field's first problem, none when it passes. */
export function addressBookEntryProblems(body: unknown): Record<string, FieldProblem> {
  const parsed = addressBookEntrySchema.safeParse(body);
  return parsed.success ? {} : fieldProblems(parsed.error.issues);
}
