// フリガナ: how a name reads, as Japanese forms take it (katakana, or hiragana typed by an IME left in
// hiragana mode), and as carriers' files want it (B2 Cloud's お届け先名(ｶﾅ) is half-width katakana).

export const KANA_NAME_MAX_LENGTH = 50;

const HIRAGANA = /[\u3041-\u3096]/g;
/** Katakana (full-width after NFKC), the long vowel mark, the middle dot and spaces. */
const KANA_NAME = /^[\u30a1-\u30fa\u30fc\u30fb \u3000]+$/u;

/** Full-width katakana of a typed reading: half-width katakana widened, hiragana turned into katakana, spaces single. */
export function katakanaOf(text: string): string {
  return text
    .normalize("NFKC")
    .replace(HIRAGANA, (character) => String.fromCharCode(character.charCodeAt(0) + 0x60))
    .replace(/[\s\u3000]+/g, " ")
    .trim();
}

/** True when a reading holds only kana (katakana or hiragana, either width), long vowel marks, middle dots and spaces. */
export function isKanaName(text: string): boolean {
  const katakana = katakanaOf(text);
  return katakana !== "" && KANA_NAME.test(katakana);
}

const FULL = "ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン・ヮヰヱヵヶ";
const HALF = "ｦｧｨｩｪｫｬｭｮｯｰｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝ･ﾜｲｴｶｹ";

/**
 * Half-width katakana, as B2 Cloud's カナ columns take it: 「ヒガ ツル」→「ﾋｶﾞ ﾂﾙ」. Voiced and
 * semi-voiced sounds become the letter and its mark (ガ → ｶﾞ, パ → ﾊﾟ, ヴ → ｳﾞ). Anything that is
 * not kana is dropped: the column is only ever filled from a reading that passed isKanaName.
 */
export function halfWidthKatakana(text: string): string {
  let result = "";
  for (const character of katakanaOf(text).normalize("NFD")) {
    if (character === " ") result += " ";
    else if (character === "\u3099") result += "ﾞ";
    else if (character === "\u309a") result += "ﾟ";
    else {
      const at = FULL.indexOf(character);
      if (at >= 0) result += HALF[at];
    }
  }
  return result;
}
