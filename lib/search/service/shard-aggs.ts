/**
 * Aggregations on one shard of a search: build the aggregators against the shard's mappings,
 * prepare filter bitsets, hand the query phase a per-doc collector (every matching doc, before
 * post_filter), then run `global` aggregations over all live docs and build the shard results.
 */
import type { Query } from '../../dsl/query-types.js';
import { MATCH_ALL } from '../../dsl/queries/match-all.js';
import { createAggregators, type Aggregator, type LeafCollector, type ShardAggContext } from '../../aggs/collect.js';
import { Pacer } from '../pacer.js';
import type { AggSpec, InternalAgg, TopHitsSpec } from '../../aggs/types.js';
import { compileQuery } from '../compile-query.js';
import { parseDateValue } from '../field-terms.js';
import { NO_MORE_DOCS } from '../scorer.js';
import type { Weight } from '../weight.js';
import type { SegmentReader, StrataSegmentReader } from '../../shard/segment-reader.js';
import { EsError } from '../../errors/errors.js';
import { compileSort, type CompiledSort } from '../sort-values.js';
import { compileSearchScript, compileStatefulScript } from '../search-script.js';
import { javaString, JDouble, runAsDouble } from '../../script/runtime/values.js';
import { JodaDateTime } from '../../script/runtime/joda-date.js';
import { JavaError } from '../../script/errors.js';
import { asIterable } from '../../script/runtime/methods.js';
import { byScore, bySortValues } from '../top-docs.js';
import { fetchHits } from '../fetch.js';
import { toSortSpec } from '../../dsl/sort-spec.js';
import { sourceOption } from '../../dsl/source-filter.js';
import type { ReaderContext as ShardContext } from './reader-context.js';

/** A shard's aggregations while its query phase runs. */
export interface ShardAggs {
  /** The query phase's `onMatch`. */
  onMatch(seg: number, doc: number, score: number): void;
  /** Collect `global` aggregations, build the results and fetch top hits (after the query phase). */
  finish(): Promise<InternalAgg[]>;
}

/** Set up the aggregations `specs` on shard `sc` of a request over `numShards` shards. */
export async function startShardAggs(sc: ShardContext, specs: readonly AggSpec[], numShards: number, nodeId: string): Promise<ShardAggs> {
  const weights = new Map<Query | null, Promise<Weight>>();
  const bases: number[] = [];
  sc.segments.reduce((base, seg) => (bases.push(base), base + seg.maxDoc), 0);
  const ctx: ShardAggContext = {
    fields: sc.compile.fields,
    numShards,
    async filterDocs(q, seg) {
      let w = weights.get(q);
      if (!w) weights.set(q, (w = compileQuery(sc.compile, q ?? MATCH_ALL, { boost: 1, filter: true, segments: sc.segments })));
      const bits = new Uint8Array(seg.maxDoc);
      const scorer = await (await w).scorer(seg);
      if (scorer) for (let d = scorer.nextDoc(); d !== NO_MORE_DOCS; d = scorer.nextDoc()) bits[d] = 1;
      return bits;
    },
    metaValues(field) {
      if (field === '_index') return () => () => [sc.index];
      if (field === '_type') return (seg) => (doc) => [(seg as StrataSegmentReader).docType(doc)];
      return undefined;
    },
    script(ref, numeric) {
      const compiled = compileSearchScript(sc.compile, ref, 'aggs');
      return (seg) => {
        const run = compiled.bind(seg);
        return (doc, score) => scriptValues(run(doc, score), numeric);
      };
    },
    valueScript(ref, numeric) {
      const compiled = compileSearchScript(sc.compile, ref, 'aggs');
      return (seg) => {
        const run = compiled.bindValue(seg);
        // ES 5.6 `ValuesSource.WithScript`: one value per field value, through `runAsDouble` when numeric
        return (doc, score, value) => (numeric ? [runAsDouble(run(doc, score, value))] : scriptValues(run(doc, score, value), false));
      };
    },
    statefulScript(ref) {
      return compileStatefulScript(sc.compile, ref, 'aggs');
    },
    topHits(spec) {
      const sorts = sortsOf(sc, spec);
      const compare = sorts ? bySortValues(sorts) : byScore;
      return {
        compare,
        ...(sorts ? { order: sorts.map((x) => ({ reverse: x.reverse, ...(x.missingFirst !== undefined ? { missingFirst: x.missingFirst } : {}) })) } : {}),
        scores: !sorts || spec.trackScores,
        bind(seg, si) {
          const base = bases[si] as number;
          const fns = sorts?.map((s) => s.bind(seg, base));
          return (doc, score) => ({ shard: sc.shardIndex, seg: si, doc, globalDoc: base + doc, score, ...(fns ? { sortValues: fns.map((fn) => fn(doc, score)) } : {}) });
        },
      };
    },
    parseValue(f, v, roundUp, timeZone) {
      if (f?.type === 'date') return parseDateValue(sc.compile, f, v, roundUp, timeZone);
      if (typeof v === 'boolean') return v ? 1 : 0;
      if (f?.type === 'boolean') return v === 'true' ? 1 : v === 'false' ? 0 : Number(v);
      const n = Number(v);
      if (Number.isNaN(n)) throw new EsError('number_format_exception', 400, `For input string: "${v}"`);
      return n;
    },
  };
  const aggs = createAggregators(specs, ctx);
  for (const a of aggs) await a.prepare(sc.segments);
  const main = aggs.filter((a) => a.spec.type !== 'global');
  const globals = aggs.filter((a) => a.spec.type === 'global');
  let curSeg = -1;
  let leaves: LeafCollector[] = [];
  return {
    onMatch(si, doc, score) {
      if (si !== curSeg) {
        curSeg = si;
        leaves = main.map((a) => a.leaf(sc.segments[si] as SegmentReader, si));
      }
      for (let i = 0; i < leaves.length; i++) (leaves[i] as LeafCollector)(doc, 0, score);
    },
    async finish() {
      const pacer = sc.compile.pacer ?? new Pacer();
      if (globals.length > 0) await collectGlobals(sc.segments, globals, pacer);
      for (const a of aggs) await a.postCollection?.(pacer);
      const results = aggs.map((a) => a.build(0));
      await fetchTopHits(sc, results, nodeId);
      return results;
    },
  };
}

/**
 * `global` aggregations over every live root doc of the shard, paced as the query phase's
 * collection (a global walks the whole shard whatever the query matched); past the request's
 * deadline collection stops and the shard reports timed_out.
 */
async function collectGlobals(segments: readonly SegmentReader[], globals: readonly Aggregator[], pacer: Pacer): Promise<void> {
  const paced = pacer.loop();
  let left = paced.budget;
  for (let si = 0; si < segments.length; si++) {
    const seg = segments[si] as SegmentReader;
    const ls = globals.map((a) => a.leaf(seg, si));
    const nested = (seg as Partial<StrataSegmentReader>).nestedPath;
    for (let d = 0; d < seg.maxDoc; d++) {
      if (--left === 0 && (left = await paced.pause()) < 0) return;
      if (!seg.isLive(d) || (nested && nested.call(seg, d) !== undefined)) continue;
      for (const l of ls) l(d, 0, 1);
    }
  }
}

/** Fetch and render the hits of every `top_hits` result, at any depth. */
async function fetchTopHits(sc: ShardContext, results: readonly InternalAgg[], nodeId: string): Promise<void> {
  const todo: Array<Extract<InternalAgg, { kind: 'top_hits' }>> = [];
  const walk = (list: readonly InternalAgg[]): void => {
    for (const a of list) {
      if (a.kind === 'top_hits') todo.push(a);
      else if (a.kind === 'single') walk(a.subs);
      else if ('buckets' in a) for (const b of a.buckets) walk(b.subs);
    }
  };
  walk(results);
  for (const a of todo) {
    if (a.hits.length === 0) continue;
    const sorts = sortsOf(sc, a.spec);
    const rendered = await fetchHits(sc.segments, a.hits.map((h) => h.doc), {
      index: sc.index,
      shardId: sc.shard,
      nodeId,
      ...(a.spec.source ? { source: sourceOption(a.spec.source) } : {}),
      docvalueFields: [],
      version: a.spec.version,
      explain: a.spec.explain,
      ...(sc.weight ? { weight: sc.weight } : {}),
      ...(sorts ? { sorts } : {}),
      scores: a.scores,
      fields: sc.compile.fields,
    });
    a.hits.forEach((h, i) => (h.rendered = rendered[i]));
  }
}

const compiledSorts = new WeakMap<TopHitsSpec, WeakMap<ShardContext, CompiledSort[] | undefined>>();

/** The compiled sort of a `top_hits` on a shard (undefined: by score), compiled once. */
function sortsOf(sc: ShardContext, spec: TopHitsSpec): CompiledSort[] | undefined {
  let m = compiledSorts.get(spec);
  if (!m) compiledSorts.set(spec, (m = new WeakMap()));
  if (m.has(sc)) return m.get(sc);
  const byScoreOnly = !spec.sort || (spec.sort.length === 1 && spec.sort[0]?.type === 'score');
  const sorts = byScoreOnly ? undefined : (spec.sort ?? []).map((s) => compileSort(sc.compile, toSortSpec(s)));
  m.set(sc, sorts);
  return sorts;
}

/**
 * A script result as aggregation values: null is no value, lists and doc values give several,
 * numbers for numeric aggregations (ES 5.6 `ScriptDoubleValues`), else Java's `toString` (ES
 * reads scripts as bytes then).
 */
function scriptValues(v: unknown, numeric: boolean): Array<string | number> {
  if (v === null || v === undefined) return [];
  const items = collectionItems(v) ?? [v];
  return items.filter((x) => x !== null && x !== undefined).map((x) => (numeric ? aggDouble(x) : javaString(x)));
}

/** The items of a script value that is a Java array or collection (doc values are lists), else undefined. */
function collectionItems(v: unknown): unknown[] | undefined {
  if (typeof v !== 'object' || v === null || v instanceof JDouble || v instanceof JodaDateTime) return undefined;
  try {
    return asIterable(v);
  } catch (e) {
    if (e instanceof JavaError) return undefined; // a map or another object: one value, refused by aggDouble
    throw e;
  }
}

/** ES 5.6 `ScriptDoubleValues#toDoubleValue`: numbers, dates as millis, booleans as 1 and 0. */
function aggDouble(o: unknown): number {
  if (typeof o === 'number') return o;
  if (o instanceof JDouble) return o.v;
  if (o instanceof JodaDateTime) return o.millis;
  if (typeof o === 'boolean') return o ? 1 : 0;
  throw new EsError('aggregation_execution_exception', 500, `Unsupported script value [${javaString(o)}], expected a number, date, or boolean`);
}
