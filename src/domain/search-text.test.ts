import { describe, expect, it } from "vitest";
import { foldForSearch, matchesSearch, searchTerms } from "./search-text.ts";

describe("foldForSearch", () => {
  it("folds hiragana, half-width kana and katakana to one form", () => {
    expect(foldForSearch("しゃとー")).toBe(foldForSearch("シャトー"));
    expect(foldForSearch("ｼｬﾄｰ")).toBe(foldForSearch("シャトー"));
    expect(foldForSearch("ｳｲｽｷｰ")).toBe(foldForSearch("ウイスキー"));
  });

  it("keeps voiced and semi-voiced kana apart from plain ones", () => {
    expect(foldForSearch("ﾊﾞﾙﾌﾞ")).toBe(foldForSearch("バルブ"));
    expect(foldForSearch("パン")).not.toBe(foldForSearch("ハン"));
  });

  it("treats small kana as full size (ウィスキー is ウイスキー)", () => {
    expect(foldForSearch("ウィスキー")).toBe(foldForSearch("ウイスキー"));
  });

  it("folds full-width Latin, case and accents", () => {
    expect(foldForSearch("ＣＨＡＴＥＡＵ")).toBe("chateau");
    expect(foldForSearch("Château")).toBe("chateau");
    expect(foldForSearch("ＰＩＮＯＴ　ｎｏｉｒ")).toBe("pinotnoir");
  });

  it("drops separators a name may carry or not", () => {
    expect(foldForSearch("ピノ・ノワール")).toBe(foldForSearch("ピノノワール"));
    expect(foldForSearch("Pays d'Auge")).toBe("paysdauge");
  });
});

describe("searchTerms and matchesSearch", () => {
  it("splits on ASCII and ideographic spaces and needs every word", () => {
    const terms = searchTerms("  しゃとー　ぼるどー ");
    expect(terms).toEqual([foldForSearch("シャトー"), foldForSearch("ボルドー")]);
    const text = foldForSearch("シャトー・ラ・クロワ ボルドー 2019");
    expect(matchesSearch(text, terms)).toBe(true);
    expect(matchesSearch(text, searchTerms("しゃとー ぶるごーにゅ"))).toBe(false);
  });

  it("gives no terms for a blank query", () => {
    expect(searchTerms(" 　 ")).toEqual([]);
  });
});
