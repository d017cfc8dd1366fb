import { describe, expect, it } from "vitest";
import { postedCountry } from "./posted-country.ts";

// The country of an address form posted without JavaScript (decision 059): the drawn code, or the typed name looked up.

interface Country {
  id: string;
  name: string;
}

/** A stand-in for PageContext.api answering GET /api/countries with the countries whose name contains the query (folded as the shop's search folds). */
function pageWith(countries: Country[], status = 200) {
  const asked: string[] = [];
  return {
    asked,
    page: {
      api: async (_method: string, path: string) => {
        asked.push(path);
        const fold = (text: string) => text.normalize("NFKC").toLowerCase();
        const q = fold(new URL(path, "http://shop").searchParams.get("q") ?? "");
        return { status, body: { data: countries.filter((country) => fold(country.name).includes(q)) }, setCookies: [] };
      },
    } as unknown as Parameters<typeof postedCountry>[0],
  };
}

const countries = [
  { id: "jp", name: "日本" },
  { id: "us", name: "United States" },
  { id: "um", name: "United States Minor Outlying Islands" },
  { id: "fr", name: "France" },
];

describe("postedCountry", () => {
  it("takes the drawn code when no name was typed, and Japan when nothing was drawn", async () => {
    const { page, asked } = pageWith(countries);
    expect(await postedCountry(page, { country: "fr", country_name: "" })).toBe("fr");
    expect(await postedCountry(page, {})).toBe("jp");
    expect(asked).toEqual([]);
  });

  it("keeps the drawn code when the typed name is still that country's, in another width or case", async () => {
    const { page } = pageWith(countries);
    expect(await postedCountry(page, { country: "fr", country_name: "ＦＲＡＮＣＥ" })).toBe("fr");
  });

  it("gives the code of the one country the typed name names exactly", async () => {
    const { page } = pageWith(countries);
    expect(await postedCountry(page, { country: "jp", country_name: "united states" })).toBe("us");
  });

  it("gives the code of the only result of the search", async () => {
    const { page } = pageWith(countries);
    expect(await postedCountry(page, { country: "jp", country_name: "Fran" })).toBe("fr");
  });

  it("sends a name that finds several countries or none as typed, for the API to refuse", async () => {
    const { page } = pageWith(countries);
    expect(await postedCountry(page, { country: "jp", country_name: "United" })).toBe("United");
    expect(await postedCountry(page, { country: "jp", country_name: "Atlantis" })).toBe("Atlantis");
  });

  it("sends the name as typed when the search fails", async () => {
    const { page } = pageWith(countries, 500);
    expect(await postedCountry(page, { country: "jp", country_name: "France" })).toBe("France");
  });

  it("asks with at most 100 characters of the typed name", async () => {
    const { page, asked } = pageWith(countries);
    await postedCountry(page, { country: "jp", country_name: "x".repeat(300) });
    expect(decodeURIComponent(asked[0]!.split("q=")[1]!)).toHaveLength(100);
  });
});
