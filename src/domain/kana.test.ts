import { describe, expect, it } from "vitest";
import { halfWidthKatakana, isKanaName, katakanaOf } from "./kana.ts";

describe("フリガナ", () => {
  it("takes katakana and hiragana of either width, with long vowel marks, dots and spaces", () => {
    expect(isKanaName("ヒガ ツル")).toBe(true);
    expect(isKanaName("ひが　つる")).toBe(true);
    expect(isKanaName("ﾋｶﾞ ﾂﾙ")).toBe(true);
    expect(isKanaName("ジョージ・スミス")).toBe(true);
  });

  it("refuses kanji, latin letters, digits and a blank reading", () => {
    expect(isKanaName("比嘉 ツル")).toBe(false);
    expect(isKanaName("Higa")).toBe(false);
    expect(isKanaName("ツル1")).toBe(false);
    expect(isKanaName("  ")).toBe(false);
  });

  it("keeps a reading as full-width katakana with single spaces", () => {
    expect(katakanaOf(" ひが　　つる ")).toBe("ヒガ ツル");
    expect(katakanaOf("ﾋｶﾞ ﾂﾙ")).toBe("ヒガ ツル");
  });

  it("writes half-width katakana for B2 Cloud, voiced sounds as letter and mark", () => {
    expect(halfWidthKatakana("ヒガ ツル")).toBe("ﾋｶﾞ ﾂﾙ");
    expect(halfWidthKatakana("ぱーてぃー")).toBe("ﾊﾟｰﾃｨｰ");
    expect(halfWidthKatakana("ヴィンテージ・ワイン")).toBe("ｳﾞｨﾝﾃｰｼﾞ･ﾜｲﾝ");
    expect(halfWidthKatakana("ヶ")).toBe("ｹ");
  });
});
