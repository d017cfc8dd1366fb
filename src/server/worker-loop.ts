/**
 * The in-process worker of a table-backed queue (the mail outbox, the jobs): woken by `kick()` after
 * a transaction that queued work committed, and by a poll for work of other processes or of before a
 * restart. One pass at a time per process; a kick during a pass makes it look once more before it
 * ends. What a pass does, and how a failure is logged, is the queue's own.
 */
export class WorkerLoop {
  private running: Promise<void> | undefined;
  private runAgain = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private kickTimer: NodeJS.Timeout | undefined;
  private stoppedFlag = false;

  constructor(
    private readonly options: {
      /** Works what is there now (until nothing is left, or until `stopped`). */
      pass: () => Promise<void>;
      /** Logs a pass that threw; the loop goes on at the next kick. */
      failed: (error: unknown) => void;
      /** Whether a stop cuts the loop after the current pass (jobs), or lets it run to the end (mails). */
      stopsBetweenPasses: boolean;
      /** Whether a pending kick keeps the process alive (mails queued just before an exit are sent). */
      kickKeepsProcessAlive: boolean;
      pollIntervalMs?: number | undefined;
    },
  ) {}

  /** True from stop() until the next start(): a pass checks it between its items. */
  get stopped(): boolean {
    return this.stoppedFlag;
  }

  /** Asks for a pass soon; never throws. */
  kick(): void {
    if (this.stoppedFlag || this.kickTimer) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined;
      this.drain().catch((error: unknown) => this.options.failed(error));
    }, 0);
    if (!this.options.kickKeepsProcessAlive) this.kickTimer.unref();
  }

  /** Works now and resolves when nothing is left (tests, shutdown). */
  drain(): Promise<void> {
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    const run = (async () => {
      try {
        do {
          this.runAgain = false;
          await this.options.pass();
        } while (this.runAgain && !(this.options.stopsBetweenPasses && this.stoppedFlag));
      } finally {
        this.running = undefined;
      }
    })();
    this.running = run;
    return run;
  }

  /** Begins polling (and looks at once). */
  start(): void {
    if (this.pollTimer) return;
    this.stoppedFlag = false;
    this.pollTimer = setInterval(() => this.kick(), this.options.pollIntervalMs ?? 5000);
    this.pollTimer.unref();
    this.kick();
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    this.stoppedFlag = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.kickTimer);
    this.pollTimer = undefined;
    this.kickTimer = undefined;
    await this.running?.catch(() => undefined);
  }
}
