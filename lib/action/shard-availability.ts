/**
 * Whether a shard's primary can serve a request, as the coordinator sees it: started in the
 * routing (cluster mode: its node is in the cluster) and not failed to start on this node (its
 * store would not open). ES skips such a shard in broadcasts and searches, counting it in
 * `_shards.total` only; the one home of that rule for every action.
 */
import type { NodeContext } from './context.js';

export function shardAvailable(ctx: NodeContext, index: string, shard: number): boolean {
  const meta = ctx.cluster.state().indices[index];
  if (!meta || (meta.routing?.[shard]?.state ?? 'STARTED') !== 'STARTED') return false;
  return ctx.indices.failedShards(index)?.has(shard) !== true;
}
