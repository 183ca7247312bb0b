/**
 * Broadcast actions over every primary shard of the resolved indices (refresh, flush), with ES's
 * `_shards` header, through the shard client: total counts every copy (replicas included), successful the copies that ran.
 */
import type { NodeContext } from '../context.js';
import { numberOfReplicas, numberOfShards } from '../../cluster/state.js';
import type { ShardClient } from '../../messages/shard-client.js';
import type { ShardTarget } from '../../messages/shard-maintenance.js';

export interface ShardsHeader {
  total: number;
  successful: number;
  failed: number;
}

export async function broadcast(ctx: NodeContext, indices: string[], fn: (client: ShardClient, shard: ShardTarget) => Promise<unknown>): Promise<ShardsHeader> {
  let total = 0;
  let successful = 0;
  const state = ctx.cluster.state();
  const work: Promise<void>[] = [];
  for (const name of indices) {
    const meta = state.indices[name];
    const svc = ctx.indices.get(name);
    if (!meta || !svc) continue;
    total += numberOfShards(meta) * (1 + numberOfReplicas(meta));
    for (let shard = 0; shard < svc.shards.length; shard++) {
      work.push(fn(ctx.indices.client, { index: name, shard }).then(() => void successful++));
    }
  }
  await Promise.all(work);
  return { total, successful, failed: 0 };
}
