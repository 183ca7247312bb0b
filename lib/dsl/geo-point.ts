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

/** Meters per distance unit (`DistanceUnit`). */
export const DISTANCE_UNITS: Record<string, number> = {
  in: 0.0254,
  inch: 0.0254,
  yd: 0.9144,
  yards: 0.9144,
  ft: 0.3048,
  feet: 0.3048,
  km: 1000,
  kilometers: 1000,
  NM: 1852,
  nmi: 1852,
  nauticalmiles: 1852,
  mm: 0.001,
  millimeters: 0.001,
  cm: 0.01,
  centimeters: 0.01,
  mi: 1609.344,
  miles: 1609.344,
  m: 1,
  meters: 1,
};

/** Parse a distance (`"12km"`, `12`) into meters; a bare number uses `defaultUnit`. */
export function parseDistanceMeters(v: unknown, defaultUnit = 'm'): number {
  if (!isValue(v)) throw parseError(`failed to parse distance: ${tokenOf(v)}`);
  if (typeof v === 'number') return v * (own(DISTANCE_UNITS, defaultUnit) ?? 1);
  const text = textValue(v).trim();
  // longest unit suffix first, so "nmi" is not read as "mi"
  const units = Object.keys(DISTANCE_UNITS).sort((a, b) => b.length - a.length);
  for (const u of units) {
    if (text.endsWith(u)) {
      return doubleValue(text.slice(0, -u.length)) * (DISTANCE_UNITS[u] as number);
    }
  }
  return doubleValue(text) * (own(DISTANCE_UNITS, defaultUnit) ?? 1);
}

/** `DistanceUnit.fromString`. */
export function parseDistanceUnit(text: string): string {
  if (own(DISTANCE_UNITS, text) !== undefined) return text;
  throw new EsError('illegal_argument_exception', 400, `No distance unit match [${text}]`);
}
