/**
 * `geo_distance`, `geo_bounding_box` and `geo_polygon` as constant-score queries verified on the
 * geo_point doc values (`"lat,lon"` strings of the quantized point, lib/mapping/geo-point.ts).
 * Distances are haversine on Lucene's mean earth radius, as `LatLonPoint.newDistanceQuery`.
 */
import type { GeoBoundingBoxQuery, GeoDistanceQuery, GeoPolygonQuery } from '../dsl/query-types.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { queryShardError, type CompileContext } from './compile-context.js';
import { DocSetWeight, MatchNoneWeight } from './constant-weights.js';
import type { Weight } from './weight.js';
import { haversinMeters } from '../units/geo-distance.js';

/** The geo points of a doc from its doc values. */
export function geoPointsOf(seg: SegmentReader, field: string, doc: number): Array<{ lat: number; lon: number }> {
  return seg.stringValues(field, doc).map((s) => {
    const i = s.indexOf(',');
    return { lat: Number(s.slice(0, i)), lon: Number(s.slice(i + 1)) };
  });
}

function scan(seg: SegmentReader, field: string, pred: (lat: number, lon: number) => boolean): Int32Array {
  const out: number[] = [];
  for (let d = 0; d < seg.maxDoc; d++) {
    for (const p of geoPointsOf(seg, field, d)) {
      if (pred(p.lat, p.lon)) {
        out.push(d);
        break;
      }
    }
  }
  return Int32Array.from(out);
}

function checkField(ctx: CompileContext, q: { field: string; ignoreUnmapped: boolean }): boolean {
  const f = ctx.fields.get(q.field);
  if (!f) {
    if (q.ignoreUnmapped) return false;
    throw queryShardError(ctx, `failed to find geo_point field [${q.field}]`);
  }
  if (f.type !== 'geo_point') throw queryShardError(ctx, `field [${q.field}] is not a geo_point field`);
  return true;
}

export function geoDistanceWeight(ctx: CompileContext, q: GeoDistanceQuery, boost: number): Weight {
  if (!checkField(ctx, q)) return new MatchNoneWeight();
  const { lat, lon } = q.point;
  const max = q.distanceMeters;
  return new DocSetWeight(`${q.field}:${lat},${lon} +/- ${max} meters`, boost, async (seg) => scan(seg, q.field, (a, b) => haversinMeters(lat, lon, a, b) <= max));
}

export function geoBoundingBoxWeight(ctx: CompileContext, q: GeoBoundingBoxQuery, boost: number): Weight {
  if (!checkField(ctx, q)) return new MatchNoneWeight();
  const { top, bottom, left, right } = q;
  const inLon = left <= right ? (x: number) => x >= left && x <= right : (x: number) => x >= left || x <= right;
  return new DocSetWeight(`${q.field}:[${bottom},${left} TO ${top},${right}]`, boost, async (seg) => scan(seg, q.field, (a, b) => a >= bottom && a <= top && inLon(b)));
}

export function geoPolygonWeight(ctx: CompileContext, q: GeoPolygonQuery, boost: number): Weight {
  if (!checkField(ctx, q)) return new MatchNoneWeight();
  const pts = q.points;
  const inside = (lat: number, lon: number): boolean => {
    let c = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const pi = pts[i] as { lat: number; lon: number };
      const pj = pts[j] as { lat: number; lon: number };
      if (pi.lat > lat !== pj.lat > lat && lon < ((pj.lon - pi.lon) * (lat - pi.lat)) / (pj.lat - pi.lat) + pi.lon) c = !c;
    }
    return c;
  };
  return new DocSetWeight(`GeoPolygonQuery: field=${q.field}`, boost, async (seg) => scan(seg, q.field, inside));
}
