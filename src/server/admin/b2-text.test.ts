import { describe, expect, it } from "vitest";
import { b2Bytes, b2Phone, b2Text, cutBetweenNumbers, fitBytes, isB2Character, splitB2Address } from "./b2-text.ts";

describe("b2Text", () => {
  it("keeps JIS X 0208 text as it is", () => {
    expect(b2Text("山田 花子 ～ ＡＢＣ ｱｲｳ 〒")).toEqual({ text: "山田 花子 ～ ＡＢＣ ｱｲｳ 〒", replaced: [] });
    expect(b2Text("生酒 〜しぼりたて〜").text).toBe("生酒 ～しぼりたて～");
  });

  it("replaces variant kanji by their common form and lists them", () => {
    expect(b2Text("髙橋")).toEqual({ text: "高橋", replaced: [{ original: "髙", substitute: "高" }] });
    expect(b2Text("山﨑 𠮷男")).toEqual({
      text: "山崎 吉男",
      replaced: [
        { original: "﨑", substitute: "崎" },
        { original: "𠮷", substitute: "吉" },
      ],
    });
  });

  it("replaces NEC/IBM extras by their compatibility form and unknown characters by 〓", () => {
    expect(b2Text("①号室 ㈱蔵")).toEqual({
      text: "1号室 (株)蔵",
      replaced: [
        { original: "①", substitute: "1" },
        { original: "㈱", substitute: "(株)" },
      ],
    });
    expect(b2Text("琇子 😀")).toEqual({
      text: "〓子 〓",
      replaced: [
        { original: "琇", substitute: "〓" },
        { original: "😀", substitute: "〓" },
      ],
    });
    expect(isB2Character("?")).toBe(true);
    expect(isB2Character("髙")).toBe(false);
    expect(isB2Character("凜")).toBe(true);
  });
});

describe("b2Phone", () => {
  it("gives half-width digits and hyphens, never cut mid-number", () => {
    expect(b2Phone("０３－１２３４－５６７８")).toBe("03-1234-5678");
    expect(b2Phone("０９０－１２３４－５６７８")).toBe("090-1234-5678");
    // 15 bytes with hyphens would not fit: the digits stay whole.
    expect(b2Phone("+44 20 7946 0958 12")).toBe("44207946095812");
  });
});

describe("splitB2Address", () => {
  it("keeps a short address whole", () => {
    expect(splitB2Address("東京都台東区蔵前3-14-7", "蔵前ビル1階", "東京都")).toEqual({
      address: "東京都台東区蔵前3-14-7",
      building: "蔵前ビル1階",
      company1: "",
      company2: "",
      leftOver: "",
    });
  });

  it("keeps 町・番地 within 32 bytes and overflows into the building, never inside a block number", () => {
    const split = splitB2Address("沖縄県中頭郡北谷町字美浜九丁目十番地ハーバーサイドビレッジ南棟1-23-456", "特別室", "沖縄県");
    expect(split.address.startsWith("沖縄県中頭郡北谷町")).toBe(true);
    const street = split.address.slice("沖縄県中頭郡北谷町".length);
    expect(b2Bytes(street)).toBeLessThanOrEqual(32);
    expect(b2Bytes(split.address)).toBeLessThanOrEqual(64);
    expect(b2Bytes(split.building)).toBeLessThanOrEqual(32);
    // Nothing lost, nothing reordered.
    expect(`${split.address}${split.building}${split.company1}${split.company2}`.replace(/ /g, "")).toBe(
      "沖縄県中頭郡北谷町字美浜九丁目十番地ハーバーサイドビレッジ南棟1-23-456特別室",
    );
    expect(split.leftOver).toBe("");
    expect(`${split.address}|${split.building}|${split.company1}`).not.toMatch(/\d\|\d|-\||\|-/);
  });

  it("cuts a long block number before it rather than in it", () => {
    const split = splitB2Address("東京都千代田区あいうえおかきくけこさしすせそ1234-5678", "", "東京都");
    expect(split.address).toBe("東京都千代田区あいうえおかきくけこさしすせそ");
    expect(split.building).toBe("1234-5678");
  });
});

describe("cutBetweenNumbers", () => {
  it("never leaves part of a vintage at the cut", () => {
    const name = "シャトー・ルーヴィエール ソーヴィニヨン・ブラン 2023";
    expect(b2Bytes(name)).toBe(52);
    expect(fitBytes(name, 50)).toBe("シャトー・ルーヴィエール ソーヴィニヨン・ブラン 20");
    expect(cutBetweenNumbers(name, 50)).toBe("シャトー・ルーヴィエール ソーヴィニヨン・ブラン");
    expect(cutBetweenNumbers(name, 51)).toBe("シャトー・ルーヴィエール ソーヴィニヨン・ブラン");
    expect(cutBetweenNumbers("蔵の赤ワイン2023年", 14)).toBe("蔵の赤ワイン");
  });

  it("keeps a name that fits, and cuts words between characters otherwise", () => {
    expect(cutBetweenNumbers("蔵の赤 2023", 50)).toBe("蔵の赤 2023");
    expect(cutBetweenNumbers("蔵の赤 2023 限定品", 15)).toBe("蔵の赤 2023 限");
    expect(cutBetweenNumbers("蔵の赤 2023 限定品", 12)).toBe("蔵の赤 2023");
  });
});
