/**
 * Geo points and distances as ES 5.6 reads them in queries and sorts (`GeoUtils.parseGeoPoint`,
 * `GeoPoint.resetFromString`, `DistanceUnit.parse`): `{lat, lon}`, `{geohash}`, `[lon, lat]`,
 * `"lat,lon"`, or a geohash string; distances like `12km`, `1.5mi`, or a bare number in the
 * default unit.
 */
import { EsError } from '../errors/errors.js';
import { doubleValue, isObject, isValue, textValue, tokenOf } from './xcontent.js';
import { own } from '../dict.js';
import { decodeGeohash, type GeoPoint } from '../units/geohash.js';
import { DISTANCE_UNITS as UNIT_TABLE } from '../units/distance-unit.js';

export { decodeGeohash, type GeoPoint } from '../units/geohash.js';

function parseError(reason: string): EsError {
  return new EsError('parse_exception', 400, reason);
}

/** `GeoPoint.resetFromString`: `"lat,lon"` (or `"lat,lon,z"`), else a geohash. */
export function geoPointFromString(text: string): GeoPoint {
  const comma = text.indexOf(',');
  if (comma === -1) return decodeGeohash(text);
  const parts = text.split(',');
  if (parts.length > 3) throw parseError(`failed to parse [${text}], expected 2 or 3 coordinates but found: [${parts.length}]`);
  const num = (s: string): number => {
    const n = Number(s.trim());
    if (s.trim() === '' || Number.isNaN(n)) throw new EsError('number_format_exception', 400, `For input string: "${s.trim()}"`);
    return n;
  };
  return { lat: num(parts[0] as string), lon: num(parts[1] as string) };
}

/** `GeoUtils.parseGeoPoint` for any JSON value. */
export function parseGeoPoint(v: unknown): GeoPoint {
  if (isObject(v)) {
    let lat: number | undefined;
    let lon: number | undefined;
    let geohash: string | undefined;
    for (const [key, val] of Object.entries(v)) {
      if (key === 'lat') lat = numeric(val, 'latitude');
      else if (key === 'lon') lon = numeric(val, 'longitude');
      else if (key === 'geohash') geohash = textValue(val);
      else throw parseError('field must be either [lat], [lon] or [geohash]');
    }
    if (geohash !== undefined) {
      if (lat !== undefined || lon !== undefined) throw parseError('field must be either lat/lon or geohash');
      return decodeGeohash(geohash);
    }
    if (lat === undefined) throw parseError('field [lat] missing');
    if (lon === undefined) throw parseError('field [lon] missing');
    return { lat, lon };
  }
  if (Array.isArray(v)) {
    const nums: number[] = [];
    for (const item of v) {
      if (typeof item !== 'number') throw parseError('numeric value expected');
      nums.push(item);
    }
    if (nums.length > 3) throw parseError('only two values allowed');
    if (nums.length < 2) throw parseError(nums.length === 0 ? 'geo_point expected' : 'geo_point expected');
    return { lon: nums[0] as number, lat: nums[1] as number };
  }
  if (typeof v === 'string') return geoPointFromString(v);
  throw parseError('geo_point expected');
}

function numeric(v: unknown, what: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return doubleValue(v);
  throw parseError(`${what} must be a number`);
}

/** Meters per distance unit name (`DistanceUnit`), from the one unit table (lib/units/distance-unit.ts). */
export const DISTANCE_UNITS: Readonly<Record<string, number>> = (() => {
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const u of UNIT_TABLE) for (const n of u.names) out[n] = u.meters;
  return out;
})();

/** Parse a distance (`"12km"`, `12`) into meters; a bare number uses `defaultUnit`. */
export function parseDistanceMeters(v: unknown, defaultUnit = 'm'): number {
  if (!isValue(v)) throw parseError(`failed to parse distance: ${tokenOf(v)}`);
  if (typeof v === 'number') return v * (own(DISTANCE_UNITS, defaultUnit) ?? 1);
  const text = textValue(v).trim();
  // suffixes in ES's enum order (`DistanceUnit.parse`), so `mm` is tried before `m`
  for (const u of UNIT_TABLE) {
    for (const n of u.names) if (text.endsWith(n)) return doubleValue(text.slice(0, -n.length)) * u.meters;
  }
  return doubleValue(text) * (own(DISTANCE_UNITS, defaultUnit) ?? 1);
}

/** `DistanceUnit.fromString`. */
export function parseDistanceUnit(text: string): string {
  if (own(DISTANCE_UNITS, text) !== undefined) return text;
  throw new EsError('illegal_argument_exception', 400, `No distance unit match [${text}]`);
}
