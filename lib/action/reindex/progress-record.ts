/**
 * The progress record of a background (`wait_for_completion=false`) by-scroll task: after a
 * batch's writes returned, the task's info with its live status is written to `.tasks` as
 * `{completed: false, task}` — at most one write in flight and one per {@link MIN_INTERVAL_MS},
 * so a run of tiny batches does not write a record per batch. Every write happens after the
 * counted writes were synced, so the record never claims more than is on disk: after `kill -9`
 * it is a lower bound of what the run did. `settle` stops the recording and waits for the write
 * in flight, so the final result is written after (and over) the last progress record.
 */
import type { NodeContext } from '../context.js';
import { storeTaskProgress } from '../tasks/task-results.js';

/** The shortest time between two progress writes of one task. */
export const MIN_INTERVAL_MS = 200;

export class ProgressRecorder {
  private inFlight: Promise<void> | undefined;
  private lastWrite = 0;
  private stopped = false;

  constructor(
    private readonly ctx: NodeContext,
    private readonly taskId: string,
    /** The task's info as the record keeps it, with its current status. */
    private readonly info: () => Record<string, unknown>,
  ) {}

  /** Write the record now, unless a write is in flight or the last one was too recent. */
  batchDone(): void {
    const now = Date.now();
    if (this.stopped || this.inFlight || now - this.lastWrite < MIN_INTERVAL_MS) return;
    this.lastWrite = now;
    this.inFlight = this.write().finally(() => (this.inFlight = undefined));
  }

  /** Write the first record (the task has one from its start on, before its first batch). */
  start(): void {
    this.lastWrite = 0;
    this.batchDone();
  }

  /** Stop recording and wait for the write in flight. */
  async settle(): Promise<void> {
    this.stopped = true;
    await this.inFlight;
  }

  private async write(): Promise<void> {
    try {
      await storeTaskProgress(this.ctx, this.taskId, this.info());
    } catch (e) {
      // a lost progress record only makes the record older; the run goes on
      this.ctx.logger.warn(`failed to store the progress of task [${this.taskId}]`, e);
    }
  }
}
