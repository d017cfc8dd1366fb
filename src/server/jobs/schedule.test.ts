import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { scheduleClockJobs } from "./schedule.ts";

// The clock jobs run one after another within a process (a small pool would otherwise be held by
// their locks), each under its own lock, and a failing one does not stop the next.

describe("the clock jobs", () => {
  it("run one at a time at start, each under its own lock, a failure logged and the next run", async () => {
    const app = Fastify({ logger: false });
    const locks: string[] = [];
    let running = 0;
    let most = 0;
    const done: string[] = [];
    const database = {
      exclusively: async <T>(name: string, work: () => Promise<T>) => {
        locks.push(name);
        return work();
      },
    };
    const job = (name: string, fail = false) => ({
      name,
      everyMs: 3_600_000,
      atStart: true,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        if (fail) throw new Error(`${name} broke`);
        done.push(name);
      },
    });
    const lastRan = new Promise<void>((resolve) => {
      scheduleClockJobs(app, database, [job("a"), job("b", true), job("c"), { ...job("d"), run: async () => resolve() }]);
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    await lastRan;
    await app.close();
    expect(locks).toEqual(["kura:a", "kura:b", "kura:c", "kura:d"]);
    expect(done).toEqual(["a", "c"]);
    expect(most).toBe(1);
  });
});
