/**
 * `percentiles` and `percentile_ranks` (ES 5.6 `TDigestPercentiles*` / `HDRPercentiles*`): the
 * shard adds every value of a bucket's docs to a sketch, the coordinator merges the shards'
 * sketches into a fresh one (ES `doReduce`) and reads percentiles (`quantile(p / 100)`) or
 * ranks (`cdf(v) · 100`, clamped to [0, 100]) from it when rendering.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { jsonDouble, javaDoubleToString } from '../units/java-number.js';
import type { InternalAgg, KeyFormat, PercentilesSpec } from './types.js';
import type { ValuesSource } from './values.js';
import { TDigest, type TDigestState } from './tdigest.js';
import { DoubleHistogram, type HdrState } from './hdr-histogram.js';
import { EsError } from '../errors/errors.js';
import { columnFor, forValues, parseMissingWith, resolveValues, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';

/** A percentiles sketch as a plain message. */
export type SketchState = { tdigest: TDigestState } | { hdr: HdrState };

/** What percentiles need of a sketch (t-digest; hdr shares the shape). */
export interface PercentilesSketch {
  add(v: number): void;
  /** The value at percent `p` (0..100). */
  percentile(p: number): number;
  /** The percent of values at or below `v` (0..100). */
  rank(v: number): number;
  /** Points added. */
  size(): number;
  /** An empty sketch with the same settings, to merge shards into. */
  emptyLike(): PercentilesSketch;
  merge(other: PercentilesSketch): void;
  toState(): SketchState;
}

/** ES `TDigestState`: `percentile` is `quantile(p / 100)`, `rank` is the clamped `cdf`. */
class TDigestSketch implements PercentilesSketch {
  constructor(readonly digest: TDigest) {}
  add(v: number): void {
    this.digest.add(v);
  }
  percentile(p: number): number {
    return this.digest.quantile(p / 100);
  }
  rank(v: number): number {
    const r = this.digest.cdf(v);
    return (r < 0 ? 0 : r > 1 ? 1 : r) * 100;
  }
  size(): number {
    return this.digest.size();
  }
  emptyLike(): PercentilesSketch {
    return new TDigestSketch(new TDigest(this.digest.compression));
  }
  merge(other: PercentilesSketch): void {
    this.digest.addDigest((other as TDigestSketch).digest);
  }
  toState(): SketchState {
    return { tdigest: this.digest.toState() };
  }
}

/** ES `HDRPercentiles*`: an auto-resizing DoubleHistogram; NaN when nothing was recorded. */
class HdrSketch implements PercentilesSketch {
  constructor(readonly hist: DoubleHistogram) {}
  add(v: number): void {
    try {
      this.hist.recordValue(v);
    } catch (e) {
      // HdrHistogram refuses negative values with an ArrayIndexOutOfBoundsException (a shard failure in ES)
      throw new EsError('array_index_out_of_bounds_exception', 500, `The value ${javaDoubleToString(v)} is out of bounds for histogram: ${(e as Error).message}`);
    }
  }
  percentile(p: number): number {
    return this.hist.totalCount() === 0 ? NaN : this.hist.valueAtPercentile(p);
  }
  rank(v: number): number {
    if (this.hist.totalCount() === 0) return NaN;
    const r = this.hist.percentileAtOrBelow(v);
    return r < 0 ? 0 : r > 100 ? 100 : r;
  }
  size(): number {
    return this.hist.totalCount();
  }
  emptyLike(): PercentilesSketch {
    return new HdrSketch(DoubleHistogram.emptyLike(this.hist));
  }
  merge(other: PercentilesSketch): void {
    this.hist.add((other as HdrSketch).hist);
  }
  toState(): SketchState {
    return { hdr: this.hist.toState() };
  }
}

/** A new empty sketch for a spec. */
export function newSketch(spec: PercentilesSpec): PercentilesSketch {
  return spec.method === 'hdr' ? new HdrSketch(new DoubleHistogram(spec.digits)) : new TDigestSketch(new TDigest(spec.compression));
}

/** The sketch of a message. */
export function sketchFromState(s: SketchState): PercentilesSketch {
  return 'hdr' in s ? new HdrSketch(DoubleHistogram.fromState(s.hdr)) : new TDigestSketch(TDigest.fromState(s.tdigest));
}

/** Collects a bucket's values into its sketch (ES `AbstractTDigestPercentilesAggregator`). */
export class PercentilesAggregator implements Aggregator {
  private readonly vs: ValuesSource;
  private readonly sketches = new Map<number, PercentilesSketch>();
  constructor(
    readonly spec: PercentilesSpec,
    ctx: ShardAggContext,
  ) {
    this.vs = resolveValues(ctx, spec, true, spec.type, parseMissingWith(ctx));
  }
  async prepare(): Promise<void> {}
  leaf(seg: SegmentReader): LeafCollector {
    const col = columnFor(this.vs, seg);
    return (doc, owner, score) => {
      let s = this.sketches.get(owner);
      forValues(col, this.vs, doc, (v) => {
        if (!s) this.sketches.set(owner, (s = newSketch(this.spec)));
        s.add(v as number);
      }, score);
    };
  }
  build(owner: number): InternalAgg {
    return { kind: 'percentiles', spec: this.spec, format: this.vs.format, sketch: this.sketches.get(owner) ?? newSketch(this.spec) };
  }
}

/** ES `doReduce`: a fresh sketch with the first shard's settings, every shard's merged in. */
export function reducePercentiles(parts: ReadonlyArray<Extract<InternalAgg, { kind: 'percentiles' }>>): InternalAgg {
  const first = parts[0] as Extract<InternalAgg, { kind: 'percentiles' }>;
  const merged = first.sketch.emptyLike();
  for (const p of parts) merged.merge(p.sketch);
  return { ...first, sketch: merged };
}

/** The value of key `k` (a percent, or a value for ranks), as buckets_path and orders read it. */
export function percentilesValue(a: Extract<InternalAgg, { kind: 'percentiles' }>, k: number): number {
  return a.spec.type === 'percentiles' ? a.sketch.percentile(k) : a.sketch.rank(k);
}

/** ES's type name (`typed_keys`). */
export function percentilesTypeName(a: Extract<InternalAgg, { kind: 'percentiles' }>): string {
  return `${a.spec.method}_${a.spec.type === 'percentiles' ? 'percentiles' : 'percentile_ranks'}`;
}

/** Jackson writes a NaN double as the string "NaN" (ES 5.6 shows empty percentiles so). */
const dbl = (v: number): unknown => (Number.isNaN(v) ? 'NaN' : jsonDouble(v));

/**
 * `values` of ES 5.6 `doXContentBody`: keyed (`"50.0": v`, `"50.0_as_string"` with a format) or a
 * list of `{key, value, value_as_string}`.
 */
export function renderPercentiles(a: Extract<InternalAgg, { kind: 'percentiles' }>, formatValue: (f: KeyFormat, v: number) => string): Record<string, unknown> {
  const fmt = a.format.kind !== 'raw';
  if (a.spec.keyed) {
    const values: Record<string, unknown> = {};
    for (const k of a.spec.keys) {
      const key = javaDoubleToString(k);
      const v = percentilesValue(a, k);
      values[key] = dbl(v);
      if (fmt) values[`${key}_as_string`] = formatValue(a.format, v);
    }
    return { values };
  }
  return {
    values: a.spec.keys.map((k) => {
      const v = percentilesValue(a, k);
      const o: Record<string, unknown> = { key: jsonDouble(k), value: dbl(v) };
      if (fmt) o.value_as_string = formatValue(a.format, v);
      return o;
    }),
  };
}
