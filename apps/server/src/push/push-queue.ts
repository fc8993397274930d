/** What a task that was never started resolves to, once the queue closed. */
export const DROPPED = Symbol('dropped');

interface Waiting {
  task: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * An in-process queue that runs at most `concurrency` tasks at a time, in
 * the order they came (docs/decisions/029: pushes never hold up a request,
 * and a fan-out to thousands of devices does not open thousands of
 * connections at once). Nothing is kept across restarts.
 */
export class PushQueue {
  private readonly waiting: Waiting[] = [];
  private active = 0;
  private isClosed = false;
  private drained: (() => void) | undefined;

  constructor(private readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error('concurrency must be a positive integer');
    }
  }

  /**
   * Runs `task` when a place is free; resolves with its result (rejects with
   * its error), or with {@link DROPPED} when the queue closed before it
   * started.
   */
  run<T>(task: () => Promise<T>): Promise<T | typeof DROPPED> {
    if (this.isClosed) return Promise.resolve(DROPPED);
    return new Promise<T | typeof DROPPED>((resolve, reject) => {
      this.waiting.push({ task, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /** Tasks waiting for a place plus tasks running. */
  get size(): number {
    return this.waiting.length + this.active;
  }

  /**
   * Stops taking tasks. Tasks already queued may still start for
   * `graceMs`; then those still waiting resolve with {@link DROPPED}.
   * Resolves once nothing runs any more, with how many were dropped. A
   * running task is never cut off (each transport bounds its own calls).
   */
  async close(graceMs: number): Promise<number> {
    this.isClosed = true;
    if (this.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          this.drained = resolve;
        }),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    }
    const dropped = this.waiting.splice(0);
    for (const w of dropped) w.resolve(DROPPED);
    if (this.active > 0) {
      await new Promise<void>((resolve) => {
        this.drained = resolve;
      });
    }
    return dropped.length;
  }

  /** Starts waiting tasks while places are free; calls `drained` when all are done. */
  private pump(): void {
    while (this.active < this.concurrency && this.waiting.length > 0) {
      const next = this.waiting.shift() as Waiting;
      this.active += 1;
      void Promise.resolve()
        .then(next.task)
        .then(next.resolve, next.reject)
        .finally(() => {
          this.active -= 1;
          this.pump();
        });
    }
    if (this.size === 0) this.drained?.();
  }
}
