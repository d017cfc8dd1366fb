import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/client.ts";

/** Work the shop does by the clock: a sweep, a mail run, an expiry. */
export interface ClockJob {
  /** Also the name of the lock that lets one process at a time run it. */
  name: string;
  everyMs: number;
  /** Run once when the server starts listening too (a server that was down catches up at once). */
  atStart?: boolean;
  run: () => Promise<unknown>;
}

/**
 * The shop's clock jobs, in one place. Each runs every `everyMs` in one process at a time: where
 * several processes serve the shop, the others skip that round (`exclusively` without waiting), so
 * two never do the same work twice. A failed round is logged and the next one tries again.
 *
 * Within a process the jobs run one after another, never side by side: each holds a pooled
 * connection for its lock while its work takes others, so jobs started together (all of them at
 * start) would hold as many connections as there are jobs, and with a small pool
 * (DATABASE_POOL_SIZE 5) leave their work none: the process would hang before answering. A job
 * already waiting for its turn is not queued twice.
 */
export function scheduleClockJobs(app: FastifyInstance, database: Pick<DatabaseHandle, "exclusively">, jobs: readonly ClockJob[]): void {
  let turn: Promise<void> = Promise.resolve();
  const waiting = new Set<string>();
  const tick = (job: ClockJob) => {
    if (waiting.has(job.name)) return;
    waiting.add(job.name);
    turn = turn.then(async () => {
      try {
        await database.exclusively(`kura:${job.name}`, job.run, { wait: false });
      } catch (error: unknown) {
        app.log.warn({ err: error }, `${job.name} failed`);
      } finally {
        waiting.delete(job.name);
      }
    });
  };
  for (const job of jobs) {
    const timer = setInterval(() => tick(job), job.everyMs);
    timer.unref();
    if (job.atStart) app.addHook("onListen", async () => tick(job));
    app.addHook("onClose", async () => clearInterval(timer));
  }
}
