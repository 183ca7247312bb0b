/**
 * geo_point metrics (ES 5.6 `GeoBoundsAggregator`, `GeoCentroidAggregator`), over the doc values
 * of a geo_point field (`"lat,lon"` of the quantized point). geo_bounds keeps the top and bottom
 * latitudes and the extreme longitudes east and west of the meridian apart, so the coordinator
 * can choose the narrower box across the dateline (`wrap_longitude`). geo_centroid keeps ES's
 * running mean per bucket, stored after each doc as Lucene's 32-bit lat/lon encoding (as ES
 * does, so the figures equal ES's), and the coordinator weights the shards' centroids by count.
 */
import { EsError } from '../errors/errors.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { columnOf, type Column } from './values.js';
import type { GeoMetricSpec, InternalAgg } from './types.js';
import type { Aggregator, LeafCollector, ShardAggContext } from './aggregator.js';
import { quantizeGeoPoint } from '../mapping/geo-point.js';
import { geoPointFromString, type GeoPoint } from '../dsl/geo-point.js';

/** The six extremes of geo_bounds. */
export interface GeoBoundsState {
  top: number;
  bottom: number;
  posLeft: number;
  posRight: number;
  negLeft: number;
  negRight: number;
}

export const emptyBounds = (): GeoBoundsState => ({ top: -Infinity, bottom: Infinity, posLeft: Infinity, posRight: -Infinity, negLeft: Infinity, negRight: -Infinity });

/**
 * The geo_point field of a spec on this shard (null: unmapped, or no field), as 5.6's
 * `ValuesSourceConfig` resolves a geo values source: a geo_centroid `script` is compiled (its
 * errors are the request's) but a geo_point source has no script form, so without a field the
 * shard fails, with a mapped one the field's points are used and the script never runs, and
 * with an unmapped one nothing is compiled.
 */
function geoField(ctx: ShardAggContext, spec: GeoMetricSpec): string | null {
  const f = spec.field === undefined ? undefined : ctx.fields.get(spec.field);
  if (spec.script !== undefined && (spec.field === undefined || f)) {
    ctx.script(spec.script, false);
    if (spec.field === undefined) throw new EsError('aggregation_execution_exception', 500, 'value source of type [GEOPOINT] is not supported by scripts');
  }
  if (spec.field === undefined) throw new EsError('illegal_argument_exception', 400, `Required one of fields [field, script], but none were specified. `);
  if (!f) return null;
  if (f.type !== 'geo_point') throw new EsError('illegal_argument_exception', 400, `Expected geo_point type on field [${spec.field}], but got [${f.type}]`);
  return f.path;
}

/** Each point of a doc (`"lat,lon"` doc values), or the `missing` point when it has none (MissingValues.replaceMissing). */
function forPoints(col: Column | undefined, doc: number, missing: GeoPoint | undefined, fn: (lat: number, lon: number) => void): void {
  if (col && col.kind === 'string') {
    const to = col.start[doc + 1] as number;
    const from = col.start[doc] as number;
    for (let i = from; i < to; i++) {
      const s = col.terms[col.ords[i] as number] as string;
      const c = s.indexOf(',');
      fn(Number(s.slice(0, c)), Number(s.slice(c + 1)));
    }
    if (to > from) return;
  }
  if (missing) fn(missing.lat, missing.lon);
}

export class GeoMetricAggregator implements Aggregator {
  private readonly field: string | null;
  private readonly missing?: GeoPoint;
  private readonly bounds = new Map<number, GeoBoundsState>();
  private readonly centroids = new Map<number, { lat: number; lon: number; count: number }>();
  constructor(
    readonly spec: GeoMetricSpec,
    ctx: ShardAggContext,
  ) {
    this.field = geoField(ctx, spec);
    // `GeoUtils.parseGeoPoint(missing.toString())`: "lat,lon" or a geohash (unmapped fields too)
    if (spec.missing !== undefined) this.missing = geoPointFromString(String(spec.missing));
  }
  async prepare(): Promise<void> {}
  leaf(seg: SegmentReader): LeafCollector {
    const col = this.field === null ? undefined : columnOf(seg, this.field);
    if (this.spec.type === 'geo_bounds') {
      return (doc, owner) => {
        forPoints(col, doc, this.missing, (lat, lon) => {
          let b = this.bounds.get(owner);
          if (!b) this.bounds.set(owner, (b = emptyBounds()));
          b.top = Math.max(b.top, lat);
          b.bottom = Math.min(b.bottom, lat);
          if (lon < 0) {
            b.negLeft = Math.min(b.negLeft, lon);
            b.negRight = Math.max(b.negRight, lon);
          } else {
            b.posLeft = Math.min(b.posLeft, lon);
            b.posRight = Math.max(b.posRight, lon);
          }
        });
      };
    }
    return (doc, owner) => {
      const pts: Array<[number, number]> = [];
      forPoints(col, doc, this.missing, (lat, lon) => pts.push([lat, lon]));
      if (pts.length === 0) return;
      const c = this.centroids.get(owner) ?? { lat: 0, lon: 0, count: 0 };
      let n = c.count;
      let lat = c.lat;
      let lon = c.lon;
      for (const [plat, plon] of pts) {
        n++;
        lon = lon + (plon - lon) / n;
        lat = lat + (plat - lat) / n;
      }
      // ES stores the running centroid in Lucene's 32-bit encoding between docs
      const q = quantizeGeoPoint({ lat, lon });
      this.centroids.set(owner, { lat: q.lat, lon: q.lon, count: c.count + pts.length });
    };
  }
  build(owner: number): InternalAgg {
    if (this.spec.type === 'geo_bounds') return { kind: 'geo_bounds', spec: this.spec, bounds: { ...(this.bounds.get(owner) ?? emptyBounds()) } };
    const c = this.centroids.get(owner);
    return { kind: 'geo_centroid', spec: this.spec, lat: c?.lat ?? 0, lon: c?.lon ?? 0, count: c?.count ?? 0 };
  }
}

/** InternalGeoBounds: the box, or null without points. */
export function boundingBox(b: GeoBoundsState, wrap: boolean): { top: number; left: number; bottom: number; right: number } | null {
  if (!Number.isFinite(b.top)) return null;
  if (!Number.isFinite(b.posLeft)) return { top: b.top, left: b.negLeft, bottom: b.bottom, right: b.negRight };
  if (!Number.isFinite(b.negLeft)) return { top: b.top, left: b.posLeft, bottom: b.bottom, right: b.posRight };
  if (wrap) {
    const unwrapped = b.posRight - b.negLeft;
    const wrapped = 180 - b.posLeft - (-180 - b.negRight);
    if (unwrapped <= wrapped) return { top: b.top, left: b.negLeft, bottom: b.bottom, right: b.posRight };
    return { top: b.top, left: b.posLeft, bottom: b.bottom, right: b.negRight };
  }
  return { top: b.top, left: b.negLeft, bottom: b.bottom, right: b.posRight };
}
