/**
 * `geohash_grid` (ES 5.6 `GeoHashGridAggregator` / `InternalGeoHashGrid`): each geo_point falls in
 * the geohash cell of `precision` characters (1-12, default 5); a doc counts once per distinct
 * cell. Shards keep their `shard_size` fullest cells, the coordinator sums them and keeps `size`
 * (10000). Order: doc count descending, then the cell's geohash descending (ES's bucket queue
 * compares the cells' long encodings, which order as the geohash strings).
 */
import { EsError } from '../errors/errors.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { encodeGeohash } from '../units/geohash.js';
import { columnOf } from './values.js';
import type { Bucket, GeohashGridSpec, InternalAgg } from './types.js';
import { BucketAggregator, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';

/** Count descending, then geohash descending. */
export function byCell(a: Bucket, b: Bucket): number {
  return b.docCount - a.docCount || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);
}

export class GeohashGridAggregator extends BucketAggregator {
  declare readonly spec: GeohashGridSpec;
  private readonly field: string | null;
  private readonly byOwner = new Map<number, Map<string, number>>();
  constructor(spec: GeohashGridSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    const f = ctx.fields.get(spec.field);
    if (f && f.type !== 'geo_point') throw new EsError('illegal_argument_exception', 400, `Expected geo_point type on field [${spec.field}], but got [${f.type}]`);
    this.field = f ? f.path : null;
  }
  private ordOf(owner: number, cell: string): number {
    let m = this.byOwner.get(owner);
    if (!m) this.byOwner.set(owner, (m = new Map()));
    let ord = m.get(cell);
    if (ord === undefined) {
      ord = this.counts.length;
      this.counts.push(0);
      m.set(cell, ord);
    }
    return ord;
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const col = this.field === null ? undefined : columnOf(seg, this.field);
    return (doc, owner, score) => {
      if (!col || col.kind !== 'string') return;
      const seen = new Set<string>();
      const to = col.start[doc + 1] as number;
      for (let i = col.start[doc] as number; i < to; i++) {
        const s = col.terms[col.ords[i] as number] as string;
        const c = s.indexOf(',');
        const cell = encodeGeohash({ lat: Number(s.slice(0, c)), lon: Number(s.slice(c + 1)) }, this.spec.precision);
        if (seen.has(cell)) continue;
        seen.add(cell);
        this.collectBucket(doc, this.ordOf(owner, cell), score);
      }
    };
  }
  private shardSize(): number {
    const s = this.spec;
    const n = s.shardSize ?? (this.ctx.numShards === 1 ? s.size : Math.floor(s.size * 1.5 + 10));
    return Math.max(n, s.size);
  }
  build(owner: number): InternalAgg {
    const buckets: Array<Bucket & { ord: number }> = [];
    for (const [key, ord] of this.byOwner.get(owner) ?? []) buckets.push({ key, docCount: this.counts[ord] ?? 0, subs: [], ord });
    buckets.sort(byCell);
    const kept = buckets.slice(0, this.shardSize()).map(({ ord, ...b }) => ({ ...b, subs: this.subResults(ord) }));
    return { kind: 'geohash_grid', spec: this.spec, buckets: kept };
  }
}
