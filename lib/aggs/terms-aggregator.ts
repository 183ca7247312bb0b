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

