/**
 * `geo_distance` aggregation parser (ES 5.6 `GeoDistanceAggregationBuilder.PARSER`): `field`,
 * `missing`, `script` (declared by 5.6's geo values-source fields; see geo-distance.ts for what
 * a shard makes of it), `origin` (also `center`, `point`, `por`), `unit`, `distance_type`, `keyed`,
 * `ranges`, with ES's errors and its range quirks (`from` defaults to 0, keys are built from
 * Java's `Double.toString`).
 */
import { EsError } from '../../errors/errors.js';
import type { ParseContext } from '../parse-context.js';
import { booleanValue, isObject, isValue, textValue, tokenOf, type JsonObject } from '../xcontent.js';
import { geoPointFromString } from '../geo-point.js';
import { distanceUnitFromString } from '../../units/distance-unit.js';
import { javaDoubleToString } from '../../units/java-number.js';
import { javaParseDouble } from '../../units/java-parse.js';
import { parseScript } from '../script-ref.js';
import type { GeoDistanceSpec } from './spec.js';

const ORIGIN_NAMES = new Set(['origin', 'center', 'point', 'por']);

/** `GeoDistance.fromString` (sloppy_arc is arc since 5.0). */
export function geoDistanceType(text: string): 'arc' | 'plane' {
  const t = text.toLowerCase();
  if (t === 'arc' || t === 'sloppy_arc') return 'arc';
  if (t === 'plane') return 'plane';
  throw new EsError('illegal_argument_exception', 400, `No geo distance for [${text}]`);
}

/** Parse a `geo_distance` aggregation body. */
export function parseGeoDistanceAgg(ctx: ParseContext, name: string, body: JsonObject): GeoDistanceSpec {
  let origin: { lat: number; lon: number } | undefined;
  const spec: Omit<GeoDistanceSpec, 'origin'> = { type: 'geo_distance', name, subs: [], unitMeters: 1, unit: 'm', distanceType: 'arc', keyed: false, ranges: [] };
  for (const [k, v] of Object.entries(body)) {
    if (k === 'field') spec.field = textValue(v);
    else if (k === 'missing') {
      if (!isValue(v)) throw new EsError('illegal_argument_exception', 400, `[geo_distance] missing must be a value`);
      spec.missing = v;
    } else if (k === 'script') spec.script = parseScript(v);
    else if (k === 'keyed') spec.keyed = booleanValue(v);
    else if (k === 'unit') {
      const u = distanceUnitFromString(textValue(v));
      spec.unitMeters = u.meters;
      spec.unit = u.name;
    }
    else if (k === 'distance_type') spec.distanceType = geoDistanceType(textValue(v));
    else if (k === 'ranges') {
      if (!Array.isArray(v)) throw ctx.error(`[geo_distance] ranges doesn't support values of type: ${tokenOf(v)}`, ctx.atValue(body, k));
      spec.ranges = v.map((r, i) => {
        if (!isObject(r)) throw ctx.error(`[geo_distance] ranges doesn't support values of type: ${tokenOf(r)}`, ctx.atItem(v, i));
        return parseRange(r);
      });
    } else if (ORIGIN_NAMES.has(k)) origin = parseOrigin(ctx, body, k);
    else throw new EsError('illegal_argument_exception', 400, `[geo_distance] unknown field [${k}], parser not found`);
  }
  if (!origin) throw new EsError('illegal_argument_exception', 400, `Aggregation [${name}] must define an [origin].`);
  return { ...spec, origin };
}

/** `GeoDistanceAggregationBuilder.parseRange`: numbers or numeric strings; other keys and nulls are skipped, as ES does. */
function parseRange(r: JsonObject): { key: string; from: number; to: number; keyGiven?: boolean } {
  let from: number | undefined;
  let to: number | undefined;
  let key: string | undefined;
  for (const [k, x] of Object.entries(r)) {
    if (k === 'key' && typeof x === 'string') key = x;
    else if ((k === 'from' || k === 'to') && (typeof x === 'number' || typeof x === 'string')) {
      const n = typeof x === 'number' ? x : javaParseDouble(x);
      if (k === 'from') from = n;
      else to = n;
    }
  }
  // Range(key, from, to): an absent from is 0 (and so is rendered), an absent to unbounded
  const generated = `${from === undefined || from === 0 ? '*' : javaDoubleToString(from)}-${to === undefined || !Number.isFinite(to) ? '*' : javaDoubleToString(to)}`;
  return { key: key ?? generated, from: from ?? 0, to: to ?? Infinity, ...(key !== undefined ? { keyGiven: true } : {}) };
}

/** The origin as ES parses it: `"lat,lon"` or a geohash, `[lon, lat]`, or `{lat, lon}`. */
function parseOrigin(ctx: ParseContext, body: JsonObject, k: string): { lat: number; lon: number } {
  const v = body[k];
  if (typeof v === 'string') return geoPointFromString(v);
  if (Array.isArray(v)) {
    if (v.length > 2) throw ctx.error(`malformed [origin]: a geo point array must be of the form [lon, lat]`, ctx.atItem(v, 2));
    const nums = v.map((x) => (typeof x === 'number' ? x : typeof x === 'string' ? javaParseDouble(x) : NaN));
    return { lon: nums[0] ?? NaN, lat: nums[1] ?? NaN };
  }
  if (isObject(v)) {
    let lat = NaN;
    let lon = NaN;
    let last: string | null = null;
    for (const [f, x] of Object.entries(v)) {
      last = f;
      if (typeof x !== 'number') continue;
      if (f === 'lat') lat = x;
      else if (f === 'lon') lon = x;
    }
    if (Number.isNaN(lat) || Number.isNaN(lon)) throw ctx.error(`malformed [${last}] geo point object. either [lat] or [lon] (or both) are missing`, ctx.atEnd(v));
    return { lat, lon };
  }
  throw ctx.error(`[geo_distance] ${k} doesn't support values of type: ${tokenOf(v)}`, ctx.atValue(body, k));
}
