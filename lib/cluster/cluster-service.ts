/**
 * Holds the current cluster state and applies updates one at a time: each update is a pure
 * function of the state; the result is persisted (synced) before listeners see it, and it is
 * visible through {@link ClusterService.state} once the listeners have applied it, before the
 * caller's request is acknowledged.
 */
import { normalizeState, type ClusterState, type ClusterStateUpdate } from './state.js';
import { StateConflictError, type StatePersistence } from './state-conflict.js';

/** How many times an update is re-run on a newer state after losing a compare-and-set. */
const MAX_CONFLICT_RETRIES = 50;

export type StateListener = (next: ClusterState, prev: ClusterState) => Promise<void>;

export class ClusterService {
  private current: ClusterState;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners: StateListener[] = [];
  private readonly versionWaiters: Array<{ version: number; resolve(): void }> = [];

  constructor(
    initial: ClusterState,
    private readonly store: StatePersistence,
    /** Run on every update's result before it is saved (cluster mode: shard allocation). */
    private readonly afterUpdate?: ClusterStateUpdate,
  ) {
    this.current = normalizeState(initial);
  }

  state(): ClusterState {
    return this.current;
  }

  /** Resolves once a state of at least `version` is applied here, or after `timeoutMs` (whichever comes first). */
  whenVersion(version: number, timeoutMs: number): Promise<void> {
    if (this.current.version >= version) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { version, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        const i = this.versionWaiters.indexOf(waiter);
        if (i >= 0) this.versionWaiters.splice(i, 1);
        resolve();
      }, timeoutMs);
      this.versionWaiters.push(waiter);
    });
  }

  addListener(l: StateListener): void {
    this.listeners.push(l);
  }

  /**
   * Run `update` against the latest state, serialised with every other update. Returns the new
   * state (or the unchanged one when `update` returns the same object).
   */
  submit(update: ClusterStateUpdate, opts: { fence?: string } = {}): Promise<ClusterState> {
    return this.enqueue(async () => {
      // In cluster mode the store is shared: a write that lost the compare-and-set adopts the
      // state that won and runs the (pure) update again on top of it, as ES's master re-runs a
      // task batch on the state it has; on one node the store never conflicts.
      for (let attempt = 0; ; attempt++) {
        const prev = this.current;
        const updated = update(prev);
        if (updated === prev) return prev;
        const next = this.afterUpdate ? this.afterUpdate(updated) : updated;
        try {
          return await this.install(prev, normalizeState({ ...next, version: prev.version + 1 }, prev), opts.fence);
        } catch (err) {
          if (!(err instanceof StateConflictError) || err.fenced || attempt >= MAX_CONFLICT_RETRIES) throw err;
          if (err.latest && err.latest.version > this.current.version) await this.apply(this.current, normalizeState(err.latest, this.current));
        }
      }
    });
  }

  /**
   * Install a state another node wrote (cluster mode: the shared store's watch), serialised
   * with the updates; an older or equal version than the current one is ignored.
   */
  adopt(state: ClusterState): Promise<ClusterState> {
    return this.enqueue(async () => {
      const prev = this.current;
      if (state.version <= prev.version) return prev;
      await this.apply(prev, normalizeState(state, prev));
      return this.current;
    });
  }

  /**
   * Replace the whole state (an embedded node's fixture capture and reset), serialised with
   * every update: `prepare` runs inside the queue (closing the indices, copying or restoring
   * their stores) and returns the state to install, which gets a version past the current one
   * and is saved and applied as an update's result is.
   */
  replace(prepare: (current: ClusterState) => Promise<ClusterState>): Promise<ClusterState> {
    return this.enqueue(async () => {
      const prev = this.current;
      return this.install(prev, normalizeState({ ...(await prepare(prev)), version: prev.version + 1 }));
    });
  }

  /** Run `task` after every update queued before it. */
  private enqueue(task: () => Promise<ClusterState>): Promise<ClusterState> {
    const p = this.queue.then(task, task);
    this.queue = p.catch(() => undefined);
    return p;
  }

  /** Save `next`, apply it, then make it the state readers see. */
  private async install(prev: ClusterState, next: ClusterState, fence?: string): Promise<ClusterState> {
    await this.store.save(next, fence);
    await this.apply(prev, next);
    return next;
  }

  /** Run the listeners on `next`, then make it the state readers see. */
  private async apply(prev: ClusterState, next: ClusterState): Promise<void> {
    // Readers see the new state only once it is applied (indices and shards opened), as ES's
    // ClusterApplierService sets it after its appliers: otherwise a request could find a new
    // index in the state and reach for its shards before they exist (a concurrent auto-create
    // answered index_not_found_exception).
    try {
      for (const l of this.listeners) await l(next, prev);
    } finally {
      this.current = next;
      for (const w of this.versionWaiters.filter((x) => x.version <= next.version)) {
        this.versionWaiters.splice(this.versionWaiters.indexOf(w), 1);
        w.resolve();
      }
    }
  }
}
