/**
 * Broadcast actions over every primary shard of the resolved indices (refresh, flush), with ES's
 * `_shards` header: total counts every copy (replicas included), successful the copies that ran.
 */
import type { NodeContext } from '../context.js';
import { numberOfReplicas, numberOfShards } from '../../cluster/state.js';
import type { StrataShardEngine } from '../../shard/engine.js';

export interface ShardsHeader {
  total: number;
  successful: number;
  failed: number;
}

export async function broadcast(ctx: NodeContext, indices: string[], fn: (shard: StrataShardEngine) => Promise<void>): Promise<ShardsHeader> {
  let total = 0;
  let successful = 0;
  const state = ctx.cluster.state();
  const work: Promise<void>[] = [];
  for (const name of indices) {
    const meta = state.indices[name];
    const svc = ctx.indices.get(name);
    if (!meta || !svc) continue;
    total += numberOfShards(meta) * (1 + numberOfReplicas(meta));
    for (const shard of svc.shards) {
      work.push(fn(shard).then(() => void successful++));
    }
  }
  await Promise.all(work);
  return { total, successful, failed: 0 };
}
