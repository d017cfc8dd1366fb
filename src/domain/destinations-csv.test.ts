import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import {
  DESTINATIONS_CSV_COLUMNS,
  DESTINATIONS_CSV_MAX_ROWS,
  csvDateOf,
  destinationsCsvColumnOf,
  destinationsCsvTemplate,
  parseDestinationsCsv,
} from "./destinations-csv.ts";

const HEADER = Object.values(DESTINATIONS_CSV_COLUMNS)
  .map((column) => column.ja)
  .join(",");
const rows = [
  "比嘉 ツル,ヒガ ツル,900-0021,沖縄県,那覇市泉崎1-2-3,,098-867-1234,12,2,2026/12/20,14-16,する,御歳暮,外のし,山田,,する",
  // The same recipient: a second product of the same destination, wish and gift left blank.
  "比嘉 ツル,,900-0021,,那覇市泉崎1-2-3,,098-867-1234,13,1,,,,,,,,",
  '佐藤 一郎,,060-0001,北海道,札幌市中央区北一条西2-1,"ビル ""北"" 3階",011-222-3333,12,1,,,,,,,"いつも\nありがとう",',
];
const text = `${HEADER}\r\n${rows.join("\r\n")}\r\n`;

describe("parseDestinationsCsv", () => {
  const expected = {
    ok: true,
    shipments: [
      {
        recipient: {
          name: "比嘉 ツル",
          kana: "ヒガ ツル",
          country: "jp",
          zip: "9000021",
          prefecture: 47,
          address: "那覇市泉崎1-2-3",
          building_name: "",
          phone: "098-867-1234",
        },
        items: [
          { id: 12, amount: 2 },
          { id: 13, amount: 1 },
        ],
        desired_delivery_date: "2026-12-20",
        desired_delivery_timezone: "14-16",
        gift: { wrapping: true, noshi: { omotegaki: "御歳暮", placement: "outer", name: "山田" }, message_card: "", hide_prices: true },
      },
      {
        recipient: {
          name: "佐藤 一郎",
          country: "jp",
          zip: "0600001",
          prefecture: 1,
          address: "札幌市中央区北一条西2-1",
          building_name: 'ビル "北" 3階',
          phone: "011-222-3333",
        },
        items: [{ id: 12, amount: 1 }],
        desired_delivery_date: "",
        desired_delivery_timezone: "",
        gift: { wrapping: false, noshi: null, message_card: "いつも\nありがとう", hide_prices: false },
      },
    ],
    lines: [[2, 3], [4]],
    items: [
      { id: 12, amount: 3 },
      { id: 13, amount: 1 },
    ],
  };

  it("reads UTF-8 with a byte-order mark (Excel's CSV UTF-8), grouping the rows of one recipient", () => {
    expect(parseDestinationsCsv(new TextEncoder().encode(`\ufeff${text}`))).toEqual(expected);
  });

  it("reads UTF-8 without a byte-order mark", () => {
    expect(parseDestinationsCsv(new TextEncoder().encode(text))).toEqual(expected);
  });

  it("reads Shift_JIS as Excel saves it (cp932: 髙, ①, ～)", () => {
    expect(parseDestinationsCsv(iconv.encode(text, "CP932"))).toEqual(expected);
    const special = parseDestinationsCsv(
      iconv.encode(`${HEADER}\r\n髙橋 ①郎,,810-0001,,福岡市中央区天神1-1-1,天神ビル～3階,092-111-2222,12,1,,,,,,,,\r\n`, "CP932"),
    );
    expect(special.ok && special.shipments[0]!.recipient).toMatchObject({ name: "髙橋 ①郎", building_name: "天神ビル～3階" });
  });

  it("answers every row's problems by line and column, in ja and en, and no destinations", () => {
    const bad = [
      ",,900-0021,,那覇市泉崎1-2-3,,098-867-1234,12,2,,,,,,,,",
      "鈴木 花,すずき,5300001,大坂府,大阪市北区梅田1-1-1,,06-1234,abc,0,2026/2/30,,たぶん,,上,,,",
      "比嘉 ツル,,900-0021,,那覇市泉崎1-2-3,,098-867-1234,12,1,,,,,,,,",
      "比嘉 ツル,,900-0021,,那覇市泉崎1-2-3,,098-867-1234,13,1,2026/12/24,,,,,,,",
    ];
    const result = parseDestinationsCsv(new TextEncoder().encode(`${HEADER}\n${bad.join("\n")}\n`));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => [error.line, error.column])).toEqual([
      [2, "お届け先氏名"],
      [3, "都道府県"],
      [3, "電話番号"],
      [3, "商品番号"],
      [3, "数量"],
      [3, "お届け希望日"],
      [3, "包装"],
      [3, "のし位置"],
      [5, "お届け希望日"],
    ]);
    expect(result.errors[0]!.message).toEqual({ ja: "お届け先氏名を入力してください", en: expect.stringMatching(/^Recipient name /) });
    expect(result.errors[4]!.message.ja).toBe("数量は1以上の値にしてください");
    expect(result.errors[8]!.message.en).toContain("earlier row of the same destination");
  });

  it("counts the lines of a quoted cell with line breaks", () => {
    const result = parseDestinationsCsv(new TextEncoder().encode(`${HEADER}\n${rows[2]}\n,,1,,,,,,,,,,,,,,\n`));
    expect(!result.ok && result.errors.map((error) => error.line)).toEqual([4, 4, 4, 4, 4, 4]);
  });

  it("refuses a header without a required column, more than 100 destinations and too many rows", () => {
    const noZip = parseDestinationsCsv(new TextEncoder().encode(`${HEADER.replace("郵便番号", "〒")}\n${rows[0]}\n`));
    expect(!noZip.ok && noZip.errors).toEqual([{ line: 1, column: "郵便番号", message: expect.objectContaining({ ja: expect.stringContaining("見出し") }) }]);
    const many = Array.from({ length: 101 }, (_, index) => `お客 ${index},,100-0001,,千代田区千代田1-${index},,03-1234-5678,12,1,,,,,,,,`);
    const tooMany = parseDestinationsCsv(new TextEncoder().encode(`${HEADER}\n${many.join("\n")}\n`));
    expect(!tooMany.ok && tooMany.errors).toEqual([
      { line: 102, column: "お届け先氏名", message: expect.objectContaining({ en: "One order can go to at most 100 destinations. Please split your order." }) },
    ]);
    const hundred = parseDestinationsCsv(new TextEncoder().encode(`${HEADER}\n${many.slice(0, 100).join("\n")}\n`));
    expect(hundred.ok && hundred.shipments).toHaveLength(100);
    const rowsOver = Array.from({ length: DESTINATIONS_CSV_MAX_ROWS + 1 }, () => rows[1]);
    const over = parseDestinationsCsv(new TextEncoder().encode(`${HEADER}\n${rowsOver.join("\n")}\n`));
    expect(!over.ok && over.errors[0]).toMatchObject({ line: 0, column: "" });
    expect(parseDestinationsCsv(new Uint8Array(600 * 1024)).ok).toBe(false);
    expect(parseDestinationsCsv(new TextEncoder().encode(`${HEADER}\n`))).toMatchObject({ ok: false, errors: [{ line: 0 }] });
  });

  it("gives a template Excel opens in Japanese, whose example row is skipped", () => {
    const template = destinationsCsvTemplate({ productId: 7 });
    expect(template.startsWith("\ufeffお届け先氏名,フリガナ,郵便番号")).toBe(true);
    expect(parseDestinationsCsv(new TextEncoder().encode(template))).toMatchObject({ ok: false, errors: [{ line: 0 }] });
    expect(parseDestinationsCsv(new TextEncoder().encode(`${template}${rows[0]}\r\n`))).toMatchObject({ ok: true, lines: [[3]] });
  });

  it("reads dates as spreadsheets write them and names the column of a checkout field", () => {
    expect(["2026/12/20", "2026-12-20", "2026年12月20日", "２０２６/１２/２０"].map(csvDateOf)).toEqual(Array(4).fill("2026-12-20"));
    expect(csvDateOf("12/20")).toBeUndefined();
    expect(destinationsCsvColumnOf("shipments.3.recipient.zip")).toBe("郵便番号");
    expect(destinationsCsvColumnOf("shipments.0.gift.noshi.omotegaki")).toBe("のし表書き");
  });
});
