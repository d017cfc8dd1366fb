import iconv from "iconv-lite";
import { normalizePhone } from "../../domain/recipient.ts";
import { FORMULA_START } from "./csv-format.ts";

// Text as Yamato B2 Cloud takes it: characters of JIS X 0208 (levels 1 and 2 and its symbols) in
// Shift_JIS, each column counted in bytes (a full-width character is two). Windows-31J's extras —
// the NEC and IBM rows (髙, 﨑, ①, ㈱) — and anything Shift_JIS has no code for are refused or
// printed wrongly by B2, so they are replaced by a readable character before the file is written.

/** Look-alikes Unicode has twice where Shift_JIS has one code: the one that encodes. */
const SHIFT_JIS_LOOKALIKES: Record<string, string> = {
  "\u301C": "\uFF5E", // 〜 wave dash → ～
  "\u2212": "\uFF0D", // − minus → －
  "\u2014": "\u2015", // — em dash → ―
  "\u2013": "\uFF0D", // – en dash → －
  "\u2016": "\u2225", // ‖ → ∥
  "\u00A2": "\uFFE0",
  "\u00A3": "\uFFE1",
  "\u00AC": "\uFFE2",
  "\u00A0": " ",
};

/**
 * Variant kanji names are often written with (IBM extension rows, or outside Shift_JIS) and the
 * JIS level 1/2 character a slip prints instead, as carriers and banks do.
 */
const KANJI_SUBSTITUTES: Record<string, string> = {
  髙: "高",
  﨑: "崎",
  𡈽: "土",
  𠮷: "吉",
  德: "徳",
  瀨: "瀬",
  濵: "浜",
  栁: "柳",
  黑: "黒",
  﨔: "欅",
  鷗: "鴎",
  槗: "橋",
};

/** The character B2 prints when nothing readable stands in for one (geta mark, as in JIS). */
export const B2_UNKNOWN_CHARACTER = "〓";

/** True for a character B2 takes: ASCII, half-width katakana, or a JIS X 0208 code (rows 1–8, 16–84). */
export function isB2Character(character: string): boolean {
  const bytes = iconv.encode(character, "Shift_JIS");
  if (bytes.length === 1) {
    const byte = bytes[0]!;
    // iconv writes "?" for what it cannot encode: only a real "?" may pass.
    return (byte >= 0x20 && byte <= 0x7e && (byte !== 0x3f || character === "?")) || (byte >= 0xa1 && byte <= 0xdf);
  }
  if (bytes.length !== 2) return false;
  const [lead, trail] = [bytes[0]!, bytes[1]!];
  // 0x81–0x84: symbols, digits, kana, Greek, Cyrillic, box drawing (rows 1–8); 0x87 is NEC's row 13.
  if (lead >= 0x81 && lead <= 0x84) return true;
  // 0x889F–0x9FFC and 0xE040–0xEAA4: the kanji of levels 1 and 2 (ED/EE and FA–FC are NEC/IBM extras).
  if (lead === 0x88) return trail >= 0x9f;
  if (lead >= 0x89 && lead <= 0x9f) return true;
  if (lead >= 0xe0 && lead <= 0xe9) return true;
  return lead === 0xea && trail <= 0xa4;
}

/** One character B2 cannot take and what the file holds instead (髙 → 高). */
export interface B2Replacement {
  original: string;
  substitute: string;
}

export interface B2Text {
  text: string;
  /** Characters replaced, in the order they occur. */
  replaced: B2Replacement[];
}

/**
 * Every character B2 cannot take replaced: a known variant by its common form, a compatibility
 * character by its NFKC form when that encodes (①→1, ㈱→(株)), anything else by 〓.
 */
export function b2Text(input: string): B2Text {
  const replaced: B2Replacement[] = [];
  let text = "";
  for (const original of input.replace(/[\r\n\t]+/g, " ")) {
    const character = SHIFT_JIS_LOOKALIKES[original] ?? original;
    if (isB2Character(character)) {
      text += character;
      continue;
    }
    const known = KANJI_SUBSTITUTES[character];
    const compatible = character.normalize("NFKC");
    const substitute =
      known ??
      ([...compatible].every((each) => isB2Character(SHIFT_JIS_LOOKALIKES[each] ?? each)) && compatible !== character ? compatible : B2_UNKNOWN_CHARACTER);
    text += substitute;
    replaced.push({ original, substitute });
  }
  return { text: text.trim(), replaced };
}

/** Bytes a text takes in the file (Shift_JIS); a cell the CSV writer escapes keeps one for the quote. */
export function b2Bytes(text: string): number {
  return iconv.encode(text, "Shift_JIS").length + (FORMULA_START.test(text) ? 1 : 0);
}

/** The longest start of `text` within `maxBytes`, whole characters only. */
export function fitBytes(text: string, maxBytes: number): string {
  let result = "";
  let bytes = FORMULA_START.test(text) ? 1 : 0;
  for (const character of text) {
    const size = iconv.encode(character, "Shift_JIS").length;
    if (bytes + size > maxBytes) break;
    result += character;
    bytes += size;
  }
  return result;
}

/**
 * A phone number for a B2 column of `maxBytes` (15): half-width digits and hyphens; when the hyphens
 * make it too long they go, and the number is never cut (validation keeps it to 15 digits).
 */
export function b2Phone(input: string, maxBytes = 15): string {
  const phone = normalizePhone(input);
  return phone.length <= maxBytes ? phone : phone.replace(/-/g, "");
}

/** A Japanese postcode as B2 prints it, "111-0051". */
export function b2Zip(zip: string): string {
  const digits = zip.replace(/\D/g, "");
  return digits.length === 7 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/**
 * A product name within `maxBytes`, never cut inside a number: a vintage cut to 「… 202」 reads as
 * another year, so the number's part goes too (「… ブラン」). Whole words are kept otherwise.
 */
export function cutBetweenNumbers(text: string, maxBytes: number): string {
  const fitted = fitBytes(text, maxBytes);
  if (fitted.length === text.length) return fitted;
  const next = text.slice(fitted.length);
  const split = /[0-9０-９]$/.test(fitted) && /^[0-9０-９.,．，]/.test(next);
  return (split ? fitted.replace(/[0-9０-９.,．，]+$/, "") : fitted).trimEnd();
}

/** Byte lengths of B2 Cloud's address fields (送り状発行データレイアウト, 入出力用). */
export const B2_ADDRESS_BYTES = {
  /** 都道府県(4文字)+市区郡町村(12文字)+町・番地(16文字): 64 bytes in all. */
  address: 64,
  /** 町・番地, the part after the city, at most 16 full-width characters. */
  street: 32,
  /** アパートマンション名: 16 full-width characters. */
  building: 32,
  /** 会社・部門 1 and 2: 25 full-width characters each. */
  company: 50,
} as const;

export interface B2Address {
  address: string;
  building: string;
  company1: string;
  company2: string;
  /** Text that fitted nowhere (the trader is told; the slip would miss it). */
  leftOver: string;
}

// 市区郡町村: a designated city's ward (札幌市北区), a district's town or village (中頭郡北谷町), a
// city, ward, town or village. Lazy, so 那覇市泉崎 stops at 那覇市.
const CITY = /^(.{1,8}?市.{1,4}?区|.{1,5}?郡.{1,5}?[町村]|.{1,8}?[市区町村])/u;

/**
 * Where a cut may fall: at the last space when the text has one (a building name stays whole), and
 * never inside a run of digits, hyphens or letters (a block number stays whole).
 */
function cutWithin(text: string, maxBytes: number): string {
  const fitted = fitBytes(text, maxBytes);
  if (fitted.length === text.length) return fitted;
  const next = text.slice(fitted.length);
  const space = fitted.lastIndexOf(" ");
  if (!next.startsWith(" ") && space > 0) return fitted.slice(0, space);
  const joined = /[0-9A-Za-z０-９Ａ-Ｚａ-ｚ\-－ー丁目番地号]$/.test(fitted) && /^[0-9A-Za-z０-９Ａ-Ｚａ-ｚ\-－ー]/.test(next);
  if (!joined) return fitted;
  const start = fitted.search(/[0-9A-Za-z０-９Ａ-Ｚａ-ｚ\-－]+$/);
  return start > 0 ? fitted.slice(0, start) : fitted;
}

/**
 * The address split to B2's fields: prefecture and city with at most 32 bytes of 町・番地 in お届け先住所;
 * the rest, then the building, in アパートマンション名; what is still left in 会社・部門 1 and 2.
 * A cut falls between words, never inside a block number.
 */
export function splitB2Address(addressLine: string, buildingName: string, prefectureName: string): B2Address {
  const line = addressLine.trim();
  const afterPrefecture = prefectureName && line.startsWith(prefectureName) ? line.slice(prefectureName.length) : line;
  const city = CITY.exec(afterPrefecture)?.[1] ?? "";
  const head = line.slice(0, line.length - afterPrefecture.length) + city;
  const street = afterPrefecture.slice(city.length);
  const streetRoom = Math.min(B2_ADDRESS_BYTES.street, B2_ADDRESS_BYTES.address - b2Bytes(head));
  const streetPart = cutWithin(street, Math.max(streetRoom, 0));
  const address = head + streetPart;
  let rest = [street.slice(streetPart.length).trim(), buildingName.trim()].filter(Boolean).join(" ");
  const take = (maxBytes: number) => {
    const part = cutWithin(rest, maxBytes);
    rest = rest.slice(part.length).trim();
    return part.trim();
  };
  const building = take(B2_ADDRESS_BYTES.building);
  const company1 = take(B2_ADDRESS_BYTES.company);
  const company2 = take(B2_ADDRESS_BYTES.company);
  return { address, building, company1, company2, leftOver: rest };
}
