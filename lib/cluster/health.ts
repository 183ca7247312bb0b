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
 * Health of one index given how many data nodes there are (copies of a shard need distinct nodes).
 * `initializing`: the node is still opening the index's shards from its data directory (after a
 * start), so, as ES reports a recovering primary, every primary is INITIALIZING (red) and the
 * replicas wait unassigned.
 */
export function indexHealth(meta: IndexMetadata, dataNodes: number, withShards: boolean, initializing = false): IndexHealth {
  const shards = numberOfShards(meta);
  const replicas = numberOfReplicas(meta);
  const assignedReplicas = Math.min(replicas, Math.max(0, dataNodes - 1));
  const open = meta.state === 'open';
  const perShardActive = open ? 1 + assignedReplicas : 0;
  const unassignedPerShard = open ? replicas - assignedReplicas : 1 + replicas;
  const status: HealthStatus = !open ? 'red' : unassignedPerShard > 0 ? 'yellow' : 'green';
  if (open && initializing) return initializingHealth(shards, replicas, withShards);
  const h: IndexHealth = {
    status: open ? status : 'red',
    number_of_shards: shards,
    number_of_replicas: replicas,
    active_primary_shards: open ? shards : 0,
    active_shards: shards * perShardActive,
    relocating_shards: 0,
    initializing_shards: 0,
    unassigned_shards: shards * unassignedPerShard,
  };
  if (withShards) {
    h.shards = {};
    for (let s = 0; s < shards; s++) {
      h.shards[String(s)] = {
        status: h.status,
        primary_active: open,
        active_shards: perShardActive,
        relocating_shards: 0,
        initializing_shards: 0,
        unassigned_shards: unassignedPerShard,
      };
    }
  }
  return h;
}

function initializingHealth(shards: number, replicas: number, withShards: boolean): IndexHealth {
  const copy = { relocating_shards: 0, initializing_shards: 1, unassigned_shards: replicas };
  const h: IndexHealth = {
    status: 'red',
    number_of_shards: shards,
    number_of_replicas: replicas,
    active_primary_shards: 0,
    active_shards: 0,
    relocating_shards: 0,
    initializing_shards: shards,
    unassigned_shards: shards * replicas,
  };
  if (withShards) {
    h.shards = {};
    for (let s = 0; s < shards; s++) h.shards[String(s)] = { status: 'red', primary_active: false, active_shards: 0, ...copy };
  }
  return h;
}

export interface ClusterHealth {
  status: HealthStatus;
  activePrimaryShards: number;
  activeShards: number;
  initializingShards: number;
  unassignedShards: number;
  activeShardsPercent: number;
  indices: Record<string, IndexHealth>;
}

/** `initializing(name)`: the node is still opening that index's shards (see indexHealth). */
export function clusterHealth(state: ClusterState, indices: string[], dataNodes: number, withShards: boolean, initializing?: (index: string) => boolean): ClusterHealth {
  let status: HealthStatus = 'green';
  let activePrimaryShards = 0;
  let activeShards = 0;
  let unassignedShards = 0;
  let initializingShards = 0;
  const out: Record<string, IndexHealth> = {};
  for (const name of indices) {
    const meta = state.indices[name];
    // ES 5.6 removes a closed index from the routing table, and ClusterStateHealth skips an
    // index without routing: a closed index neither appears in nor turns the health red.
    if (!meta || meta.state !== 'open') continue;
    const h = indexHealth(meta, dataNodes, withShards, initializing?.(name) ?? false);
    out[name] = h;
    status = worst(status, h.status);
    activePrimaryShards += h.active_primary_shards;
    activeShards += h.active_shards;
    unassignedShards += h.unassigned_shards;
    initializingShards += h.initializing_shards;
  }
  const total = activeShards + initializingShards + unassignedShards;
  return {
    status,
    activePrimaryShards,
    activeShards,
    initializingShards,
    unassignedShards,
    activeShardsPercent: total === 0 ? 100 : (activeShards / total) * 100,
    indices: out,
  };
}
