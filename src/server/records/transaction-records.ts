import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { japanDateOf } from "../../domain/japan-time.ts";
import type { Database } from "../db/client.ts";
import { TRANSACTION_RECORD_KINDS, transactionRecordsTable } from "../db/schema/records.ts";
import { withPage } from "../db/paging.ts";

export type TransactionRecordKind = (typeof TRANSACTION_RECORD_KINDS)[number];
export { TRANSACTION_RECORD_KINDS };

/** What an issued record is filed under; the content is kept byte for byte. */
export interface TransactionRecordInput {
  kind: TransactionRecordKind;
  /** One issue, once: a second call with the same key (a retry, a webhook delivered again) adds nothing. */
  sourceKey: string;
  /** 取引年月日, yyyy-mm-dd in Japan; today when left out. */
  transactionDate?: string;
  /** 取引金額, yen tax included. */
  amount: number;
  /** 取引先 as the record names it. */
  counterparty: string;
  orderRef?: string | null;
  contentType: string;
  fileName: string;
  content: Buffer;
}

/** A kept record without its content (lists, the CSV index). */
export interface TransactionRecordSummary {
  id: number;
  kind: TransactionRecordKind;
  transactionDate: string;
  amount: number;
  counterparty: string;
  orderRef: string | null;
  contentType: string;
  fileName: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

/** The inspector's search (電子帳簿保存法施行規則 §4 ①, §2 ⑥ 五): each condition optional, all combined. */
export interface TransactionRecordQuery {
  from?: string | undefined;
  to?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  counterparty?: string | undefined;
  kind?: TransactionRecordKind | undefined;
}

/** The day in Japan of an instant, yyyy-mm-dd (取引年月日). */
export function japanDay(instant: Date = new Date()): string {
  const { year, month, day } = japanDateOf(instant);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function sha256Hex(content: Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}

/**
 * Files one issued record (decision 062). Call it in the transaction of what issued it, so the
 * record exists exactly when the issue does; answers whether a row was added (false: this issue
 * was recorded before).
 */
export async function recordTransaction(executor: Database, input: TransactionRecordInput): Promise<boolean> {
  const added = await executor
    .insert(transactionRecordsTable)
    .values({
      kind: input.kind,
      sourceKey: input.sourceKey,
      transactionDate: input.transactionDate ?? japanDay(),
      amount: Math.max(0, Math.round(input.amount)),
      counterparty: input.counterparty.trim().slice(0, 300),
      orderRef: input.orderRef ?? null,
      contentType: input.contentType,
      fileName: input.fileName,
      content: input.content,
      sha256: sha256Hex(input.content),
    })
    .onConflictDoNothing({ target: transactionRecordsTable.sourceKey })
    .returning({ id: transactionRecordsTable.id });
  return added.length === 1;
}

const summaryColumns = {
  id: transactionRecordsTable.id,
  kind: transactionRecordsTable.kind,
  transactionDate: transactionRecordsTable.transactionDate,
  amount: transactionRecordsTable.amount,
  counterparty: transactionRecordsTable.counterparty,
  orderRef: transactionRecordsTable.orderRef,
  contentType: transactionRecordsTable.contentType,
  fileName: transactionRecordsTable.fileName,
  size: sql<number>`octet_length(${transactionRecordsTable.content})`.mapWith(Number),
  sha256: transactionRecordsTable.sha256,
  createdAt: transactionRecordsTable.createdAt,
};

function conditionsOf(query: TransactionRecordQuery): SQL | undefined {
  const table = transactionRecordsTable;
  const conditions: SQL[] = [];
  if (query.from) conditions.push(gte(table.transactionDate, query.from));
  if (query.to) conditions.push(lte(table.transactionDate, query.to));
  if (query.minAmount !== undefined) conditions.push(gte(table.amount, query.minAmount));
  if (query.maxAmount !== undefined) conditions.push(lte(table.amount, query.maxAmount));
  // A part of the name, whatever its case and spacing (全角 spaces too): 「山田」 finds 「山田 花子」.
  const name = query.counterparty?.replace(/[\s\u3000]+/g, "");
  if (name) conditions.push(sql`strpos(lower(regexp_replace(${table.counterparty}, '[[:space:]' || chr(12288) || ']+', '', 'g')), ${name.toLowerCase()}) > 0`);
  if (query.kind) conditions.push(eq(table.kind, query.kind));
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** Rows per page of the back office's list; the export takes every match up to EXPORT_MAX. */
export const RECORDS_PAGE_SIZE = 50;
export const EXPORT_MAX = 5000;

/**
 * The kept records for the back office (decision 062): search by 取引年月日, 取引金額 and 取引先,
 * combined; one record's bytes exactly as stored; every match for the inspector's export. Reads
 * only: nothing here (nor anywhere else) changes or removes a row.
 */
export class TransactionRecords {
  constructor(private readonly db: Database) {}

  async search(query: TransactionRecordQuery, page = 1): Promise<{ records: TransactionRecordSummary[]; total: number; page: number; pageSize: number }> {
    const where = conditionsOf(query);
    const total = await this.db.$count(transactionRecordsTable, where);
    const records = await withPage(
      this.db
        .select(summaryColumns)
        .from(transactionRecordsTable)
        .where(where)
        .orderBy(desc(transactionRecordsTable.transactionDate), desc(transactionRecordsTable.id))
        .$dynamic(),
      page,
      RECORDS_PAGE_SIZE,
    );
    return { records: records as TransactionRecordSummary[], total, page, pageSize: RECORDS_PAGE_SIZE };
  }

  /** One record with its content as stored. */
  async byId(id: number): Promise<(TransactionRecordSummary & { content: Buffer }) | undefined> {
    const [row] = await this.db
      .select({ ...summaryColumns, content: transactionRecordsTable.content })
      .from(transactionRecordsTable)
      .where(eq(transactionRecordsTable.id, id));
    return row as (TransactionRecordSummary & { content: Buffer }) | undefined;
  }

  /** Every match, oldest first, with its content (the export); at most EXPORT_MAX, `more` says when there were more. */
  async everyMatch(query: TransactionRecordQuery): Promise<{ records: (TransactionRecordSummary & { content: Buffer })[]; more: boolean }> {
    const rows = await this.db
      .select({ ...summaryColumns, content: transactionRecordsTable.content })
      .from(transactionRecordsTable)
      .where(conditionsOf(query))
      .orderBy(asc(transactionRecordsTable.transactionDate), asc(transactionRecordsTable.id))
      .limit(EXPORT_MAX + 1);
    return { records: rows.slice(0, EXPORT_MAX) as (TransactionRecordSummary & { content: Buffer })[], more: rows.length > EXPORT_MAX };
  }

  /** The records of one order (tests, the order page). */
  async ofOrder(orderRef: string): Promise<TransactionRecordSummary[]> {
    return (await this.db
      .select(summaryColumns)
      .from(transactionRecordsTable)
      .where(eq(transactionRecordsTable.orderRef, orderRef))
      .orderBy(asc(transactionRecordsTable.id))) as TransactionRecordSummary[];
  }
}
