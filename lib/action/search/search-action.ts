/**
 * `_search` on the coordinator: resolve indices, aliases and routing into shards, run the query
 * phase on each (per-shard failures go to `_shards.failures`), reduce the shards' top hits into
 * one page, fetch those hits, and render ES 5.6's response.
 */
import { LookupFetcher } from './terms-lookups.js';
import { simpleMatch } from '../../units/simple-match.js';
import type { NodeContext } from '../context.js';
import { allAtOnce } from '../../loop/all-at-once.js';
import { EsError } from '../../errors/errors.js';
import { JsonFloat } from '../../units/java-number.js';
import { STRICT_EXPAND_OPEN, type IndicesOptions } from '../resolve-indices.js';
import { byScore, bySortValues, type ScoredDoc, type SortValue } from '../../messages/hit-order.js';
import { toWireDoc, type FetchPhaseRequest, type OpenContextRequest } from '../../messages/shard-search.js';
import { esErrorOf, NO_SHARD_AVAILABLE } from '../../messages/shard-error.js';
import { decodeRendered } from '../../messages/wire-json.js';
import { groupQuery } from './collapse.js';
import { resolveTargets } from './shard-targets.js';
import { shardAvailable } from '../shard-availability.js';
import { runQueryPhase, shardSource, type ShardRun } from './query-phase.js';
import { allShardsFailed, shardFailureJson, toShardFailure, type ShardFailure } from './search-errors.js';
import { newSearchRequest, parseTimeout, type SearchRequest } from './search-request.js';
import { clusterSetting } from './cluster-settings.js';
import { reduceAggregations } from '../../aggs/reduce.js';
import { applyPipelines } from '../../aggs/pipeline.js';
import { renderAggregations } from '../../aggs/render.js';
import type { InternalAgg } from '../../aggs/types.js';
import type { ShardSuggestion } from '../../messages/shard-suggest.js';
import { reduceSuggestions, renderSuggestions } from './suggest-reduce.js';
import { fetchPhaseTask, runSearchTask, type SearchTask } from './search-task.js';

/** What a finished query phase leaves for fetch, reduce and scroll. */
export interface SearchState {
  /** The shards whose reader context is open (failed ones included), freed with {@link release}. */
  contexts: ShardRun[];
  failures: ShardFailure[];
  totalShards: number;
  /**
   * Shards whose primary failed to start (unassigned): ES counts them in `total` and not in
   * `successful`, and lists no failure for them (a shard that is not available is no failure).
   */
  unavailableShards: number;
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
  /** Reduced suggestions, when the request has some. */
  suggest?: ShardSuggestion[];
  typedKeys: boolean;
  /** The request's deprecation warnings (the fetch phase adds the shards'). */
  warnings?: string[];
  /** The search (or scroll) task the phases run under. */
  task?: SearchTask;
}

const DEFAULT_SIZE = 10;

function sizeOf(r: SearchRequest): number {
  return r.size < 0 ? DEFAULT_SIZE : r.size;
}
function fromOf(r: SearchRequest): number {
  return r.from < 0 ? 0 : r.from;
}

/** How long a shard keeps a search's reader context if the coordinator never frees it (ES `search.default_keep_alive`). */
const DEFAULT_KEEP_ALIVE_MS = 5 * 60 * 1000;

/** Run the query phase for a request (shared by search, scroll, count and msearch). */
export async function queryPhase(
  ctx: NodeContext,
  r: SearchRequest,
  /** `scan` (with `forScroll`): the shards count the matches and keep them for `scanPhase` (a by-scroll range scan). */
  opts: { indicesOptions?: IndicesOptions; forScroll?: boolean; scan?: boolean; task?: SearchTask } = {},
): Promise<SearchState> {
  const started = Date.now();
  const startedPrecise = performance.now();
  const state = ctx.cluster.state();
  const indicesOptions = opts.indicesOptions ?? r.indicesOptions ?? STRICT_EXPAND_OPEN;
  const targets = resolveTargets(state, r.indices, indicesOptions, r.routing, r.preference);
  const totalShards = targets.reduce((n, t) => n + (state.indices[t.index]?.state === 'close' ? 0 : t.shards.length), 0);
  if (opts.task) opts.task.shards = totalShards;
  const limit = Number(clusterSetting(state, 'action.search.shard_count.limit') ?? '1000');
  if (totalShards > limit) {
    throw new EsError(
      'illegal_argument_exception',
      400,
      `Trying to query ${totalShards} shards, which is over the limit of ${limit}. This limit exists because querying many shards at the same time can make the job of the coordinating node very CPU and/or memory intensive. It is usually a better idea to have a smaller number of larger shards. Update [action.search.shard_count.limit] to a greater value if you really want to query that many shards at the same time.`,
    );
  }
  const contexts: ShardRun[] = [];
  const failures: ShardFailure[] = [];
  const boosts = r.indicesBoost;
  for (const b of boosts) {
    if (b.index.includes('*') || indicesOptions.ignoreUnavailable) continue;
    if (!state.indices[b.index] && !Object.values(state.indices).some((m) => b.index in m.aliases)) {
      throw new EsError('index_not_found_exception', 404, 'no such index', { metadata: { 'resource.type': 'index_or_alias', 'resource.id': b.index, index_uuid: '_na_', index: b.index } });
    }
  }
  for (const t of targets) {
    const meta = state.indices[t.index];
    if (meta && meta.state === 'close') {
      if (indicesOptions.ignoreUnavailable) continue;
      throw new EsError('index_closed_exception', 403, 'closed', { metadata: { index_uuid: meta.uuid, index: t.index } });
    }
  }
  const size = sizeOf(r);
  const from = fromOf(r);
  const source = shardSource(r, from, size, opts.forScroll === true);
  if (opts.scan) source.scan = true;
  const keepAliveMs = opts.forScroll ? (r.scrollMs ?? 60000) : DEFAULT_KEEP_ALIVE_MS;
  const requestShards = targets.reduce((n, t) => n + (state.indices[t.index]?.state === 'close' || !ctx.indices.get(t.index) ? 0 : t.shards.length), 0);
  const lookups = new LookupFetcher(ctx);
  let unavailableShards = 0;
  for (const t of targets) {
    if (state.indices[t.index]?.state === 'close') continue;
    const svc = ctx.indices.get(t.index);
    const boost = boostFor(boosts, t.index, state);
    const fetching = svc ? lookups.forIndex(t.index, [source], t.aliasFilters) : undefined;
    const lookupDocs = fetching === undefined ? undefined : await fetching;
    for (const s of t.shards) {
      if (!svc) {
        failures.push({ index: t.index, shard: s, node: ctx.nodeId, error: new EsError('index_closed_exception', 403, 'closed', { metadata: { index: t.index } }) });
        continue;
      }
      if (!shardAvailable(ctx, t.index, s)) {
        unavailableShards++;
        continue;
      }
      const shardIndex = contexts.length;
      const open: OpenContextRequest = { index: t.index, shard: s, shardIndex, requestShards, nowMs: started, indexBoost: boost, source, keepAliveMs };
      if (t.aliasFilters) open.aliasFilters = t.aliasFilters;
      if (lookupDocs) open.lookups = lookupDocs;
      if (r.preference !== undefined) open.preference = r.preference;
      const opened = await ctx.searchShards.openContext(open);
      if ('failure' in opened && opened.failure.type === NO_SHARD_AVAILABLE) {
        // cluster mode: its node left after the state this search read (the check above saw it
        // started); as ES, the search goes on without it, counted as not available (no failure entry)
        unavailableShards++;
        continue;
      }
      if ('failure' in opened) {
        // a shard that cannot open fails the request, as acquiring its searcher does
        await release(ctx, contexts);
        throw esErrorOf(opened.failure);
      }
      contexts.push({ shardIndex, index: t.index, shard: s, contextId: opened.ok.contextId });
    }
  }
  const timeoutMs = r.timeoutMs ?? defaultTimeout(state);
  // On the monotonic sub-millisecond clock, so even `1nanos` is already past at the first check.
  const deadline = timeoutMs !== undefined && timeoutMs >= 0 ? performance.timeOrigin + startedPrecise + timeoutMs : undefined;
  const qFailures = await runQueryPhase(ctx, contexts, r, deadline, opts.task);
  failures.push(...qFailures);
  const ok = contexts.filter((c) => c.result);
  if (ok.length === 0 && totalShards > 0) {
    await release(ctx, contexts);
    throw allShardsFailed('query', failures);
  }
  const sorted = ok.find((c) => c.result?.sortOrder)?.result?.sortOrder;
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
      aggregations = applyPipelines(r.aggs, reduceAggregations(ok.map((c) => c.result?.aggs ?? [])), 'none', { scripts: ctx.scripts });
    } catch (e) {
      // a reduce error fails the request: the searchers are released here, not by the caller
      await release(ctx, contexts);
      throw e;
    }
  }
  const scores = !sorted || r.trackScores;
  // size 0 counts with Lucene's TotalHitCountCollector: max_score is 0, not computed
  if (size === 0 && !opts.forScroll) maxScore = 0;
  const st: SearchState = {
    contexts,
    failures,
    totalShards,
    unavailableShards,
    merged,
    totalHits,
    maxScore: scores ? maxScore : NaN,
    timedOut,
    scores,
    started,
    typedKeys: r.typedKeys === true,
    warnings: r.warnings,
    numReducePhases: r.batchedReduceSize !== undefined && r.batchedReduceSize < totalShards && !opts.forScroll ? totalShards - r.batchedReduceSize + 1 : 1,
  };
  if (r.terminateAfter !== undefined && r.terminateAfter > 0) st.terminatedEarly = terminated;
  if (aggregations) st.aggregations = aggregations;
  if (r.suggest && r.suggest.length > 0) st.suggest = reduceSuggestions(ok.map((c) => c.result?.suggest ?? []));
  if (opts.task) st.task = opts.task;
  return st;
}

/** Keep the best hit of each collapse group across shards (group keys recorded per shard). */
function dedupeGroups(contexts: ShardRun[], merged: ScoredDoc[]): ScoredDoc[] {
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

function boostFor(boosts: Array<{ index: string; boost: number }>, index: string, state: ReturnType<NodeContext['cluster']['state']>): number {
  for (const b of boosts) {
    if (b.index === index) return b.boost;
    const meta = state.indices[index];
    if (meta && b.index in meta.aliases) return b.boost;
    if (b.index.includes('*') && simpleMatch(b.index, index)) return b.boost;
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

/** Free every shard's reader context. */
export async function release(ctx: NodeContext, contexts: readonly ShardRun[]): Promise<void> {
  await allAtOnce(contexts, (c) => ctx.searchShards.freeContext(c.contextId));
}

/**
 * Fetch and render `page` (hits best first), one fetch message per shard (the shard renders with
 * the options its reader context was opened with). A shard whose fetch fails is a
 * shard failure (`_shards.failures`) and its hits drop out of the page, as ES's fetch phase
 * does; when that leaves no successful shard, "all shards failed" in the fetch phase.
 * @returns the hits that were fetched, and their rendering, in page order
 */
export async function fetchPhase(
  ctx: NodeContext,
  st: SearchState,
  page: readonly ScoredDoc[],
): Promise<{ page: ScoredDoc[]; hits: Array<Record<string, unknown>> }> {
  const byShard = new Map<number, ScoredDoc[]>();
  for (const h of page) {
    let l = byShard.get(h.shard);
    if (!l) byShard.set(h.shard, (l = []));
    l.push(h);
  }
  const rendered = new Map<ScoredDoc, Record<string, unknown>>();
  const fetchFailures: ShardFailure[] = [];
  const fetchShard = async (shardIndex: number, hits: ScoredDoc[]): Promise<void> => {
    const sc = st.contexts.find((c) => c.shardIndex === shardIndex) as ShardRun;
    const task = fetchPhaseTask(st.task, sc, hits.length);
    const req: FetchPhaseRequest = { contextId: sc.contextId, hits: hits.map(toWireDoc), scores: st.scores };
    if (task) req.task = task;
    const reply = await ctx.searchShards.fetchPhase(req);
    if ('failure' in reply) fetchFailures.push(toShardFailure(sc.index, sc.shard, ctx.nodeId, esErrorOf(reply.failure)));
    else {
      hits.forEach((h, i) => rendered.set(h, decodeRendered(reply.ok.hits[i] ?? null) as Record<string, unknown>));
      for (const w of reply.ok.warnings ?? []) if (st.warnings && !st.warnings.includes(w)) st.warnings.push(w);
    }
  };
  await allAtOnce([...byShard], ([shardIndex, hits]) => fetchShard(shardIndex, hits));
  if (fetchFailures.length > 0) {
    fetchFailures.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : a.shard - b.shard));
    st.failures.push(...fetchFailures);
    if (st.failures.length + st.unavailableShards >= st.totalShards) throw allShardsFailed('fetch', fetchFailures);
  }
  const fetched = page.filter((h) => rendered.has(h));
  return { page: fetched, hits: fetched.map((h) => rendered.get(h) as Record<string, unknown>) };
}

/** The `_shards` section. */
export function shardsSection(st: SearchState): Record<string, unknown> {
  const out: Record<string, unknown> = { total: st.totalShards, successful: st.totalShards - st.unavailableShards - st.failures.length, failed: st.failures.length };
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
  if (st.suggest) body.suggest = renderSuggestions(st.suggest, st.typedKeys);
  return body;
}

/** `_search` without scroll, as a search task. */
export function search(ctx: NodeContext, r: SearchRequest): Promise<Record<string, unknown>> {
  return runSearchTask(ctx, r, (task) => searchAs(ctx, r, task));
}

async function searchAs(ctx: NodeContext, r: SearchRequest, task: SearchTask): Promise<Record<string, unknown>> {
  const st = await queryPhase(ctx, r, { task });
  try {
    const from = fromOf(r);
    const { page, hits } = await fetchPhase(ctx, st, st.merged.slice(from, from + sizeOf(r)));
    if (r.collapse) await renderCollapse(ctx, r, page, hits);
    const body = searchResponse(st, hits);
    return body;
  } finally {
    await release(ctx, st.contexts);
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
