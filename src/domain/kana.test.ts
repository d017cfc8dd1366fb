import { describe } from "vitest";
import { halfWidthKatakana, isKanaName, katakanaOf } from "./kana.ts";
import { examples } from "./testing/examples.ts";

describe("フリガナ", () => {
  examples("takes katakana and hiragana of either width, with long vowel marks, dots and spaces", isKanaName, [
    ["ヒガ ツル", true],
    ["ひが　つる", true],
    ["ﾋｶﾞ ﾂﾙ", true],
    ["ジョージ・スミス", true],
  ]);

  examples("refuses kanji, latin letters, digits and a blank reading", isKanaName, [
    ["比嘉 ツル", false],
    ["Higa", false],
    ["ツル1", false],
    ["  ", false],
  ]);

  examples("keeps a reading as full-width katakana with single spaces", katakanaOf, [
    [" ひが　　つる ", "ヒガ ツル"],
    ["ﾋｶﾞ ﾂﾙ", "ヒガ ツル"],
  ]);

  examples("writes half-width katakana for B2 Cloud, voiced sounds as letter and mark", halfWidthKatakana, [
    ["ヒガ ツル", "ﾋｶﾞ ﾂﾙ"],
    ["ぱーてぃー", "ﾊﾟｰﾃｨｰ"],
    ["ヴィンテージ・ワイン", "ｳﾞｨﾝﾃｰｼﾞ･ﾜｲﾝ"],
    ["ヶ", "ｹ"],
  ]);
});
