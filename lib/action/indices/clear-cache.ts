/**
 * `POST /_cache/clear`, `/{index}/_cache/clear` (ES 5.6 `ClearIndicesCacheRequest`).
 */
import type { NodeContext } from '../context.js';
import { broadcast, type ShardsHeader } from './broadcast.js';

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
 * part of the segment), so that flag clears nothing; `request` empties the shard request cache,
 * `query` the doc-set cache, and clearing everything also drops decoded postings and stored documents.
 */
export async function clearCache(ctx: NodeContext, indices: string[], o: ClearCacheOptions): Promise<{ _shards: ShardsHeader }> {
  const all = !o.query && !o.fielddata && !o.request && o.fields.length === 0;
  const header = await broadcast(ctx, indices, (client, shard) => client.clearCaches({ ...shard, query: o.query, all, ...(o.request ? { request: true } : {}) }));
  return { _shards: header };
}
