/**
 * Turns of the event loop for long work that paces itself (searches, automaton builds).
 *
 * A paced loop works for a slice of time, then waits here for its next turn. Waking every
 * waiting loop at once (one `setImmediate` each) lets them all run their slices back to back in
 * the same check phase: with a few searches over a few shards each, one pass of the event loop
 * took hundreds of milliseconds, and anything that needs several I/O round trips in a row (a
 * shard opening or closing: read, write, read...) waited that long for each of them. Here the
 * waiting loops form one queue and exactly one of them resumes per pass of the event loop, so
 * between two slices the loop always polls I/O and runs timers: a chain of small I/O steps
 * progresses at the pace of one slice per step, whatever number of long requests runs.
 *
 * The queue is process state on purpose: there is one event loop per thread (a worker thread
 * loading this module gets its own queue, as it has its own loop).
 */

const waiting: Array<() => void> = [];
let scheduled = false;

function resumeOne(): void {
  const next = waiting.shift();
  // Queued from inside the check phase, so it runs on the next pass (after I/O and timers).
  if (waiting.length > 0) setImmediate(resumeOne);
  else scheduled = false;
  next?.();
}

/** Wait for this loop's next turn: resolves after the event loop has polled I/O at least once. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(resumeOne);
    }
  });
}

/** Loops waiting for a turn (for tests and stats). */
export function waitingTurns(): number {
  return waiting.length;
}

/**
 * A budget of continuous work on the event loop: {@link pause} waits for the next turn once
 * `ms` have passed since the last one (and costs one clock read otherwise).
 */
export class WorkSlice {
  private start = performance.now();

  constructor(readonly ms: number) {}

  /** Whether the slice is spent at `now`. */
  spent(now = performance.now()): boolean {
    return now - this.start >= this.ms;
  }

  /** Wait for the next turn if the slice is spent; a new slice starts after it. */
  async pause(now = performance.now()): Promise<void> {
    if (!this.spent(now)) return;
    await nextTurn();
    this.start = performance.now();
  }
}
