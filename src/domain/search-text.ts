// Folding for the catalogue search (docs/decisions/030-search-and-product-details.md): a shopper
// types シャトー, しゃとー, ｼｬﾄｰ or CHATEAU and expects the same bottles. Both the query and each
// product's text are folded the same way, then matched by substring.

const HIRAGANA_START = 0x3041;
const HIRAGANA_END = 0x3096;
const KATAKANA_OFFSET = 0x60;

/** Small kana and their full-size letters: ウィスキー and ウイスキー are the same word to a shopper. */
const SMALL_KANA: Record<string, string> = {
  ァ: "ア",
  ィ: "イ",
  ゥ: "ウ",
  ェ: "エ",
  ォ: "オ",
  ッ: "ツ",
  ャ: "ヤ",
  ュ: "ユ",
  ョ: "ヨ",
  ヮ: "ワ",
  ヵ: "カ",
  ヶ: "ケ",
};

/** Separators a name may or may not carry (シャトー・ラ・クロワ, Pinot-Noir): ignored on both sides. */
const SEPARATORS = /[\s・･·.,\-‐–—_/／'’&＆()（）「」『』[\]]+/gu;

/**
 * Text in its searchable form: NFKC (full-width Latin and digits to half-width, half-width kana to
 * full-width), lower case, accents dropped (Château → chateau), hiragana to katakana, small kana
 * to full size, and separators removed.
 */
export function foldForSearch(text: string): string {
  const decomposed = text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
  // NFD splits ガ into カ + ゛; compose again so kana keep their voicing marks.
  let folded = "";
  for (const char of decomposed.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    const katakana = code >= HIRAGANA_START && code <= HIRAGANA_END ? String.fromCodePoint(code + KATAKANA_OFFSET) : char;
    folded += SMALL_KANA[katakana] ?? katakana;
  }
  return folded.replace(SEPARATORS, "");
}

/** The words of a query, each folded; empty words dropped. Every word must match (AND). */
export function searchTerms(query: string): string[] {
  return query
    .normalize("NFKC")
    .split(/[\s、,]+/u)
    .map(foldForSearch)
    .filter((term) => term.length > 0);
}

/** Whether a folded search text holds every term. */
export function matchesSearch(foldedText: string, terms: string[]): boolean {
  return terms.every((term) => foldedText.includes(term));
}
