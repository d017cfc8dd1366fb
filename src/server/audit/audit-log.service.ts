import { and, desc, eq, gte, like, lt } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { staffAuditLogTable } from "../db/schema/security.ts";
import { japanMidnight } from "../../domain/japan-time.ts";
import { pagination, withPage } from "../db/paging.ts";

/** One entry as it is written: who, what to what, the outcome, and from where. */
export interface AuditEntryInput {
  staff: { id: number; email: string; role: string } | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  outcome: "success" | "failure";
  method: string;
  route: string;
  status: number;
  details: Record<string, unknown>;
  ip: string;
  userAgent: string | null;
}

/** One entry as the owner reads it (GET /admin/api/audit_log): the answer schema's own type. */
export type { AuditEntry } from "../../domain/answers/records.ts";
import type { AuditEntry } from "../../domain/answers/records.ts";

export interface AuditSearch {
  staffId?: number | undefined;
  /** An action (`order.ship`) or a family of them (`order.`). */
  action?: string | undefined;
  /** Japan dates, yyyy-mm-dd, both included. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

const PER_PAGE = 50;

/**
 * The staff audit log (decision 065). Entries are only ever inserted: the table's triggers
 * (migration 0030) refuse changing or removing one for seven years, so this service has no
 * update or delete, and the time of an entry is the database's.
 */
export class AuditLogService {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntryInput): Promise<void> {
    await this.db.insert(staffAuditLogTable).values({
      staffId: entry.staff?.id ?? null,
      staffEmail: entry.staff?.email ?? null,
      staffRole: entry.staff?.role ?? null,
      action: entry.action.slice(0, 200),
      targetKind: entry.targetKind,
      targetId: entry.targetId?.slice(0, 200) ?? null,
      outcome: entry.outcome,
      method: entry.method,
      route: entry.route.slice(0, 300),
      status: entry.status,
      details: entry.details,
      ip: entry.ip.slice(0, 100),
      userAgent: entry.userAgent?.slice(0, 500) ?? null,
    });
  }

  /** Newest first, 50 a page, filtered by staff, action and Japan dates. */
  async search(filter: AuditSearch): Promise<{ data: AuditEntry[]; meta: { pagination: { current_page: number; total_page: number; total_count: number } } }> {
    const conditions: SQL[] = [];
    if (filter.staffId !== undefined) conditions.push(eq(staffAuditLogTable.staffId, filter.staffId));
    if (filter.action) {
      conditions.push(
        filter.action.endsWith(".")
          ? like(staffAuditLogTable.action, `${filter.action.replace(/[\\%_]/g, "\\$&")}%`)
          : eq(staffAuditLogTable.action, filter.action),
      );
    }
    if (filter.from) conditions.push(gte(staffAuditLogTable.at, japanMidnight(filter.from)));
    if (filter.to) conditions.push(lt(staffAuditLogTable.at, japanMidnight(filter.to, 1)));
    const where = conditions.length ? and(...conditions) : undefined;
    const totalCount = await this.db.$count(staffAuditLogTable, where);
    const rows = await withPage(
      this.db.select().from(staffAuditLogTable).where(where).orderBy(desc(staffAuditLogTable.at), desc(staffAuditLogTable.id)).$dynamic(),
      filter.page,
      PER_PAGE,
    );
    return {
      data: rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        staff_id: row.staffId,
        staff_email: row.staffEmail,
        staff_role: row.staffRole,
        action: row.action,
        target_kind: row.targetKind,
        target_id: row.targetId,
        outcome: row.outcome,
        method: row.method,
        route: row.route,
        status: row.status,
        details: row.details,
        ip: row.ip,
        user_agent: row.userAgent,
      })),
      meta: { pagination: pagination(filter.page, totalCount, PER_PAGE) },
    };
  }
}
