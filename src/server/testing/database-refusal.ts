import type { SQL } from "drizzle-orm";
import type { Database } from "../db/database.ts";

/**
 * The SQLSTATE every append-only book answers a refused change with (restrict_violation): the
 * liquor books (migration 0026), the transaction records (0027) and the staff audit log (0030),
 * made one in migration 0033.
 */
export const BOOK_REFUSED = "23001";

/** What the database answered a statement: its SQLSTATE and message when it refused, or "done". */
export async function databaseAnswer(db: Database, statement: SQL): Promise<"done" | { code: string; message: string }> {
  try {
    await db.execute(statement);
    return "done";
  } catch (error) {
    // Drizzle wraps the driver's error (pg and PGlite alike): the code and message are on a cause.
    for (
      let current: unknown = error, depth = 0;
      current && typeof current === "object" && depth < 5;
      current = (current as { cause?: unknown }).cause, depth += 1
    ) {
      const { code, message } = current as { code?: unknown; message?: unknown };
      if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return { code, message: String(message) };
    }
    throw error;
  }
}
