import { z } from "zod";
import type { Locale } from "./locale.ts";

// In the browser (checkout, My Page address) the CSP has no 'unsafe-eval': zod's JIT would probe
// `new Function("")` on the first parse, which the browser refuses and reports as a CSP violation.
if (typeof document !== "undefined") z.config({ jitless: true });

/** Spec §3 Address, as the address form and GET/PUT /api/address carry it. */
export interface AddressInput {
  country: string;
  zip: string;
  /** 1–47 for Japanese addresses, null elsewhere. */
  prefecture: number | null;
  address: string;
  building_name: string;
}

/** GET /api/address: the saved address with the country's name in the request's locale. */
export interface AddressResource extends AddressInput {
  country_name: string;
}

export const DEFAULT_COUNTRY = "jp";
/** Digits of a Japanese postcode (spec §9); the lookup runs when exactly this many remain. */
export const ZIP_LENGTH = 7;
export const ADDRESS_MAX_LENGTH = 255;
const FOREIGN_ZIP_MAX_LENGTH = 16;

// Every dash a Japanese keyboard or a copied address may hold: ASCII, katakana long vowel mark
// (full and half width), full-width hyphen-minus, hyphen, non-breaking hyphen, figure dash, en and em
// dash, horizontal bar, minus sign, small hyphen-minus; plus spaces of both widths and the 〒 mark.
const ZIP_SEPARATORS = /[\s\u3000\-\u30fc\uff70\uff0d\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63〒]/g;

/** "１００ー０００１" → "1000001": full-width digits made half-width, hyphens and spaces removed. */
export function normalizeZip(input: string): string {
  return input
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(ZIP_SEPARATORS, "");
}

/** Foreign postcodes keep their letters and spaces ("SW1A 1AA"); only the widths are normalised. */
function normalizeForeignZip(input: string): string {
  return input.normalize("NFKC").trim().replace(/\s+/g, " ");
}

export function isJapaneseZip(zip: string): boolean {
  return new RegExp(`^\\d{${ZIP_LENGTH}}$`).test(zip);
}

export interface Prefecture {
  /** JIS X 0401 code. */
  code: number;
  ja: string;
  en: string;
}

/** The 47 prefectures keyed 1–47 in JIS X 0401 order, Hokkaido to Okinawa (spec §2). */
export const PREFECTURES: readonly Prefecture[] = [
  ["北海道", "Hokkaido"],
  ["青森県", "Aomori"],
  ["岩手県", "Iwate"],
  ["宮城県", "Miyagi"],
  ["秋田県", "Akita"],
  ["山形県", "Yamagata"],
  ["福島県", "Fukushima"],
  ["茨城県", "Ibaraki"],
  ["栃木県", "Tochigi"],
  ["群馬県", "Gunma"],
  ["埼玉県", "Saitama"],
  ["千葉県", "Chiba"],
  ["東京都", "Tokyo"],
  ["神奈川県", "Kanagawa"],
  ["新潟県", "Niigata"],
  ["富山県", "Toyama"],
  ["石川県", "Ishikawa"],
  ["福井県", "Fukui"],
  ["山梨県", "Yamanashi"],
  ["長野県", "Nagano"],
  ["岐阜県", "Gifu"],
  ["静岡県", "Shizuoka"],
  ["愛知県", "Aichi"],
  ["三重県", "Mie"],
  ["滋賀県", "Shiga"],
  ["京都府", "Kyoto"],
  ["大阪府", "Osaka"],
  ["兵庫県", "Hyogo"],
  ["奈良県", "Nara"],
  ["和歌山県", "Wakayama"],
  ["鳥取県", "Tottori"],
  ["島根県", "Shimane"],
  ["岡山県", "Okayama"],
  ["広島県", "Hiroshima"],
  ["山口県", "Yamaguchi"],
  ["徳島県", "Tokushima"],
  ["香川県", "Kagawa"],
  ["愛媛県", "Ehime"],
  ["高知県", "Kochi"],
  ["福岡県", "Fukuoka"],
  ["佐賀県", "Saga"],
  ["長崎県", "Nagasaki"],
  ["熊本県", "Kumamoto"],
  ["大分県", "Oita"],
  ["宮崎県", "Miyazaki"],
  ["鹿児島県", "Kagoshima"],
  ["沖縄県", "Okinawa"],
].map(([ja, en], index) => Object.freeze({ code: index + 1, ja: ja!, en: en! }));

export function isPrefectureCode(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= PREFECTURES.length;
}

export function prefectureName(code: number, locale: Locale): string | undefined {
  return PREFECTURES[code - 1]?.[locale];
}

/** "東京都" → 13 (postcode data names prefectures in Japanese). */
export function prefectureCodeOf(japaneseName: string): number | undefined {
  return PREFECTURES.find((prefecture) => prefecture.ja === japaneseName)?.code;
}

/** One postcode as GET /api/postcodes/{first 3 digits} answers it (keyed by the 7 digits). */
export interface PostcodeEntry {
  /** 1–47, see PREFECTURES. */
  prefecture: number;
  /** 市区町村: "千代田区", "札幌市北区". */
  city: string;
  /** 町域 (and the street for a business's own code); "" when the code covers a whole city. */
  town: string;
}

/** What the address field gets from a postcode: city and town, the prefecture having its own select. */
export function postcodeAddress(entry: PostcodeEntry): string {
  return `${entry.city}${entry.town}`;
}

/**
 * The address field after a postcode lookup: the new city+town in front, and whatever the member
 * typed after the previous city+town (street number, block) kept. Text that does not start with
 * either fill was typed by hand and is left alone.
 */
export function autofilledAddress(current: string, previousFill: string, nextFill: string): string {
  if (current.trim() === "") return nextFill;
  if (previousFill !== "" && current.startsWith(previousFill)) return nextFill + current.slice(previousFill.length);
  return current;
}

/** Why a field was refused; both sides word it in their locale (rails-i18n on the server). */
export type AddressErrorKind = "blank" | "too_long" | "zip_format" | "inclusion";
export type AddressField = keyof AddressInput;
export type AddressFieldErrors = Partial<Record<AddressField, AddressErrorKind[]>>;

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
 * The address form (spec §2 /checkout, /mypage/address; §5 Address), shared by the API and the
 * browser: country defaults to jp; a Japanese zip is normalised and must be 7 digits, and a
 * Japanese address needs one of the 47 prefectures; other countries carry no prefecture.
 */
export const addressSchema = addressFields
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
export function addressFieldErrors(error: z.ZodError): AddressFieldErrors {
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

/** A Japanese postcode as it is written on mail, "〒111-0051"; a foreign one as it was given. */
export function displayZip(country: string, zip: string): string {
  const digits = /^(\d{3})-?(\d{4})$/.exec(zip);
  return country === "jp" && digits ? `〒${digits[1]}-${digits[2]}` : zip;
}
