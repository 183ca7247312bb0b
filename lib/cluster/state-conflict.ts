/**
 * A cluster-state write lost a compare-and-set: another writer changed the state first (or the
 * writer's fence, a master's election key, is gone). Carries the state that won, so the
 * ClusterService can adopt it and run the update again on top of it.
 */
import type { ClusterState } from './state.js';

export class StateConflictError extends Error {
  constructor(
    message: string,
    /** The state now stored, when the store could read it. */
    readonly latest: ClusterState | undefined,
    /** True when the write was refused because the writer is no longer allowed to write (fenced): do not retry. */
    readonly fenced = false,
  ) {
    super(message);
    this.name = 'StateConflictError';
  }
}

/** Where a ClusterService saves each new state before applying it. */
export interface StatePersistence {
  /**
   * Save `next` (the successor of the state with version `next.version - 1`). A store shared
   * between nodes rejects with {@link StateConflictError} when that is no longer the stored state.
   * @param fence an opaque guard the store checks in the same atomic write (a master's election key)
   */
  save(next: ClusterState, fence?: string): Promise<void>;
}
