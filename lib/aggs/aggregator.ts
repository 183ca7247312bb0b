/**
 * The shard-side aggregator contract (ES 5.6 `Aggregator`): each aggregator is bound to a segment
 * (`leaf`), called for every matching doc with the ordinal of the parent bucket that doc fell in
 * (0 at the top level), and `build` turns one parent bucket's state into a shard result. Bucket
 * aggregators give their buckets ordinals and pass them down to their sub-aggregators, so
 * nesting costs no per-bucket aggregator objects. Also the values helpers they share.
 */
import type { Query } from '../dsl/query-types.js';
import type { ScriptRef } from '../dsl/script-ref.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import type { IndexFields, SearchField } from '../search/field-types.js';
import type { ScoredDoc, SortOrderKey } from '../messages/hit-order.js';
import type { StatefulScript } from '../search/search-script.js';
import type { Pacer } from '../search/pacer.js';
import type { AggSpec, InternalAgg, TopHitsSpec, ValuesSpec } from './types.js';
import { resolveValues as resolveFieldValues, type Column, type ScriptValues, type ValueScript, type ValuesSource } from './values.js';

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
  /** Compile a value script (`field` and `script`): run per field value with `_value` (results as `script` gives them). */
  valueScript(ref: ScriptRef, numeric: boolean): ValueScript;
  /** Compile a script that keeps state in a caller-owned `params` (scripted_metric). */
  statefulScript(ref: ScriptRef): StatefulScript;
  /** How `top_hits` orders and keys its hits on this shard (its sort compiled here). */
  topHits(spec: TopHitsSpec): TopHitsOrder;
  /** A date/number given in the request (missing, range bounds, extended bounds) as a number. */
  parseValue(f: SearchField | null, v: string | number | boolean, roundUp: boolean, timeZone?: string): number;
}

/** A compiled `top_hits` order. */
export interface TopHitsOrder {
  compare: (a: ScoredDoc, b: ScoredDoc) => number;
  /** The sort's plain order (undefined: by score), for the coordinator's merge. */
  order?: SortOrderKey[];
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
  /**
   * Work left once collection is over (ES's `postCollection`): deferred collection into the
   * sub-aggregators (`children`, `sampler`), paced by the request's pacer so a long one gives the
   * event loop back (lib/search/pacer.ts). Called once, from the top of the tree down, before any
   * `build`; past the request's deadline the work stops, what was collected stands and the
   * shard reports `timed_out` (as the query phase's collection does).
   */
  postCollection?(pacer: Pacer): Promise<void>;
  /** The shard result for parent bucket `owner`. */
  build(owner: number): InternalAgg;
}

export const parseMissingWith = (ctx: ShardAggContext) => (f: SearchField, v: string | number | boolean) => ctx.parseValue(f, v, false);

/** Base of bucket aggregators: doc counts per bucket ordinal and the sub-aggregators. */
export abstract class BucketAggregator implements Aggregator {
  protected counts: number[] = [];
  private subLeaves: LeafCollector[] = [];
  /** @param subs the sub-aggregators (built by the factory, collect.ts) */
  constructor(
    readonly spec: AggSpec,
    protected readonly ctx: ShardAggContext,
    protected readonly subs: Aggregator[],
  ) {}
  async prepare(segments: readonly SegmentReader[]): Promise<void> {
    for (const s of this.subs) await s.prepare(segments);
  }
  /** The sub-aggregators' post-collection (a bucket aggregator with deferred work does its own first). */
  async postCollection(pacer: Pacer): Promise<void> {
    for (const s of this.subs) await s.postCollection?.(pacer);
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
export function zoned(vs: ValuesSource, timeZone: string | undefined): ValuesSource {
  if (timeZone === undefined || vs.format.kind !== 'date') return vs;
  return { ...vs, format: { ...vs.format, timeZone } };
}

/** Resolve a field or script values source on this shard. */
export function resolveValues(ctx: ShardAggContext, spec: AggSpec & ValuesSpec, numeric: boolean, aggType: string, parseMissing: (f: SearchField, v: string | number | boolean) => number): ValuesSource {
  const script = spec.script;
  return resolveFieldValues(ctx.fields, spec, numeric, aggType, parseMissing, script ? (num) => ctx.script(script, num) : undefined, (f) => ctx.metaValues(f), script ? (num) => ctx.valueScript(script, num) : undefined);
}

/** A script's values bound to a segment, read like a column. */
export interface ScriptColumn {
  kind: 'script';
  values: (doc: number, score: number) => Array<string | number>;
}

/** The column of a values source in a segment: doc values, or the bound script. */
export function columnFor(vs: ValuesSource, seg: SegmentReader): Column | ScriptColumn | undefined {
  return vs.script ? { kind: 'script', values: vs.script(seg) } : vs.column(seg);
}

/** Iterate the values of `doc` in a column, or the `missing` value when it has none. */
export function forValues(col: Column | ScriptColumn | undefined, vs: ValuesSource, doc: number, fn: (v: string | number) => void, score = 0): void {
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

