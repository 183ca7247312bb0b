/**
 * `GET /_stats`, `/{index}/_stats/{metric}`: per-index figures summed over shards, rendered as
 * ES 5.6 `CommonStats` (primaries and total; on one node the totals are the primaries because
 * replicas are unassigned).
 */
import type { NodeContext } from '../context.js';
import { shardAvailable } from '../shard-availability.js';
import type { ShardStats } from '../../messages/shard-maintenance.js';
import type { IndexService } from '../../indices/index-service.js';
import { IndexCounters } from '../../indices/index-counters.js';
import { numberOfReplicas, numberOfShards } from '../../cluster/state.js';
import { illegalArgument } from '../../errors/errors.js';
import { simpleMatch } from '../../units/simple-match.js';
import { dict } from '../../dict.js';
import { byteSizeField, humanBytes, timeValueField } from '../../units/human-fields.js';

export const STATS_METRICS = [
  'docs', 'store', 'indexing', 'get', 'search', 'merge', 'refresh', 'flush', 'warmer', 'query_cache',
  'fielddata', 'completion', 'segments', 'translog', 'request_cache', 'recovery',
] as const;
export const ALL_METRIC_NAMES = [...STATS_METRICS, 'suggest'];

type Sum = ShardStats;

function zeroSum(): Sum {
  return {
    docsCount: 0, docsDeleted: 0, storeSizeInBytes: 0, indexTotal: 0, indexTimeInMillis: 0, deleteTotal: 0,
    refreshTotal: 0, refreshTimeInMillis: 0, flushTotal: 0, flushTimeInMillis: 0, mergeTotal: 0, segmentsCount: 0,
    translogOperations: 0, translogSizeInBytes: 0, indexWriterMemoryInBytes: 0, versionMapMemoryInBytes: 0, completionSizeInBytes: 0,
    queryCache: { hitCount: 0, missCount: 0, cacheSize: 0, cacheCount: 0, memorySizeInBytes: 0 },
    segmentsMemory: { terms: 0, storedFields: 0, norms: 0, docValues: 0 },
    merges: { current: 0, currentDocs: 0, currentSizeInBytes: 0, totalTimeInMillis: 0, totalDocs: 0, totalSizeInBytes: 0 },
  };
}

/** A number, or an object of figures (the query cache's, the segments' memory, the merges'). */
type Figures = number | { [k: string]: Figures };

/** Add `from` into `holder[key]`, figure by figure for an object of figures. */
function addNumbers(into: Figures, from: Figures, key: string, holder: Figures): void {
  if (typeof into === 'number') (holder as Record<string, number>)[key] = into + (from as number);
  else for (const k of Object.keys(into)) addNumbers(into[k]!, (from as Record<string, Figures>)[k]!, k, into);
}

/** Add a shard's (or an index's) figures into `acc`, per-field completion sizes included. */
function addInto(acc: Sum, s: Sum): void {
  for (const k of Object.keys(acc) as Array<keyof Sum>) {
    if (k !== 'completionFields') addNumbers(acc[k] as Figures, s[k] as Figures, k, acc as unknown as Figures);
  }
  if (!s.completionFields) return;
  const byField = new Map((acc.completionFields ??= []).map((f) => [f.field, f]));
  for (const f of s.completionFields) {
    const have = byField.get(f.field);
    if (have) have.sizeInBytes += f.sizeInBytes;
    else {
      const copy = { ...f };
      acc.completionFields.push(copy);
      byField.set(f.field, copy);
    }
  }
}

/** Each shard's figures of an open index (none when it is not open here), asked through the shard client. */
export async function shardStatsOf(ctx: NodeContext, index: string): Promise<ShardStats[]> {
  return [...(await startedShardStats(ctx, index)).values()];
}

/**
 * The figures of each started shard of an index, by shard number, asked through the shard
 * client (in cluster mode a primary whose node is away is not started and has none, nor has a
 * shard that failed to start).
 */
export async function startedShardStats(ctx: NodeContext, index: string, opts: { completion?: boolean } = {}): Promise<Map<number, ShardStats>> {
  const meta = ctx.cluster.state().indices[index];
  const n = meta && ctx.indices.get(index) ? numberOfShards(meta) : 0;
  const shards = Array.from({ length: n }, (_, shard) => shard).filter((s) => shardAvailable(ctx, index, s));
  // completion sizes read every term of the completion fields: only when that metric is shown
  const stats = await Promise.all(shards.map((shard) => ctx.indices.client.stats({ index, shard, ...(opts.completion ? { completion: true } : {}) })));
  return new Map(shards.map((s, i) => [s, stats[i]!]));
}

/** A shard copy this node holds, with its figures. */
export interface LocalCopyStats {
  shard: number;
  primary: boolean;
  stats: ShardStats;
}

/**
 * The figures of the copies of `index` this node holds, asked of its own shard side: on one
 * node every started primary; in cluster mode the primaries and STARTED replicas allocated here
 * (a node's part of `_nodes/stats` and `_cluster/stats`, ES's `IndicesService#stats`).
 */
export async function localCopyStats(ctx: NodeContext, index: string, opts: { completion?: boolean } = {}): Promise<LocalCopyStats[]> {
  const meta = ctx.cluster.state().indices[index];
  const svc = ctx.indices.get(index);
  if (!meta || !svc) return [];
  if (!meta.routing) return [...(await startedShardStats(ctx, index, opts))].map(([shard, stats]) => ({ shard, primary: true, stats }));
  const failed = svc.failedShards();
  const shards = [...svc.localShards()].filter((s) => !failed.has(s)).sort((a, b) => a - b);
  const replies = await Promise.all(shards.map((shard) => ctx.indices.host.handle('stats', { index, shard, ...(opts.completion ? { completion: true } : {}) })));
  const out: LocalCopyStats[] = [];
  // a copy closed between the listing and the call (reallocated meanwhile) is no longer held here
  replies.forEach((r, i) => 'ok' in r && out.push({ shard: shards[i]!, primary: meta.routing?.[shards[i]!]?.node === ctx.nodeId, stats: r.ok }));
  return out;
}

/** `CommonStats` of figures summed over shard copies (no per-index counters: the metrics ES sums per copy). */
export function renderCopySums(copies: readonly ShardStats[], metrics: Set<string>, humanOn: boolean): Record<string, unknown> {
  return render(new IndexCounters(), sumShards(copies), metrics, humanOn);
}

function sumShards(shards: readonly ShardStats[]): Sum {
  const acc = zeroSum();
  for (const s of shards) addInto(acc, s);
  return acc;
}

/** ES `SegmentsStats#getMemoryInBytes`: the sum of the kinds. */
export function segmentsMemoryTotal(m: ShardStats['segmentsMemory']): number {
  return m.terms + m.storedFields + m.norms + m.docValues;
}

/** ES's `byteSizeField(name_in_bytes, name, bytes)` as an object to spread. */
function human(on: boolean, bytes: number, name = 'size'): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  byteSizeField(o, `${name}_in_bytes`, name, bytes, on);
  return o;
}

/**
 * Per-field breakdowns asked for with `fields`, `fielddata_fields`, `completion_fields`
 * (ES 5.6 `RestIndicesStatsAction`). ES lists the matching fields that hold fielddata or
 * completion data: Strata keeps no fielddata (sorting and aggregations read doc values), so that
 * breakdown is present and empty; completion fields are listed with the bytes of their suggest
 * terms (lib/indices/completion-stats.ts).
 */
export interface FieldBreakdowns {
  fielddataFields?: string[];
  completionFields?: string[];
  /** `groups`: the search `stats` groups to render under `search.groups` (simple patterns). */
  groups?: string[];
}

function render(c: IndexCounters, s: Sum, metrics: Set<string>, humanOn: boolean, fb: FieldBreakdowns = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const m = (name: string): boolean => metrics.has(name);
  if (m('docs')) out.docs = { count: s.docsCount, deleted: s.docsDeleted };
  // `time(raw, ms)`: ES's `timeValueField`, with `?human` the readable form first, named as the
  // raw one without `_in_millis` (`index_time`) unless ES names it otherwise (get's `getTime`)
  const time = (raw: string, ms: number, readable = raw.slice(0, -'_in_millis'.length)): Record<string, unknown> => {
    const o: Record<string, unknown> = {};
    timeValueField(o, raw, readable, ms, humanOn);
    return o;
  };
  if (m('store')) out.store = { ...human(humanOn, s.storeSizeInBytes), ...time('throttle_time_in_millis', 0) };
  if (m('indexing')) {
    out.indexing = {
      index_total: s.indexTotal, ...time('index_time_in_millis', s.indexTimeInMillis), index_current: 0, index_failed: 0,
      delete_total: s.deleteTotal, ...time('delete_time_in_millis', 0), delete_current: 0, noop_update_total: 0,
      is_throttled: false, ...time('throttle_time_in_millis', 0),
    };
  }
  if (m('get')) {
    out.get = {
      total: c.getTotal, ...time('time_in_millis', c.getTimeMs, 'getTime'), exists_total: c.getExistsTotal, ...time('exists_time_in_millis', c.getExistsTimeMs),
      missing_total: c.getMissingTotal, ...time('missing_time_in_millis', c.getMissingTimeMs), current: 0,
    };
  }
  if (m('search')) {
    out.search = {
      open_contexts: c.openContexts, query_total: c.queryTotal, ...time('query_time_in_millis', c.queryTimeMs), query_current: 0,
      fetch_total: c.fetchTotal, ...time('fetch_time_in_millis', c.fetchTimeMs), fetch_current: 0,
      scroll_total: c.scrollTotal, ...time('scroll_time_in_millis', c.scrollTimeMs), scroll_current: 0,
      suggest_total: 0, ...time('suggest_time_in_millis', 0), suggest_current: 0,
    };
    const groups = fb.groups ?? [];
    const shown = [...c.groups].filter(([name]) => groups.some((p) => simpleMatch(p, name)));
    if (shown.length > 0) {
      const rendered: Record<string, unknown> = dict(); // group names are user input
      for (const [name, g] of shown) {
        rendered[name] = {
          query_total: g.queryTotal, ...time('query_time_in_millis', g.queryTimeMs), query_current: 0,
          fetch_total: g.fetchTotal, ...time('fetch_time_in_millis', g.fetchTimeMs), fetch_current: 0,
          scroll_total: g.scrollTotal, ...time('scroll_time_in_millis', g.scrollTimeMs), scroll_current: 0,
          suggest_total: 0, ...time('suggest_time_in_millis', 0), suggest_current: 0,
        };
      }
      (out.search as Record<string, unknown>).groups = rendered;
    }
  }
  if (m('merge')) {
    // ES MergeStats.toXContent; merges are never stopped or throttled here, and the auto-throttle
    // figure is ES's starting rate (20 MB/s), which Strata does not adjust
    const g = s.merges;
    out.merges = {
      current: g.current, current_docs: g.currentDocs, ...human(humanOn, g.currentSizeInBytes, 'current_size'),
      total: s.mergeTotal, ...time('total_time_in_millis', g.totalTimeInMillis), total_docs: g.totalDocs, ...human(humanOn, g.totalSizeInBytes, 'total_size'),
      ...time('total_stopped_time_in_millis', 0), ...time('total_throttled_time_in_millis', 0), ...human(humanOn, 20971520, 'total_auto_throttle'),
    };
  }
  if (m('refresh')) out.refresh = { total: s.refreshTotal, ...time('total_time_in_millis', s.refreshTimeInMillis), listeners: 0 };
  if (m('flush')) out.flush = { total: s.flushTotal, ...time('total_time_in_millis', s.flushTimeInMillis) };
  if (m('warmer')) out.warmer = { current: 0, total: 0, ...time('total_time_in_millis', 0) };
  if (m('query_cache')) {
    // ES QueryCacheStats.toXContent; evictions are the entries added and gone
    const q = s.queryCache;
    out.query_cache = {
      ...human(humanOn, q.memorySizeInBytes, 'memory_size'), total_count: q.hitCount + q.missCount, hit_count: q.hitCount, miss_count: q.missCount,
      cache_size: q.cacheSize, cache_count: q.cacheCount, evictions: q.cacheCount - q.cacheSize,
    };
  }
  if (m('fielddata')) {
    out.fielddata = { ...human(humanOn, 0, 'memory_size'), evictions: 0, ...(fb.fielddataFields?.length ? { fields: {} } : {}) };
  }
  if (m('completion')) {
    out.completion = human(humanOn, s.completionSizeInBytes);
    const patterns = fb.completionFields;
    if (patterns?.length) {
      // CompletionFieldStats: the completion fields matching the patterns, by name (user input: a dict)
      const fields: Record<string, unknown> = dict();
      for (const f of [...(s.completionFields ?? [])].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))) {
        if (patterns.some((p) => simpleMatch(p, f.field))) fields[f.field] = human(humanOn, f.sizeInBytes);
      }
      (out.completion as Record<string, unknown>).fields = fields;
    }
  }
  if (m('segments')) {
    // ES SegmentsStats.toXContent: each size with its human form under `human`
    const mem = s.segmentsMemory;
    out.segments = {
      count: s.segmentsCount,
      ...human(humanOn, segmentsMemoryTotal(mem), 'memory'),
      ...human(humanOn, mem.terms, 'terms_memory'),
      ...human(humanOn, mem.storedFields, 'stored_fields_memory'),
      ...human(humanOn, 0, 'term_vectors_memory'),
      ...human(humanOn, mem.norms, 'norms_memory'),
      ...human(humanOn, 0, 'points_memory'),
      ...human(humanOn, mem.docValues, 'doc_values_memory'),
      ...human(humanOn, s.indexWriterMemoryInBytes, 'index_writer_memory'),
      ...human(humanOn, s.versionMapMemoryInBytes, 'version_map_memory'),
      // ES names this one's human form `fixed_bit_set`, without `_memory`
      ...(humanOn ? { fixed_bit_set: humanBytes(0) } : {}),
      fixed_bit_set_memory_in_bytes: 0,
      max_unsafe_auto_id_timestamp: -1, file_sizes: {},
    };
  }
  if (m('translog')) out.translog = { operations: s.translogOperations, ...human(humanOn, s.translogSizeInBytes) };
  if (m('request_cache')) {
    // counted per index on the shard side (shard-level output repeats the index's figures, as `search` does)
    out.request_cache = { ...human(humanOn, c.requestCacheMemoryBytes, 'memory_size'), evictions: c.requestCacheEvictions, hit_count: c.requestCacheHits, miss_count: c.requestCacheMisses };
  }
  if (m('recovery')) out.recovery = { current_as_source: 0, current_as_target: 0, ...time('throttle_time_in_millis', 0) };
  return out;
}

/**
 * The index metric names of a request path (`_all` or absent: all). Unknown names are ES's
 * `request [...] contains unrecognized metric: [x]` (`what` names the parameter, e.g.
 * `index metric` for `_nodes/stats/indices/{index_metric}`).
 */
export function parseMetrics(raw: string | undefined, path: string, what = 'metric'): Set<string> {
  if (raw === undefined || raw === '_all') return new Set(STATS_METRICS);
  const names = raw.split(',');
  const bad = names.filter((n) => !ALL_METRIC_NAMES.includes(n) && n !== '_all');
  if (bad.length > 0) {
    throw illegalArgument(`request [${path}] contains unrecognized ${what}${bad.length > 1 ? 's' : ''}: [${bad.join('], [')}]`);
  }
  if (names.includes('_all')) return new Set(STATS_METRICS);
  return new Set(names);
}

export async function indicesStats(
  ctx: NodeContext,
  indices: string[],
  metrics: Set<string>,
  level: string,
  humanOn: boolean,
  fb: FieldBreakdowns = {},
): Promise<Record<string, unknown>> {
  const state = ctx.cluster.state();
  let total = 0;
  let successful = 0;
  const perIndex: Record<string, unknown> = {};
  const all: Sum[] = [];
  const services: IndexService[] = [];
  for (const name of indices) {
    const meta = state.indices[name];
    const svc = ctx.indices.get(name);
    if (!meta || !svc) continue;
    total += numberOfShards(meta) * (1 + numberOfReplicas(meta));
    const byShard = await startedShardStats(ctx, name, { completion: metrics.has('completion') });
    const shardStats = [...byShard.values()];
    successful += byShard.size;
    const s = sumShards(shardStats);
    all.push(s);
    services.push(svc);
    const r = render(svc.counters, s, metrics, humanOn, fb);
    const entry: Record<string, unknown> = { primaries: r, total: r };
    if (level === 'shards') {
      const shards: Record<string, unknown> = {};
      byShard.forEach((sh, i) => {
        const one = render(svc.counters, sh, metrics, humanOn, fb);
        shards[String(i)] = [{ routing: { state: 'STARTED', primary: true, node: ctx.nodeId, relocating_node: null }, ...one }];
      });
      entry.shards = shards;
    }
    perIndex[name] = entry;
  }
  const grand = zeroSum();
  for (const s of all) addInto(grand, s);
  const allRendered = render(IndexCounters.sum(services.map((x) => x.counters)), grand, metrics, humanOn, fb);
  const body: Record<string, unknown> = {
    _shards: { total, successful, failed: 0 },
    _all: { primaries: allRendered, total: allRendered },
  };
  if (level !== 'cluster') body.indices = perIndex;
  return body;
}

/**
 * The `indices` section of `_nodes/stats` (ES 5.6 `NodeIndicesStats`): the figures of every
 * open index on this node summed into one `CommonStats`; `level=indices` adds them per index
 * under `indices`, `level=shards` per shard copy under `shards` (`{index: [{"0": {...}}]}`).
 */
export async function nodeIndicesStats(ctx: NodeContext, metrics: Set<string>, level: string, humanOn: boolean): Promise<Record<string, unknown>> {
  // keyed by index names (user input)
  const perIndex: Record<string, unknown> = Object.create(null);
  const perShard: Record<string, unknown> = Object.create(null);
  const sums: Sum[] = [];
  const services: IndexService[] = [];
  for (const name of Object.keys(ctx.cluster.state().indices).sort()) {
    const svc = ctx.indices.get(name);
    if (!svc) continue;
    // this node's copies only: in cluster mode the other members report theirs
    const copies = await localCopyStats(ctx, name, { completion: metrics.has('completion') });
    const s = sumShards(copies.map((c) => c.stats));
    sums.push(s);
    services.push(svc);
    if (level === 'indices') perIndex[name] = render(svc.counters, s, metrics, humanOn);
    if (level === 'shards') perShard[name] = copies.map((c) => ({ [String(c.shard)]: render(svc.counters, c.stats, metrics, humanOn) }));
  }
  const grand = zeroSum();
  for (const s of sums) addInto(grand, s);
  const out = render(IndexCounters.sum(services.map((x) => x.counters)), grand, metrics, humanOn);
  if (level === 'indices') out.indices = perIndex;
  if (level === 'shards') out.shards = perShard;
  return out;
}
