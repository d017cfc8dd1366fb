import { describe, expect, it } from "vitest";
import { normalizePhone, phoneAsStored, phoneDigits, prefectureFromAddressText } from "./recipient.ts";
import { examples } from "./testing/examples.ts";

describe("prefectureFromAddressText", () => {
  examples("takes the prefecture the address starts with", prefectureFromAddressText, [
    ["沖縄県那覇市泉崎1-2-3", 47],
    ["北海道札幌市北区北八条西3丁目", 1],
    ["  京都府京都市中京区", 26],
    ["〒900-0021 沖縄県那覇市", 47],
  ]);

  examples("takes a name written without 都/府/県, and nothing from an address without one", prefectureFromAddressText, [
    ["神奈川横浜市西区", 14],
    ["台東区蔵前3-14-7", undefined],
    ["", undefined],
  ]);
});

describe("normalizePhone", () => {
  examples("makes full-width digits and dashes half-width, whole", normalizePhone, [
    ["０３－１２３４－５６７８", "03-1234-5678"],
    ["０９０ー１２３４ー５６７８", "090-1234-5678"],
    ["03−1234−5678", "03-1234-5678"],
  ]);

  examples("turns brackets and spaces into hyphens and +81 into the trunk 0", normalizePhone, [
    ["(03) 1234 5678", "03-1234-5678"],
    ["（０９８）８６７－１２３４", "098-867-1234"],
    ["+81 90-1234-5678", "090-1234-5678"],
    ["+81(0)3-1234-5678", "03-1234-5678"],
  ]);

  it("gives the digits alone", () => {
    expect(phoneDigits("０３－１２３４－５６７８")).toBe("0312345678");
  });
});

describe("phoneAsStored", () => {
  examples("keeps a Japanese number half-width with hyphens", phoneAsStored, [
    ["０３－１２３４－５６７８", "03-1234-5678"],
    [" 090-1234-5678 ", "090-1234-5678"],
    ["＋８１ ９０－１２３４－５６７８", "090-1234-5678"],
  ]);

  examples("keeps a foreign number's plus", phoneAsStored, [
    ["＋４４ ２０ ７９４６ ００００", "+44-20-7946-0000"],
    ["+1 (212) 555-0100", "+1-212-555-0100"],
  ]);
});
