import { describe, expect, it } from "vitest";
import { WorkerLoop } from "./worker-loop.ts";

// The in-process worker of the mail outbox and the jobs: one pass at a time, another when asked during one.

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A pass that waits until the test lets it finish, counting how often it ran. */
function gatedLoop(stopsBetweenPasses: boolean) {
  let passes = 0;
  let started = deferred();
  let gate = deferred();
  const loop = new WorkerLoop({
    pass: async () => {
      passes += 1;
      const mine = gate;
      started.resolve();
      await mine.promise;
    },
    failed: () => undefined,
    stopsBetweenPasses,
    kickKeepsProcessAlive: false,
  });
  return {
    loop,
    passes: () => passes,
    /** Resolves when the pass under way (or the next one) has started. */
    passStarted: () => started.promise,
    /** Lets the pass under way finish; the next pass (if any) waits for the next call. */
    finishPass: () => {
      const current = gate;
      gate = deferred();
      started = deferred();
      current.resolve();
    },
  };
}

describe("WorkerLoop", () => {
  it("runs one pass at a time and answers a drain during a pass with that pass", async () => {
    const { loop, passes, passStarted, finishPass } = gatedLoop(false);
    const first = loop.drain();
    await passStarted();
    const second = loop.drain();
    expect(second).toBe(first);
    finishPass();
    await passStarted();
    finishPass();
    await first;
    expect(passes()).toBe(2);
  });

  it("ends after the pass under way once stopped, when the queue says so", async () => {
    const { loop, passes, passStarted, finishPass } = gatedLoop(true);
    const run = loop.drain();
    await passStarted();
    loop.drain();
    const stopped = loop.stop();
    expect(loop.stopped).toBe(true);
    finishPass();
    await Promise.all([run, stopped]);
    expect(passes()).toBe(1);
  });

  it("hands a pass that failed after a kick to the queue's log and works again at the next kick", async () => {
    const logged = deferred();
    const failures: unknown[] = [];
    let calls = 0;
    const loop = new WorkerLoop({
      pass: async () => {
        calls += 1;
        if (calls === 1) throw new Error("database away");
      },
      failed: (error) => {
        failures.push(error);
        logged.resolve();
      },
      stopsBetweenPasses: false,
      kickKeepsProcessAlive: false,
    });
    loop.kick();
    await logged.promise;
    expect(String(failures[0])).toContain("database away");
    await loop.drain();
    expect(calls).toBe(2);
  });

  it("takes no kick while stopped", async () => {
    let calls = 0;
    const loop = new WorkerLoop({ pass: async () => void (calls += 1), failed: () => undefined, stopsBetweenPasses: true, kickKeepsProcessAlive: false });
    await loop.stop();
    loop.kick();
    await loop.drain();
    expect(calls).toBe(1);
  });
});
