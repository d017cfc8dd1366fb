import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { b2GiftNote } from "./b2-gift-note.ts";

const gift = { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer" as const, name: "山田" }, messageCard: "ありがとう", hidePrices: true };

describe("B2 Cloud's 記事 for a gift", () => {
  it("writes the packing line within 44 Shift_JIS bytes, the name giving way first", () => {
    expect(b2GiftNote(gift).text).toBe("のし:御歳暮/名入れ:山田/外のし・ラッピング");
    // With room, the card is mentioned too.
    expect(b2GiftNote({ ...gift, noshi: { ...gift.noshi, name: "" }, hidePrices: false }).text).toBe("のし:御歳暮/外のし・ラッピング/カード");
    expect(b2GiftNote({ ...gift, noshi: { ...gift.noshi, name: "株式会社くらしゅほ 代表取締役" } }).text).toBe("のし:御歳暮/名入れあり/外のし・ラッピング");
    expect(b2GiftNote({ wrapping: true, noshi: null, messageCard: "", hidePrices: false }).text).toBe("ラッピング");
    expect(b2GiftNote(null)).toEqual({ text: "", replaced: [] });
  });

  it("cuts a long 表書き the trader made at the column, never inside a character", () => {
    const { text: note } = b2GiftNote({ ...gift, noshi: { omotegaki: "御祝御祝御祝御祝御祝", placement: "inner", name: "山田太郎山田太郎" } });
    expect(iconv.encode(note, "Shift_JIS").length).toBeLessThanOrEqual(44);
    expect(note).toBe("のし:御祝御祝御祝御祝御祝/名入れあり/内のし");
  });

  it("folds the name as the name columns are folded, never iconv's ?, and says what it replaced", () => {
    // iconv-lite writes one "?" byte for 𠮷 and 😀: the old note read 「名入れ:?田?」.
    const note = b2GiftNote({ ...gift, noshi: { ...gift.noshi, name: "𠮷田😀" } });
    expect(note.text).toBe("のし:御歳暮/名入れ:吉田〓/外のし・ラッピング");
    expect(iconv.decode(iconv.encode(note.text, "Shift_JIS"), "Shift_JIS")).toBe(note.text);
    expect(note.replaced).toEqual([
      { original: "𠮷", substitute: "吉" },
      { original: "😀", substitute: "〓" },
    ]);
    // The folded text is what is measured: 「名入れ:𠮷𠮷𠮷𠮷」 counted as four 1-byte "?" would have fitted.
    const long = b2GiftNote({ ...gift, noshi: { ...gift.noshi, name: "𠮷𠮷𠮷𠮷" } });
    expect(long.text).toBe("のし:御歳暮/名入れあり/外のし・ラッピング");
    expect(long.replaced).toEqual([]);
  });
});
