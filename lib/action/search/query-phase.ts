/**
 * The coordinator's side of the dfs and query phases: open a reader context on every target
 * shard, gather and sum the dfs statistics when asked, scatter the query phase and collect the
 * shards' plain answers. Failures come back as shard failures (`ShardError` → `EsError`).
 */
import type { NodeContext } from '../context.js';
import { allAtOnce } from '../../loop/all-at-once.js';
import type { SearchRequest } from './search-request.js';
import { toShardFailure, type ShardFailure } from './search-errors.js';
import { esErrorOf } from '../../messages/shard-error.js';
import { fromWireDoc, type DfsStats, type QueryPhaseRequest, type QueryPhaseResult, type ShardReply, type ShardSearchClient, type ShardSearchSource } from '../../messages/shard-search.js';
import type { ScoredDoc, SortOrderKey, SortValue } from '../../messages/hit-order.js';
import { fromWireNumber, fromWireSortValue } from '../../messages/wire-json.js';
import { fromAggMessages } from '../../aggs/agg-messages.js';
import type { InternalAgg } from '../../aggs/types.js';
import type { ShardSuggestion } from '../../messages/shard-suggest.js';
import { dfsPhaseTask, queryPhaseTask, type SearchTask } from './search-task.js';

/** A shard of a search, as the coordinator tracks it. */
export interface ShardRun {
  /** Position of the shard in the request (the reduce tie-breaker). */
  shardIndex: number;
  index: string;
  shard: number;
  /** The shard's reader context (freed when the search or scroll ends). */
  contextId: string;
  result?: ShardResult;
}

/** A shard's query phase answer, decoded. */
export interface ShardResult {
  top: ScoredDoc[];
  groups?: SortValue[];
  totalHits: number;
  maxScore: number;
  timedOut: boolean;
  terminatedEarly: boolean;
  sortOrder?: SortOrderKey[];
  aggs?: InternalAgg[];
  suggest?: ShardSuggestion[];
}

/**
 * The part of a request every shard gets. Built by assignment (not conditional spreads, which
 * allocate a temporary object each): it is built for every search.
 */
export function shardSource(r: SearchRequest, from: number, size: number, keepAllHits: boolean): ShardSearchSource {
  const s: ShardSearchSource = {
    types: r.types,
    from,
    size,
    trackScores: r.trackScores,
    docvalueFields: r.docvalueFields,
    version: r.version,
    explain: r.explain,
    searchType: r.searchType,
    scroll: r.scrollMs !== undefined,
    keepAllHits,
  };
  if (r.query !== undefined) s.query = r.query;
  if (r.postFilter !== undefined) s.postFilter = r.postFilter;
  if (r.sort !== undefined) s.sort = r.sort;
  if (r.source !== undefined) s.source = r.source;
  if (r.storedFields !== undefined) s.storedFields = r.storedFields;
  if (r.scriptFields !== undefined) s.scriptFields = r.scriptFields as ShardSearchSource['scriptFields'];
  if (r.minScore !== undefined) s.minScore = r.minScore;
  if (r.terminateAfter !== undefined) s.terminateAfter = r.terminateAfter;
  if (r.searchAfter !== undefined) s.searchAfter = r.searchAfter;
  if (r.slice !== undefined) s.slice = r.slice;
  if (r.aggs !== undefined) s.aggs = r.aggs;
  if (r.rescoreWindow !== undefined) s.rescoreWindow = r.rescoreWindow;
  if (r.rescore !== undefined) s.rescore = r.rescore;
  if (r.collapse !== undefined) s.collapseField = r.collapse.field;
  if (r.highlight !== undefined) s.highlight = r.highlight;
  if (r.suggest !== undefined) s.suggest = r.suggest;
  if (r.stats !== undefined) s.stats = r.stats;
  if (r.requestCache !== undefined) s.requestCache = r.requestCache;
  return s;
}

function decode(res: QueryPhaseResult, shardIndex: number, r: SearchRequest): ShardResult {
  // (assigned, not spread: every shard of every search decodes its answer here)
  const out: ShardResult = {
    top: res.top.map((h) => fromWireDoc(h, shardIndex)),
    totalHits: res.totalHits,
    maxScore: fromWireNumber(res.maxScore),
    timedOut: res.timedOut,
    terminatedEarly: res.terminatedEarly,
  };
  if (res.groups) out.groups = res.groups.map(fromWireSortValue);
  if (res.sortOrder) out.sortOrder = res.sortOrder;
  if (res.aggs) out.aggs = fromAggMessages(res.aggs, r.aggs ?? []);
  if (res.suggest) out.suggest = res.suggest;
  return out;
}

const failureOf = (ctx: NodeContext, s: ShardRun, reply: { failure: Parameters<typeof esErrorOf>[0] }): ShardFailure =>
  toShardFailure(s.index, s.shard, ctx.nodeId, esErrorOf(reply.failure));

/** Sum the shards' statistics (`dfs_query_then_fetch`); a shard missing some is asked for them. */
async function dfsStats(ctx: NodeContext, shards: ShardRun[], task: SearchTask | undefined): Promise<DfsStats> {
  const client = ctx.searchShards;
  const replies = await Promise.all(
    shards.map((s) => {
      const t = dfsPhaseTask(task, s);
      return client.dfsPhase({ contextId: s.contextId, ...(t ? { task: t } : {}) });
    }),
  );
  const local = replies.map((rep) => ('ok' in rep ? rep.ok : { fields: [], terms: [] }));
  const fields = new Set<string>();
  const terms = new Map<string, { field: string; term: string }>();
  for (const l of local) {
    for (const f of l.fields) fields.add(f.field);
    for (const t of l.terms) terms.set(t.field + '\u0000' + t.term, { field: t.field, term: t.term });
  }
  // every shard's values of every statistic any shard asked for
  await Promise.all(
    shards.map(async (s, i) => {
      const l = local[i] as DfsStats;
      const hasF = new Set(l.fields.map((f) => f.field));
      const hasT = new Set(l.terms.map((t) => t.field + '\u0000' + t.term));
      const only = { fields: [...fields].filter((f) => !hasF.has(f)), terms: [...terms].filter(([k]) => !hasT.has(k)).map(([, t]) => t) };
      if (only.fields.length === 0 && only.terms.length === 0) return;
      const more = await client.dfsPhase({ contextId: s.contextId, only });
      if ('ok' in more) local[i] = { fields: [...l.fields, ...more.ok.fields], terms: [...l.terms, ...more.ok.terms] };
    }),
  );
  const fieldSums = new Map<string, DfsStats['fields'][number]>();
  const termSums = new Map<string, DfsStats['terms'][number]>();
  for (const l of local) {
    for (const f of l.fields) {
      const acc = fieldSums.get(f.field);
      fieldSums.set(
        f.field,
        acc ? { field: f.field, maxDoc: acc.maxDoc + f.maxDoc, docCount: acc.docCount + f.docCount, sumTotalTermFreq: acc.sumTotalTermFreq + f.sumTotalTermFreq, sumDocFreq: acc.sumDocFreq + f.sumDocFreq } : f,
      );
    }
    for (const t of l.terms) {
      const k = t.field + '\u0000' + t.term;
      const acc = termSums.get(k);
      termSums.set(k, acc ? { ...t, docFreq: acc.docFreq + t.docFreq, totalTermFreq: acc.totalTermFreq + t.totalTermFreq } : t);
    }
  }
  return { fields: [...fieldSums.values()], terms: [...termSums.values()] };
}

/** Run the (dfs and) query phase on every opened shard; failures are collected, not thrown. */
export async function runQueryPhase(ctx: NodeContext, shards: ShardRun[], r: SearchRequest, deadlineEpochMs: number | undefined, task?: SearchTask): Promise<ShardFailure[]> {
  const client: ShardSearchClient = ctx.searchShards;
  const failures: ShardFailure[] = [];
  const dfs = r.searchType === 'dfs_query_then_fetch' ? await dfsStats(ctx, shards, task) : undefined;
  const run = async (s: ShardRun): Promise<void> => {
    const t = queryPhaseTask(task, s, r, dfs !== undefined);
    const req: QueryPhaseRequest = { contextId: s.contextId };
    if (t) req.task = t;
    if (dfs) req.dfs = dfs;
    if (deadlineEpochMs !== undefined) req.deadlineEpochMs = deadlineEpochMs;
    const reply: ShardReply<QueryPhaseResult> = await client.queryPhase(req);
    if ('failure' in reply) failures.push(failureOf(ctx, s, reply));
    else s.result = decode(reply.ok, s.shardIndex, r);
  };
  await allAtOnce(shards, run);
  failures.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : a.shard - b.shard));
  return failures;
}
