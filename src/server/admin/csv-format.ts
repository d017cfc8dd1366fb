// The one CSV writer of the back office's files (orders, Yamato B2 Cloud, liquor report, magazine
// subscribers): RFC 4180 as spreadsheet programs and carrier systems read it (CRLF line ends, every
// field quoted when it holds a comma, quote or line break), and no text cell a spreadsheet would run
// as a formula. The escaping lives here, not in each file's columns, so a new file or column cannot
// forget it.

export type CsvValue = string | number | null | undefined;

/** How a cell a spreadsheet would run as a formula begins (CSV injection). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell Excel will not run as a formula: a leading =, +, -, @, tab or CR gets a quote mark
 * in front. Numbers are passed as numbers and never touched.
 */
function spreadsheetSafe(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function field(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? spreadsheetSafe(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvText(rows: CsvValue[][]): string {
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** Excel opens a UTF-8 CSV as UTF-8 only when it starts with a byte order mark. */
export const UTF8_BOM = "\uFEFF";
