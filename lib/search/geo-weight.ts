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
import { haversinMeters, isValidLatitude, isValidLongitude, normalizeGeoPoint } from '../units/geo-distance.js';
import { EsError } from '../errors/errors.js';
import { javaDoubleToString as d } from '../units/java-number.js';
import { encodeLatitude, encodeLongitude } from '../mapping/geo-point.js';

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

/**
 * ES 5.6 `checkLatLon` under `strict`: every invalid coordinate listed in one
 * `query_validation_exception` (`Validation Failed: 1: ...;2: ...;`), wrapped in the shard's
 * `couldn't validate latitude/ longitude values`. `ignore_malformed` and `coerce` skip it.
 */
function checkLatLon(ctx: CompileContext, method: string, checks: ReadonlyArray<[boolean, string]>): void {
  if (method !== 'strict') return;
  const failures = checks.filter(([ok]) => !ok).map(([, msg]) => msg);
  if (failures.length === 0) return;
  const reason = `Validation Failed: ${failures.map((f, i) => `${i + 1}: ${f};`).join('')}`;
  throw queryShardError(ctx, "couldn't validate latitude/ longitude values", new EsError('query_validation_exception', 400, reason));
}

export function geoDistanceWeight(ctx: CompileContext, q: GeoDistanceQuery, boost: number): Weight {
  if (!checkField(ctx, q)) return new MatchNoneWeight();
  checkLatLon(ctx, q.validationMethod, [
    [isValidLatitude(q.point.lat), `center point latitude is invalid: ${d(q.point.lat)}`],
    [isValidLongitude(q.point.lon), `center point longitude is invalid: ${d(q.point.lon)}`],
  ]);
  // an index created by 5.x always has its center normalized (GeoUtils.normalizePoint)
  const { lat, lon } = normalizeGeoPoint(q.point);
  const max = q.distanceMeters;
  return new DocSetWeight(`${q.field}:${lat},${lon} +/- ${max} meters`, boost, async (seg) => scan(seg, q.field, (a, b) => haversinMeters(lat, lon, a, b) <= max));
}

export function geoBoundingBoxWeight(ctx: CompileContext, q: GeoBoundingBoxQuery, boost: number): Weight {
  if (!checkField(ctx, q)) return new MatchNoneWeight();
  checkLatLon(ctx, q.validationMethod, [
    [isValidLatitude(q.top), `top latitude is invalid: ${d(q.top)}`],
    [isValidLongitude(q.left), `left longitude is invalid: ${d(q.left)}`],
    [isValidLatitude(q.bottom), `bottom latitude is invalid: ${d(q.bottom)}`],
    [isValidLongitude(q.right), `right longitude is invalid: ${d(q.right)}`],
  ]);
  // both corners normalized (5.x indexes); a right edge a multiple of 360° beyond the left one
  // asks for every longitude, so longitudes are then left alone and set to -180 and 180
  const completeLonRange = (q.right - q.left) % 360 === 0 && q.right > q.left;
  const tl = normalizeGeoPoint({ lat: q.top, lon: q.left }, !completeLonRange);
  const br = normalizeGeoPoint({ lat: q.bottom, lon: q.right }, !completeLonRange);
  const top = tl.lat;
  const bottom = br.lat;
  const left = completeLonRange ? -180 : tl.lon;
  const right = completeLonRange ? 180 : br.lon;
  return new DocSetWeight(`${q.field}:[${bottom},${left} TO ${top},${right}]`, boost, boxMatcher(q.field, bottom, top, left, right));
}

/**
 * Lucene 6.6 `LatLonPoint.newBoxQuery(minLat, maxLat, minLon, maxLon)`: the bounds go to the
 * points' grid — the lower ones up (`encodeLatitudeCeil`), the upper ones down — and the
 * indexed cells are compared, so a point on an edge matches exactly when Lucene's does; a
 * minimum latitude of 90 (or a minimum and maximum longitude of 180) matches nothing, and a box
 * whose minimum longitude is 180 starts at -180 instead when it would cross the dateline.
 */
function boxMatcher(field: string, minLat: number, maxLat: number, minLon: number, maxLon: number): (seg: SegmentReader) => Promise<Int32Array> {
  const none = async (): Promise<Int32Array> => new Int32Array(0);
  if (minLat === 90) return none;
  if (minLon === 180) {
    if (maxLon === 180) return none;
    if (maxLon < minLon) minLon = -180;
  }
  const latLo = encodeLatitude(minLat, true);
  const latHi = encodeLatitude(maxLat);
  const lonLo = encodeLongitude(minLon, true);
  const lonHi = encodeLongitude(maxLon);
  // crossing the dateline: two boxes, each open on its outer longitude side
  const inLon = maxLon < minLon ? (x: number) => x >= lonLo || x <= lonHi : (x: number) => x >= lonLo && x <= lonHi;
  return async (seg) =>
    scan(seg, field, (a, b) => {
      const lat = encodeLatitude(a);
      return lat >= latLo && lat <= latHi && inLon(encodeLongitude(b));
    });
}

export function geoPolygonWeight(ctx: CompileContext, q: GeoPolygonQuery, boost: number): Weight {
  if (!checkField(ctx, q)) return new MatchNoneWeight();
  if (q.validationMethod === 'strict') {
    for (const p of q.points) {
      if (!isValidLatitude(p.lat)) throw queryShardError(ctx, `illegal latitude value [${d(p.lat)}] for [geo_polygon]`);
      // ES 5.6 tests the latitude again where it means the longitude, so a longitude out of
      // range is never refused: it is normalized below like every point
    }
  }
  const pts = q.points.map((p) => normalizeGeoPoint(p));
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
