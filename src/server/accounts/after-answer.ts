/** The part of a pino logger this needs; errors go through the log's safe serializer (error-log.ts). */
interface AfterAnswerLog {
  error(fields: object, message: string): void;
}

/**
 * Work a request causes but its answer must not wait for: the answer would otherwise take longer
 * exactly when the work exists, and so tell who has an account (a reset link is made and mailed only
 * for a known address). A task starts once the current answer has been written (setImmediate runs
 * after the reply's promise chain) and its failure is logged, never answered. Work is not durable:
 * a process that stops in between loses it, as a lost request would (decision 014).
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: AfterAnswerLog) {}

  run(name: string, task: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, task: name }, "work after an answer failed"))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once every task started so far (and any they started) has finished: tests, shutdown. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
