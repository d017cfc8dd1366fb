import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { staffMembersTable } from "./staff.ts";
import { cascadeRef, createdAt, serialId, timestamptz } from "../columns.ts";

/** What a job does (decision 069): a bulk move of the order list, or the issued-data upload's confirm. */
export const JOB_KINDS = ["bulk_deposit", "bulk_ship", "issued_data"] as const;
export const JOB_STATES = ["queued", "running", "done", "failed"] as const;

/**
 * Long back-office work (decision 069): a bulk move or an issued-data confirm over many orders is
 * written here and worked by the process's job worker, one item (one order, its own transaction) at
 * a time. A worker takes a job with `for update skip locked` and holds it by a lease it renews after
 * every item; a job whose lease ran out (its process died) is taken again and goes on from the
 * first item without a result.
 */
export const jobsTable = pgTable(
  "jobs",
  {
    id: serialId(),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    state: text("state", { enum: JOB_STATES }).notNull().default("queued"),
    /** The items to work, in order (order ids, slip numbers): what the request carried. */
    input: jsonb("input").$type<unknown[]>().notNull(),
    /** The language of the result's messages: the trader's who started it. */
    locale: text("locale").notNull(),
    total: integer("total").notNull(),
    /** Items worked so far; each has its row in job_results. */
    doneCount: integer("done_count").notNull().default(0),
    /** Who started it (the order moves' history names them). */
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffMembersTable.id),
    /** How often a worker took it (a restart takes it again); given up after a few. */
    attempts: integer("attempts").notNull().default(0),
    /** While running: the worker holds the job until then, renewed after every item. */
    leaseUntil: timestamptz("lease_until"),
    /** Why it failed, as the trader reads it (no internals). */
    error: text("error"),
    createdAt: createdAt(),
    startedAt: timestamptz("started_at"),
    finishedAt: timestamptz("finished_at"),
  },
  (table) => [
    index("jobs_open_idx")
      .on(table.id)
      .where(sql`${table.state} in ('queued', 'running')`),
    check("jobs_done_count", sql`${table.doneCount} >= 0 and ${table.doneCount} <= ${table.total}`),
  ],
);

/** One worked item of a job: what happened to that order (moved, nothing to do, refused and why). */
export const jobResultsTable = pgTable(
  "job_results",
  {
    jobId: cascadeRef("job_id", () => jobsTable.id),
    /** The item's place in the job's input, from 0. */
    position: integer("position").notNull(),
    row: jsonb("row").notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.position] })],
);
