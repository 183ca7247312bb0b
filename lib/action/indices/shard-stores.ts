/**
 * `GET /_shard_stores`, `/{index}/_shard_stores`: which nodes hold a copy of each shard whose
 * health matches `status` (default yellow and red), rendered as ES 5.6
 * `IndicesShardStoresResponse`. On one node the only store of a shard is its started primary;
 * a shard is yellow while replicas are configured (they cannot be assigned beside it).
 */
import type { NodeContext } from '../context.js';
import { numberOfReplicas, numberOfShards } from '../../cluster/state.js';
import { allocationId } from '../../cluster/routing-table.js';
import { illegalArgument } from '../../errors/errors.js';

export type ShardHealth = 'green' | 'yellow' | 'red';

/** Parse the `status` parameter (ES `ClusterHealthStatus.fromString`, `all` for every status). */
export function parseShardStatuses(raw: string | undefined): Set<ShardHealth> {
  if (raw === undefined) return new Set(['yellow', 'red']);
  const out = new Set<ShardHealth>();
  for (const part of raw.split(',').filter((p) => p.length > 0)) {
    const s = part.toLowerCase();
    if (s === 'all') return new Set(['green', 'yellow', 'red']);
    if (s !== 'green' && s !== 'yellow' && s !== 'red') throw illegalArgument(`unknown cluster health status [${part}]`);
    out.add(s);
  }
  return out;
}

/** The `GET /_shard_stores` body for open, resolved `indices`. */
export function shardStoresBody(ctx: NodeContext, indices: readonly string[], statuses: ReadonlySet<ShardHealth>): Record<string, unknown> {
  const state = ctx.cluster.state();
  const out = Object.create(null) as Record<string, { shards: Record<string, unknown> }>;
  const node = {
    name: ctx.nodeName,
    ephemeral_id: ctx.nodeId,
    transport_address: `${ctx.transportAddress.host}:${ctx.transportAddress.port}`,
    attributes: {},
  };
  for (const name of indices) {
    const meta = state.indices[name];
    if (!meta || !ctx.indices.get(name)) continue;
    // Every primary is started here; replicas never are.
    const health: ShardHealth = numberOfReplicas(meta) > 0 ? 'yellow' : 'green';
    if (!statuses.has(health)) continue;
    const shards: Record<string, unknown> = {};
    for (let s = 0; s < numberOfShards(meta); s++) {
      shards[String(s)] = { stores: [{ [ctx.nodeId]: node, allocation_id: allocationId(meta.uuid, s), allocation: 'primary' }] };
    }
    out[name] = { shards };
  }
  return { indices: out };
}
