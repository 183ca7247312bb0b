/** Metrics on a shard: numeric stats records and `top_hits` heaps, per bucket ordinal (cardinality: cardinality.ts). */
import type { SegmentReader } from '../shard/segment-reader.js';
import { TopK } from '../search/top-docs.js';
import type { InternalAgg, MetricSpec, TopHitsSpec } from './types.js';
import type { ValuesSource } from './values.js';
import { columnFor, forValues, parseMissingWith, resolveValues, type Aggregator, type LeafCollector, type ShardAggContext, type TopHitsOrder } from './aggregator.js';

/** min, max, sum, avg, value_count, stats, extended_stats: one running stats record per bucket. */
export class NumericMetricAggregator implements Aggregator {
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

/** `top_hits`: the best `from + size` docs per bucket (fetched and rendered by the shard). */
export class TopHitsAggregator implements Aggregator {
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
      ...(this.order.order ? { order: this.order.order } : {}),
      scores: this.order.scores,
    };
  }
}

