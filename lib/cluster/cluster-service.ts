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
    const run = async (): Promise<ClusterState> => {
      const prev = this.current;
      const next = update(prev);
      if (next === prev) return prev;
      const versioned = normalizeState({ ...next, version: prev.version + 1 }, prev);
      await this.store.save(versioned);
      // Readers see the new state only once it is applied (indices and shards opened), as ES's
      // ClusterApplierService sets it after its appliers: otherwise a request could find a new
      // index in the state and reach for its shards before they exist (a concurrent auto-create
      // answered index_not_found_exception).
      try {
        for (const l of this.listeners) await l(versioned, prev);
      } finally {
        this.current = versioned;
      }
      return versioned;
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  /**
   * Replace the whole state (an embedded node's fixture capture and reset), serialised with
   * every update: `prepare` runs inside the queue (closing the indices, copying or restoring
   * their stores) and returns the state to install, which gets a version past the current one
   * and is saved and applied as an update's result is.
   */
  replace(prepare: (current: ClusterState) => Promise<ClusterState>): Promise<ClusterState> {
    return this.submitRaw(async () => ({ ...(await prepare(this.current)), version: this.current.version + 1 }));
  }

  private submitRaw(make: () => Promise<ClusterState>): Promise<ClusterState> {
    const run = async (): Promise<ClusterState> => {
      const prev = this.current;
      const versioned = normalizeState(await make());
      await this.store.save(versioned);
      try {
        for (const l of this.listeners) await l(versioned, prev);
      } finally {
        this.current = versioned;
      }
      return versioned;
    };
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }
}
