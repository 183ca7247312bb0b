/**
 * `POST /_flush/synced`, `/{index}/_flush/synced` (ES 5.6 `SyncedFlushResponse`).
 */
import type { NodeContext } from '../context.js';
import { numberOfReplicas, numberOfShards } from '../../cluster/state.js';
import { broadcast, type ShardsHeader } from './broadcast.js';

/**
 * `POST /_flush/synced`: flush every started copy and answer ES 5.6 `SyncedFlushResponse`: the
 * overall `_shards` counts, then per index its own `total`/`successful`/`failed` (replicas that
 * are not assigned count in `total` only, as ES counts copies that could not take part).
 */
export async function syncedFlush(ctx: NodeContext, indices: string[]): Promise<Record<string, unknown>> {
  const state = ctx.cluster.state();
  const perIndex: Record<string, ShardsHeader> = Object.create(null) as Record<string, ShardsHeader>;
  const overall: ShardsHeader = { total: 0, successful: 0, failed: 0 };
  await Promise.all(
    indices.map(async (name) => {
      const meta = state.indices[name];
      if (!meta) return;
      const h = await broadcast(ctx, [name], (client, shard) => client.flush(shard));
      perIndex[name] = h;
    }),
  );
  const body: Record<string, unknown> = { _shards: overall };
  for (const name of indices) {
    const h = perIndex[name];
    const meta = state.indices[name];
    if (!h || !meta) continue;
    overall.total += numberOfShards(meta) * (1 + numberOfReplicas(meta));
    overall.successful += h.successful;
    overall.failed += h.failed;
    body[name] = { total: h.total, successful: h.successful, failed: h.failed };
  }
  return body;
}
