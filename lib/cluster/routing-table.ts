/**
 * The shard routing table derived from the cluster state: on a single node every primary
 * STARTED on this node; in cluster mode each primary where `IndexMetadata.routing` puts it
 * (UNASSIGNED while its node is away) and each replica where the allocation put it; replicas not
 * allocated are UNASSIGNED (a single node never holds two copies of a shard). Allocation ids are derived from the index uuid and shard number so they stay stable.
 */
import { createHash } from 'node:crypto';
import type { IndexMetadata } from './state.js';
import { numberOfReplicas, numberOfShards, replicaActive } from './state.js';

export interface ShardRouting {
  state: 'STARTED' | 'INITIALIZING' | 'UNASSIGNED';
  primary: boolean;
  node: string | null;
  relocating_node: null;
  shard: number;
  index: string;
  allocation_id?: { id: string };
  recovery_source?: { type: string };
  unassigned_info?: { reason: string; at: string; failed_attempts?: number; delayed: boolean; details?: string; allocation_status: string };
}

/** Why a shard copy of this node could not start, as ES keeps it in the shard's `unassigned_info`. */
export interface ShardFailure {
  /** ES's `unassigned_info.details`: "failed to create shard, failure …". */
  details: string;
  /** Failed attempts so far; ES stops retrying at `index.allocation.max_retries` (5). */
  attempts: number;
  /** When the last attempt failed (ms since the epoch). */
  at: number;
}

export function allocationId(indexUuid: string, shard: number): string {
  return createHash('sha1').update(`${indexUuid}/${shard}`).digest('base64url').slice(0, 22);
}

/** A replica copy's allocation id (cluster mode): unique per shard, node and allocation (`nonce`). */
export function copyAllocationId(indexUuid: string, shard: number, node: string, nonce: number): string {
  return createHash('sha1').update(`${indexUuid}/${shard}/${node}/${nonce}`).digest('base64url').slice(0, 22);
}

/**
 * Every copy of every shard of `meta`; `failed` names the primaries that failed to start on this
 * node (unassigned, `ALLOCATION_FAILED`, with the failure as ES shows it).
 */
export function shardRoutings(meta: IndexMetadata, nodeId: string, failed?: ReadonlyMap<number, ShardFailure>): ShardRouting[][] {
  const out: ShardRouting[][] = [];
  const created = new Date(Number(meta.settings['index.creation_date'] ?? Date.now())).toISOString();
  for (let s = 0; s < numberOfShards(meta); s++) {
    const copies: ShardRouting[] = [];
    const failure = meta.state === 'open' ? failed?.get(s) : undefined;
    const routed = meta.state === 'open' ? meta.routing?.[s] : undefined;
    if (failure || (routed && routed.state !== 'STARTED')) {
      // the primary failed to start here, or (cluster mode) its node is not in the cluster (ES: NODE_LEFT)
      copies.push({
        state: 'UNASSIGNED',
        primary: true,
        node: null,
        relocating_node: null,
        shard: s,
        index: meta.name,
        recovery_source: { type: 'EXISTING_STORE' },
        unassigned_info: failure
          ? {
              reason: 'ALLOCATION_FAILED',
              at: new Date(failure.at).toISOString(),
              failed_attempts: failure.attempts,
              delayed: false,
              details: failure.details,
              allocation_status: 'no_attempt',
            }
          : { reason: routed?.node === null ? 'INDEX_CREATED' : 'NODE_LEFT', at: created, delayed: false, allocation_status: 'no_attempt' },
      });
    } else if (meta.state === 'open') {
      copies.push({
        state: 'STARTED',
        primary: true,
        // cluster mode: the node the routing names; a single node holds every primary
        node: routed?.node ?? nodeId,
        relocating_node: null,
        shard: s,
        index: meta.name,
        allocation_id: { id: routed?.allocationId ?? allocationId(meta.uuid, s) },
      });
    }
    // cluster mode: the allocated replicas (lib/cluster/allocation/allocate.ts), then the rest unassigned
    const assigned = meta.state === 'open' ? routed?.replicas ?? [] : [];
    for (const r of assigned) {
      // a started copy not yet in sync is still recovering as ES sees it (state.ts replicaActive)
      const state = replicaActive(routed!, r) ? 'STARTED' : 'INITIALIZING';
      copies.push({
        state,
        primary: false,
        node: r.node,
        relocating_node: null,
        shard: s,
        index: meta.name,
        allocation_id: { id: r.allocationId },
        ...(state === 'INITIALIZING'
          ? { recovery_source: { type: 'PEER' }, unassigned_info: { reason: 'REPLICA_ADDED', at: created, delayed: false, allocation_status: 'no_attempt' } }
          : {}),
      });
    }
    // copies whose node left, waiting for it (delayed allocation: NODE_LEFT, delayed)
    const delayed = meta.state === 'open' ? routed?.delayed ?? [] : [];
    const unassignedReplica = (info: Omit<NonNullable<ShardRouting['unassigned_info']>, 'allocation_status'>): ShardRouting => ({
      state: 'UNASSIGNED',
      primary: false,
      node: null,
      relocating_node: null,
      shard: s,
      index: meta.name,
      recovery_source: { type: 'PEER' },
      unassigned_info: { ...info, allocation_status: 'no_attempt' },
    });
    for (const d of delayed) {
      copies.push(unassignedReplica({ reason: 'NODE_LEFT', at: new Date(d.since).toISOString(), delayed: true, details: `node_left[${d.node}]` }));
    }
    for (let r = assigned.length + delayed.length; r < numberOfReplicas(meta); r++) {
      copies.push(unassignedReplica({ reason: 'INDEX_CREATED', at: created, delayed: false }));
    }
    out.push(copies);
  }
  return out;
}
