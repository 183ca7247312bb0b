/**
 * `terms` on a shard (ES 5.6 `GlobalOrdinalsStringTermsAggregator` / `LongTermsAggregator`):
 * keyword columns count segment ordinals, each mapped to a bucket once per segment; other
 * values go through a key map. `build` sorts by the order, keeps `shard_size` buckets and
 * counts the rest as `sum_other_doc_count`.
 */
import { IncludeExclude } from './include-exclude.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import type { Bucket, InternalAgg, TermsSpec } from './types.js';
import type { ValuesSource } from './values.js';
import { compareBuckets } from './order.js';
import { validateOrderPaths } from './validate-paths.js';
import { BucketAggregator, forValues, parseMissingWith, resolveValues, columnFor, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';

export class TermsAggregator extends BucketAggregator {
  declare readonly spec: TermsSpec;
  private readonly vs: ValuesSource;
  /** Per parent bucket: key -> bucket ordinal. */
  private readonly byOwner = new Map<number, Map<string | number, number>>();
  private readonly keys: Array<string | number> = [];
  /** Terms of the string columns seen (for min_doc_count 0). */
  private readonly allTerms = new Set<string | number>();
  constructor(spec: TermsSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    validateOrderPaths(spec, spec.order.filter((o) => o.by !== '_count' && o.by !== '_key').map((o) => o.by));
    this.vs = resolveValues(ctx, spec, false, 'terms', parseMissingWith(ctx));
    this.filter = new IncludeExclude(spec, spec.name, this.vs, ctx);
  }
  private readonly filter: IncludeExclude;
  private accepts(key: string | number): boolean {
    return this.filter.accepts(key);
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
  override async prepare(segments: readonly SegmentReader[]): Promise<void> {
    await super.prepare(segments);
    if (this.spec.minDocCount !== 0) return;
    // min_doc_count 0 lists every value of the field in every segment, matching or not
    for (const seg of segments) {
      const col = this.vs.column(seg);
      if (col?.kind === 'string') {
        for (const t of col.terms) if (this.accepts(t)) this.allTerms.add(t);
      } else if (col?.kind === 'numeric') {
        for (const v of col.values) if (this.accepts(v)) this.allTerms.add(v);
      }
    }
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const col = columnFor(this.vs, seg);
    const filtered = this.spec.include !== undefined || this.spec.exclude !== undefined;
    if (col && col.kind === 'string') {
      // segment ordinal -> bucket ordinal + 1 for the top-level owner (0 unknown, -1 excluded):
      // zero-initialised, so a segment with many terms costs no fill per query
      const cache = new Int32Array(col.terms.length);
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
            let ord = (cache[so] as number) - 1;
            if (ord === -1) {
              const term = col.terms[so] as string;
              ord = filtered && !this.accepts(term) ? -2 : this.ordOf(0, term);
              cache[so] = ord + 1;
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
    const orderBySub = this.spec.order.some((o) => o.by !== '_count' && o.by !== '_key');
    const cmp = compareBuckets(this.spec.order, this.spec.subs);
    const shardSize = this.shardSize();
    const top = orderBySub ? sortedBuckets(cmp) : new TopBuckets(cmp, shardSize);
    for (const [key, ord] of m) {
      const docCount = this.counts[ord] ?? 0;
      if (docCount < this.spec.shardMinDocCount) continue;
      top.offer(key, docCount, ord, () => (orderBySub ? this.subResults(ord) : []));
    }
    if (this.spec.minDocCount === 0 && owner >= 0) {
      for (const t of this.allTerms) {
        if (!m.has(t)) top.offer(t, 0, -1, () => (orderBySub ? this.subs.map((s) => s.build(-1)) : []));
      }
    }
    const { kept, other } = top.finish(shardSize);
    if (!orderBySub) for (const b of kept) b.subs = this.subResults(b.ord);
    const buckets: Bucket[] = kept.map(({ ord: _, ...b }) => b);
    return { kind: 'terms', spec: this.spec, valueType: this.vs.valueType, format: this.vs.format, buckets, docCountError: 0, otherDocCount: other, shardSize };
  }
}

type Ranked = Bucket & { ord: number };

/** Where `build` puts its buckets: the best `shardSize` of them in order, and the count of the rest. */
interface BucketRanking {
  offer(key: string | number, docCount: number, ord: number, subs: () => InternalAgg[]): void;
  finish(shardSize: number): { kept: Ranked[]; other: number };
}

/** Every bucket, sorted at the end (an order by a sub-aggregation needs each bucket's results). */
function sortedBuckets(cmp: (a: Bucket, b: Bucket) => number): BucketRanking {
  const all: Ranked[] = [];
  return {
    offer: (key, docCount, ord, subs) => void all.push({ key, docCount, docCountError: 0, subs: subs(), ord }),
    finish(shardSize) {
      all.sort(cmp);
      let other = 0;
      for (let i = shardSize; i < all.length; i++) other += (all[i] as Ranked).docCount;
      return { kept: all.slice(0, shardSize), other };
    },
  };
}

/**
 * The best `size` buckets by count or key, kept as they come (ES's `BucketPriorityQueue` of
 * `shard_size`): a bucket that cannot enter is only counted, never built, so a field with many
 * distinct values costs one comparison per value instead of an object and a full sort. Equal
 * buckets keep their arrival order, as the stable sort of {@link sortedBuckets} does.
 */
class TopBuckets implements BucketRanking {
  private readonly kept: Ranked[] = [];
  private readonly probe: Ranked = { key: '', docCount: 0, docCountError: 0, subs: [], ord: -1 };
  private total = 0;
  constructor(
    private readonly cmp: (a: Bucket, b: Bucket) => number,
    private readonly size: number,
  ) {}
  offer(key: string | number, docCount: number, ord: number, subs: () => InternalAgg[]): void {
    this.total += docCount;
    const kept = this.kept;
    if (kept.length >= this.size) {
      if (this.size === 0) return;
      this.probe.key = key;
      this.probe.docCount = docCount;
      if (this.cmp(this.probe, kept[kept.length - 1] as Ranked) >= 0) return;
      kept.pop();
    }
    const b: Ranked = { key, docCount, docCountError: 0, subs: subs(), ord };
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cmp(kept[mid] as Ranked, b) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, b);
  }
  finish(): { kept: Ranked[]; other: number } {
    return { kept: this.kept, other: this.total - this.kept.reduce((n, b) => n + b.docCount, 0) };
  }
}
