/**
 * Whether a shard's query phase may be served from the shard request cache, and under which key
 * (ES 5.6 `IndicesService.canCache` and `ShardSearchRequest.cacheKey`). Cached: `query_then_fetch`
 * requests that are no scroll, whose `request_cache` parameter is true, or is absent while the
 * index's `index.requests.cache.enable` is on (default) and the request has `size` 0. Not
 * cached: requests whose result depends on more than the shard's documents — a terms lookup,
 * a script anywhere, date math on `now`, `random_score` without a seed, a date decay function
 * without an origin (ES's `QueryShardContext.isCachable()` turns false for the same reasons).
 */
import type { QueryPhaseRequest } from '../../messages/shard-search.js';
import type { ReaderContext } from './reader-context.js';

/** The cache key of the query phase `req` on `rc`, or undefined when it must not be cached. */
export function requestCacheKey(rc: ReaderContext, req: QueryPhaseRequest): string | undefined {
  const s = rc.source;
  if (s.scroll || s.searchType !== 'query_then_fetch' || req.dfs || rc.usesLookups) return undefined;
  if (s.requestCache === false) return undefined;
  if (s.requestCache === undefined) {
    if (rc.svc.meta.settings['index.requests.cache.enable'] === 'false' || s.size !== 0) return undefined;
  }
  if (!deterministic(s) || !deterministic(rc.aliasFilters)) return undefined;
  // what the shard's answer depends on besides its documents
  return JSON.stringify([s, rc.aliasFilters ?? null, rc.indexBoost, rc.requestShards]);
}

const DECAY = new Set(['gauss', 'linear', 'exp']);

/** Whether a parsed request part gives the same answer whenever it runs on the same documents. */
function deterministic(v: unknown): boolean {
  if (typeof v === 'string') return !v.startsWith('now');
  if (Array.isArray(v)) return v.every(deterministic);
  if (v === null || typeof v !== 'object') return true;
  const o = v as Record<string, unknown>;
  // a ScriptRef (lib/dsl/script-ref.ts)
  if ('idOrCode' in o) return false;
  if (o['type'] === 'random_score' && o['seed'] === undefined) return false;
  if (typeof o['type'] === 'string' && DECAY.has(o['type']) && typeof o['params'] === 'object' && o['params'] !== null && !('origin' in o['params'])) return false;
  return Object.values(o).every(deterministic);
}
