/**
 * `_search` on the coordinator: resolve indices, aliases and routing into shards, run the query
 * phase on each (per-shard failures go to `_shards.failures`), reduce the shards' top hits into
 * one page, fetch those hits, and render ES 5.6's response.
 */
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/errors.js';
import { JsonFloat } from '../../units/java-number.js';
import { STRICT_EXPAND_OPEN, type IndicesOptions } from '../resolve-indices.js';
import { fetchHits } from '../../search/fetch.js';
import { byScore, bySortValues, type ScoredDoc } from '../../search/top-docs.js';
import type { SortValue } from '../../search/sort-values.js';
import { groupQuery } from './collapse.js';
import { resolveTargets, type IndexTarget } from './shard-targets.js';
import { openShardContext, type ShardContext } from './shard-context.js';
import { runQueryPhase } from './query-phase.js';
import { allShardsFailed, shardFailureJson, toShardFailure, type ShardFailure } from './search-errors.js';
import { newSearchRequest, parseTimeout, type SearchRequest } from './search-request.js';
import { clusterSetting } from './cluster-settings.js';
import { reduceAggregations } from '../../aggs/reduce.js';
import { applyPipelines } from '../../aggs/pipeline.js';
import { renderAggregations } from '../../aggs/render.js';
import type { InternalAgg } from '../../aggs/types.js';

/** What a finished query phase leaves for fetch, reduce and scroll. */
export interface SearchState {
  contexts: ShardContext[];
  failures: ShardFailure[];
  totalShards: number;
  /** All shards' top hits merged, best first. */
  merged: ScoredDoc[];
  totalHits: number;
  maxScore: number;
  timedOut: boolean;
  terminatedEarly?: boolean;
  scores: boolean;
  started: number;
  /** Reduce phases ES would report (batched_reduce_size below the shard count). */
  numReducePhases: number;
  /** Reduced aggregations, when the request has some. */
  aggregations?: InternalAgg[];
  typedKeys: boolean;
}

const DEFAULT_SIZE = 10;

function sizeOf(r: SearchRequest): number {
  return r.size < 0 ? DEFAULT_SIZE : r.size;
}
function fromOf(r: SearchRequest): number {
  return r.from < 0 ? 0 : r.from;
}

/**
 * The option conflicts ES 5.6 finds when a shard creates its search context
 * (`SearchService.parseSource`): each shard fails with a `search_context_exception` (no REST
 * status of its own, so 500), and the request with "all shards failed".
 */
function searchContextError(r: SearchRequest): EsError | undefined {
  const fail = (reason: string): EsError => new EsError('search_context_exception', 500, reason);
  if (r.searchAfter) {
    if (r.scrollMs !== undefined) return fail('`search_after` cannot be used in a scroll context.');
    if (r.from > 0) return fail('`from` parameter must be set to 0 when `search_after` is used.');
  }
  if (r.scrollMs !== undefined && r.from > 0) return fail('`from` parameter must be set to 0 when `scroll` is used.');
  if (r.slice && r.scrollMs === undefined) return fail('`slice` cannot be used outside of a scroll context');
  if (r.storedFields === '_none_') {
    if (r.version) return fail('`stored_fields` cannot be disabled if version is requested');
    if (r.source !== undefined && r.source !== false) return fail('`stored_fields` cannot be disabled if _source is requested');
  }
  if (r.collapse) {
    if (r.scrollMs !== undefined) return fail('cannot use `collapse` in a scroll context');
    if (r.searchAfter) return fail('cannot use `collapse` in conjunction with `search_after`');
    if (r.rescoreWindow !== undefined) return fail('cannot use `collapse` in conjunction with `rescore`');
  }
  return undefined;
}

/** Run the query phase for a request (shared by search, scroll, count and msearch). */
export async function queryPhase(ctx: NodeContext, r: SearchRequest, opts: { indicesOptions?: IndicesOptions; forScroll?: boolean } = {}): Promise<SearchState> {
  const started = Date.now();
  const startedPrecise = performance.now();
  const contextError = searchContextError(r);
  const state = ctx.cluster.state();
  const indicesOptions = opts.indicesOptions ?? r.indicesOptions ?? STRICT_EXPAND_OPEN;
  const targets = resolveTargets(state, r.indices, indicesOptions, r.routing, r.preference);
  const totalShards = targets.reduce((n, t) => n + (state.indices[t.index]?.state === 'close' ? 0 : t.shards.length), 0);
  const limit = Number(clusterSetting(state, 'action.search.shard_count.limit') ?? '1000');
  if (totalShards > limit) {
    throw new EsError(
      'illegal_argument_exception',
      400,
      `Trying to query ${totalShards} shards, which is over the limit of ${limit}. This limit exists because querying many shards at the same time can make the job of the coordinating node very CPU and/or memory intensive. It is usually a better idea to have a smaller number of larger shards. Update [action.search.shard_count.limit] to a greater value if you really want to query that many shards at the same time.`,
    );
  }
  const targetMap = new Map<string, IndexTarget>(targets.map((t) => [t.index, t]));
  const contexts: ShardContext[] = [];
  const failures: ShardFailure[] = [];
  const boosts = r.indicesBoost;
  for (const b of boosts) {
    if (b.index.includes('*') || indicesOptions.ignoreUnavailable) continue;
    if (!state.indices[b.index] && !Object.values(state.indices).some((m) => b.index in m.aliases)) {
      throw new EsError('index_not_found_exception', 404, 'no such index', { metadata: { 'resource.type': 'index_or_alias', 'resource.id': b.index, index_uuid: '_na_', index: b.index } });
    }
  }
  let shardIndex = 0;
  for (const t of targets) {
    const meta = state.indices[t.index];
    if (meta && meta.state === 'close') {
      if (indicesOptions.ignoreUnavailable) continue;
      throw new EsError('index_closed_exception', 403, 'closed', { metadata: { index_uuid: meta.uuid, index: t.index } });
    }
  }
  for (const t of targets) {
    if (state.indices[t.index]?.state === 'close') continue;
    const svc = ctx.indices.get(t.index);
    const boost = boostFor(boosts, t.index, state);
    for (const s of t.shards) {
      if (!svc) {
        failures.push({ index: t.index, shard: s, node: ctx.nodeId, error: new EsError('index_closed_exception', 403, 'closed', { metadata: { index: t.index } }) });
        continue;
      }
      contexts.push(openShardContext(ctx, svc, s, shardIndex++, started, boost));
    }
  }
  const size = sizeOf(r);
  const from = fromOf(r);
  const timeoutMs = r.timeoutMs ?? defaultTimeout(state);
  const window = from + size;
  const qFailures = await runQueryPhase(ctx, contexts, r, {
    topN: (sc) => {
      if (contextError) throw contextError;
      const max = Number(sc.svc.meta.settings['index.max_result_window'] ?? '10000');
      if (r.rescoreWindow !== undefined) {
        const maxRescore = Number(sc.svc.meta.settings['index.max_rescore_window'] ?? String(max));
        if (r.rescoreWindow > maxRescore) {
          throw new EsError('query_phase_execution_exception', 500, `Rescore window [${r.rescoreWindow}] is too large. It must be less than [${maxRescore}]. This prevents allocating massive heaps for storing the results to be rescored. This limit can be set by changing the [index.max_rescore_window] index level setting.`);
        }
      }
      if (r.slice) {
        const maxSlices = Number(sc.svc.meta.settings['index.max_slices_per_scroll'] ?? '1024');
        if (r.slice.max > maxSlices) {
          throw new EsError('query_phase_execution_exception', 500, `The number of slices [${r.slice.max}] is too large. It must be less than [${maxSlices}]. This limit can be set by changing the [index.max_slices_per_scroll] index level setting.`);
        }
      }
      if (opts.forScroll) {
        if (size > max) throw batchTooLarge(max, size);
        return sc.segments.reduce((n, s) => n + s.maxDoc, 0);
      }
      if (window > max) throw windowTooLarge(max, window);
      return window;
    },
    // On the monotonic sub-millisecond clock, so even `1nanos` is already past at the first check.
    ...(timeoutMs !== undefined && timeoutMs >= 0 ? { deadline: startedPrecise + timeoutMs } : {}),
    targets: targetMap,
  });
  failures.push(...qFailures);
  const ok = contexts.filter((c) => c.result);
  if (ok.length === 0 && totalShards > 0) {
    release(contexts);
    throw allShardsFailed('query', failures);
  }
  const sorted = ok.find((c) => c.sorts)?.sorts;
  const cmp = sorted ? bySortValues(sorted) : byScore;
  let merged = ok.flatMap((c) => c.result?.top ?? []).sort(cmp);
  if (r.collapse) merged = dedupeGroups(ok, merged);
  let totalHits = 0;
  let maxScore = NaN;
  let timedOut = false;
  let terminated = false;
  for (const c of ok) {
    const res = c.result;
    if (!res) continue;
    totalHits += res.totalHits;
    if (!Number.isNaN(res.maxScore) && !(res.maxScore <= maxScore)) maxScore = res.maxScore;
    timedOut ||= res.timedOut;
    terminated ||= res.terminatedEarly;
  }
  let aggregations: InternalAgg[] | undefined;
  if (r.aggs && r.aggs.length > 0) {
    try {
      aggregations = applyPipelines(r.aggs, reduceAggregations(ok.map((c) => c.aggs ?? [])));
    } catch (e) {
      // a reduce error fails the request: the searchers are released here, not by the caller
      release(contexts);
      throw e;
    }
  }
  const scores = !sorted || r.trackScores;
  // size 0 counts with Lucene's TotalHitCountCollector: max_score is 0, not computed
  if (size === 0 && !opts.forScroll) maxScore = 0;
  return {
    contexts,
    failures,
    totalShards,
    merged,
    totalHits,
    maxScore: scores ? maxScore : NaN,
    timedOut,
    ...(r.terminateAfter !== undefined && r.terminateAfter > 0 ? { terminatedEarly: terminated } : {}),
    scores,
    started,
    ...(aggregations ? { aggregations } : {}),
    typedKeys: r.typedKeys === true,
    numReducePhases: r.batchedReduceSize !== undefined && r.batchedReduceSize < totalShards && !opts.forScroll ? totalShards - r.batchedReduceSize + 1 : 1,
  };
}

/** Keep the best hit of each collapse group across shards (group keys recorded per shard). */
function dedupeGroups(contexts: ShardContext[], merged: ScoredDoc[]): ScoredDoc[] {
  const keyOf = new Map<ScoredDoc, SortValue>();
  for (const c of contexts) {
    const res = c.result;
    if (!res?.groups) continue;
    res.top.forEach((h, i) => keyOf.set(h, res.groups?.[i] ?? null));
  }
  const seen = new Set<SortValue>();
  const out: ScoredDoc[] = [];
  for (const h of merged) {
    const k = keyOf.get(h) ?? null;
    if (seen.has(k)) continue;
    seen.add(k);
    (h as ScoredDoc & { group?: SortValue }).group = k;
    out.push(h);
  }
  return out;
}

function windowTooLarge(max: number, window: number): EsError {
  return new EsError(
    'query_phase_execution_exception',
    500,
    `Result window is too large, from + size must be less than or equal to: [${max}] but was [${window}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`,
  );
}

function batchTooLarge(max: number, size: number): EsError {
  return new EsError(
    'query_phase_execution_exception',
    500,
    `Batch size is too large, size must be less than or equal to: [${max}] but was [${size}]. Scroll batch sizes cost as much memory as result windows so they are controlled by the [index.max_result_window] index level setting.`,
  );
}

function boostFor(boosts: Array<{ index: string; boost: number }>, index: string, state: ReturnType<NodeContext['cluster']['state']>): number {
  for (const b of boosts) {
    if (b.index === index) return b.boost;
    const meta = state.indices[index];
    if (meta && b.index in meta.aliases) return b.boost;
    if (b.index.includes('*') && new RegExp('^' + b.index.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$').test(index)) return b.boost;
  }
  return 1;
}

function defaultTimeout(state: ReturnType<NodeContext['cluster']['state']>): number | undefined {
  // Validated when set, so it parses; -1 (the default) means no timeout.
  const v = clusterSetting(state, 'search.default_search_timeout');
  if (v === undefined) return undefined;
  const ms = parseTimeout(v);
  return ms < 0 ? undefined : ms;
}

/** Release every shard's searcher. */
export function release(contexts: readonly ShardContext[]): void {
  for (const c of contexts) c.searcher.release();
}

/**
 * Fetch and render `page` (hits best first), one fetch per shard. A shard whose fetch fails is a
 * shard failure (`_shards.failures`) and its hits drop out of the page, as ES's fetch phase
 * does; when that leaves no successful shard, "all shards failed" in the fetch phase.
 * @returns the hits that were fetched, and their rendering, in page order
 */
export async function fetchPhase(
  ctx: NodeContext,
  st: SearchState,
  page: readonly ScoredDoc[],
  r: SearchRequest,
): Promise<{ page: ScoredDoc[]; hits: Array<Record<string, unknown>> }> {
  const byShard = new Map<number, ScoredDoc[]>();
  for (const h of page) {
    let l = byShard.get(h.shard);
    if (!l) byShard.set(h.shard, (l = []));
    l.push(h);
  }
  const rendered = new Map<ScoredDoc, Record<string, unknown>>();
  const fetchFailures: ShardFailure[] = [];
  await Promise.all(
    [...byShard].map(async ([shardIndex, hits]) => {
      const sc = st.contexts.find((c) => c.shardIndex === shardIndex) as ShardContext;
      const started = Date.now();
      try {
        const out = await fetchHits(sc.segments, hits, {
          index: sc.index,
          shardId: sc.shard,
          nodeId: ctx.nodeId,
          ...(r.source !== undefined ? { source: r.source } : {}),
          ...(r.storedFields !== undefined ? { storedFields: r.storedFields } : {}),
          docvalueFields: r.docvalueFields,
          version: r.version,
          explain: r.explain,
          ...(sc.weight ? { weight: sc.weight } : {}),
          ...(sc.sorts ? { sorts: sc.sorts } : {}),
          scores: st.scores,
          fields: sc.compile.fields,
          ...(sc.scriptFields ? { scriptFields: sc.scriptFields } : {}),
        });
        hits.forEach((h, i) => rendered.set(h, out[i] as Record<string, unknown>));
      } catch (e) {
        fetchFailures.push(toShardFailure(sc.index, sc.shard, ctx.nodeId, e));
      } finally {
        sc.svc.counters.fetchTotal++;
        sc.svc.counters.fetchTimeMs += Date.now() - started;
      }
    }),
  );
  if (fetchFailures.length > 0) {
    fetchFailures.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : a.shard - b.shard));
    st.failures.push(...fetchFailures);
    if (st.failures.length >= st.totalShards) throw allShardsFailed('fetch', fetchFailures);
  }
  const fetched = page.filter((h) => rendered.has(h));
  return { page: fetched, hits: fetched.map((h) => rendered.get(h) as Record<string, unknown>) };
}

/** The `_shards` section. */
export function shardsSection(st: SearchState): Record<string, unknown> {
  const out: Record<string, unknown> = { total: st.totalShards, successful: st.totalShards - st.failures.length, failed: st.failures.length };
  if (st.failures.length > 0) out.failures = st.failures.map(shardFailureJson);
  return out;
}

/** The response body around a page of rendered hits. */
export function searchResponse(st: SearchState, hits: Array<Record<string, unknown>>, extra: { scrollId?: string } = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (extra.scrollId !== undefined) body._scroll_id = extra.scrollId;
  body.took = Math.max(1, Date.now() - st.started);
  body.timed_out = st.timedOut;
  if (st.terminatedEarly !== undefined) body.terminated_early = st.terminatedEarly;
  if (st.numReducePhases !== 1) body.num_reduce_phases = st.numReducePhases;
  body._shards = shardsSection(st);
  body.hits = { total: st.totalHits, max_score: Number.isNaN(st.maxScore) ? null : new JsonFloat(st.maxScore), hits };
  if (st.aggregations) body.aggregations = renderAggregations(st.aggregations, st.typedKeys);
  return body;
}

/** `_search` without scroll. */
export async function search(ctx: NodeContext, r: SearchRequest): Promise<Record<string, unknown>> {
  const st = await queryPhase(ctx, r);
  try {
    const from = fromOf(r);
    const { page, hits } = await fetchPhase(ctx, st, st.merged.slice(from, from + sizeOf(r)), r);
    if (r.collapse) await renderCollapse(ctx, r, page, hits);
    const body = searchResponse(st, hits);
    return body;
  } finally {
    release(st.contexts);
  }
}

export { sizeOf, fromOf };

/** Add the group value (`fields.<field>`) and the groups' inner hits to collapsed hits. */
async function renderCollapse(ctx: NodeContext, r: SearchRequest, page: readonly ScoredDoc[], hits: Array<Record<string, unknown>>): Promise<void> {
  const spec = r.collapse;
  if (!spec) return;
  for (let i = 0; i < page.length; i++) {
    const h = hits[i] as Record<string, unknown>;
    const key = (page[i] as ScoredDoc & { group?: SortValue }).group ?? null;
    const fields = (h.fields as Record<string, unknown[]> | undefined) ?? {};
    fields[spec.field] = [key];
    h.fields = fields;
    // fields render before sort, as ES orders hit members
    if (h.sort !== undefined) {
      const sort = h.sort;
      delete h.sort;
      h.sort = sort;
    }
    if (spec.innerHits.length === 0) continue;
    const inner: Record<string, unknown> = {};
    for (const ih of spec.innerHits) {
      const sub = newSearchRequest(r.indices, r.types);
      sub.query = groupQuery(r.query, spec.field, key);
      sub.from = ih.from;
      sub.size = ih.size;
      if (ih.sort) sub.sort = ih.sort;
      if (ih.source !== undefined) sub.source = ih.source;
      sub.version = ih.version;
      sub.explain = ih.explain;
      const res = await search(ctx, sub);
      inner[ih.name ?? spec.field] = { hits: res.hits };
    }
    h.inner_hits = inner;
  }
}
