/**
 * Holds the current cluster state and applies updates one at a time: each update is a pure
 * function of the state; the result is persisted (synced) before listeners see it, and it is
 * visible through {@link ClusterService.state} once the listeners have applied it, before the
 * caller's request is acknowledged.
 */
import { normalizeState, type ClusterState, type ClusterStateUpdate } from './state.js';
import type { StateStore } from './state-store.js';

export type StateListener = (next: ClusterState, prev: ClusterState) => Promise<void>;

export class ClusterService {
  private current: ClusterState;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners: StateListener[] = [];

  constructor(
    initial: ClusterState,
    private readonly store: StateStore,
  ) {
    this.current = normalizeState(initial);
  }

  state(): ClusterState {
    return this.current;
  }

  addListener(l: StateListener): void {
    this.listeners.push(l);
  }

  /**
   * Run `update` against the latest state, serialised with every other update. Returns the new
   * state (or the unchanged one when `update` returns the same object).
   */
  submit(update: ClusterStateUpdate): Promise<ClusterState> {
    return this.enqueue(async () => {
      const prev = this.current;
      const next = update(prev);
      if (next === prev) return prev;
      return this.install(prev, normalizeState({ ...next, version: prev.version + 1 }, prev));
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
  private async install(prev: ClusterState, next: ClusterState): Promise<ClusterState> {
    await this.store.save(next);
    // Readers see the new state only once it is applied (indices and shards opened), as ES's
    // ClusterApplierService sets it after its appliers: otherwise a request could find a new
    // index in the state and reach for its shards before they exist (a concurrent auto-create
    // answered index_not_found_exception).
    try {
      for (const l of this.listeners) await l(next, prev);
    } finally {
      this.current = next;
    }
    return next;
  }
}
