/**
 * geo_point values in every form ES 5.6 accepts (GeoUtils#parseGeoPoint): `{lat, lon}`,
 * `{geohash}`, `"lat,lon"`, a geohash string, `[lon, lat]`; plus Lucene 6's LatLonPoint
 * quantization (32 bits per coordinate) and geohash encoding.
 */
import { EsError } from '../errors/errors.js';
import { JsonNumber, JsonObject, type JsonValue } from './json-tree.js';
import { illegalArgument, javaDouble } from './mapping-errors.js';
import { decodeGeohash, type GeoPoint } from '../units/geohash.js';

export { decodeGeohash, encodeGeohash, type GeoPoint } from '../units/geohash.js';

function parseException(reason: string): EsError {
  return new EsError('parse_exception', 400, reason);
}

function num(v: JsonValue | undefined, what: string): number {
  if (v instanceof JsonNumber) return v.value;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    if (v.trim() === '' || Number.isNaN(n)) throw new EsError('number_format_exception', 400, `For input string: "${v}"`);
    return n;
  }
  throw parseException(`${what} must be a number`);
}

/** Parse one point from a JSON value (object, "lat,lon", geohash, [lon, lat]). */
export function parseGeoPoint(v: JsonValue): GeoPoint {
  if (v instanceof JsonObject) {
    let lat: number | undefined;
    let lon: number | undefined;
    let geohash: string | undefined;
    for (const [k, x] of v.entries) {
      if (k === 'lat') lat = num(x, 'latitude');
      else if (k === 'lon') lon = num(x, 'longitude');
      else if (k === 'geohash') {
        if (typeof x !== 'string') throw parseException('geohash must be a string');
        geohash = x;
      } else throw parseException('field must be either [lat], [lon] or [geohash]');
    }
    if (geohash !== undefined) {
      if (lat !== undefined || lon !== undefined) throw parseException('field must be either lat/lon or geohash');
      return decodeGeohash(geohash);
    }
    if (lat === undefined) throw parseException('field [lat] missing');
    if (lon === undefined) throw parseException('field [lon] missing');
    return { lat, lon };
  }
  if (Array.isArray(v)) {
    if (v.length < 2) throw parseException('geo_point expected');
    if (v.length > 3) throw parseException('[geo_point] field type does not accept > 3 dimensions');
    const lon = num(v[0], 'longitude');
    const lat = num(v[1], 'latitude');
    return { lat, lon };
  }
  if (typeof v === 'string') {
    if (v.includes(',')) {
      const parts = v.split(',');
      if (parts.length > 3) throw parseException(`failed to parse [${v}], expected 2 or 3 coordinates but found: [${parts.length}]`);
      return { lat: num(parts[0]?.trim(), 'latitude'), lon: num(parts[1]?.trim(), 'longitude') };
    }
    return decodeGeohash(v);
  }
  if (v instanceof JsonNumber) throw parseException('geo_point expected');
  throw parseException('geo_point expected');
}

/** All points of a geo_point field value (a single point, or an array of points). */
export function parseGeoPoints(v: JsonValue): GeoPoint[] {
  if (Array.isArray(v)) {
    if (v.length > 0 && v[0] instanceof JsonNumber) return [parseGeoPoint(v)];
    return v.filter((x) => x !== null).map(parseGeoPoint);
  }
  return [parseGeoPoint(v)];
}

/** Validate coordinates as BaseGeoPointFieldMapper does when ignore_malformed is off. */
export function validateGeoPoint(p: GeoPoint, field: string): void {
  if (!(p.lat >= -90 && p.lat <= 90)) throw illegalArgument(`illegal latitude value [${javaDouble(p.lat)}] for ${field}`);
  if (!(p.lon >= -180 && p.lon <= 180)) throw illegalArgument(`illegal longitude value [${javaDouble(p.lon)}] for ${field}`);
}

const LAT_DECODE = 180 / 2 ** 32;
const LON_DECODE = 360 / 2 ** 32;

/** Quantize to LatLonPoint's 32-bit grid and back (GeoEncodingUtils). */
export function quantizeGeoPoint(p: GeoPoint): GeoPoint {
  const lat = p.lat === 90 ? 90 - Number.EPSILON * 64 : p.lat;
  const lon = p.lon === 180 ? 180 - Number.EPSILON * 128 : p.lon;
  return { lat: Math.floor(lat / LAT_DECODE) * LAT_DECODE, lon: Math.floor(lon / LON_DECODE) * LON_DECODE };
}

const INT_MAX = 2 ** 31 - 1;
/** Java's `(int)` of a double: saturates at the int range. */
const toInt = (x: number): number => Math.max(-(2 ** 31), Math.min(INT_MAX, x));
/** The largest double below the pole or the antimeridian (`Math.nextDown(90.0)`): the grid has no 90 or 180. */
const belowMax = (v: number, max: number, ulp: number): number => (v === max ? max - ulp : v);

/**
 * Lucene 6.6 `GeoEncodingUtils.encodeLatitude`/`encodeLongitude`: the grid cell at or below
 * the value (what a point is indexed as, and a box's upper bound); with `ceil`, the cell at or
 * above it (`encodeLatitudeCeil`: a box's lower bound, so a bound between two cells excludes
 * the cell below it).
 */
export function encodeLatitude(lat: number, ceil = false): number {
  const q = belowMax(lat, 90, Number.EPSILON * 64) / LAT_DECODE;
  return toInt(ceil ? Math.ceil(q) : Math.floor(q));
}

/** `encodeLongitude` / `encodeLongitudeCeil` (see {@link encodeLatitude}). */
export function encodeLongitude(lon: number, ceil = false): number {
  const q = belowMax(lon, 180, Number.EPSILON * 128) / LON_DECODE;
  return toInt(ceil ? Math.ceil(q) : Math.floor(q));
}

/** geo_point doc values are stored as `"lat,lon"` strings of the quantized point. */
export function encodeGeoDocValue(p: GeoPoint): string {
  return `${p.lat},${p.lon}`;
}

/** Decode a geo_point doc value. */
export function decodeGeoDocValue(s: string): GeoPoint {
  const [lat, lon] = s.split(',');
  return { lat: Number(lat), lon: Number(lon) };
}
