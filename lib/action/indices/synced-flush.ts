/**
 * `POST /_flush/synced`, `/{index}/_flush/synced` (ES 5.6 `SyncedFlushService` and
 * `SyncedFlushResponse`): every started copy of each shard is flushed and given the same sync id
 * in its commit when it holds the primary's operations and none is in flight. In cluster mode the
 * primary's node runs each shard's synced flush (lib/cluster/replication/synced-flush.ts); on a
 * single node the primary is the only copy.
 */
import type { NodeContext } from '../context.js';
import { numberOfReplicas, numberOfShards, type IndexMetadata } from '../../cluster/state.js';
import { shardRoutings } from '../../cluster/routing-table.js';
import { SYNCED_FLUSH_ACTION, newSyncId, type ShardSyncResult } from '../../cluster/replication/shard-copies.js';
import type { ShardsHeader } from './broadcast.js';

/** The answer and its status: 409 (CONFLICT) when a copy failed, as ES's `SyncedFlushResponse#restStatus`. */
export interface SyncedFlushAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** One shard's synced flush, asked of its primary. */
async function syncShard(ctx: NodeContext, meta: IndexMetadata, shard: number): Promise<ShardSyncResult> {
  const routed = meta.routing?.[shard];
  try {
    if (!routed) {
      // a single node: the primary is the only copy, and no replica waits for its sync id
      const engine = ctx.indices.get(meta.name)?.shard(shard);
      if (!engine) return { failure: 'no active shards', copies: [] };
      const reason = await engine.syncFlush(newSyncId(), engine.maxSeqNo);
      return { copies: [{ allocationId: '', node: ctx.nodeId, primary: true, ...(reason !== undefined ? { reason } : {}) }] };
    }
    if (routed.state !== 'STARTED' || routed.node === null || !ctx.remote) return { failure: 'no active shards', copies: [] };
    return (await ctx.remote.call(routed.node, SYNCED_FLUSH_ACTION, { index: meta.name, shard })) as ShardSyncResult;
  } catch (err) {
    // ES: the shard's whole result fails with the exception's message
    return { failure: err instanceof Error ? err.message : String(err), copies: [] };
  }
}

/**
 * A shard of a single node turned inactive (`indices.memory.shard_inactive_time`): the synced
 * flush ES 5.6 runs then (`SyncedFlushService#onShardInactive`), which on one node gives the
 * commit its `sync_id`. Resolves with the reason when it was not written.
 */
export async function syncInactiveShard(ctx: Pick<NodeContext, 'indices'>, index: string, shard: number): Promise<string | undefined> {
  const engine = ctx.indices.get(index)?.shard(shard);
  if (!engine) return 'no active shards';
  return engine.syncFlush(newSyncId(), engine.maxSeqNo);
}

/**
 * The synced flush of every shard of `indices`: the overall `_shards` counts, then per index its
 * own `total` / `successful` / `failed` and, when a copy failed, `failures` (`shard` and `reason`
 * for a whole shard, plus the copy's `routing` for one copy), as ES 5.6 counts them: `total` is
 * every copy (unassigned replicas included), a failed shard fails all its copies, an unassigned
 * copy is neither successful nor failed.
 */
export async function syncedFlush(ctx: NodeContext, indices: string[]): Promise<SyncedFlushAnswer> {
  const state = ctx.cluster.state();
  const metas = indices.flatMap((name) => (Object.hasOwn(state.indices, name) ? [state.indices[name]!] : []));
  const results = await Promise.all(metas.map((meta) => Promise.all(Array.from({ length: numberOfShards(meta) }, (_, s) => syncShard(ctx, meta, s)))));
  const overall: ShardsHeader = { total: 0, successful: 0, failed: 0 };
  const perIndex: Array<[string, Record<string, unknown>]> = [];
  metas.forEach((meta, i) => {
    const copiesPerShard = 1 + numberOfReplicas(meta);
    const routings = shardRoutings(meta, ctx.nodeId);
    const h: ShardsHeader = { total: 0, successful: 0, failed: 0 };
    const failures: Array<Record<string, unknown>> = [];
    results[i]!.forEach((r, shard) => {
      h.total += copiesPerShard;
      if (r.failure !== undefined) {
        h.failed += copiesPerShard;
        failures.push({ shard, reason: r.failure });
        return;
      }
      for (const c of r.copies) {
        if (c.reason === undefined) {
          h.successful++;
          continue;
        }
        h.failed++;
        const routing = routings[shard]?.find((x) => (c.primary ? x.primary : x.allocation_id?.id === c.allocationId));
        failures.push({ shard, reason: c.reason, ...(routing ? { routing } : {}) });
      }
    });
    overall.total += h.total;
    overall.successful += h.successful;
    overall.failed += h.failed;
    perIndex.push([meta.name, { ...h, ...(h.failed > 0 ? { failures } : {}) }]);
  });
  return { status: overall.failed > 0 ? 409 : 200, body: { _shards: overall, ...Object.fromEntries(perIndex) } };
}
