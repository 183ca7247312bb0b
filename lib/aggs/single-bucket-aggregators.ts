/** `missing`, `filter`, `global`, `filters` and `adjacency_matrix` on a shard: buckets by doc predicate. */
import type { SegmentReader } from '../shard/segment-reader.js';
import type { Bucket, FilterSpec, FiltersSpec, GlobalSpec, InternalAgg, MissingSpec } from './types.js';
import type { ValuesSource } from './values.js';
import { BucketAggregator, resolveValues, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';

/** `missing`, `filter` and `global`: one bucket per parent bucket. */
export class MissingAggregator extends BucketAggregator {
  declare readonly spec: MissingSpec;
  private readonly vs: ValuesSource;
  constructor(spec: MissingSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
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

export class FilterAggregator extends BucketAggregator {
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

export class FiltersAggregator extends BucketAggregator {
  declare readonly spec: FiltersSpec;
  private bits: Uint8Array[][] = [];
  /** Bucket keys: each filter, then the other bucket or (adjacency) every pair i < j. */
  private readonly keys: string[];
  private readonly pairs: Array<[number, number]> = [];
  constructor(spec: FiltersSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
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

