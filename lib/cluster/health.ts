/**
 * Cluster health from the routing picture, as ES defines it: on this single node every primary
 * is active and no replica can be allocated (a replica never shares a node with its primary), so
 * an index with replicas is yellow and one without is green. Pure: state in, report out.
 */
import type { ClusterState, IndexMetadata, ShardAssignment } from './state.js';
import { numberOfReplicas, numberOfShards, replicaActive } from './state.js';

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
 * with them their replicas, which need an active primary to recover from). `initializing`: the
 * node is still opening the index's shards from its data directory (after a start), so, as ES
 * reports a recovering primary, every primary is INITIALIZING (red) and the replicas wait unassigned.
 */
export function indexHealth(meta: IndexMetadata, dataNodes: number, withShards: boolean, failed?: ReadonlyMap<number, unknown>, initializing = false): IndexHealth {
  // cluster mode: health from the routing (a shard that failed to start on its node is not
  // reported through the cluster state yet, so it does not show here)
  if (meta.routing && meta.state === 'open') return routedIndexHealth(meta, meta.routing, withShards);
  const shards = numberOfShards(meta);
  const replicas = numberOfReplicas(meta);
  const assignedReplicas = Math.min(replicas, Math.max(0, dataNodes - 1));
  const open = meta.state === 'open';
  if (open && initializing) return initializingHealth(shards, replicas, withShards);
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
  /** Replicas held unassigned while their node may return (`index.unassigned.node_left.delayed_timeout`). */
  delayedUnassignedShards: number;
  indices: Record<string, IndexHealth>;
}

/** What this node knows of its own shards beyond the cluster state (the indices service). */
export interface LocalShardStates {
  /** The primaries of an index that failed to start here (see {@link indexHealth}). */
  failedShards(index: string): ReadonlyMap<number, unknown> | undefined;
  /** Whether the node is still opening the index's shards (see {@link indexHealth}). */
  initializing(index: string): boolean;
}

export function clusterHealth(state: ClusterState, indices: string[], dataNodes: number, withShards: boolean, local?: LocalShardStates): ClusterHealth {
  let status: HealthStatus = 'green';
  let activePrimaryShards = 0;
  let activeShards = 0;
  let unassignedShards = 0;
  let initializingShards = 0;
  let delayedUnassignedShards = 0;
  const out: Record<string, IndexHealth> = {};
  for (const name of indices) {
    const meta = state.indices[name];
    // ES 5.6 removes a closed index from the routing table, and ClusterStateHealth skips an
    // index without routing: a closed index neither appears in nor turns the health red.
    if (!meta || meta.state !== 'open') continue;
    const h = indexHealth(meta, dataNodes, withShards, local?.failedShards(name), local?.initializing(name) ?? false);
    out[name] = h;
    status = worst(status, h.status);
    activePrimaryShards += h.active_primary_shards;
    activeShards += h.active_shards;
    unassignedShards += h.unassigned_shards;
    initializingShards += h.initializing_shards;
    for (const a of meta.routing ?? []) if (a.state === 'STARTED') delayedUnassignedShards += a.delayed?.length ?? 0;
  }
  const total = activeShards + initializingShards + unassignedShards;
  return {
    status,
    activePrimaryShards,
    activeShards,
    initializingShards,
    unassignedShards,
    activeShardsPercent: total === 0 ? 100 : (activeShards / total) * 100,
    delayedUnassignedShards,
    indices: out,
  };
}

/**
 * Health of an index in cluster mode, from its routing: a primary whose node is not in the
 * cluster makes the shard (and the index) red; a replica not yet active (initializing, started but
 * not yet in sync, or not allocated) makes it yellow, as ES's `ClusterShardHealth`.
 */
function routedIndexHealth(meta: IndexMetadata, routing: readonly ShardAssignment[], withShards: boolean): IndexHealth {
  const replicas = numberOfReplicas(meta);
  const h: IndexHealth = {
    status: 'green',
    number_of_shards: numberOfShards(meta),
    number_of_replicas: replicas,
    active_primary_shards: 0,
    active_shards: 0,
    relocating_shards: 0,
    initializing_shards: 0,
    unassigned_shards: 0,
  };
  const perShard: Record<string, ShardHealth> = {};
  routing.forEach((a, s) => {
    const active = a.state === 'STARTED';
    const copies = a.replicas ?? [];
    const activeReplicas = active ? copies.filter((r) => replicaActive(a, r)).length : 0;
    const initializing = active ? copies.length - activeReplicas : 0;
    const unassigned = (active ? 0 : 1) + Math.max(0, replicas - activeReplicas - initializing);
    const activeShards = (active ? 1 : 0) + activeReplicas;
    const status: HealthStatus = !active ? 'red' : activeReplicas < replicas ? 'yellow' : 'green';
    h.status = worst(h.status, status);
    if (active) h.active_primary_shards++;
    h.active_shards += activeShards;
    h.initializing_shards += initializing;
    h.unassigned_shards += unassigned;
    perShard[String(s)] = { status, primary_active: active, active_shards: activeShards, relocating_shards: 0, initializing_shards: initializing, unassigned_shards: unassigned };
  });
  if (withShards) h.shards = perShard;
  return h;
}

/** How many nodes and data nodes the cluster has: the published members in cluster mode, else this one node. */
export function nodeCounts(state: ClusterState): { nodes: number; dataNodes: number } {
  if (!state.nodes) return { nodes: 1, dataNodes: 1 };
  const all = Object.values(state.nodes);
  return { nodes: all.length, dataNodes: all.filter((n) => n.data).length };
}
