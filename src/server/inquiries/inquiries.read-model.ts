import { count, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { inquiriesTable } from "../db/schema/inquiries.ts";

/** What the inquiries module publishes for the back office's dashboard. */
export class InquiriesReadModel {
  constructor(private readonly db: Database) {}

  /** Inquiries nobody has marked handled yet. */
  async unhandledCount(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(inquiriesTable).where(isNull(inquiriesTable.handledAt));
    return Number(row?.n ?? 0);
  }
}
