import { readFileSync } from "node:fs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { B2_COLUMNS } from "../admin/b2-cloud.csv.ts";
import { decodeCarrierFile, IssuedFileError, parseIssuedData } from "./issued-data.ts";

// Golden files, Shift_JIS (Windows-31J) with CRLF as the label programs write them, one per
// carrier (decision 067): the reference and slip number of each issued row, empty lines and lines
// of empty cells skipped, quoted cells with commas, quotes and line breaks kept whole.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe("parseIssuedData", () => {
  it("reads B2 Cloud's 発行済みデータ: お客様管理番号 and 伝票番号, an unissued row with an empty slip", () => {
    const file = parseIssuedData(fixture("b2-issued.csv"));
    expect(file.layout).toBe("b2");
    expect(file.carrier).toBe("yamato");
    expect(file.rows).toEqual([
      { line: 2, reference: "7K3MQ9XA2BCD", slipNumber: "412345678901" },
      { line: 4, reference: "8M4NR0YB3CDE", slipNumber: "412345678912" },
      { line: 6, reference: "9P5PS1ZC4DEF", slipNumber: "" },
      { line: 7, reference: "AQ6QT2ZD5EFG", slipNumber: "4123-4567-8923" },
    ]);
  });

  it("reads Sagawa e飛伝Ⅱ's file: お客様管理ナンバー (with the order number's hyphens) and お問合せ送り状No.", () => {
    const file = parseIssuedData(fixture("ehiden-issued.csv"));
    expect(file).toEqual({
      layout: "ehiden",
      carrier: "sagawa",
      rows: [
        { line: 2, reference: "7K3M-Q9XA-2BCD", slipNumber: "400012345670" },
        { line: 4, reference: "8M4NR0YB3CDE", slipNumber: "400012345681" },
      ],
    });
  });

  it("reads Japan Post ゆうプリR's file: お客様側管理番号 and お問合せ番号", () => {
    const file = parseIssuedData(fixture("yupri-issued.csv"));
    expect(file).toEqual({
      layout: "yupri",
      carrier: "japanpost",
      rows: [
        { line: 2, reference: "7K3MQ9XA2BCD", slipNumber: "1234-5678-9012" },
        { line: 4, reference: "9P5PS1ZC4DEF", slipNumber: "123456789023" },
      ],
    });
  });

  it("reads B2's columns by position when the file was written without its header line", () => {
    const row = Array<string>(B2_COLUMNS.length).fill("");
    row[0] = "7K3MQ9XA2BCD";
    row[3] = "412345678901";
    row[15] = "山田 花子";
    const file = parseIssuedData(iconv.encode(`${row.join(",")}\r\n`, "Shift_JIS"));
    expect(file.layout).toBe("b2");
    expect(file.rows).toEqual([{ line: 1, reference: "7K3MQ9XA2BCD", slipNumber: "412345678901" }]);
  });

  it("takes a file saved again as UTF-8 (with or without a byte-order mark) as well as Shift_JIS", () => {
    const text = "お客様管理番号,伝票番号\r\n7K3MQ9XA2BCD,412345678901\r\n";
    const expected = [{ line: 2, reference: "7K3MQ9XA2BCD", slipNumber: "412345678901" }];
    expect(parseIssuedData(Buffer.from(text, "utf8")).rows).toEqual(expected);
    expect(parseIssuedData(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")])).rows).toEqual(expected);
    expect(parseIssuedData(iconv.encode(text, "Shift_JIS")).rows).toEqual(expected);
    expect(decodeCarrierFile(iconv.encode("髙橋①", "CP932"))).toBe("髙橋①");
  });

  it("refuses an empty file, a file of another layout and a broken quote, naming the problem", () => {
    const problem = (text: string) => {
      try {
        parseIssuedData(Buffer.from(text, "utf8"));
      } catch (error) {
        return error instanceof IssuedFileError ? error.problem : "other";
      }
      return "none";
    };
    expect(problem("\r\n,,,\r\n")).toBe("empty");
    expect(problem("name,price\r\nwine,3000\r\n")).toBe("unknown_layout");
    expect(problem('お客様管理番号,伝票番号\r\n"7K3MQ9XA2BCD,412345678901\r\n')).toBe("unreadable");
  });
});
