/**
 * Broadcast actions over every primary shard of the resolved indices (refresh, flush), with ES's
 * `_shards` header, through the shard client: total counts every copy (replicas included), successful the copies that ran.
 */
import type { NodeContext } from '../context.js';
import { shardAvailable } from '../shard-availability.js';
import { numberOfReplicas, numberOfShards } from '../../cluster/state.js';
import type { ShardClient } from '../../messages/shard-client.js';
import type { ShardTarget } from '../../messages/shard-maintenance.js';

export interface ShardsHeader {
  total: number;
  successful: number;
  failed: number;
}

/** Run `fn` on every started shard of `indices` (in parallel); the answers in shard order, with the header. */
export async function broadcastCollect<T>(
  ctx: NodeContext,
  indices: readonly string[],
  fn: (client: ShardClient, shard: ShardTarget) => Promise<T>,
): Promise<{ header: ShardsHeader; results: Array<{ target: ShardTarget; value: T }> }> {
  let total = 0;
  const state = ctx.cluster.state();
  const work: Promise<{ target: ShardTarget; value: T }>[] = [];
  for (const name of indices) {
    const meta = state.indices[name];
    const svc = ctx.indices.get(name);
    if (!meta || !svc) continue;
    total += numberOfShards(meta) * (1 + numberOfReplicas(meta));
    for (let shard = 0; shard < numberOfShards(meta); shard++) {
      // ES counts an unassigned copy in `total` only (a shard that is not available is no failure).
      if (!shardAvailable(ctx, name, shard)) continue;
      const target = { index: name, shard };
      work.push(fn(ctx.indices.client, target).then((value) => ({ target, value })));
    }
  }
  const results = await Promise.all(work);
  return { header: { total, successful: results.length, failed: 0 }, results };
}

/** Run `fn` on every started shard of `indices`; ES's `_shards` header. */
export async function broadcast(ctx: NodeContext, indices: readonly string[], fn: (client: ShardClient, shard: ShardTarget) => Promise<unknown>): Promise<ShardsHeader> {
  return (await broadcastCollect(ctx, indices, fn)).header;
}
