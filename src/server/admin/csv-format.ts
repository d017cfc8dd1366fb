// RFC 4180 CSV as spreadsheet programs and carrier systems read it: CRLF line ends, every field
// quoted when it holds a comma, quote or line break.

export type CsvValue = string | number | null | undefined;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvText(rows: CsvValue[][]): string {
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/**
 * A text cell Excel will not run as a formula (CSV injection): a leading =, +, -, @, tab or CR
 * gets a quote mark in front. Numbers are passed as numbers and never touched.
 */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Excel opens a UTF-8 CSV as UTF-8 only when it starts with a byte order mark. */
export const UTF8_BOM = "\uFEFF";
