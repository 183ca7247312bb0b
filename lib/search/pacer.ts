/**
 * Cooperative pacing of long shard work (issue 8). Every request shares one event loop, so a
 * loop over many documents hands the loop back to other I/O every {@link SLICE_MS} of work, and
 * stops once the request's `timeout` has passed (ES 5.6's `TimeLimitingCollector`: collection
 * ends, the hits found so far are returned and the response says `timed_out: true`).
 *
 * Reading the clock costs as much as collecting a cheap document, so callers count iterations
 * and call {@link Pacer.pause} only when {@link Pacer.budget} of them have run; the pacer adapts
 * that budget to the cost of an iteration (many cheap postings between two clock reads, one
 * document between two reads when each runs a costly script).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Continuous work after which the event loop gets a turn. */
export const SLICE_MS = 10;
/** Most iterations between two clock reads. */
const MAX_BUDGET = 16384;
/** Time between two clock reads the budget aims at (ms). */
const READ_EVERY_MS = 1;

/** Pacing of one request's shard work; shared by its shards (they take turns on one thread). */
export class Pacer {
  private sliceStart = performance.now();
  private lastRead = this.sliceStart;
  private next = 1;
  /** Set once the deadline has passed. */
  timedOut = false;

  /** @param deadline `performance.now()` time after which work stops; undefined = no timeout. */
  constructor(readonly deadline?: number) {}

  /** Iterations to run before the next {@link pause}. */
  get budget(): number {
    return this.next;
  }

  /**
   * Read the clock; give the event loop a turn when the slice is spent. Resolves to the number
   * of iterations to run before the next call, or -1 once the deadline has passed.
   */
  async pause(): Promise<number> {
    let now = performance.now();
    const since = now - this.lastRead;
    if (since < READ_EVERY_MS / 2) this.next = Math.min(MAX_BUDGET, this.next * 2);
    else if (since > READ_EVERY_MS * 2) this.next = Math.max(1, this.next >> 1);
    if (this.deadline !== undefined && now > this.deadline) {
      this.timedOut = true;
      return -1;
    }
    if (now - this.sliceStart >= SLICE_MS) {
      await nextTurn();
      now = performance.now();
      this.sliceStart = now;
    }
    this.lastRead = now;
    return this.next;
  }
}
