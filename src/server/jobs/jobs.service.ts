import { and, asc, count, eq, lt, or, sql } from "drizzle-orm";
import type { JobKind, JobRow, JobView } from "../../domain/bulk-moves.ts";
import { JOB_THRESHOLD } from "../../domain/bulk-moves.ts";
import type { Locale } from "../../domain/locale.ts";
import type { Database } from "../db/client.ts";
import { WorkerLoop } from "../worker-loop.ts";
import { jobResultsTable, jobsTable } from "../db/schema/jobs.ts";

/** How long a worker holds a job without renewing it; a job whose holder died is taken again after this. */
const LEASE_SECONDS = 30;
/** A job taken this often (interrupted again and again) is given up, with what was done kept. */
const MAX_ATTEMPTS = 3;

type JobRecord = typeof jobsTable.$inferSelect;

/** What a kind's worker does with one item: its own transaction(s), and the item's row of the result. */
export type JobHandler = (item: unknown, context: { position: number; locale: Locale; staffId: number }) => Promise<JobRow>;

interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const FAILURES: Record<"error" | "interrupted", Record<Locale, string>> = {
  error: {
    ja: "処理の途中でエラーが起きたため止めました。ここまでの結果は下のとおりです。",
    en: "The work stopped on an error. What was done so far is below.",
  },
  interrupted: {
    ja: "処理が繰り返し中断されたため止めました。ここまでの結果は下のとおりです。",
    en: "The work was interrupted too often and has stopped. What was done so far is below.",
  },
};

/**
 * Long back-office work (issue #35 item 4, decision 069): a request with more items than
 * `threshold` writes a job and answers at once; the worker of any process takes it, works its items
 * one at a time (each its own transaction, through the kind's handler) and keeps each item's row in
 * job_results with the count, so the page shows progress and the result waits at /admin/jobs/{id}.
 *
 * Taken once: the claim selects the oldest open job `for update skip locked` and leases it in the
 * same transaction, so two processes never take the same job; the lease is renewed after every item,
 * guarded by the attempt number that took it (a worker that lost its job to another stops). A job
 * whose lease ran out (its process died) is taken again and goes on with the items that have no row
 * yet; each item is its own transaction, so redoing only the rest is safe.
 */
export class JobsService {
  readonly threshold: number;
  private readonly handlers = new Map<JobKind, JobHandler>();
  private readonly loop: WorkerLoop;

  constructor(
    private readonly db: Database,
    private readonly options: { log: JobLog; threshold?: number; pollIntervalMs?: number },
  ) {
    this.threshold = options.threshold ?? JOB_THRESHOLD;
    this.loop = new WorkerLoop({
      pass: async () => {
        for (let job = await this.claim(); job && !this.loop.stopped; job = await this.claim()) await this.work(job);
      },
      failed: (error) => this.options.log.error({ error: error instanceof Error ? error.name : "unknown" }, "job worker failed"),
      stopsBetweenPasses: true,
      kickKeepsProcessAlive: false,
      pollIntervalMs: options.pollIntervalMs,
    });
  }

  /** Whether this many items run as a job rather than in the request. */
  isLong(items: number): boolean {
    return items > this.threshold;
  }

  register(kind: JobKind, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Writes a queued job (in a transaction of its own: a keyed request's key is taken with it) and wakes the worker. */
  async enqueue(kind: JobKind, items: unknown[], staffId: number, locale: Locale): Promise<JobView> {
    const job = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(jobsTable).values({ kind, input: items, locale, total: items.length, staffId }).returning();
      return row!;
    });
    this.kick();
    return this.viewOf(job, [], locale);
  }

  /** The job with its rows so far (GET /admin/api/jobs/{id}); undefined when there is none. */
  async view(id: number, locale: Locale): Promise<JobView | undefined> {
    const [job] = await this.db.select().from(jobsTable).where(eq(jobsTable.id, id));
    if (!job) return undefined;
    const rows = await this.db
      .select({ row: jobResultsTable.row })
      .from(jobResultsTable)
      .where(eq(jobResultsTable.jobId, id))
      .orderBy(asc(jobResultsTable.position));
    return this.viewOf(
      job,
      rows.map((each) => each.row as JobRow),
      locale,
    );
  }

  /** Ask the worker to look for jobs soon; never throws. */
  kick(): void {
    this.loop.kick();
  }

  /** Works every open job now and resolves when none is left (tests). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  /** Polls for jobs (of other processes' requests, or left by a restart). */
  start(): void {
    this.loop.start();
  }

  /** Stops after the item being worked; the job is handed back at once (queued) for the next start. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Takes the oldest open job for this process: queued, or running with its lease run out. */
  private async claim(): Promise<JobRecord | undefined> {
    for (;;) {
      const taken = await this.db.transaction(async (tx) => {
        const [open] = await tx
          .select({ id: jobsTable.id })
          .from(jobsTable)
          .where(or(eq(jobsTable.state, "queued"), and(eq(jobsTable.state, "running"), lt(jobsTable.leaseUntil, sql`now()`))))
          .orderBy(asc(jobsTable.id))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!open) return undefined;
        const [job] = await tx
          .update(jobsTable)
          .set({
            state: "running",
            attempts: sql`${jobsTable.attempts} + 1`,
            leaseUntil: sql`now() + ${LEASE_SECONDS}::int * interval '1 second'`,
            startedAt: sql`coalesce(${jobsTable.startedAt}, now())`,
          })
          .where(eq(jobsTable.id, open.id))
          .returning();
        return job;
      });
      if (!taken) return undefined;
      if (taken.attempts <= MAX_ATTEMPTS) return taken;
      await this.finish(taken, "failed", "interrupted");
    }
  }

  private async work(job: JobRecord): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const worked = new Set(
      (await this.db.select({ position: jobResultsTable.position }).from(jobResultsTable).where(eq(jobResultsTable.jobId, job.id))).map(
        (each) => each.position,
      ),
    );
    for (const [position, item] of job.input.entries()) {
      if (worked.has(position)) continue;
      if (this.loop.stopped) {
        // Handed back for the next start (or another process), with what was done kept.
        await this.db
          .update(jobsTable)
          .set({ state: "queued", leaseUntil: null })
          .where(and(eq(jobsTable.id, job.id), eq(jobsTable.attempts, job.attempts), eq(jobsTable.state, "running")));
        return;
      }
      let row: JobRow;
      try {
        if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
        row = await handler(item, { position, locale: job.locale as Locale, staffId: job.staffId });
      } catch (error) {
        this.options.log.warn({ jobId: job.id, position, error: error instanceof Error ? error.name : "unknown" }, "job item failed; the job stops");
        await this.finish(job, "failed", "error");
        return;
      }
      const still = await this.db.transaction(async (tx) => {
        // Only while this worker still holds the job (its attempt): otherwise another process took it.
        const [held] = await tx
          .select({ id: jobsTable.id })
          .from(jobsTable)
          .where(and(eq(jobsTable.id, job.id), eq(jobsTable.attempts, job.attempts), eq(jobsTable.state, "running")))
          .for("update");
        if (!held) return false;
        await tx.insert(jobResultsTable).values({ jobId: job.id, position, row }).onConflictDoNothing();
        const [done] = await tx.select({ n: count() }).from(jobResultsTable).where(eq(jobResultsTable.jobId, job.id));
        await tx
          .update(jobsTable)
          .set({ doneCount: Number(done?.n ?? 0), leaseUntil: sql`now() + ${LEASE_SECONDS}::int * interval '1 second'` })
          .where(eq(jobsTable.id, job.id));
        return true;
      });
      if (!still) return;
    }
    await this.finish(job, "done", null);
  }

  private async finish(job: JobRecord, state: "done" | "failed", error: "error" | "interrupted" | null): Promise<void> {
    await this.db
      .update(jobsTable)
      .set({ state, error, leaseUntil: null, finishedAt: sql`now()` })
      .where(and(eq(jobsTable.id, job.id), eq(jobsTable.attempts, job.attempts)));
  }

  private viewOf(job: JobRecord, rows: JobRow[], locale: Locale): JobView {
    const moved = rows.filter((row) => row.state === "moved" || row.state === "ship").length;
    const done = rows.filter((row) => row.state === "done").length;
    return {
      id: job.id,
      kind: job.kind,
      state: job.state,
      total: job.total,
      done: job.doneCount,
      counts: { moved, done, refused: rows.length - moved - done },
      rows: job.state === "done" || job.state === "failed" ? rows : [],
      error: job.error === "error" || job.error === "interrupted" ? FAILURES[job.error][locale] : null,
      created_at: job.createdAt.toISOString(),
      finished_at: job.finishedAt?.toISOString() ?? null,
    };
  }
}
