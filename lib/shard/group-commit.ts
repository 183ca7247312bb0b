/**
 * Group commit of write batches: bulk requests add their LevelDB operations (op-log entries,
 * tombstones) and wait; whatever accumulated while the previous synced write was in flight is
 * written as ONE batch with `{sync: true}`, and every request in the group is acknowledged only
 * after that fsync. This is the durability point of the engine.
 */
import type { ShardStore, StoreOp } from '../../storage/shard-store.js';

export type BatchOp = StoreOp;

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class GroupCommitter {
  private ops: BatchOp[] = [];
  private waiters: Waiter[] = [];
  private groupMaxSeqNo = -1;
  private writing = false;
  private seqWaiters: Array<Waiter & { seqNo: number }> = [];
  /** Highest seq no whose operations are synced to disk. */
  durableSeqNo: number;
  /** Set when a write failed: the engine's in-memory state is ahead of disk, it must fail. */
  failure: Error | null = null;
  /** Number of synced batches written (for tests and stats). */
  batches = 0;
  /** Milliseconds spent in synced writes. */
  writeMillis = 0;

  constructor(
    private readonly db: ShardStore,
    durableSeqNo: number,
  ) {
    this.durableSeqNo = durableSeqNo;
  }

  /** Queue operations covering seq nos up to `maxSeqNo`; resolves once they are synced. */
  submit(ops: BatchOp[], maxSeqNo: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    for (const op of ops) this.ops.push(op);
    if (maxSeqNo > this.groupMaxSeqNo) this.groupMaxSeqNo = maxSeqNo;
    const p = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.writing) {
      this.writing = true;
      // Let the requests of the current tick join the group.
      queueMicrotask(() => void this.drain());
    }
    return p;
  }

  /** Resolves when every operation up to `seqNo` is synced. */
  whenDurable(seqNo: number): Promise<void> {
    if (seqNo <= this.durableSeqNo) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.seqWaiters.push({ seqNo, resolve, reject }));
  }

  private async drain(): Promise<void> {
    while (this.ops.length > 0 || this.waiters.length > 0) {
      const ops = this.ops;
      const waiters = this.waiters;
      const maxSeqNo = this.groupMaxSeqNo;
      this.ops = [];
      this.waiters = [];
      try {
        const t0 = Date.now();
        if (ops.length > 0) await this.db.write(ops, { sync: true });
        this.writeMillis += Date.now() - t0;
        this.batches++;
      } catch (err) {
        this.failure = err instanceof Error ? err : new Error(String(err));
        for (const w of waiters) w.reject(this.failure);
        for (const w of this.seqWaiters) w.reject(this.failure);
        this.seqWaiters = [];
        this.writing = false;
        return;
      }
      if (maxSeqNo > this.durableSeqNo) this.durableSeqNo = maxSeqNo;
      for (const w of waiters) w.resolve();
      const still: typeof this.seqWaiters = [];
      for (const w of this.seqWaiters) {
        if (w.seqNo <= this.durableSeqNo) w.resolve();
        else still.push(w);
      }
      this.seqWaiters = still;
    }
    this.writing = false;
  }
}
