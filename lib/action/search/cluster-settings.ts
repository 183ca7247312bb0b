/**
 * Cluster-level settings that search reads (transient wins over persistent, as ES merges them).
 */
import type { ClusterState } from '../../cluster/state.js';

/** A cluster setting's effective value. */
export function clusterSetting(state: ClusterState, key: string): string | undefined {
  return state.transientSettings[key] ?? state.persistentSettings[key];
}
