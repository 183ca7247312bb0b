/**
 * `geo_distance` on a shard (ES 5.6 `GeoDistanceRangeAggregatorFactory`: a `RangeAggregator` over
 * the distances from the origin to each of a doc's points, in the request's unit). A doc counts
 * once in each range holding one of its distances (`from` inclusive, `to` exclusive). Ranges keep
 * the request's order, as 5.6's builder keeps them. Distances: `arc` is haversine on the mean
 * earth radius (ES's `GeoUtils.arcDistance`), `plane` ES's `GeoUtils.planeDistance`. A `script`
 * is compiled and otherwise ignored, as 5.6 does (below).
 */
import { EsError } from '../errors/errors.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { haversinMeters, planeDistanceMeters } from '../units/geo-distance.js';
import { geoPointFromString } from '../dsl/geo-point.js';
import type { Bucket, GeoDistanceSpec, InternalAgg } from './types.js';
import { columnOf } from './values.js';
import { BucketAggregator, type Aggregator, type LeafCollector, type ShardAggContext } from './aggregator.js';

export class GeoDistanceAggregator extends BucketAggregator {
  declare readonly spec: GeoDistanceSpec;
  private readonly field: string | null;
  /** Distance of the `missing` point (undefined: docs without points count nowhere). */
  private readonly missingDistance?: number;
  constructor(spec: GeoDistanceSpec, ctx: ShardAggContext, subs: Aggregator[]) {
    super(spec, ctx, subs);
    const f = spec.field === undefined ? undefined : ctx.fields.get(spec.field);
    if (spec.script !== undefined && (spec.field === undefined || f)) {
      // ES 5.6 `ValuesSourceConfig`: the script is compiled (its errors are the request's), but a
      // geo_point values source has no script form: without a field the shard fails, with a
      // mapped one the field's points are used and the script never runs (unmapped: not compiled)
      ctx.script(spec.script, false);
      if (spec.field === undefined) throw new EsError('aggregation_execution_exception', 500, 'value source of type [GEOPOINT] is not supported by scripts');
    }
    if (f && f.type !== 'geo_point') throw new EsError('illegal_argument_exception', 400, `Expected geo_point type on field [${spec.field}], but got [${f.type}]`);
    this.field = f ? f.path : null;
    if (spec.missing !== undefined) {
      const p = geoPointFromString(String(spec.missing));
      this.missingDistance = this.distance(p.lat, p.lon);
    }
  }
  /** `GeoDistance.calculate(origin, point, unit)`. */
  private distance(lat: number, lon: number): number {
    const o = this.spec.origin;
    const meters = this.spec.distanceType === 'plane' ? planeDistanceMeters(o.lat, o.lon, lat, lon) : haversinMeters(o.lat, o.lon, lat, lon);
    return meters / this.spec.unitMeters;
  }
  leaf(seg: SegmentReader, si: number): LeafCollector {
    this.bindSubs(seg, si);
    const col = this.field === null ? undefined : columnOf(seg, this.field);
    const ranges = this.spec.ranges;
    const n = ranges.length;
    const hit = new Uint8Array(n);
    const mark = (d: number): void => {
      for (let i = 0; i < n; i++) {
        const r = ranges[i] as { from: number; to: number };
        if (d >= r.from && d < r.to) hit[i] = 1;
      }
    };
    return (doc, owner, score) => {
      hit.fill(0);
      let any = false;
      if (col && col.kind === 'string') {
        const to = col.start[doc + 1] as number;
        for (let i = col.start[doc] as number; i < to; i++) {
          const s = col.terms[col.ords[i] as number] as string;
          const c = s.indexOf(',');
          mark(this.distance(Number(s.slice(0, c)), Number(s.slice(c + 1))));
          any = true;
        }
      }
      if (!any && this.missingDistance !== undefined) mark(this.missingDistance);
      for (let i = 0; i < n; i++) if (hit[i] === 1) this.collectBucket(doc, owner * n + i, score);
    };
  }
  build(owner: number): InternalAgg {
    const n = this.spec.ranges.length;
    const buckets: Bucket[] = this.spec.ranges.map((r, i) => ({ key: r.key, from: r.from, to: r.to, docCount: this.counts[owner * n + i] ?? 0, subs: this.subResults(owner * n + i) }));
    return { kind: 'range', spec: this.spec, format: { kind: 'raw' }, buckets };
  }
}
