/**
 * Cooperative pacing of long shard work (issue 8). Every request shares one event loop, so a
 * loop over many documents hands the loop back to other I/O every {@link SLICE_MS} of work, and
 * stops once the request's `timeout` has passed (ES 5.6's `TimeLimitingCollector`: collection
 * ends, the hits found so far are returned and the response says `timed_out: true`).
 *
 * Reading the clock costs as much as collecting a cheap document, so a loop counts iterations
 * and reads the clock only when {@link PacedLoop.budget} of them have run; the budget adapts to
 * the cost of an iteration (many cheap postings between two clock reads, one document between
 * two reads when each runs a costly script).
 *
 * The budget belongs to one loop, not to the request: a request runs loops of very different
 * costs one after another (collecting matches at tens of nanoseconds each, then a `script`
 * query evaluating its next segment at tens of microseconds a document), and a budget learnt on
 * the cheap loop once held the event loop for half a second in the costly one. A new loop starts
 * at one iteration and doubles (a dozen clock reads reach the largest budget), and a read that
 * comes late shrinks the budget in proportion to how late it is.
 */
import { WorkSlice } from '../loop/turns.js';
import { taskCancelled } from '../errors/errors.js';

/** Continuous work after which the event loop gets a turn. */
export const SLICE_MS = 10;
/** Most iterations between two clock reads. */
const MAX_BUDGET = 16384;
/** Time between two clock reads the budget aims at (ms). */
const READ_EVERY_MS = 1;

/** Pacing of one request's shard work: its time slice and deadline, shared by its shards (they take turns on one thread). */
export class Pacer {
  private readonly slice = new WorkSlice(SLICE_MS);
  /** Set once the deadline has passed. */
  timedOut = false;

  /**
   * @param deadline `performance.now()` time after which work stops; undefined = no timeout.
   * @param cancelled whether the request's task has been cancelled: checked at every clock read,
   *   the work then throws ES's `task_cancelled_exception` (a shard failure)
   */
  constructor(
    readonly deadline?: number,
    private readonly cancelled?: () => boolean,
  ) {}

  /** Start pacing one loop (its own iteration budget, this request's slice and deadline). */
  loop(): PacedLoop {
    return new PacedLoop(this);
  }

  /**
   * Called at a clock read (`now`): give the event loop a turn when the slice is spent.
   * Resolves to false once the deadline has passed. Answers at once (no promise) when no turn
   * is due, which is most clock reads: a small search reads the clock a few times per loop while
   * its budget grows, and each read used to cost a chain of three promises.
   */
  tick(now: number): boolean | Promise<boolean> {
    if (this.cancelled?.()) throw taskCancelled();
    if (this.deadline !== undefined && now > this.deadline) {
      this.timedOut = true;
      return false;
    }
    if (!this.slice.spent(now)) return true;
    return this.slice.pause(now).then(() => true);
  }
}

/** One paced loop: call {@link pause} every {@link budget} iterations. */
export class PacedLoop {
  private lastRead = performance.now();
  private next = 1;

  constructor(private readonly pacer: Pacer) {}

  /** Iterations to run before the next {@link pause}. */
  get budget(): number {
    return this.next;
  }

  /**
   * Read the clock, adapt the budget, and give the event loop a turn when the request's slice
   * is spent. The number of iterations to run before the next call, or -1 once the deadline has
   * passed; a promise of it only when the loop waits for its turn (callers `await` either).
   */
  pause(): number | Promise<number> {
    const now = performance.now();
    const since = now - this.lastRead;
    if (since < READ_EVERY_MS / 2) this.next = Math.min(MAX_BUDGET, this.next * 2);
    else if (since > READ_EVERY_MS * 2) this.next = Math.max(1, Math.floor((this.next * READ_EVERY_MS) / since));
    const go = this.pacer.tick(now);
    return typeof go === 'boolean' ? this.resumed(go) : go.then((g) => this.resumed(g));
  }

  private resumed(go: boolean): number {
    if (!go) return -1;
    this.lastRead = performance.now();
    return this.next;
  }
}
