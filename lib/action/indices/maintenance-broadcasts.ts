/**
 * The broadcast maintenance actions that answer a `_shards` header: `_cache/clear`,
 * `_forcemerge`, `_upgrade` (status and run) and `_flush/synced`, as ES 5.6 answers them.
 */
import type { NodeContext } from '../context.js';
import { numberOfReplicas, numberOfShards } from '../../cluster/state.js';
import { byteSizeField } from '../../units/human-fields.js';
import { broadcast, type ShardsHeader } from './broadcast.js';
import { LUCENE_VERSION } from './segments.js';

/** ES version Strata answers as (`upgrade_version`). */
const ES_VERSION = '5.6.16';

/** What `POST /_cache/clear` asks for (ES 5.6 `ClearIndicesCacheRequest`). */
export interface ClearCacheOptions {
  query: boolean;
  fielddata: boolean;
  request: boolean;
  /** Fields whose fielddata to clear (fielddata only). */
  fields: string[];
}

/**
 * Clear caches. As ES, no flag set means every cache. Strata keeps no fielddata (doc values are
 * part of the segment) and no shard request cache, so those flags clear nothing; `query` clears
 * the doc-set cache, and clearing everything also drops decoded postings and stored documents.
 */
export async function clearCache(ctx: NodeContext, indices: string[], o: ClearCacheOptions): Promise<{ _shards: ShardsHeader }> {
  const all = !o.query && !o.fielddata && !o.request && o.fields.length === 0;
  const header = await broadcast(ctx, indices, async (s) => void s.clearCaches({ query: o.query, all }));
  return { _shards: header };
}

/** `POST /_forcemerge`: merge each shard (ES 5.6 `maybeMerge` when no segment count is given), then flush. */
export async function forceMerge(
  ctx: NodeContext,
  indices: string[],
  o: { maxNumSegments: number; onlyExpungeDeletes: boolean; flush: boolean },
): Promise<{ _shards: ShardsHeader }> {
  const header = await broadcast(ctx, indices, async (s) => {
    await s.forceMerge({ ...(o.maxNumSegments > 0 ? { maxNumSegments: o.maxNumSegments } : {}), onlyExpungeDeletes: o.onlyExpungeDeletes });
    if (o.flush) await s.flush();
  });
  return { _shards: header };
}

function sizeOf(ctx: NodeContext, index: string): number {
  let n = 0;
  for (const s of ctx.indices.get(index)?.shards ?? []) for (const seg of s.segments()) n += seg.sizeInBytes;
  return n;
}

/**
 * `GET /_upgrade`: bytes of segments written by an older version. Every Strata segment is of the
 * current format, so nothing needs upgrading.
 */
export async function upgradeStatus(ctx: NodeContext, indices: string[], human: boolean): Promise<Record<string, unknown>> {
  const header = await broadcast(ctx, indices, async () => undefined);
  const sizes = (target: Record<string, unknown>, bytes: number): Record<string, unknown> => {
    byteSizeField(target, 'size_in_bytes', 'size', bytes, human);
    byteSizeField(target, 'size_to_upgrade_in_bytes', 'size_to_upgrade', 0, human);
    byteSizeField(target, 'size_to_upgrade_ancient_in_bytes', 'size_to_upgrade_ancient', 0, human);
    return target;
  };
  const perIndex = Object.create(null) as Record<string, unknown>;
  let total = 0;
  for (const name of indices) {
    const bytes = sizeOf(ctx, name);
    total += bytes;
    perIndex[name] = sizes({}, bytes);
  }
  return { _shards: header, ...sizes({}, total), indices: perIndex };
}

/**
 * `POST /_upgrade`: rewrite old-format segments. There are none, so no shard merges; like ES,
 * every index whose primaries all answered is listed with the version it is now at.
 */
export async function upgrade(ctx: NodeContext, indices: string[]): Promise<Record<string, unknown>> {
  const header = await broadcast(ctx, indices, async () => undefined);
  const upgraded = Object.create(null) as Record<string, unknown>;
  for (const name of indices) upgraded[name] = { upgrade_version: ES_VERSION, oldest_lucene_segment_version: LUCENE_VERSION };
  return { _shards: header, upgraded_indices: upgraded };
}

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
      const h = await broadcast(ctx, [name], (s) => s.flush());
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
