import { describe, expect, it } from "vitest";
import { testAppFixture } from "../testing/test-app.ts";
import { CountriesService, MAX_COUNTRY_RESULTS } from "./countries.service.ts";

const countries = new CountriesService();
const ids = (query: string, locale: "ja" | "en" = "ja") => countries.search(query, locale).map((country) => country.id);

describe("country search", () => {
  it("lists Japan first when nothing is typed, then others by name, at most 20", () => {
    const list = countries.search("", "ja");
    expect(list[0]).toEqual({ id: "jp", name: "日本" });
    expect(list).toHaveLength(MAX_COUNTRY_RESULTS);
    expect(countries.search("", "en")[0]).toEqual({ id: "jp", name: "Japan" });
    expect(countries.search("", "en")[1]!.name).toBe("Afghanistan");
  });

  it("finds a country by its code, the code first", () => {
    expect(ids("us")[0]).toBe("us");
    expect(ids("JP")[0]).toBe("jp");
  });

  it("finds by either language's name, partially and without regard to case", () => {
    expect(ids("フランス")[0]).toBe("fr");
    expect(ids("france")).toEqual(["fr"]);
    expect(ids("FRAN", "en")).toContain("fr");
    expect(ids("ドイツ", "en")).toEqual(["de"]);
    expect(ids("germany", "ja")).toEqual(["de"]);
    expect(countries.search("ニュージー", "ja")).toEqual([{ id: "nz", name: "ニュージーランド" }]);
  });

  it("puts the code first, then names that start with the query, then names that only contain it", () => {
    expect(ids("in", "en").slice(0, 4)).toEqual(["in", "id", "ar", "bh"]);
    const katakana = countries.search("ア", "ja").map((country) => country.name);
    expect(katakana.slice(0, 2)).toEqual(["アイスランド", "アイルランド"]);
    expect(katakana.indexOf("イタリア")).toBeGreaterThan(katakana.indexOf("アンドラ"));
  });

  it("matches hiragana, half-width kana, full-width letters, accents and aliases", () => {
    expect(ids("ふらんす")).toEqual(ids("フランス"));
    expect(ids("ﾌﾗﾝｽ")).toEqual(ids("フランス"));
    expect(ids("ｆｒａｎｃｅ")).toEqual(["fr"]);
    expect(ids("cote d'ivoire", "en")).toContain("ci");
    expect(ids("côte", "en")).toContain("ci");
    expect(ids("usa", "en")).toContain("us");
    expect(ids("アメリカ")[0]).toBe("us");
  });

  it("knows codes and names for the saved address", () => {
    expect(countries.isCountry("jp")).toBe(true);
    expect(countries.isCountry("GB")).toBe(true);
    expect(countries.isCountry("xx")).toBe(false);
    expect(countries.name("us", "ja")).toBe("アメリカ合衆国");
    expect(countries.name("us", "en")).toBe("United States of America");
  });
});

describe("GET /api/countries", () => {
  const shop = testAppFixture();

  it("answers in the path's locale with Japan first by default, cacheable", async () => {
    const ja = await shop.app.inject({ method: "GET", url: "/ja/api/countries" });
    expect(ja.statusCode).toBe(200);
    expect(ja.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    expect(ja.json().data[0]).toEqual({ id: "jp", name: "日本" });
    expect(ja.json().data).toHaveLength(20);
    const en = await shop.app.inject({ method: "GET", url: "/en/api/countries?q=" });
    expect(en.json().data[0]).toEqual({ id: "jp", name: "Japan" });
  });

  it("searches with q, in the cookie's locale on /api", async () => {
    const response = await shop.app.inject({ method: "GET", url: `/api/countries?q=${encodeURIComponent("イタリア")}`, headers: { cookie: "locale=en" } });
    expect(response.json()).toEqual({ data: [{ id: "it", name: "Italy" }] });
    expect(response.headers.vary).toMatch(/cookie/i);
    const none = await shop.app.inject({ method: "GET", url: "/ja/api/countries?q=zzzz" });
    expect(none.json()).toEqual({ data: [] });
  });

  it("takes the first of repeated q values", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/en/api/countries?q=spain&q=japan" });
    expect(response.json().data).toEqual([{ id: "es", name: "Spain" }]);
  });
});
