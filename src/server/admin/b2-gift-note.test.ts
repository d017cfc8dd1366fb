import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { b2GiftNote } from "./b2-gift-note.ts";

const gift = { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer" as const, name: "山田" }, messageCard: "ありがとう", hidePrices: true };

describe("B2 Cloud's 記事 for a gift", () => {
  it("writes the packing line within 44 Shift_JIS bytes, the name giving way first", () => {
    expect(b2GiftNote(gift)).toBe("のし:御歳暮/名入れ:山田/外のし・ラッピング");
    // With room, the card is mentioned too.
    expect(b2GiftNote({ ...gift, noshi: { ...gift.noshi, name: "" }, hidePrices: false })).toBe("のし:御歳暮/外のし・ラッピング/カード");
    expect(b2GiftNote({ ...gift, noshi: { ...gift.noshi, name: "株式会社くらしゅほ 代表取締役" } })).toBe("のし:御歳暮/名入れあり/外のし・ラッピング");
    expect(b2GiftNote({ wrapping: true, noshi: null, messageCard: "", hidePrices: false })).toBe("ラッピング");
    expect(b2GiftNote(null)).toBe("");
  });

  it("cuts a long 表書き the trader made at the column, never inside a character", () => {
    const note = b2GiftNote({ ...gift, noshi: { omotegaki: "御祝御祝御祝御祝御祝", placement: "inner", name: "山田太郎山田太郎" } });
    expect(iconv.encode(note, "Shift_JIS").length).toBeLessThanOrEqual(44);
    expect(note).toBe("のし:御祝御祝御祝御祝御祝/名入れあり/内のし");
  });
});
