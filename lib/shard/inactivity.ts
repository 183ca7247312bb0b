/**
 * When a shard turns inactive (ES 5.6 `IndexShard#checkIdle`, run by `IndexingMemoryController`
 * for every shard): a shard is active from its first write (on a primary or a replica) and
 * becomes inactive once no write reached it for `indices.memory.shard_inactive_time` (default
 * 5m). The engine then flushes what is uncommitted, and the node's listener hears of the
 * transition once (ES's `onShardInactive`: the primary runs a synced flush), not again until a
 * write made the shard active again.
 */

/** How often a shard's inactivity is checked at most (ES checks every `indices.memory.interval`, 5s). */
const CHECK_EVERY_MS = 30_000;
/** How often at least: a tiny inactive time (tests) does not spin the timer. */
const CHECK_FLOOR_MS = 50;

export class ShardInactivity {
  private lastWriteAt = Date.now();
  /** ES's `active` flag: false until a write, false again once the shard turned inactive. */
  private active = false;
  private timer: NodeJS.Timeout | null;

  constructor(
    /** `indices.memory.shard_inactive_time` in milliseconds. */
    readonly inactiveMs: number,
    /** Called on every check that finds the shard idle; `becameInactive` the first time after a write. */
    private readonly onIdle: (becameInactive: boolean) => void,
  ) {
    this.timer = setInterval(() => this.check(), Math.max(CHECK_FLOOR_MS, Math.min(CHECK_EVERY_MS, inactiveMs)));
    this.timer.unref();
  }

  /** Writes under way: the shard is not idle while one runs, however long it takes. */
  private inFlight = 0;

  /**
   * A write reached the shard: it is active from now on, and its idle time starts again when the
   * write ends (call the function returned, once, when it does).
   */
  beginWrite(): () => void {
    this.active = true;
    this.inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      this.lastWriteAt = Date.now();
    };
  }

  /** Stop checking (the shard closes). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private check(): void {
    if (this.inFlight > 0 || Date.now() - this.lastWriteAt < this.inactiveMs) return;
    const became = this.active;
    this.active = false;
    this.onIdle(became);
  }
}
