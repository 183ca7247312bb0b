/**
 * Shard-side collection (ES 5.6 `Aggregator`s): each aggregator is bound to a segment
 * (`leaf`), then called for every matching doc with the ordinal of the parent bucket that doc
 * fell in (0 at the top level), and finally `build` turns one parent bucket's state into a
 * shard result. Bucket aggregators give their buckets ordinals and pass them down to their
 * sub-aggregators, so nesting costs no per-bucket aggregator objects. Values come straight from
 * doc values columns; keyword terms count segment ordinals, mapped once per ordinal to buckets.
 */
import { EsError } from '../errors/errors.js';
import type { Query } from '../dsl/query-types.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import type { IndexFields, SearchField } from '../search/field-types.js';
import { TopK, type ScoredDoc } from '../search/top-docs.js';
import type { AggSpec, TopHitsSpec, Bucket, FilterSpec, FiltersSpec, GlobalSpec, HistogramSpec, InternalAgg, MetricSpec, MissingSpec, RangeSpec, TermsSpec } from './types.js';
import { keyOfText, resolveValues as resolveFieldValues, type Column, type ScriptValues, type ValuesSource } from './values.js';
import type { ScriptRef } from '../dsl/script-ref.js';
import { compareBuckets, histogramKeyFn } from './order.js';
import { isPipeline } from './pipeline.js';

/** What collection needs from the shard (supplied by the action layer). */
export interface ShardAggContext {
  fields: IndexFields;
  /** Shards the request targets (`shard_size` defaults on it). */
  numShards: number;
  /** Live docs of a segment matching a filter query, as a bitset. */
  filterDocs(q: Query | null, seg: SegmentReader): Promise<Uint8Array>;
  /** Values of a meta field (`_index`, `_type`), undefined for the ones not supported. */
  metaValues(field: string): ScriptValues | undefined;
  /** Compile a values script for this shard (values converted to numbers or Java strings). */
  script(ref: ScriptRef, numeric: boolean): ScriptValues;
  /** How `top_hits` orders and keys its hits on this shard (its sort compiled here). */
  topHits(spec: TopHitsSpec): TopHitsOrder;
  /** A date/number given in the request (missing, range bounds, extended bounds) as a number. */
  parseValue(f: SearchField | null, v: string | number | boolean, roundUp: boolean, timeZone?: string): number;
}

/** A compiled `top_hits` order. */
export interface TopHitsOrder {
  compare: (a: ScoredDoc, b: ScoredDoc) => number;
  /** Whether hits carry scores (score order or track_scores). */
  scores: boolean;
  /** The hit of a doc in segment `si` (sort values computed). */
  bind(seg: SegmentReader, si: number): (doc: number, score: number) => ScoredDoc;
}

/** Collects docs of one segment into the bucket ordinal `owner`. */
export type LeafCollector = (doc: number, owner: number, score: number) => void;

/** A shard-side aggregator. */
export interface Aggregator {
  readonly spec: AggSpec;
  /** Async per-segment preparation (filter bitsets) before collection starts. */
  prepare(segments: readonly SegmentReader[]): Promise<void>;
  leaf(seg: SegmentReader, si: number): LeafCollector;
  /** The shard result for parent bucket `owner`. */
  build(owner: number): InternalAgg;
}

/** Create the aggregators of a list of specs. */
export function createAggregators(specs: readonly AggSpec[], ctx: ShardAggContext, parent?: string): Aggregator[] {
  // pipeline aggregations run on the coordinator, over the reduced results
  return specs.filter((s) => !isPipeline(s)).map((s) => {
    if (s.type === 'global' && parent !== undefined) {
      throw new EsError('aggregation_execution_exception', 500, `Aggregation [${parent}] cannot have a global sub-aggregation [${s.name}]. Global aggregations can only be defined as top level aggregations`);
    }
    return createAggregator(s, ctx);
  });
}

function createAggregator(s: AggSpec, ctx: ShardAggContext): Aggregator {
  switch (s.type) {
    case 'terms':
      return new TermsAggregator(s, ctx);
    case 'missing':
      return new MissingAggregator(s, ctx);
    case 'filter':
    case 'global':
      return new FilterAggregator(s, ctx);
    case 'filters':
    case 'adjacency_matrix':
      return new FiltersAggregator(s, ctx);
    case 'range':
    case 'date_range':
      return new RangeAggregator(s, ctx);
    case 'ip_range':
      return new IpRangeAggregator(s, ctx);
    case 'histogram':
    case 'date_histogram':
      return new HistogramAggregator(s, ctx);
    case 'cardinality':
      return new CardinalityAggregator(s, ctx);
    case 'top_hits':
      return new TopHitsAggregator(s, ctx);
    default:
      return new NumericMetricAggregator(s as MetricSpec, ctx);
  }
}

const parseMissingWith = (ctx: ShardAggContext) => (f: SearchField, v: string | number | boolean) => ctx.parseValue(f, v, false);

/** Base of bucket aggregators: doc counts per bucket ordinal and the sub-aggregators. */
abstract class BucketAggregator implements Aggregator {
  protected readonly subs: Aggregator[];
  protected counts: number[] = [];
  private subLeaves: LeafCollector[] = [];
  constructor(
    readonly spec: AggSpec,
    protected readonly ctx: ShardAggContext,
  ) {
    this.subs = createAggregators(spec.subs, ctx, spec.name);
  }
  async prepare(segments: readonly SegmentReader[]): Promise<void> {
    for (const s of this.subs) await s.prepare(segments);
  }
  protected bindSubs(seg: SegmentReader, si: number): void {
    this.subLeaves = this.subs.map((s) => s.leaf(seg, si));
  }
  protected collectBucket(doc: number, ord: number, score: number): void {
    this.counts[ord] = (this.counts[ord] ?? 0) + 1;
    for (const l of this.subLeaves) l(doc, ord, score);
  }
  /** A leaf counting a doc once in each of `n` ranges holding one of its values (bucket owner * n + i). */
  protected rangesLeaf(col: Column | ScriptColumn | undefined, vs: ValuesSource, n: number, contains: (i: number, v: string | number) => boolean): LeafCollector {
    const hit = new Uint8Array(n);
    return (doc, owner, score) => {
      hit.fill(0);
      forValues(col, vs, doc, (v) => {
        for (let i = 0; i < n; i++) if (contains(i, v)) hit[i] = 1;
      }, score);
      for (let i = 0; i < n; i++) if (hit[i] === 1) this.collectBucket(doc, owner * n + i, score);
    };
  }
  protected subResults(ord: number): InternalAgg[] {
    return this.subs.map((s) => s.build(ord));
  }
  abstract leaf(seg: SegmentReader, si: number): LeafCollector;
  abstract build(owner: number): InternalAgg;
}

/** Dates render in the aggregation's `time_zone` (ES's DocValueFormat.DateTime carries it). */
function zoned(vs: ValuesSource, timeZone: string | undefined): ValuesSource {
  if (timeZone === undefined || vs.format.kind !== 'date') return vs;
  return { ...vs, format: { ...vs.format, timeZone } };
}

/** Resolve a field or script values source on this shard. */
function resolveValues(ctx: ShardAggContext, spec: AggSpec & import('./types.js').ValuesSpec, numeric: boolean, aggType: string, parseMissing: (f: SearchField, v: string | number | boolean) => number): ValuesSource {
  const script = spec.script;
  return resolveFieldValues(ctx.fields, spec, numeric, aggType, parseMissing, script ? (num) => ctx.script(script, num) : undefined, (f) => ctx.metaValues(f));
}

/** A script's values bound to a segment, read like a column. */
interface ScriptColumn {
  kind: 'script';
  values: (doc: number, score: number) => Array<string | number>;
}

/** The column of a values source in a segment: doc values, or the bound script. */
function columnFor(vs: ValuesSource, seg: SegmentReader): Column | ScriptColumn | undefined {
  return vs.script ? { kind: 'script', values: vs.script(seg) } : vs.column(seg);
}

/** Iterate the values of `doc` in a column, or the `missing` value when it has none. */
function forValues(col: Column | ScriptColumn | undefined, vs: ValuesSource, doc: number, fn: (v: string | number) => void, score = 0): void {
  if (col && col.kind === 'script') {
    const vals = col.values(doc, score);
    if (vals.length > 0) for (const v of vals) fn(v);
    else if (vs.missing !== undefined) fn(vs.missing);
    return;
  }
  if (col) {
    const from = col.start[doc] as number;
    const to = col.start[doc + 1] as number;
    if (to > from) {
      if (col.kind === 'numeric') for (let i = from; i < to; i++) fn(col.values[i] as number);
      else for (let i = from; i < to; i++) fn(col.terms[col.ords[i] as number] as string);
      return;
    }
  }
  if (vs.missing !== undefined) fn(vs.missing);
}

class TermsAggregator extends BucketAggregator {
  declare readonly spec: TermsSpec;
  private readonly vs: ValuesSource;
  /** Per parent bucket: key -> bucket ordinal. */
  private readonly byOwner = new Map<number, Map<string | number, number>>();
  private readonly keys: Array<string | number> = [];
  /** Terms of the string columns seen (for min_doc_count 0). */
  private readonly allTerms = new Set<string>();
  constructor(spec: TermsSpec, ctx: ShardAggContext) {
    super(spec, ctx);
    this.vs = resolveValues(ctx, spec, false, 'terms', parseMissingWith(ctx));
    if ((spec.include?.regex || spec.exclude?.regex) && (this.vs.valueType !== 'string' || this.vs.format.kind !== 'raw')) {
      throw new EsError(
        'aggregation_execution_exception',
        500,
        `Aggregation [${spec.name}] cannot support regular expression style include/exclude settings as they can only be applied to string fields. Use an array of values for include/exclude clauses`,
      );
    }
    const inc = this.keysOf(spec.include?.values);
    const exc = this.keysOf(spec.exclude?.values);
    if (inc) this.incKeys = inc;
    if (exc) this.excKeys = exc;
  }
  /** include/exclude value lists as keys (parsed with the field's format, as ES `IncludeExclude` does). */
  private readonly incKeys?: Set<string | number>;
  private readonly excKeys?: Set<string | number>;
  private accepts(key: string | number): boolean {
    const inc = this.spec.include;
    const exc = this.spec.exclude;
    if (inc && !((inc.regex && inc.regex.test(key as string)) || this.incKeys?.has(key))) return false;
    if (exc && ((exc.regex && exc.regex.test(key as string)) || this.excKeys?.has(key))) return false;
    return true;
  }
  private keysOf(values: Set<string> | undefined): Set<string | number> | undefined {
    if (!values) return undefined;
    const f = this.vs.field;
    return new Set([...values].map((v) => (this.vs.valueType === 'string' ? keyOfText(f, v) : this.ctx.parseValue(f, v, false))));
  }
  private ordOf(owner: number, key: string | number): number {
    let m = this.byOwner.get(owner);
    if (!m) this.byOwner.set(owner, (m = new Map()));
    let ord = m.get(key);
    if (ord === undefined) {
      ord = this.keys.length;
      this.keys.push(key);
      m.set(key, ord);
    }
    return ord;
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const col = columnFor(this.vs, seg);
    const filtered = this.spec.include !== undefined || this.spec.exclude !== undefined;
    if (col && col.kind === 'string') {
      if (this.spec.minDocCount === 0) for (const t of col.terms) if (this.accepts(t)) this.allTerms.add(t);
      // segment ordinal -> bucket ordinal for the top-level owner (-1 unknown, -2 excluded)
      const cache = new Int32Array(col.terms.length).fill(-1);
      return (doc, owner, score) => {
        const from = col.start[doc] as number;
        const to = col.start[doc + 1] as number;
        if (to === from) {
          if (this.vs.missing !== undefined && this.accepts(this.vs.missing)) this.collectBucket(doc, this.ordOf(owner, this.vs.missing), score);
          return;
        }
        for (let i = from; i < to; i++) {
          const so = col.ords[i] as number;
          if (owner === 0) {
            let ord = cache[so] as number;
            if (ord === -1) {
              const term = col.terms[so] as string;
              ord = filtered && !this.accepts(term) ? -2 : this.ordOf(0, term);
              cache[so] = ord;
            }
            if (ord >= 0) this.collectBucket(doc, ord, score);
          } else {
            const term = col.terms[so] as string;
            if (!filtered || this.accepts(term)) this.collectBucket(doc, this.ordOf(owner, term), score);
          }
        }
      };
    }
    return (doc, owner, score) => {
      let prev: string | number | undefined;
      forValues(col, this.vs, doc, (v) => {
        // a doc counts once per distinct value (sorted-numeric columns keep duplicates)
        if (v === prev) return;
        prev = v;
        if (!filtered || this.accepts(v)) this.collectBucket(doc, this.ordOf(owner, v), score);
      }, score);
    };
  }
  /** ES `BucketUtils.suggestShardSideQueueSize`: size on one shard, else size * 1.5 + 10. */
  shardSize(): number {
    const s = this.spec;
    let n = s.shardSize ?? (this.ctx.numShards === 1 ? s.size : Math.floor(s.size * 1.5 + 10));
    if (n < s.size) n = s.size;
    return n;
  }
  build(owner: number): InternalAgg {
    const m = this.byOwner.get(owner) ?? new Map<string | number, number>();
    const buckets: Bucket[] = [];
    const orderBySub = this.spec.order.some((o) => o.by !== '_count' && o.by !== '_key');
    for (const [key, ord] of m) {
      const docCount = this.counts[ord] ?? 0;
      if (docCount < this.spec.shardMinDocCount) continue;
      buckets.push({ key, docCount, docCountError: 0, subs: orderBySub ? this.subResults(ord) : [], ...{ ord } });
    }
    if (this.spec.minDocCount === 0 && owner >= 0) {
      for (const t of this.allTerms) {
        if (!m.has(t)) buckets.push({ key: t, docCount: 0, docCountError: 0, subs: orderBySub ? this.subs.map((s) => s.build(-1)) : [], ...{ ord: -1 } });
      }
    }
    const cmp = compareBuckets(this.spec.order, this.spec.subs);
    buckets.sort(cmp);
    const shardSize = this.shardSize();
    let other = 0;
    for (let i = shardSize; i < buckets.length; i++) other += (buckets[i] as Bucket).docCount;
    const kept = buckets.slice(0, shardSize);
    if (!orderBySub) for (const b of kept) b.subs = this.subResults((b as Bucket & { ord: number }).ord);
    for (const b of kept) delete (b as Bucket & { ord?: number }).ord;
    return { kind: 'terms', spec: this.spec, valueType: this.vs.valueType, format: this.vs.format, buckets: kept, docCountError: 0, otherDocCount: other, shardSize };
  }
}

/** `missing`, `filter` and `global`: one bucket per parent bucket. */
class MissingAggregator extends BucketAggregator {
  declare readonly spec: MissingSpec;
  private readonly vs: ValuesSource;
  constructor(spec: MissingSpec, ctx: ShardAggContext) {
    super(spec, ctx);
    this.vs = resolveValues(ctx, spec, false, 'missing', () => 0);
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const col = this.vs.column(seg);
    return (doc, owner, score) => {
      if (!col || (col.start[doc + 1] as number) === (col.start[doc] as number)) this.collectBucket(doc, owner, score);
    };
  }
  build(owner: number): InternalAgg {
    return { kind: 'single', spec: this.spec, docCount: this.counts[owner] ?? 0, subs: this.subResults(owner) };
  }
}

class FilterAggregator extends BucketAggregator {
  declare readonly spec: FilterSpec | GlobalSpec;
  private bits: Uint8Array[] = [];
  override async prepare(segments: readonly SegmentReader[]): Promise<void> {
    await super.prepare(segments);
    const spec = this.spec;
    if (spec.type === 'filter') this.bits = await Promise.all(segments.map((seg) => this.ctx.filterDocs(spec.query, seg)));
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    if (this.spec.type === 'global') return (doc, owner, score) => this.collectBucket(doc, owner, score);
    const bits = this.bits[si] as Uint8Array;
    return (doc, owner, score) => {
      if (bits[doc] === 1) this.collectBucket(doc, owner, score);
    };
  }
  build(owner: number): InternalAgg {
    return { kind: 'single', spec: this.spec, docCount: this.counts[owner] ?? 0, subs: this.subResults(owner) };
  }
}

class FiltersAggregator extends BucketAggregator {
  declare readonly spec: FiltersSpec;
  private bits: Uint8Array[][] = [];
  /** Bucket keys: each filter, then the other bucket or (adjacency) every pair i < j. */
  private readonly keys: string[];
  private readonly pairs: Array<[number, number]> = [];
  constructor(spec: FiltersSpec, ctx: ShardAggContext) {
    super(spec, ctx);
    this.keys = spec.filters.map((f) => f.key);
    if (spec.type === 'adjacency_matrix') {
      for (let i = 0; i < spec.filters.length; i++) {
        for (let j = i + 1; j < spec.filters.length; j++) {
          this.pairs.push([i, j]);
          this.keys.push(`${this.keys[i]}${spec.separator ?? '&'}${this.keys[j]}`);
        }
      }
    } else if (spec.otherBucketKey !== undefined) this.keys.push(spec.otherBucketKey);
  }
  override async prepare(segments: readonly SegmentReader[]): Promise<void> {
    await super.prepare(segments);
    this.bits = await Promise.all(segments.map((seg) => Promise.all(this.spec.filters.map((f) => this.ctx.filterDocs(f.query, seg)))));
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const bits = this.bits[si] as Uint8Array[];
    const n = this.spec.filters.length;
    const other = this.spec.otherBucketKey !== undefined && this.spec.type === 'filters';
    const w = this.keys.length;
    const pairs = this.pairs;
    return (doc, owner, score) => {
      let any = false;
      for (let i = 0; i < n; i++) {
        if ((bits[i] as Uint8Array)[doc] === 1) {
          any = true;
          this.collectBucket(doc, owner * w + i, score);
        }
      }
      if (other && !any) this.collectBucket(doc, owner * w + n, score);
      if (any) {
        for (let p = 0; p < pairs.length; p++) {
          const [a, b] = pairs[p] as [number, number];
          if ((bits[a] as Uint8Array)[doc] === 1 && (bits[b] as Uint8Array)[doc] === 1) this.collectBucket(doc, owner * w + n + p, score);
        }
      }
    };
  }
  build(owner: number): InternalAgg {
    const w = this.keys.length;
    const buckets: Bucket[] = this.keys.map((key, i) => ({ key, docCount: this.counts[owner * w + i] ?? 0, subs: this.subResults(owner * w + i) }));
    return { kind: 'filters', spec: this.spec, buckets };
  }
}

class RangeAggregator extends BucketAggregator {
  declare readonly spec: RangeSpec;
  private readonly vs: ValuesSource;
  private readonly ranges: Array<{ from: number; to: number }>;
  constructor(spec: RangeSpec, ctx: ShardAggContext) {
    super(spec, ctx);
    this.vs = zoned(resolveValues(ctx, spec, true, spec.type, parseMissingWith(ctx)), spec.timeZone);
    const f = this.vs.field;
    const num = (v: number | string | undefined, dflt: number): number => (v === undefined ? dflt : typeof v === 'number' ? v : ctx.parseValue(f, v, false, spec.timeZone));
    this.ranges = spec.ranges.map((r) => ({ from: num(r.from, -Infinity), to: num(r.to, Infinity) }));
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const ranges = this.ranges;
    return this.rangesLeaf(columnFor(this.vs, seg), this.vs, ranges.length, (i, v) => {
      const r = ranges[i] as { from: number; to: number };
      return (v as number) >= r.from && (v as number) < r.to;
    });
  }
  build(owner: number): InternalAgg {
    const n = this.ranges.length;
    const buckets: Bucket[] = this.ranges.map((r, i) => ({
      key: this.spec.ranges[i]?.key ?? '',
      from: r.from,
      to: r.to,
      docCount: this.counts[owner * n + i] ?? 0,
      subs: this.subResults(owner * n + i),
    }));
    return { kind: 'range', spec: this.spec, format: this.vs.format, buckets };
  }
}

class HistogramAggregator extends BucketAggregator {
  declare readonly spec: HistogramSpec;
  private readonly vs: ValuesSource;
  private readonly keyOf: (v: number) => number;
  private readonly byOwner = new Map<number, Map<number, number>>();
  private next = 0;
  private readonly bounds?: { min?: number; max?: number };
  constructor(spec: HistogramSpec, ctx: ShardAggContext) {
    super(spec, ctx);
    this.vs = zoned(resolveValues(ctx, spec, true, spec.type, parseMissingWith(ctx)), spec.timeZone);
    this.keyOf = histogramKeyFn(spec);
    const eb = spec.extendedBounds;
    if (eb) {
      const f = this.vs.field;
      const conv = (v: number | string): number => (typeof v === 'number' ? v : ctx.parseValue(f, v, false, spec.timeZone));
      this.bounds = { ...(eb.min !== undefined ? { min: conv(eb.min) } : {}), ...(eb.max !== undefined ? { max: conv(eb.max) } : {}) };
    }
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const col = columnFor(this.vs, seg);
    return (doc, owner, score) => {
      let prev = NaN;
      forValues(col, this.vs, doc, (v) => {
        const key = this.keyOf(v as number);
        if (key === prev) return;
        prev = key;
        let m = this.byOwner.get(owner);
        if (!m) this.byOwner.set(owner, (m = new Map()));
        let ord = m.get(key);
        if (ord === undefined) m.set(key, (ord = this.next++));
        this.collectBucket(doc, ord, score);
      }, score);
    };
  }
  build(owner: number): InternalAgg {
    const m = this.byOwner.get(owner) ?? new Map<number, number>();
    const buckets: Bucket[] = [...m].map(([key, ord]) => ({ key, docCount: this.counts[ord] ?? 0, subs: this.subResults(ord) })).sort((a, b) => (a.key as number) - (b.key as number));
    return { kind: 'histogram', spec: this.spec, format: this.vs.format, buckets, ...(this.bounds ? { bounds: this.bounds } : {}) };
  }
}

/** min, max, sum, avg, value_count, stats, extended_stats: one running stats record per bucket. */
class NumericMetricAggregator implements Aggregator {
  private readonly vs: ValuesSource;
  private count: number[] = [];
  private sum: number[] = [];
  private min: number[] = [];
  private max: number[] = [];
  private sumSq: number[] = [];
  constructor(
    readonly spec: MetricSpec,
    ctx: ShardAggContext,
  ) {
    // value_count counts values of any field type
    this.vs = resolveValues(ctx, spec, spec.type !== 'value_count', spec.type, parseMissingWith(ctx));
  }
  async prepare(): Promise<void> {}
  leaf(seg: SegmentReader): LeafCollector {
    const col = columnFor(this.vs, seg);
    return (doc, owner, score) => {
      forValues(col, this.vs, doc, (v) => {
        this.count[owner] = (this.count[owner] ?? 0) + 1;
        if (typeof v !== 'number') return;
        this.sum[owner] = (this.sum[owner] ?? 0) + v;
        this.sumSq[owner] = (this.sumSq[owner] ?? 0) + v * v;
        if (!(v >= (this.min[owner] ?? Infinity))) this.min[owner] = v;
        if (!(v <= (this.max[owner] ?? -Infinity))) this.max[owner] = v;
      }, score);
    };
  }
  build(owner: number): InternalAgg {
    return {
      kind: 'numeric',
      spec: this.spec,
      format: this.vs.format,
      count: owner < 0 ? 0 : this.count[owner] ?? 0,
      sum: owner < 0 ? 0 : this.sum[owner] ?? 0,
      min: owner < 0 ? Infinity : this.min[owner] ?? Infinity,
      max: owner < 0 ? -Infinity : this.max[owner] ?? -Infinity,
      sumOfSquares: owner < 0 ? 0 : this.sumSq[owner] ?? 0,
    };
  }
}

/** Exact distinct counts (ES uses HyperLogLog++; below `precision_threshold` it is exact too). */
class CardinalityAggregator implements Aggregator {
  private readonly vs: ValuesSource;
  private readonly sets = new Map<number, Set<string | number>>();
  constructor(
    readonly spec: MetricSpec,
    ctx: ShardAggContext,
  ) {
    this.vs = resolveValues(ctx, spec, false, 'cardinality', parseMissingWith(ctx));
  }
  async prepare(): Promise<void> {}
  leaf(seg: SegmentReader): LeafCollector {
    const col = columnFor(this.vs, seg);
    return (doc, owner, score) => {
      forValues(col, this.vs, doc, (v) => {
        let s = this.sets.get(owner);
        if (!s) this.sets.set(owner, (s = new Set()));
        s.add(v);
      }, score);
    };
  }
  build(owner: number): InternalAgg {
    return { kind: 'cardinality', spec: this.spec, values: this.sets.get(owner) ?? new Set() };
  }
}

/** `top_hits`: the best `from + size` docs per bucket (fetched and rendered by the shard). */
class TopHitsAggregator implements Aggregator {
  private readonly order: TopHitsOrder;
  private readonly tops = new Map<number, TopK>();
  private readonly totals: number[] = [];
  private readonly maxScores: number[] = [];
  constructor(
    readonly spec: TopHitsSpec,
    ctx: ShardAggContext,
  ) {
    this.order = ctx.topHits(spec);
  }
  async prepare(): Promise<void> {}
  leaf(seg: SegmentReader, si: number): LeafCollector {
    const hitOf = this.order.bind(seg, si);
    const n = this.spec.from + this.spec.size;
    return (doc, owner, score) => {
      this.totals[owner] = (this.totals[owner] ?? 0) + 1;
      if (!(score <= (this.maxScores[owner] ?? -Infinity))) this.maxScores[owner] = score;
      let top = this.tops.get(owner);
      if (!top) this.tops.set(owner, (top = new TopK(n, this.order.compare)));
      if (n > 0) top.add(hitOf(doc, score));
    };
  }
  build(owner: number): InternalAgg {
    const hits = this.tops.get(owner)?.sorted() ?? [];
    return {
      kind: 'top_hits',
      spec: this.spec,
      total: owner < 0 ? 0 : this.totals[owner] ?? 0,
      maxScore: owner < 0 ? NaN : this.maxScores[owner] ?? NaN,
      hits: hits.map((doc) => ({ doc })),
      compare: this.order.compare,
      scores: this.order.scores,
    };
  }
}

/** `ip_range`: ranges over the sortable 16-byte ip terms (from inclusive, to exclusive; CIDR masks). */
class IpRangeAggregator extends BucketAggregator {
  declare readonly spec: RangeSpec;
  private readonly vs: ValuesSource;
  private readonly ranges: Array<{ from?: string; to?: string }>;
  constructor(spec: RangeSpec, ctx: ShardAggContext) {
    super(spec, ctx);
    this.vs = resolveValues(ctx, spec, false, 'ip_range', parseMissingWith(ctx));
    if (this.vs.field && this.vs.field.type !== 'ip') {
      throw new EsError('illegal_argument_exception', 400, `Field [${this.vs.field.path}] of type [${this.vs.field.type}] is not supported for aggregation [ip_range]`);
    }
    this.ranges = spec.ranges.map((r) => {
      if (r.mask !== undefined) return cidrBounds(r.mask);
      return { ...(r.from !== undefined ? { from: keyOfText(this.vs.field ?? IP_FIELD, String(r.from)) } : {}), ...(r.to !== undefined ? { to: keyOfText(this.vs.field ?? IP_FIELD, String(r.to)) } : {}) };
    });
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const ranges = this.ranges;
    return this.rangesLeaf(columnFor(this.vs, seg), this.vs, ranges.length, (i, v) => {
      const r = ranges[i] as { from?: string; to?: string };
      return (r.from === undefined || (v as string) >= r.from) && (r.to === undefined || (v as string) < r.to);
    });
  }
  build(owner: number): InternalAgg {
    const n = this.ranges.length;
    const buckets: Bucket[] = this.ranges.map((r, i) => {
      const given = this.spec.ranges[i];
      return {
        key: given?.key ?? given?.mask ?? '',
        ...(r.from !== undefined ? { fromKey: r.from } : {}),
        ...(r.to !== undefined ? { toKey: r.to } : {}),
        docCount: this.counts[owner * n + i] ?? 0,
        subs: this.subResults(owner * n + i),
      };
    });
    return { kind: 'range', spec: this.spec, format: { kind: 'ip' }, buckets };
  }
}

const IP_FIELD = { path: '', type: 'ip', indexed: true, docValues: true, stored: false, raw: {} } as SearchField;

/** A CIDR mask (`192.168.0.0/16`, `::/24`) as [network, network + size) over 16-byte terms. */
function cidrBounds(mask: string): { from?: string; to?: string } {
  const slash = mask.indexOf('/');
  const addr = slash < 0 ? mask : mask.slice(0, slash);
  const enc = keyOfText(IP_FIELD, addr);
  const v4 = addr.includes('.');
  const bits = slash < 0 ? 128 : Number(mask.slice(slash + 1)) + (v4 ? 96 : 0);
  if (!Number.isInteger(bits) || bits < 0 || bits > 128) throw new EsError('illegal_argument_exception', 400, `Expected [ip/prefix] but was [${mask}]`);
  const hostBits = BigInt(128 - bits);
  const network = (BigInt('0x' + enc) >> hostBits) << hostBits;
  const end = network + (1n << hostBits);
  const hex = (x: bigint): string => x.toString(16).padStart(32, '0');
  return { from: hex(network), ...(end < 1n << 128n ? { to: hex(end) } : {}) };
}
