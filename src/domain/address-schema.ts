import { z } from "./zod.ts";
import type { AddressErrorKind, AddressField, AddressFieldErrors, AddressInput } from "./address.ts";
import {
  ADDRESS_MAX_LENGTH,
  DEFAULT_COUNTRY,
  FOREIGN_ZIP_MAX_LENGTH,
  isJapaneseZip,
  isPrefectureCode,
  normalizeForeignZip,
  normalizeZip,
} from "./address.ts";

/** null, undefined and "" mean "none"; anything that is not a whole number becomes NaN (refused). */
function prefectureCode(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === "") return null;
  return /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN;
}

const requiredText = z
  .string({ error: "blank" })
  .trim()
  .min(1, { error: "blank" })
  .max(ADDRESS_MAX_LENGTH, { error: "too_long" });

const addressFields = z.object({
  country: z
    .string({ error: "inclusion" })
    .trim()
    .toLowerCase()
    .default(DEFAULT_COUNTRY)
    .pipe(z.string().min(1, { error: "blank" }).regex(/^[a-z]{2}$/, { error: "inclusion" })),
  zip: z.string({ error: "blank" }),
  prefecture: z
    .union([z.number(), z.string(), z.null()], { error: "inclusion" })
    .optional()
    .transform(prefectureCode),
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
function checkCountryRules(value: AddressFields, ctx: z.RefinementCtx<AddressFields>): void {
  const japanese = value.country === DEFAULT_COUNTRY;
  if (typeof value.zip === "string") {
    const zip = zipFor(value.country, value.zip);
    if (zip === "") ctx.addIssue({ code: "custom", path: ["zip"], message: "blank" });
    else if (japanese && !isJapaneseZip(zip)) ctx.addIssue({ code: "custom", path: ["zip"], message: "zip_format" });
    else if (!japanese && zip.length > FOREIGN_ZIP_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["zip"], message: "too_long" });
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
  .transform(
    (value): AddressInput => ({
      ...value,
      zip: zipFor(value.country, value.zip),
      prefecture: value.country === DEFAULT_COUNTRY ? value.prefecture : null,
    }),
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
export function parseAddress(
  input: unknown,
): { ok: true; value: AddressInput } | { ok: false; errors: AddressFieldErrors } {
  const parsed = addressSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: addressFieldErrors(parsed.error) };
}
