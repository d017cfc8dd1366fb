import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import type { CarrierCode } from "../../domain/carriers.ts";
import type { IssuedDataLayout } from "../../domain/issued-data-import.ts";

/**
 * The issued-data files the carriers' label programs write once the labels are printed
 * (decision 067): Yamato B2 Cloud's 発行済みデータ (the 送り状発行データレイアウト 入出力用, the same
 * layout Kura's B2 export fills, with column 4 伝票番号 now filled by B2), Sagawa e飛伝Ⅱ's and
 * Japan Post ゆうプリR's output, each read for two cells: the reference Kura wrote (お客様管理番号:
 * the order's public id) and the slip number the carrier gave the parcel.
 */

export type { IssuedDataLayout };

export const LAYOUT_CARRIER: Record<IssuedDataLayout, CarrierCode> = { b2: "yamato", ehiden: "sagawa", yupri: "japanpost" };

/** One parcel of the file: its line (1-based, as a spreadsheet numbers it), the reference and the slip number as written. */
export interface IssuedRow {
  line: number;
  reference: string;
  slipNumber: string;
}

export interface IssuedFile {
  layout: IssuedDataLayout;
  carrier: CarrierCode;
  rows: IssuedRow[];
}

/** Why a file is not read at all. */
export type IssuedFileProblem = "empty" | "unknown_layout" | "unreadable";

export class IssuedFileError extends Error {
  constructor(readonly problem: IssuedFileProblem) {
    super(problem);
    this.name = "IssuedFileError";
  }
}

/** Headers naming the reference column, by layout. */
const REFERENCE_HEADERS: Record<IssuedDataLayout, readonly string[]> = {
  b2: ["お客様管理番号"],
  ehiden: ["お客様管理ナンバー", "お客様管理番号"],
  yupri: ["お客様側管理番号"],
};

/** Headers naming the slip-number column, by layout. */
const SLIP_HEADERS: Record<IssuedDataLayout, readonly string[]> = {
  b2: ["伝票番号", "送り状番号"],
  ehiden: ["お問合せ送り状No", "お問合せ送り状NO", "お問合せ送り状番号", "お問い合せ送り状No", "送り状番号", "原票番号"],
  yupri: ["お問合せ番号", "お問い合わせ番号", "問合せ番号", "追跡番号", "引受番号"],
};

/** B2's 入出力用 layout by position (a file written without its header line): お客様管理番号 is column 1, 伝票番号 column 4. */
const B2_REFERENCE_COLUMN = 0;
const B2_SLIP_COLUMN = 3;
/** Columns of B2's basic layout; a headerless file with fewer is not taken for B2's. */
const B2_MIN_COLUMNS = 42;

/**
 * The file's text: UTF-8 when it says so (a byte-order mark) or is valid UTF-8 (a file saved again
 * by a spreadsheet), else Windows-31J, the Shift_JIS the label programs write (NEC and IBM rows too).
 */
export function decodeCarrierFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(Buffer.from(bytes), "CP932");
  }
}

/** A header cell compared without spaces, full-width letters or a trailing dot ("お問合せ送り状Ｎｏ．"). */
function headerKey(cell: string): string {
  return cell.normalize("NFKC").replace(/[\s.]/gu, "").toUpperCase();
}

function columnOf(header: readonly string[], names: readonly string[]): number {
  const keys = header.map(headerKey);
  for (const name of names) {
    const at = keys.indexOf(headerKey(name));
    if (at >= 0) return at;
  }
  return -1;
}

/** The layout a header line names: ゆうプリR's and e飛伝's own words first, then B2's. */
function layoutOfHeader(header: readonly string[]): { layout: IssuedDataLayout; reference: number; slip: number } | undefined {
  for (const layout of ["yupri", "ehiden", "b2"] as const) {
    const reference = columnOf(header, REFERENCE_HEADERS[layout]);
    const slip = columnOf(header, SLIP_HEADERS[layout]);
    if (reference >= 0 && slip >= 0) return { layout, reference, slip };
  }
  return undefined;
}

function isBlank(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === "");
}

/**
 * Reads an issued-data file: its layout (from the header line, or B2's columns by position when
 * there is none), and each parcel's reference and slip number, trimmed. Empty lines and lines of
 * empty cells are skipped; quoted cells may hold commas, quotes and line breaks.
 */
export function parseIssuedData(bytes: Uint8Array): IssuedFile {
  // Parsed as UTF-8 bytes, so the parser's offsets are byte offsets in which line breaks are counted.
  const utf8 = Buffer.from(decodeCarrierFile(bytes), "utf8");
  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    parsed = parse(utf8, { relax_column_count: true, skip_empty_lines: true, info: true, bom: true }) as unknown as typeof parsed;
  } catch {
    throw new IssuedFileError("unreadable");
  }
  const records = withLines(utf8, parsed).filter(({ record }) => !isBlank(record));
  const first = records[0];
  if (!first) throw new IssuedFileError("empty");
  const fromHeader = layoutOfHeader(first.record);
  const columns =
    fromHeader ?? (first.record.length >= B2_MIN_COLUMNS ? { layout: "b2" as const, reference: B2_REFERENCE_COLUMN, slip: B2_SLIP_COLUMN } : undefined);
  if (!columns) throw new IssuedFileError("unknown_layout");
  const data = fromHeader ? records.slice(1) : records;
  return {
    layout: columns.layout,
    carrier: LAYOUT_CARRIER[columns.layout],
    rows: data.map(({ record, line }) => ({
      line,
      reference: (record[columns.reference] ?? "").trim(),
      slipNumber: (record[columns.slip] ?? "").trim(),
    })),
  };
}

const CR = 0x0d;
const LF = 0x0a;

/** Each record's first line (1-based): past the end of the record before it and the empty lines after that. */
function withLines(bytes: Buffer, parsed: { record: string[]; info: { bytes: number } }[]): { record: string[]; line: number }[] {
  let line = 1;
  let at = 0;
  const breakAt = (offset: number) => (bytes[offset] === CR ? (bytes[offset + 1] === LF ? 2 : 1) : bytes[offset] === LF ? 1 : 0);
  return parsed.map(({ record, info }) => {
    for (let width = breakAt(at); width > 0; width = breakAt(at)) {
      at += width;
      line += 1;
    }
    const start = line;
    for (; at < info.bytes; at += 1) {
      const width = breakAt(at);
      if (width === 0) continue;
      at += width - 1;
      line += 1;
    }
    return { record, line: start };
  });
}
