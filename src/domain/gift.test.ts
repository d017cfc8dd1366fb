import { describe, expect, it } from "vitest";
import { trackingUrl } from "./carriers.ts";
import { checkGift, defaultGiftSettings, giftInstructions, giftLines } from "./gift.ts";

const settings = defaultGiftSettings();

describe("checkGift", () => {
  it("is no gift when absent, null or all off", () => {
    expect(checkGift(undefined, settings, "ja")).toEqual({ ok: true, gift: null });
    expect(checkGift(null, settings, "ja")).toEqual({ ok: true, gift: null });
    expect(checkGift({ wrapping: false, message_card: "  \n ", noshi: null }, settings, "ja")).toEqual({ ok: true, gift: null });
  });

  it("keeps line breaks of the card, folds the name to one line and puts the noshi outside by default", () => {
    expect(checkGift({ noshi: { omotegaki: "内祝", name: " 山田\n太郎 " }, message_card: "一行目\r\n二行目" }, settings, "ja")).toEqual({
      ok: true,
      gift: { wrapping: false, noshi: { omotegaki: "内祝", placement: "outer", name: "山田 太郎" }, messageCard: "一行目\n二行目", hidePrices: false },
    });
  });

  it("counts characters, not code units: 20 emoji-free kanji pass, 21 fail", () => {
    expect(checkGift({ noshi: { omotegaki: "寿", name: "𠮷".repeat(20) } }, settings, "en").ok).toBe(true);
    expect(checkGift({ noshi: { omotegaki: "寿", name: "𠮷".repeat(21) } }, settings, "en")).toEqual({
      ok: false,
      errors: { "gift.noshi.name": "The giver's name can be at most 20 characters." },
    });
  });

  it("refuses control characters and options switched off", () => {
    expect(checkGift({ message_card: "a\u0007b" }, settings, "ja")).toEqual({
      ok: false,
      errors: { "gift.message_card": "使用できない文字が含まれています。" },
    });
    const off = { ...settings, noshi: false, messageCard: false, hidePrices: false };
    expect(checkGift({ noshi: { omotegaki: "寿" }, message_card: "x", hide_prices: true }, off, "ja")).toEqual({
      ok: false,
      errors: {
        "gift.noshi.omotegaki": "のしは現在承っておりません。",
        "gift.message_card": "メッセージカードは現在承っておりません。",
        "gift.hide_prices": "金額を記載しない納品書は現在承っておりません。",
      },
    });
  });
});

describe("how a gift is written", () => {
  const gift = { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer" as const, name: "山田" }, messageCard: "ありがとう", hidePrices: true };

  it("as rows for the mail and the pages", () => {
    expect(giftLines(gift, "ja")).toEqual([
      { label: "のし", value: "御歳暮(外のし)" },
      { label: "名入れ", value: "山田" },
      { label: "ラッピング", value: "あり" },
      { label: "メッセージカード", value: "ありがとう" },
      { label: "納品書", value: "金額を記載しない" },
    ]);
    expect(giftLines(null, "en")).toEqual([]);
  });

  it("as one packing line", () => {
    expect(giftInstructions(gift)).toBe("のし:御歳暮/名入れ:山田/外のし・ラッピング");
    expect(giftInstructions(gift, { withName: false, withCard: true })).toBe("のし:御歳暮/名入れあり/外のし・ラッピング/カード/金額なし");
    expect(giftInstructions(null)).toBe("");
  });
});

describe("tracking pages", () => {
  it("links each carrier's page for the slip's digits, ヤマト運輸 by default", () => {
    expect(trackingUrl("yamato", "4444-1375-8703")).toBe("https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=444413758703");
    expect(trackingUrl(null, "444413758703")).toBe("https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=444413758703");
    expect(trackingUrl("sagawa", "5125-4751-4334")).toBe("https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=512547514334");
    expect(trackingUrl("japanpost", "4055-4842-4886", "en")).toBe(
      "https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=405548424886&searchKind=S002&locale=en",
    );
    expect(trackingUrl("yamato", null)).toBeNull();
  });
});
