import { describe, expect, it } from "vitest";
import { normalizePhone, phoneAsStored, phoneDigits, prefectureFromAddressText } from "./recipient.ts";

describe("prefectureFromAddressText", () => {
  it("takes the prefecture the address starts with", () => {
    expect(prefectureFromAddressText("沖縄県那覇市泉崎1-2-3")).toBe(47);
    expect(prefectureFromAddressText("北海道札幌市北区北八条西3丁目")).toBe(1);
    expect(prefectureFromAddressText("  京都府京都市中京区")).toBe(26);
    expect(prefectureFromAddressText("〒900-0021 沖縄県那覇市")).toBe(47);
  });

  it("takes a name written without 都/府/県, and nothing from an address without one", () => {
    expect(prefectureFromAddressText("神奈川横浜市西区")).toBe(14);
    expect(prefectureFromAddressText("台東区蔵前3-14-7")).toBeUndefined();
    expect(prefectureFromAddressText("")).toBeUndefined();
  });
});

describe("normalizePhone", () => {
  it("makes full-width digits and dashes half-width, whole", () => {
    expect(normalizePhone("０３－１２３４－５６７８")).toBe("03-1234-5678");
    expect(normalizePhone("０９０ー１２３４ー５６７８")).toBe("090-1234-5678");
    expect(normalizePhone("03−1234−5678")).toBe("03-1234-5678");
  });

  it("turns brackets and spaces into hyphens and +81 into the trunk 0", () => {
    expect(normalizePhone("(03) 1234 5678")).toBe("03-1234-5678");
    expect(normalizePhone("（０９８）８６７－１２３４")).toBe("098-867-1234");
    expect(normalizePhone("+81 90-1234-5678")).toBe("090-1234-5678");
    expect(normalizePhone("+81(0)3-1234-5678")).toBe("03-1234-5678");
    expect(phoneDigits("０３－１２３４－５６７８")).toBe("0312345678");
  });
});

describe("phoneAsStored", () => {
  it("keeps a Japanese number half-width with hyphens", () => {
    expect(phoneAsStored("０３－１２３４－５６７８")).toBe("03-1234-5678");
    expect(phoneAsStored(" 090-1234-5678 ")).toBe("090-1234-5678");
    expect(phoneAsStored("＋８１ ９０－１２３４－５６７８")).toBe("090-1234-5678");
  });

  it("keeps a foreign number's plus", () => {
    expect(phoneAsStored("＋４４ ２０ ７９４６ ００００")).toBe("+44-20-7946-0000");
    expect(phoneAsStored("+1 (212) 555-0100")).toBe("+1-212-555-0100");
  });
});
