import { eq, inArray } from "drizzle-orm";
import { normalizeEmail } from "../../domain/account.ts";
import type { Database } from "../db/client.ts";
import { staffMembersTable } from "../db/schema/staff.ts";

/**
 * What other modules may know of the back office's staff: their e-mail addresses by id (the
 * inquiries' replies name who sent them). The staff table stays the back office's own.
 */
export async function staffEmailsOf(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staffMembersTable.id, email: staffMembersTable.email })
    .from(staffMembersTable)
    .where(inArray(staffMembersTable.id, unique));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The staff account of an address (lower-cased and trimmed as accounts keep it), for the audit log's failed sign-ins. */
export async function staffByEmail(db: Database, email: string): Promise<{ id: number; email: string; role: string } | null> {
  const normalized = normalizeEmail(email);
  if (!normalized || normalized.length > 320) return null;
  const [row] = await db
    .select({ id: staffMembersTable.id, email: staffMembersTable.email, role: staffMembersTable.role })
    .from(staffMembersTable)
    .where(eq(staffMembersTable.email, normalized));
  return row ?? null;
}
