import { describe, expect, it } from "vitest";
import { LIQUOR_CATEGORIES, type LiquorCategory } from "./product-details.ts";
import { STRENGTH_BANDS, compareBracketKeys, taxBracketOf } from "./liquor-tax-brackets.ts";
import { deductiblePercent, isInvoiceNumber, normaliseInvoiceNumber } from "./invoice-registration.ts";
import { booksKeptUntil, monthsWithoutStockTake, stockTakeOverdue } from "./liquor-law.ts";
import { examples } from "./testing/examples.ts";

const key = (category: LiquorCategory, permille: number | null) => taxBracketOf(category, permille).key;
const ja = (category: LiquorCategory, permille: number | null) => taxBracketOf(category, permille).label.ja;

describe("税率の適用区分 per 品目", () => {
  it("has bands for every 品目, starting at 0 and without gaps", () => {
    for (const category of Object.keys(LIQUOR_CATEGORIES) as LiquorCategory[]) {
      const bands = STRENGTH_BANDS[category];
      expect(bands[0]!.from, category).toBe(0);
      expect(bands.at(-1)!.until, category).toBeNull();
      for (let i = 1; i < bands.length; i++) expect(bands[i]!.from, category).toBe(bands[i - 1]!.until);
    }
  });

  it("puts 品目 with one rate in one bracket whatever the strength", () => {
    for (const category of ["beer", "seishu", "kajitsushu", "sonota_jozoshu", "gosei_seishu", "mirin", "funmatsushu"] as const) {
      expect(key(category, 55)).toBe("all");
      expect(key(category, 160)).toBe("all");
      expect(key(category, null)).toBe("all");
    }
    expect(ja("seishu", 155)).toBe("全量(単一税率)");
  });

  // The 品目 whose brackets follow strength, each rule as the keys and Japanese labels it gives a
  // 品目 at a strength (‰).
  type Strength = [LiquorCategory, number];
  const strengthRules: { rule: string; keys: [Strength, string][]; labels: [Strength, string][] }[] = [
    {
      rule: "whisky, brandy and spirits: 37度未満 one bracket, then a bracket per whole degree",
      keys: [
        [["whisky", 130], "130-370"],
        [["whisky", 369], "130-370"],
        [["whisky", 370], "370-380"],
        [["whisky", 400], "400-410"],
        [["spirits", 405], "400-410"],
      ],
      labels: [
        [["brandy", 369], "13度以上37度未満"],
        [["whisky", 405], "40度以上41度未満"],
      ],
    },
    {
      rule: "low-strength spirits and shochu: 11度未満, then per degree below 13度 (租特 §87-2)",
      keys: [
        [["spirits", 90], "0-110"],
        [["spirits", 115], "110-120"],
        [["tanshiki_shochu", 125], "120-130"],
        [["tanshiki_shochu", 250], "250-260"],
        [["renzoku_shochu", 200], "130-210"],
        [["renzoku_shochu", 210], "210-220"],
      ],
      labels: [
        [["spirits", 90], "11度未満"],
        [["renzoku_shochu", 209], "13度以上21度未満"],
      ],
    },
    {
      rule: "liqueur and sweetened fruit wine: 13度未満 one rate, then per degree above 12",
      keys: [
        [["kanmi_kajitsushu", 129], "0-130"],
        [["kanmi_kajitsushu", 130], "130-140"],
        [["liqueur", 80], "0-110"],
        [["liqueur", 110], "110-120"],
        [["liqueur", 125], "120-130"],
        [["liqueur", 250], "250-260"],
      ],
      labels: [[["liqueur", 300], "30度以上31度未満"]],
    },
    {
      rule: "happoshu: the special rate below 10度 only",
      keys: [
        [["happoshu", 55], "0-100"],
        [["happoshu", 100], "100-"],
      ],
      labels: [[["happoshu", 110], "10度以上"]],
    },
  ];
  for (const { rule, keys, labels } of strengthRules) {
    describe(rule, () => {
      examples("key", ([category, permille]: Strength) => key(category, permille), keys);
      examples("label", ([category, permille]: Strength) => ja(category, permille), labels);
    });
  }

  it("tells whisky's degrees apart, in English too", () => {
    expect(key("whisky", 430)).not.toBe(key("whisky", 400));
    expect(taxBracketOf("whisky", 405).label.en).toBe("40% to below 41%");
  });

  it("asks for the strength when the 品目 has several brackets and none is recorded", () => {
    expect(key("whisky", null)).toBe("unknown");
    expect(ja("liqueur", null)).toBe("アルコール分未登録");
  });

  it("orders brackets by strength", () => {
    expect(["400-410", "unknown", "130-370", "370-380", "all"].sort(compareBracketKeys)).toEqual(["130-370", "370-380", "400-410", "all", "unknown"]);
  });
});

describe("invoice registration numbers and the transitional deduction", () => {
  it("accepts T and 13 digits, normalising what a trader types", () => {
    expect(isInvoiceNumber("T1234567890123")).toBe(true);
    expect(isInvoiceNumber("T123456789012")).toBe(false);
    expect(isInvoiceNumber("1234567890123")).toBe(false);
    expect(isInvoiceNumber("T12345678901234")).toBe(false);
    expect(normaliseInvoiceNumber("ｔ１２３４-５６７８-９０１２３")).toBe("T1234567890123");
  });
  it("deducts 80% until September 2026 and 70% from October 2026 for unregistered suppliers", () => {
    expect(deductiblePercent("2026-09-30", false)).toBe(80);
    expect(deductiblePercent("2026-10-01", false)).toBe(70);
    expect(deductiblePercent("2028-09-30", false)).toBe(70);
    expect(deductiblePercent("2028-10-01", false)).toBeNull();
    expect(deductiblePercent("2026-10-01", true)).toBe(100);
  });
});

describe("keeping the books and the stock-takes", () => {
  it("keeps an entry five years after the fiscal year it falls in closes", () => {
    expect(booksKeptUntil("2026-11-26")).toBe("2032-03-31");
    expect(booksKeptUntil("2027-03-31")).toBe("2032-03-31");
    expect(booksKeptUntil("2027-04-01")).toBe("2033-03-31");
  });
  it("allows monthly totals only for months a stock-take within three months covers", () => {
    expect(monthsWithoutStockTake(["2026-09", "2026-10", "2026-11"], ["2026-09-30"])).toEqual([]);
    expect(monthsWithoutStockTake(["2026-09", "2026-10", "2026-11", "2026-12"], ["2026-09-30"])).toEqual(["2026-12"]);
    expect(monthsWithoutStockTake(["2026-08"], ["2026-09-30"])).toEqual(["2026-08"]);
    expect(monthsWithoutStockTake(["2026-10"], [])).toEqual(["2026-10"]);
  });
  it("warns when the last stock-take is more than three months ago", () => {
    expect(stockTakeOverdue("2026-11-26", null)).toBe(true);
    expect(stockTakeOverdue("2026-11-26", "2026-08-26")).toBe(false);
    expect(stockTakeOverdue("2026-11-27", "2026-08-26")).toBe(true);
  });
});
