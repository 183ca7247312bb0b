/**
 * The controls of a running by-scroll task from the outside: cancel (seen between batches and
 * during a throttle wait) and rethrottle (ES 5.6 `WorkerBulkByScrollTaskState#rethrottle`: a
 * speed-up reschedules the pending batch at once, a slow-down applies from the next batch).
 */
import type { ByScrollStatus } from './status.js';

export class RunControl {
  private wake: (() => void) | undefined;
  /** The by-scroll task's id: its searches and bulks run as its children. */
  taskId: number | undefined = undefined;
  /** Called after each batch's writes returned (the background task's progress record). */
  afterBatch: (() => void) | undefined;

  constructor(readonly status: ByScrollStatus) {}

  get cancelled(): string | undefined {
    return this.status.cancelledReason;
  }

  cancel(reason: string): void {
    this.status.cancelledReason ??= reason;
    this.wake?.();
  }

  rethrottle(requestsPerSecond: number): void {
    this.status.requestsPerSecond = requestsPerSecond;
    this.wake?.();
  }

  /**
   * Wait before the next batch: `lastBatchSize` documents at the current rate, counted from
   * `batchStartedMs`. Returns early when cancelled; a speed-up shortens the wait.
   */
  async throttle(lastBatchSize: number, batchStartedMs: number): Promise<void> {
    let target = this.targetTime(lastBatchSize, batchStartedMs);
    const waitStarted = Date.now();
    while (this.cancelled === undefined && Date.now() < target) {
      this.status.throttledUntil = target;
      const ms = Math.min(target - Date.now(), 2 ** 31 - 1);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.wake = undefined;
          resolve();
        }, ms);
        // a run waiting out its throttle does not keep a closed node's process alive
        timer.unref();
        this.wake = () => {
          clearTimeout(timer);
          this.wake = undefined;
          resolve();
        };
      });
      // only a faster rate moves the pending batch (ES: slowing down waits for the next batch)
      target = Math.min(target, this.targetTime(lastBatchSize, batchStartedMs));
    }
    this.status.throttledUntil = 0;
    // ES adds the delay the batch finally ran after (a rethrottle to unlimited makes it 0), not
    // the time spent waiting before the rethrottle
    this.status.throttledMillis += this.cancelled !== undefined ? Date.now() - waitStarted : Math.max(0, target - waitStarted);
  }

  private targetTime(lastBatchSize: number, batchStartedMs: number): number {
    const rps = this.status.requestsPerSecond;
    if (!Number.isFinite(rps) || rps <= 0) return 0;
    return batchStartedMs + (lastBatchSize / rps) * 1000;
  }
}
