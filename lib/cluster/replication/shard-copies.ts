/**
 * Shared pieces of replication: the transport action names, calling a member with a generic
 * `Value` body, and the pure cluster-state updates a primary makes (mark a recovered replica
 * STARTED and in sync; fail a replica out of the in-sync set). The updates refuse to apply when
 * the writer is no longer the primary of that term, which is what fences a stale primary.
 */
import { randomBytes } from 'node:crypto';
import type { ClusterNodeInfo, ClusterState, ShardAssignment } from '../state.js';
import { wireType } from '../../messages/wire.js';
import { SHARD_METHOD_WIRES, type MethodWire } from '../../messages/wire-methods.js';
import type { ShardMethods, ShardReply } from '../../messages/shard-client.js';
import { EsError } from '../../errors/errors.js';
import type { TransportClient } from '../../transport/transport-client.js';

/** A primary sends op-log records to a replica. */
export const REPLICA_WRITE_ACTION = 'replica:write';
/** A primary starts, feeds and finishes a peer recovery on the replica's node. */
export const RECOVERY_START_ACTION = 'recovery:start';
export const RECOVERY_CHUNK_ACTION = 'recovery:chunk';
export const RECOVERY_FINISH_ACTION = 'recovery:finish';
/** A coordinator asks a member for the peer recoveries it ran as a target. */
export const RECOVERY_LIST_ACTION = 'recovery:list';
/** A coordinator asks a shard's primary for a synced flush of every started copy (lib/cluster/replication/synced-flush.ts). */
export const SYNCED_FLUSH_ACTION = 'flush:synced';
/** The primary asks a replica's node to flush its copy and write the sync id into its commit. */
export const SYNCED_FLUSH_COPY_ACTION = 'flush:synced:copy';

/** One copy's part in a shard's synced flush: ES's failure reason when it did not take the sync id. */
export interface CopySyncResult {
  allocationId: string;
  node: string;
  primary: boolean;
  reason?: string;
}

/** A shard's synced flush: each started copy's result, or why the whole shard failed (ES `ShardsSyncedFlushResult`). */
export interface ShardSyncResult {
  failure?: string;
  copies: CopySyncResult[];
}

/** A fresh sync id: 20 url-safe base64 characters, as ES's `Strings.base64UUID()`. */
export function newSyncId(): string {
  return randomBytes(15).toString('base64url');
}

const VALUE = wireType<unknown>('Value');

/** Call `action` on `node` with a JSON-like body (bytes as Uint8Array). */
export async function callNode(transport: TransportClient, node: ClusterNodeInfo, action: string, body: unknown): Promise<unknown> {
  return VALUE.decode(await transport.request({ id: node.id, host: node.host, port: node.transportPort }, action, VALUE.encode(body)));
}

/**
 * Run a refresh-side method on the copy held by `node` (its `shard:<method>` action, as the
 * routed clients call it): a primary's fan-out to its replicas and the end of a peer recovery.
 */
export async function shardMethodOn<M extends 'refresh' | 'waitForRefresh'>(transport: TransportClient, node: ClusterNodeInfo, method: M, req: ShardMethods[M]['req']): Promise<ShardReply<M>> {
  const wire = SHARD_METHOD_WIRES[method] as unknown as MethodWire<ShardMethods[M]['req'], ShardReply<M>>;
  return wire.res.decode(await transport.request({ id: node.id, host: node.host, port: node.transportPort }, `shard:${method}`, wire.req.encode(req)));
}

/** Refresh the copy of `index`/`shard` on `node`. */
export function refreshCopyOn(transport: TransportClient, node: ClusterNodeInfo, index: string, shard: number): Promise<ShardReply<'refresh'>> {
  return shardMethodOn(transport, node, 'refresh', { index, shard });
}

/** The routing of one shard, or undefined. */
export function assignmentOf(state: ClusterState, index: string, shard: number): ShardAssignment | undefined {
  const meta = Object.hasOwn(state.indices, index) ? state.indices[index] : undefined;
  return meta?.state === 'open' ? meta.routing?.[shard] : undefined;
}

/** ES's answer to a primary that learns it was demoted while it wrote (`RetryOnPrimaryException`). */
export function demoted(index: string, shard: number, why: string): EsError {
  return new EsError('retry_on_primary_exception', 503, `[${index}][${shard}] ${why}`, { metadata: { shard: String(shard), index } });
}

/** `state` with `update` applied to one shard's assignment, provided `nodeId` still holds its primary in `term`. */
function onPrimary(state: ClusterState, index: string, shard: number, nodeId: string, term: number, update: (a: ShardAssignment) => ShardAssignment): ClusterState {
  const a = assignmentOf(state, index, shard);
  if (!a || a.node !== nodeId || a.primaryTerm !== term || a.state !== 'STARTED') {
    throw demoted(index, shard, `primary term [${term}] on this node is no longer current (now [${a?.primaryTerm ?? 'none'}] on [${a?.node ?? 'none'}])`);
  }
  const next = update(a);
  if (next === a) return state;
  const meta = state.indices[index]!;
  const routing = [...meta.routing!];
  routing[shard] = next;
  return { ...state, indices: { ...state.indices, [index]: { ...meta, routing } } };
}

/** The recovered replica `allocationId` becomes STARTED and joins the in-sync set. */
export function markReplicaStarted(state: ClusterState, index: string, shard: number, nodeId: string, term: number, allocationId: string): ClusterState {
  return onPrimary(state, index, shard, nodeId, term, (a) => {
    const replicas = a.replicas ?? [];
    if (!replicas.some((r) => r.allocationId === allocationId && r.state === 'INITIALIZING')) throw demoted(index, shard, `replica [${allocationId}] is no longer initializing`);
    return { ...a, replicas: replicas.map((r) => (r.allocationId === allocationId ? { ...r, state: 'STARTED' as const } : r)) };
  });
}

/**
 * The started replica `allocationId` has every acknowledged write (the operations written during
 * its copy replayed): it joins the in-sync set, so it may be read from and promoted (ES 5.6
 * `markAllocationIdAsInSync`, after the translog phase of the recovery).
 */
export function markReplicaInSync(state: ClusterState, index: string, shard: number, nodeId: string, term: number, allocationId: string): ClusterState {
  return onPrimary(state, index, shard, nodeId, term, (a) => {
    if (!(a.replicas ?? []).some((r) => r.allocationId === allocationId && r.state === 'STARTED')) throw demoted(index, shard, `replica [${allocationId}] is no longer started`);
    return { ...a, inSync: [...a.inSync.filter((id) => id !== allocationId), allocationId] };
  });
}

/** The replica `allocationId` failed a write: it leaves the copies and the in-sync set (allocation adds a fresh one). */
export function failReplica(state: ClusterState, index: string, shard: number, nodeId: string, term: number, allocationId: string): ClusterState {
  return onPrimary(state, index, shard, nodeId, term, (a) => {
    if (!(a.replicas ?? []).some((r) => r.allocationId === allocationId)) return a;
    return { ...a, replicas: (a.replicas ?? []).filter((r) => r.allocationId !== allocationId), inSync: a.inSync.filter((id) => id !== allocationId) };
  });
}
