/**
 * Cluster health from the routing picture, as ES defines it: on this single node every primary
 * is active and no replica can be allocated (a replica never shares a node with its primary), so
 * an index with replicas is yellow and one without is green. Pure: state in, report out.
 */
import type { ClusterState, IndexMetadata } from './state.js';
import { numberOfReplicas, numberOfShards } from './state.js';

export type HealthStatus = 'green' | 'yellow' | 'red';

export interface ShardHealth {
  status: HealthStatus;
  primary_active: boolean;
  active_shards: number;
  relocating_shards: number;
  initializing_shards: number;
  unassigned_shards: number;
}

export interface IndexHealth {
  status: HealthStatus;
  number_of_shards: number;
  number_of_replicas: number;
  active_primary_shards: number;
  active_shards: number;
  relocating_shards: number;
  initializing_shards: number;
  unassigned_shards: number;
  shards?: Record<string, ShardHealth>;
}

const RANK: Record<HealthStatus, number> = { green: 0, yellow: 1, red: 2 };

export function worst(a: HealthStatus, b: HealthStatus): HealthStatus {
  return RANK[a] >= RANK[b] ? a : b;
}

export function statusAtLeast(actual: HealthStatus, wanted: HealthStatus): boolean {
  return RANK[actual] <= RANK[wanted];
}

/**
 * Health of one index given how many data nodes there are (copies of a shard need distinct
 * nodes); `failed` holds the primaries that failed to start (unassigned, so the index is red, and
 * with them their replicas, which need an active primary to recover from).
 */
export function indexHealth(meta: IndexMetadata, dataNodes: number, withShards: boolean, failed?: ReadonlyMap<number, unknown>): IndexHealth {
  const shards = numberOfShards(meta);
  const replicas = numberOfReplicas(meta);
  const assignedReplicas = Math.min(replicas, Math.max(0, dataNodes - 1));
  const open = meta.state === 'open';
  const one = (s: number): ShardHealth => {
    const active = open && !failed?.has(s);
    const activeCopies = active ? 1 + assignedReplicas : 0;
    const unassigned = 1 + replicas - activeCopies;
    return {
      status: !active ? 'red' : unassigned > 0 ? 'yellow' : 'green',
      primary_active: active,
      active_shards: activeCopies,
      relocating_shards: 0,
      initializing_shards: 0,
      unassigned_shards: unassigned,
    };
  };
  const perShard = Array.from({ length: shards }, (_, s) => one(s));
  const h: IndexHealth = {
    status: perShard.reduce<HealthStatus>((w, s) => worst(w, s.status), open ? 'green' : 'red'),
    number_of_shards: shards,
    number_of_replicas: replicas,
    active_primary_shards: perShard.filter((s) => s.primary_active).length,
    active_shards: perShard.reduce((n, s) => n + s.active_shards, 0),
    relocating_shards: 0,
    initializing_shards: 0,
    unassigned_shards: perShard.reduce((n, s) => n + s.unassigned_shards, 0),
  };
  if (withShards) {
    h.shards = {};
    perShard.forEach((s, i) => (h.shards![String(i)] = s));
  }
  return h;
}

export interface ClusterHealth {
  status: HealthStatus;
  activePrimaryShards: number;
  activeShards: number;
  unassignedShards: number;
  activeShardsPercent: number;
  indices: Record<string, IndexHealth>;
}

/** `failedOf(index)`: the primaries of an index that failed to start (see {@link indexHealth}). */
export function clusterHealth(
  state: ClusterState,
  indices: string[],
  dataNodes: number,
  withShards: boolean,
  failedOf: (index: string) => ReadonlyMap<number, unknown> | undefined = () => undefined,
): ClusterHealth {
  let status: HealthStatus = 'green';
  let activePrimaryShards = 0;
  let activeShards = 0;
  let unassignedShards = 0;
  const out: Record<string, IndexHealth> = {};
  for (const name of indices) {
    const meta = state.indices[name];
    // ES 5.6 removes a closed index from the routing table, and ClusterStateHealth skips an
    // index without routing: a closed index neither appears in nor turns the health red.
    if (!meta || meta.state !== 'open') continue;
    const h = indexHealth(meta, dataNodes, withShards, failedOf(name));
    out[name] = h;
    status = worst(status, h.status);
    activePrimaryShards += h.active_primary_shards;
    activeShards += h.active_shards;
    unassignedShards += h.unassigned_shards;
  }
  const total = activeShards + unassignedShards;
  return {
    status,
    activePrimaryShards,
    activeShards,
    unassignedShards,
    activeShardsPercent: total === 0 ? 100 : (activeShards / total) * 100,
    indices: out,
  };
}
