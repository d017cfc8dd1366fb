import iconv from "iconv-lite";
import { B2_COLUMNS } from "../admin/b2-cloud.csv.ts";
import type { StaffSession } from "./staff-fixtures.ts";
import type { TestApp } from "./test-app.ts";

// Yamato's B2 Cloud both ways: the export staff download to print slips (read here as the carrier's
// site reads it) and the 発行済みデータ the site hands back with the slip numbers (written here).

export type B2Column = (typeof B2_COLUMNS)[number];

/**
 * GET /admin/api/orders/b2-cloud.csv?{query} as staff download it, decoded from Shift_JIS: its rows
 * after the header line, split into cells (the test orders hold no quoted commas).
 */
export async function b2ExportRows(shop: TestApp, staff: StaffSession, query: string): Promise<string[][]> {
  const response = await shop.app.inject({ method: "GET", url: `/admin/api/orders/b2-cloud.csv?${query}`, headers: staff.headers });
  return iconv
    .decode(response.rawPayload, "Shift_JIS")
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(","));
}

/** A row's cell under the column of this name. */
export function b2Cell<T>(row: readonly T[], column: B2Column): T | undefined {
  return row[B2_COLUMNS.indexOf(column)];
}

/**
 * The row's cells under each column of `expected`, by name: compared with `toEqual(expected)`, one
 * assertion checks them all and shows every column that differs.
 */
export function b2Cells<T>(row: readonly T[], expected: Partial<Record<B2Column, unknown>>): Partial<Record<B2Column, T | undefined>> {
  return Object.fromEntries(Object.keys(expected).map((column) => [column, b2Cell(row, column as B2Column)]));
}

/**
 * B2 Cloud's 発行済みデータ as the carrier's site hands it back: its columns, Shift_JIS, CRLF, the
 * header line first, base64 as the upload form sends it. Each row names the parcel (お客様管理番号:
 * an order id, or `{order}-{n}` for one of several parcels) and the slip number printed for it.
 */
export function b2IssuedDataFile(parcels: { reference: string; slip: string }[]): string {
  const lines = [B2_COLUMNS.join(",")];
  for (const parcel of parcels) {
    const row = Array<string>(B2_COLUMNS.length).fill("");
    row[0] = parcel.reference;
    row[1] = "0";
    row[3] = parcel.slip;
    row[15] = "山田 花子";
    lines.push(row.join(","));
  }
  return iconv.encode(`${lines.join("\r\n")}\r\n`, "Shift_JIS").toString("base64");
}
