/**
 * Compile and run the query phase on every target shard (with the dfs pre-phase when asked),
 * turning per-shard errors into shard failures as ES does.
 */
import type { NodeContext } from '../context.js';
import type { Query } from '../../dsl/query-types.js';
import { parseQuery } from '../../dsl/parse-query.js';
import { EsError } from '../../errors/errors.js';
import { compileQuery } from '../../search/compile-query.js';
import { BooleanWeight, type BooleanClause } from '../../search/boolean-weight.js';
import { DocSetWeight, MatchAllWeight } from '../../search/constant-weights.js';
import { typeWeight } from '../../search/meta-fields.js';
import { compileSort } from '../../search/sort-values.js';
import { compileScriptFields } from '../../search/search-script.js';
import { Pacer, searchShard } from '../../search/shard-search.js';
import { isScoreSort, type SortSpec } from '../../dsl/sort-spec.js';
import { AggregatedStats, RecordingStats, type StatsSource, type Weight } from '../../search/weight.js';
import type { CollectionStats, TermStats } from '../../search/bm25.js';
import { murmur3x86_32 } from '../../cluster/routing.js';
import type { SearchRequest } from './search-request.js';
import type { ShardContext } from './shard-context.js';
import { toShardFailure, type ShardFailure } from './search-errors.js';
import type { SortValue } from '../../search/sort-values.js';
import type { IndexTarget } from './shard-targets.js';
import { collapseKey } from './collapse.js';
import { startShardAggs } from './shard-aggs.js';

export interface QueryPhaseOptions {
  /** Hits each shard keeps (from + size, or everything for scroll). */
  topN: (sc: ShardContext) => number;
  /** `performance.now()` time at which collection stops (`timeout`); undefined = none. */
  deadline?: number;
  /** Number of shards per index (slicing). */
  targets: Map<string, IndexTarget>;
}

/** The weight a shard runs: the query, plus type, alias and slice filters (`buildFilteredQuery`). */
async function shardWeight(sc: ShardContext, r: SearchRequest, numShards: number, aliasFilters: Query[] | undefined): Promise<Weight> {
  const scope = { boost: 1, filter: false, segments: sc.segments };
  const main = r.query ? await compileQuery(sc.compile, r.query, { ...scope, boost: sc.indexBoost }) : new MatchAllWeight(sc.indexBoost);
  const filters: Weight[] = [];
  const types = r.types.filter((t) => t !== '_all');
  if (types.length > 0) filters.push(typeWeight(types, 1));
  if (aliasFilters && aliasFilters.length > 0) {
    const ws = await Promise.all(aliasFilters.map((q) => compileQuery(sc.compile, q, { ...scope, filter: true })));
    filters.push(ws.length === 1 ? (ws[0] as Weight) : new BooleanWeight(ws.map((w) => ({ occur: 'should', weight: w })), 1, false));
  }
  if (r.slice) {
    const s = sliceWeight(r.slice, sc.shard, numShards);
    if (s) filters.push(s);
  }
  if (filters.length === 0) return main;
  const clauses: BooleanClause[] = [{ occur: 'must', weight: main }, ...filters.map((w) => ({ occur: 'filter' as const, weight: w }))];
  return new BooleanWeight(clauses, 0, false);
}

const utf8 = new TextEncoder();

/** ES 5.6 `SliceBuilder.toFilter` over `_uid` (TermsSliceQuery, murmur3 seed 7919). */
function sliceWeight(slice: { id: number; max: number; field: string }, shardId: number, numShards: number): Weight | null {
  let id = slice.id;
  let max = slice.max;
  if (max >= numShards) {
    const target = id % numShards;
    if (target !== shardId) return new DocSetWeight('MatchNoDocsQuery("this shard is not part of the slice")', 1, async () => null);
    let inShard = Math.floor(max / numShards);
    if (max % numShards > target) inShard++;
    if (inShard === 1) return null;
    id = Math.floor(id / numShards);
    max = inShard;
  } else {
    if (shardId % max !== id) return new DocSetWeight('MatchNoDocsQuery("this shard is not part of the slice")', 1, async () => null);
    return null;
  }
  const sid = id;
  const smax = max;
  return new DocSetWeight(`slice(${slice.field},${sid},${smax})`, 1, async (seg) => {
    const m = seg as typeof seg & { docType?(d: number): string; docId?(d: number): string };
    const out: number[] = [];
    for (let d = 0; d < seg.maxDoc; d++) {
      const uid = `${m.docType?.(d) ?? ''}#${m.docId?.(d) ?? ''}`;
      const h = murmur3x86_32(utf8.encode(uid), 7919);
      if (((h % smax) + smax) % smax === sid) out.push(d);
    }
    return Int32Array.from(out);
  });
}

/** Gather term statistics from every shard and sum them (dfs_query_then_fetch). */
async function dfsStats(contexts: ShardContext[], r: SearchRequest): Promise<void> {
  const recorders = new Map<ShardContext, RecordingStats>();
  for (const sc of contexts) {
    const rec = new RecordingStats(sc.compile.stats);
    recorders.set(sc, rec);
    try {
      if (r.query) await compileQuery({ ...sc.compile, stats: rec }, r.query, { boost: 1, filter: false, segments: sc.segments });
    } catch {
      // compile errors surface in the query phase
    }
  }
  const collections = new Map<string, CollectionStats>();
  const terms = new Map<string, TermStats>();
  const fields = new Set<string>();
  const keys = new Map<string, { field: string; term: string }>();
  for (const rec of recorders.values()) {
    for (const f of rec.fields) fields.add(f);
    for (const [k, v] of rec.terms) keys.set(k, v);
  }
  for (const sc of contexts) {
    const local: StatsSource = sc.compile.stats;
    for (const f of fields) {
      const c = local.collectionStats(f);
      const acc = collections.get(f);
      collections.set(
        f,
        acc
          ? { maxDoc: acc.maxDoc + c.maxDoc, docCount: acc.docCount + c.docCount, sumTotalTermFreq: acc.sumTotalTermFreq + c.sumTotalTermFreq, sumDocFreq: acc.sumDocFreq + c.sumDocFreq }
          : c,
      );
    }
    for (const [k, { field, term }] of keys) {
      const t = local.termStats(field, term);
      const acc = terms.get(k);
      terms.set(k, acc ? { docFreq: acc.docFreq + t.docFreq, totalTermFreq: acc.totalTermFreq + t.totalTermFreq } : t);
    }
  }
  for (const sc of contexts) sc.compile = { ...sc.compile, stats: new AggregatedStats(collections, terms, sc.compile.stats) };
}

/** Convert request `search_after` values into comparable sort values. */
function searchAfterValues(r: SearchRequest, sorts: ReturnType<typeof compileSort>[] | undefined): SortValue[] | undefined {
  if (!r.searchAfter) return undefined;
  const n = sorts ? sorts.length : 1;
  if (r.searchAfter.length !== n) {
    throw new EsError('illegal_argument_exception', 400, `search_after has ${r.searchAfter.length} value(s) but sort has ${n}.`);
  }
  return r.searchAfter.map((v, i) => {
    const s = sorts?.[i];
    if (!s || s.kind === 'score' || s.kind === 'numeric' || s.kind === 'doc') {
      if (v === null) return null;
      const num = typeof v === 'number' ? v : Number(v);
      if (Number.isNaN(num)) throw new EsError('illegal_argument_exception', 400, `Failed to parse search_after value for field [${s?.spec.field ?? '_score'}].`);
      return num;
    }
    return v === null ? null : String(v);
  });
}

/** Run compile + query on each shard; failures are collected, not thrown. */
export async function runQueryPhase(ctx: NodeContext, contexts: ShardContext[], r: SearchRequest, o: QueryPhaseOptions): Promise<ShardFailure[]> {
  const failures: ShardFailure[] = [];
  if (r.searchType === 'dfs_query_then_fetch') await dfsStats(contexts, r);
  const useSorts: SortSpec[] | undefined = r.sort && !isScoreSort(r.sort) ? r.sort : undefined;
  // One pacer for the request, shared by its shards (they take turns on one thread); weights
  // that precompute doc sets (the script query) pace themselves with it too.
  const pacer = new Pacer(o.deadline);
  for (const sc of contexts) sc.compile = { ...sc.compile, pacer };
  await Promise.all(
    contexts.map(async (sc) => {
      const started = Date.now();
      try {
        const target = o.targets.get(sc.index);
        const aliasFilters = target?.aliasFilters?.map((f) => parseQuery(f));
        sc.weight = await shardWeight(sc, r, sc.svc.shards.length, aliasFilters);
        if (r.postFilter) sc.postFilter = await compileQuery(sc.compile, r.postFilter, { boost: 1, filter: true, segments: sc.segments });
        if (useSorts) sc.sorts = useSorts.map((s) => compileSort(sc.compile, s));
        if (r.scriptFields) sc.scriptFields = compileScriptFields(sc.compile, r.scriptFields);
        const searchAfter = searchAfterValues(r, sc.sorts);
        const aggs = r.aggs && r.aggs.length > 0 ? await startShardAggs(sc, r.aggs, contexts.length, ctx.nodeId) : undefined;
        const result = await searchShard(sc.segments, {
          weight: sc.weight,
          ...(sc.postFilter ? { postFilter: sc.postFilter } : {}),
          topN: o.topN(sc),
          ...(sc.sorts ? { sorts: sc.sorts } : {}),
          trackScores: r.trackScores,
          ...(r.minScore !== undefined ? { minScore: r.minScore } : {}),
          ...(searchAfter ? { searchAfter } : {}),
          ...(r.terminateAfter !== undefined ? { terminateAfter: r.terminateAfter } : {}),
          pacer,
          ...(r.collapse ? { collapse: collapseKey(sc.compile.fields, r.collapse.field) } : {}),
          ...(aggs ? { onMatch: (seg: number, doc: number, score: number) => aggs.onMatch(seg, doc, score) } : {}),
        });
        // the shard succeeds only once its aggregations are built too
        if (aggs) sc.aggs = await aggs.finish();
        sc.result = result;
        for (const h of sc.result.top) h.shard = sc.shardIndex;
      } catch (e) {
        failures.push(toShardFailure(sc.index, sc.shard, ctx.nodeId, e));
      } finally {
        sc.svc.counters.queryTotal++;
        sc.svc.counters.queryTimeMs += Date.now() - started;
      }
    }),
  );
  failures.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : a.shard - b.shard));
  return failures;
}
