import type { Locale } from "./locale.ts";

// The address rules themselves (zod) are in address-schema.ts, so the browser's address form can
// show its fields without loading zod first.

/** An address, as the address form and GET/PUT /api/address carry it. */
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
/** Digits of a Japanese postcode; the lookup runs when exactly this many remain. */
export const ZIP_LENGTH = 7;
export const ADDRESS_MAX_LENGTH = 255;
export const FOREIGN_ZIP_MAX_LENGTH = 16;

// Every dash a Japanese keyboard or a copied address may hold: ASCII, katakana long vowel mark
// (full and half width), full-width hyphen-minus, hyphen, non-breaking hyphen, figure dash, en and em
// dash, horizontal bar, minus sign, small hyphen-minus; plus spaces of both widths and the 〒 mark.
const ZIP_SEPARATORS = /[\s\u3000\-\u30fc\uff70\uff0d\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63〒]/g;

/** "１００ー０００１" → "1000001": full-width digits made half-width, hyphens and spaces removed. */
export function normalizeZip(input: string): string {
  return input.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0)).replace(ZIP_SEPARATORS, "");
}

/** Foreign postcodes keep their letters and spaces ("SW1A 1AA"); only the widths are normalised. */
export function normalizeForeignZip(input: string): string {
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

/** The 47 prefectures keyed 1–47 in JIS X 0401 order, Hokkaido to Okinawa. */
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

/** A Japanese postcode as it is written on mail, "〒111-0051"; a foreign one as it was given. */
export function displayZip(country: string, zip: string): string {
  const digits = /^(\d{3})-?(\d{4})$/.exec(zip);
  return country === "jp" && digits ? `〒${digits[1]}-${digits[2]}` : zip;
}

/**
 * The address as a Japanese slip is written: the prefecture (kept apart by the form) in Japanese in
 * front of the rest, whatever the address's script (B2 Cloud reads the prefecture from there).
 */
export function slipAddressLine(order: { prefecture: number | null; address: string }): string {
  const prefecture = order.prefecture === null ? undefined : prefectureName(order.prefecture, "ja");
  return prefecture && !order.address.startsWith(prefecture) ? `${prefecture}${order.address}` : order.address;
}

/** Kana or kanji: an address written in Japanese rather than romanized. */
const JAPANESE_SCRIPT = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/**
 * The address as one line, as it reads: written in Japanese, the prefecture in front (slipAddressLine);
 * romanized, the prefecture's romanized name after it, as such an address is written
 * ("1-2-3 Asakusabashi, Taito-ku, Tokyo"), never 東京都 glued to the street (issue 28).
 */
export function addressLine(order: { prefecture: number | null; address: string }): string {
  if (JAPANESE_SCRIPT.test(order.address) || order.prefecture === null) return slipAddressLine(order);
  const prefecture = prefectureName(order.prefecture, "en");
  const address = order.address.trim().replace(/,$/, "");
  if (!prefecture || address === "" || new RegExp(`\\b${prefecture}(?:-ken|-fu|-to)?$`, "i").test(address)) return address || order.address;
  return `${address}, ${prefecture}`;
}
