import { ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** The ILIKE pattern that finds `text` anywhere: `%` and `_` in a search are letters, not wildcards. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The back-office lists' search box: rows where any of `columns` contains `text` (any case), or any of `also` holds. */
export function anyContains(text: string, columns: PgColumn[], also: SQL[] = []): SQL {
  const pattern = containing(text);
  return or(...columns.map((column) => ilike(column, pattern)), ...also)!;
}
