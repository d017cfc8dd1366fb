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
 */
export function scheduleClockJobs(app: FastifyInstance, database: Pick<DatabaseHandle, "exclusively">, jobs: readonly ClockJob[]): void {
  for (const job of jobs) {
    const tick = () =>
      void database.exclusively(`kura:${job.name}`, job.run, { wait: false }).catch((error: unknown) => app.log.warn({ err: error }, `${job.name} failed`));
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    if (job.atStart) app.addHook("onListen", async () => tick());
    app.addHook("onClose", async () => clearInterval(timer));
  }
}
