import { describe, expect, it } from "vitest";
import { parseAddress } from "./address-schema.ts";
import { PREFECTURES, addressLine, autofilledAddress, normalizeZip, prefectureCodeOf, prefectureName, slipAddressLine } from "./address.ts";

describe("normalizeZip", () => {
  it("turns full-width digits into half-width ones", () => {
    expect(normalizeZip("１０００００１")).toBe("1000001");
  });

  it.each([
    ["100-0001"],
    ["100ー0001"],
    ["100－0001"],
    ["100‐0001"],
    ["100−0001"],
    ["100–0001"],
    ["１００ー０００１"],
    [" 100 0001 "],
    ["100\u30000001"],
    ["〒100-0001"],
  ])("removes hyphens of every kind and spaces: %s", (input) => {
    expect(normalizeZip(input)).toBe("1000001");
  });

  it("keeps what is not a digit or a separator, so validation can refuse it", () => {
    expect(normalizeZip("10a-0001")).toBe("10a0001");
  });
});

describe("PREFECTURES", () => {
  it("holds the 47 prefectures keyed 1–47 from Hokkaido to Okinawa", () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(PREFECTURES.map((prefecture) => prefecture.code)).toEqual(Array.from({ length: 47 }, (_, index) => index + 1));
    expect(PREFECTURES[0]).toEqual({ code: 1, ja: "北海道", en: "Hokkaido" });
    expect(PREFECTURES[12]).toEqual({ code: 13, ja: "東京都", en: "Tokyo" });
    expect(PREFECTURES[26]).toEqual({ code: 27, ja: "大阪府", en: "Osaka" });
    expect(PREFECTURES[46]).toEqual({ code: 47, ja: "沖縄県", en: "Okinawa" });
    expect(new Set(PREFECTURES.map((prefecture) => prefecture.ja)).size).toBe(47);
  });

  it("names a code in either language and finds the code of a Japanese name", () => {
    expect(prefectureName(26, "ja")).toBe("京都府");
    expect(prefectureName(26, "en")).toBe("Kyoto");
    expect(prefectureName(48, "ja")).toBeUndefined();
    expect(prefectureCodeOf("神奈川県")).toBe(14);
    expect(prefectureCodeOf("神奈川")).toBeUndefined();
  });
});

describe("the address form", () => {
  const tokyo = { country: "jp", zip: "100-0001", prefecture: 13, address: "千代田区千代田1-1", building_name: "" };

  it("accepts a Japanese address, normalising the zip", () => {
    expect(parseAddress({ ...tokyo, zip: "１００ー０００１", building_name: " 蔵ビル 3F " })).toEqual({
      ok: true,
      value: { country: "jp", zip: "1000001", prefecture: 13, address: "千代田区千代田1-1", building_name: "蔵ビル 3F" },
    });
  });

  it("defaults the country to jp, lower-cases it and takes the prefecture from a select's string", () => {
    const { country: _country, ...withoutCountry } = tokyo;
    expect(parseAddress({ ...withoutCountry, prefecture: "13" })).toMatchObject({ ok: true, value: { country: "jp", prefecture: 13 } });
    expect(parseAddress({ ...tokyo, country: "JP" })).toMatchObject({ ok: true, value: { country: "jp" } });
  });

  it("leaves building_name optional", () => {
    const { building_name: _building, ...withoutBuilding } = tokyo;
    expect(parseAddress(withoutBuilding)).toMatchObject({ ok: true, value: { building_name: "" } });
    expect(parseAddress({ ...tokyo, building_name: null })).toMatchObject({ ok: true, value: { building_name: "" } });
  });

  it("requires 7 digits for a Japanese zip", () => {
    expect(parseAddress({ ...tokyo, zip: "100-001" })).toEqual({ ok: false, errors: { zip: ["zip_format"] } });
    expect(parseAddress({ ...tokyo, zip: "100-00011" })).toEqual({ ok: false, errors: { zip: ["zip_format"] } });
    expect(parseAddress({ ...tokyo, zip: "1oo-0001" })).toEqual({ ok: false, errors: { zip: ["zip_format"] } });
    expect(parseAddress({ ...tokyo, zip: " ー " })).toEqual({ ok: false, errors: { zip: ["blank"] } });
  });

  it("requires one of the 47 prefectures in Japan", () => {
    expect(parseAddress({ ...tokyo, prefecture: null })).toEqual({ ok: false, errors: { prefecture: ["blank"] } });
    expect(parseAddress({ ...tokyo, prefecture: "" })).toEqual({ ok: false, errors: { prefecture: ["blank"] } });
    expect(parseAddress({ ...tokyo, prefecture: 0 })).toEqual({ ok: false, errors: { prefecture: ["inclusion"] } });
    expect(parseAddress({ ...tokyo, prefecture: 48 })).toEqual({ ok: false, errors: { prefecture: ["inclusion"] } });
    expect(parseAddress({ ...tokyo, prefecture: 1.5 })).toEqual({ ok: false, errors: { prefecture: ["inclusion"] } });
    expect(parseAddress({ ...tokyo, prefecture: "Tokyo" })).toEqual({ ok: false, errors: { prefecture: ["inclusion"] } });
  });

  it("takes a foreign address without prefecture and keeps its zip as typed", () => {
    expect(parseAddress({ country: "gb", zip: " sw1a  1aa ", prefecture: 13, address: "10 Downing Street, London" })).toEqual({
      ok: true,
      value: { country: "gb", zip: "sw1a 1aa", prefecture: null, address: "10 Downing Street, London", building_name: "" },
    });
    expect(parseAddress({ country: "gb", zip: "", address: "London" })).toEqual({ ok: false, errors: { zip: ["blank"] } });
  });

  it("refuses a country that is not an alpha-2 code", () => {
    expect(parseAddress({ ...tokyo, country: "jpn" })).toMatchObject({ ok: false, errors: { country: ["inclusion"] } });
    expect(parseAddress({ ...tokyo, country: " " })).toMatchObject({ ok: false, errors: { country: ["blank"] } });
  });

  it("limits address and building_name to 255 characters", () => {
    expect(parseAddress({ ...tokyo, address: "あ".repeat(255), building_name: "い".repeat(255) })).toMatchObject({ ok: true });
    expect(parseAddress({ ...tokyo, address: "あ".repeat(256), building_name: "い".repeat(256) })).toEqual({
      ok: false,
      errors: { address: ["too_long"], building_name: ["too_long"] },
    });
  });

  it("names every wrong field at once", () => {
    expect(parseAddress({ country: "jp", zip: "12", prefecture: null, address: "  " })).toEqual({
      ok: false,
      errors: { address: ["blank"], zip: ["zip_format"], prefecture: ["blank"] },
    });
    expect(parseAddress({})).toEqual({ ok: false, errors: { zip: ["blank"], address: ["blank"], prefecture: ["blank"] } });
    expect(parseAddress("not an object")).toEqual({ ok: false, errors: { zip: ["blank"], address: ["blank"] } });
  });
});

describe("autofilledAddress", () => {
  it("fills an empty address with city and town", () => {
    expect(autofilledAddress("", "", "千代田区千代田")).toBe("千代田区千代田");
    expect(autofilledAddress("  ", "千代田区千代田", "大阪市北区梅田")).toBe("大阪市北区梅田");
  });

  it("swaps the previous city and town, keeping what the member typed after them", () => {
    expect(autofilledAddress("千代田区千代田1-1", "千代田区千代田", "大阪市北区梅田")).toBe("大阪市北区梅田1-1");
  });

  it("keeps an address that already starts with the new city and town, or that was typed by hand", () => {
    expect(autofilledAddress("千代田区千代田1-1", "", "千代田区千代田")).toBe("千代田区千代田1-1");
    expect(autofilledAddress("丸の内1-1", "千代田区千代田", "千代田区丸の内")).toBe("丸の内1-1");
  });
});

describe("addressLine", () => {
  it("puts the prefecture in front of an address written in Japanese", () => {
    expect(addressLine({ prefecture: 13, address: "台東区蔵前3-14-7" })).toBe("東京都台東区蔵前3-14-7");
    expect(addressLine({ prefecture: 13, address: "東京都台東区蔵前3-14-7" })).toBe("東京都台東区蔵前3-14-7");
  });

  it("puts the romanized prefecture after a romanized address, never 東京都 glued to the street (issue 28)", () => {
    expect(addressLine({ prefecture: 13, address: "3-14-7 Kuramae, Taito-ku" })).toBe("3-14-7 Kuramae, Taito-ku, Tokyo");
    expect(addressLine({ prefecture: 13, address: "3-14-7 Kuramae, Taito-ku, Tokyo" })).toBe("3-14-7 Kuramae, Taito-ku, Tokyo");
    expect(addressLine({ prefecture: null, address: "1 Main St" })).toBe("1 Main St");
  });

  it("keeps the Japanese prefecture first for the carrier's slip whatever the script", () => {
    expect(slipAddressLine({ prefecture: 13, address: "3-14-7 Kuramae, Taito-ku" })).toBe("東京都3-14-7 Kuramae, Taito-ku");
  });
});
