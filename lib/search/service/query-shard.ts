/**
 * The query phase on one shard (ES `SearchService.executeQueryPhase`): check the request
 * against the index's limits, compile the query with its type, alias and slice filters, the
 * post filter, sorts and script fields, collect the top hits (and aggregations) and answer
 * them as plain data. Errors are thrown; the service turns them into shard failures.
 */
import { numberOfShards } from '../../cluster/state.js';
import type { Query } from '../../dsl/query-types.js';
import { parseQuery } from '../../dsl/parse-query.js';
import { isScoreSort } from '../../dsl/sort-spec.js';
import { EsError } from '../../errors/errors.js';
import { toWireDoc, type QueryPhaseRequest, type QueryPhaseResult, type ShardSearchSource } from '../../messages/shard-search.js';
import { toWireNumber, toWireSortValue } from '../../messages/wire-json.js';
import { toAggMessage } from '../../aggs/agg-messages.js';
import { compileQuery } from '../compile-query.js';
import { BooleanWeight, type BooleanClause } from '../boolean-weight.js';
import { MatchAllWeight } from '../constant-weights.js';
import { typeWeight } from '../meta-fields.js';
import { nestedSortDocs } from '../nested-sort.js';
import { collectInnerHits } from '../inner-hits.js';
import { compileSort, type CompiledSort, type SortValue } from '../sort-values.js';
import { compileScriptFields } from '../search-script.js';
import { Pacer, searchShard, type ShardQueryOptions } from '../shard-search.js';
import type { Weight } from '../weight.js';
import { collapseKey } from './collapse-key.js';
import { searchContextError, topN } from './context-checks.js';
import { sliceWeight } from './slice.js';
import { startShardAggs } from './shard-aggs.js';
import { suggestShard } from '../suggest/suggest-phase.js';
import { compileRescorers, RescoredWeight, rescoreTop } from '../rescore.js';
import type { ReaderContext } from './reader-context.js';

/** The weight a shard runs: the query, plus type, alias and slice filters (`buildFilteredQuery`). */
async function shardWeight(rc: ReaderContext, s: ShardSearchSource, aliasFilters: Query[] | undefined): Promise<Weight> {
  const scope = { boost: 1, filter: false, segments: rc.segments };
  const main = s.query ? await compileQuery(rc.compile, s.query, { ...scope, boost: rc.indexBoost }) : new MatchAllWeight(rc.indexBoost);
  const filters: Weight[] = [];
  const types = s.types.filter((t) => t !== '_all');
  if (types.length > 0) filters.push(typeWeight(types, 1));
  if (aliasFilters && aliasFilters.length > 0) {
    const ws = await Promise.all(aliasFilters.map((q) => compileQuery(rc.compile, q, { ...scope, filter: true })));
    filters.push(ws.length === 1 ? (ws[0] as Weight) : new BooleanWeight(ws.map((w) => ({ occur: 'should', weight: w })), 1, false));
  }
  if (s.slice) {
    const w = sliceWeight(s.slice, rc.shard, numberOfShards(rc.svc.meta));
    if (w) filters.push(w);
  }
  if (filters.length === 0) return main;
  const clauses: BooleanClause[] = [{ occur: 'must', weight: main }, ...filters.map((w) => ({ occur: 'filter' as const, weight: w }))];
  return new BooleanWeight(clauses, 0, false);
}

/** Convert request `search_after` values into comparable sort values. */
function searchAfterValues(s: ShardSearchSource, sorts: CompiledSort[] | undefined): SortValue[] | undefined {
  if (!s.searchAfter) return undefined;
  const n = sorts ? sorts.length : 1;
  if (s.searchAfter.length !== n) {
    throw new EsError('illegal_argument_exception', 400, `search_after has ${s.searchAfter.length} value(s) but sort has ${n}.`);
  }
  return s.searchAfter.map((v, i) => {
    const sort = sorts?.[i];
    if (!sort || sort.kind === 'score' || sort.kind === 'numeric' || sort.kind === 'doc') {
      if (v === null) return null;
      const num = typeof v === 'number' ? v : Number(v);
      if (Number.isNaN(num)) throw new EsError('illegal_argument_exception', 400, `Failed to parse search_after value for field [${sort?.spec.field ?? '_score'}].`);
      return num;
    }
    return v === null ? null : String(v);
  });
}

/**
 * Compile what the query phase runs and the fetch phase reads back from `rc` (the weight, post
 * filter, sorts, script fields, rescorers): run by every query phase, including one answered
 * from the request cache, whose hits the fetch phase still renders with their sort values and
 * explanations.
 */
export async function compileShardSearch(rc: ReaderContext, req: QueryPhaseRequest): Promise<{ pacer: Pacer; weight: Weight }> {
  const s = rc.source;
  // On the monotonic clock, so even `1nanos` is already past at the first check.
  const pacer = new Pacer(req.deadlineEpochMs === undefined ? undefined : req.deadlineEpochMs - performance.timeOrigin, rc.cancelled);
  // set on the context's own compile context (made per context by its open, or copied by a dfs
  // phase), not on a copy of it: this runs for every query phase
  rc.compile.pacer = pacer;
  // inner hits are rendered by the fetch phase, but a bad definition fails the search here, as ES's parseSource does
  collectInnerHits(s.query);
  const aliasFilters = rc.aliasFilters?.map((f) => parseQuery(f));
  let weight = await shardWeight(rc, s, aliasFilters);
  if (s.postFilter) rc.postFilter = await compileQuery(rc.compile, s.postFilter, { boost: 1, filter: true, segments: rc.segments });
  // a scan's order is `_doc` by construction (scan-shard.ts): nothing to compile or compare
  if (s.sort && !isScoreSort(s.sort) && !s.scan) {
    const compile = rc.compile;
    rc.sorts = await Promise.all(s.sort.map(async (x) => compileSort(compile, x, await nestedSortDocs(compile, x, rc.segments))));
  }
  if (s.scriptFields) rc.scriptFields = compileScriptFields(rc.compile, s.scriptFields);
  if (s.rescore && s.rescore.length > 0) {
    rc.rescorers = await compileRescorers(rc.compile, s.rescore, rc.segments);
    // the fetch phase explains the first pass as rescored
    weight = new RescoredWeight(weight, rc.rescorers);
  }
  rc.weight = weight;
  return { pacer, weight };
}

/** Run the query phase of `req` on the open context `rc`. */
export async function queryShard(rc: ReaderContext, req: QueryPhaseRequest, nodeId: string): Promise<QueryPhaseResult> {
  const s = rc.source;
  const contextError = searchContextError(s);
  const { pacer, weight } = await compileShardSearch(rc, req);
  const searchAfter = searchAfterValues(s, rc.sorts);
  const aggs = s.aggs && s.aggs.length > 0 ? await startShardAggs(rc, s.aggs, rc.requestShards, nodeId) : undefined;
  if (contextError) throw contextError;
  // (options and answer built by assignment, not conditional spreads: this runs for every search)
  const opts: ShardQueryOptions = { weight: weight instanceof RescoredWeight ? weight.first : weight, topN: Math.max(topN(rc, s), s.rescoreWindow ?? 0), trackScores: s.trackScores, pacer };
  if (rc.postFilter) opts.postFilter = rc.postFilter;
  if (rc.sorts) opts.sorts = rc.sorts;
  if (s.minScore !== undefined) opts.minScore = s.minScore;
  if (searchAfter) opts.searchAfter = searchAfter;
  if (s.terminateAfter !== undefined) opts.terminateAfter = s.terminateAfter;
  if (s.collapseField !== undefined) opts.collapse = collapseKey(rc.compile.fields, s.collapseField);
  if (aggs) opts.onMatch = (seg: number, doc: number, score: number) => aggs.onMatch(seg, doc, score);
  const result = await searchShard(rc.segments, opts);
  if (rc.rescorers && result.top.length > 0) {
    result.top = await rescoreTop(rc.segments, result.top, rc.rescorers);
    result.maxScore = (result.top[0] as { score: number }).score;
  }
  // the shard succeeds only once its aggregations are built too
  const built = aggs ? await aggs.finish() : undefined;
  const suggest = s.suggest && s.suggest.length > 0 ? await suggestShard(rc.compile, rc.segments, s.suggest) : undefined;
  const answer: QueryPhaseResult = {
    top: result.top.map(toWireDoc),
    totalHits: result.totalHits,
    maxScore: toWireNumber(result.maxScore),
    // the aggregations' post-collection (global, children, sampler) stops at the deadline too
    timedOut: result.timedOut || pacer.timedOut,
    terminatedEarly: result.terminatedEarly,
  };
  if (result.groups) answer.groups = result.groups.map(toWireSortValue);
  if (rc.sorts) answer.sortOrder = rc.sorts.map((x) => ({ reverse: x.reverse, ...(x.missingFirst !== undefined ? { missingFirst: x.missingFirst } : {}) }));
  if (built) answer.aggs = built.map(toAggMessage);
  if (suggest) answer.suggest = suggest;
  return answer;
}
