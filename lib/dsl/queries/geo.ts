/**
 * Geo queries, parsed only (execution needs geo_point fields): `geo_distance`,
 * `geo_bounding_box` (alias `geo_bbox`), `geo_polygon` (ES 5.6 `GeoDistanceQueryBuilder`,
 * `GeoBoundingBoxQueryBuilder`, `GeoPolygonQueryBuilder`). Shapes are validated as ES does at
 * parse time (a point must parse, a polygon needs three points, a box its four sides).
 */
import { EsError } from '../../errors/errors.js';
import type { ParseContext } from '../parse-context.js';
import { parseDistanceMeters, parseDistanceUnit, parseGeoPoint, type GeoPoint } from '../geo-point.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, doubleValue, isObject, isValue, textValue, type JsonObject } from '../xcontent.js';
import { javaDoubleToString } from '../../units/java-number.js';

/** `GeoValidationMethod`. */
export type GeoValidationMethod = 'strict' | 'ignore_malformed' | 'coerce';

/** A parsed `geo_distance` query. */
export interface GeoDistanceQuery extends QueryBase {
  kind: 'geo_distance';
  field: string;
  point: GeoPoint;
  /** Distance in meters. */
  distanceMeters: number;
  /** default arc */
  distanceType: 'arc' | 'plane';
  /** deprecated `optimize_bbox` as given (no effect; ES prints it, default `memory`) */
  optimizeBbox?: string;
  validationMethod: GeoValidationMethod;
  ignoreUnmapped: boolean;
}

/** A parsed `geo_bounding_box` query. */
export interface GeoBoundingBoxQuery extends QueryBase {
  kind: 'geo_bounding_box';
  field: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
  /** default memory */
  type: 'memory' | 'indexed';
  validationMethod: GeoValidationMethod;
  ignoreUnmapped: boolean;
}

/** A parsed `geo_polygon` query. */
export interface GeoPolygonQuery extends QueryBase {
  kind: 'geo_polygon';
  field: string;
  points: GeoPoint[];
  validationMethod: GeoValidationMethod;
  ignoreUnmapped: boolean;
}

/** `GeoValidationMethod.fromString` (any case). */
export function geoValidationMethod(text: string): GeoValidationMethod {
  const t = text.toLowerCase();
  if (t === 'strict' || t === 'ignore_malformed' || t === 'coerce') return t;
  throw new EsError('illegal_argument_exception', 400, `operator needs to be either [COERCE, IGNORE_MALFORMED, STRICT], but not [${text}]`);
}
const validationMethod = geoValidationMethod;

/**
 * The deprecated `coerce` (alias `normalize`) and `ignore_malformed` booleans and the explicit
 * `validation_method`, gathered in any order: an explicit method wins; otherwise ES's
 * `GeoValidationMethod.infer` (coerce implies ignore_malformed).
 */
class ValidationFlags {
  private coerce = false;
  private ignoreMalformed = false;
  private explicit: GeoValidationMethod | undefined;

  /** Read `key` when it is one of the validation keys; false otherwise. */
  read(key: string, v: unknown, withNormalize = true): boolean {
    if (key === 'validation_method') this.explicit = validationMethod(textValue(v));
    else if (key === 'coerce' || (withNormalize && key === 'normalize')) {
      this.coerce = booleanValue(v);
      if (this.coerce) this.ignoreMalformed = true;
    } else if (key === 'ignore_malformed') this.ignoreMalformed = booleanValue(v);
    else return false;
    return true;
  }

  method(): GeoValidationMethod {
    return this.explicit ?? (this.coerce ? 'coerce' : this.ignoreMalformed ? 'ignore_malformed' : 'strict');
  }
}

/** Parse a `geo_distance` body. */
export function parseGeoDistance(ctx: ParseContext, body: JsonObject): GeoDistanceQuery {
  let field: string | undefined;
  let lat: number | undefined;
  let lon: number | undefined;
  let point: GeoPoint | undefined;
  let distance: unknown;
  let unit = 'm';
  let distanceType: 'arc' | 'plane' = 'arc';
  const vm = new ValidationFlags();
  let ignoreUnmapped = false;
  let optimizeBbox: string | undefined;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (Array.isArray(v) || isObject(v)) {
      if (isObject(v) && field !== undefined) throw ctx.multipleFields('geo_distance', field, key, ctx.atValue(body, key));
      field = key;
      point = parseGeoPoint(v);
    } else if (isValue(v)) {
      if (key === 'distance') distance = v;
      else if (key === 'unit') unit = parseDistanceUnit(textValue(v));
      else if (key === 'distance_type') {
        const t = textValue(v).toLowerCase();
        if (t === 'arc' || t === 'sloppy_arc') distanceType = 'arc';
        else if (t === 'plane') distanceType = 'plane';
        else throw new EsError('illegal_argument_exception', 400, `No geo distance for [${textValue(v)}]`);
      } else if (key.endsWith('.lat')) {
        lat = doubleValue(v);
        field = key.slice(0, -4);
      } else if (key.endsWith('.lon')) {
        lon = doubleValue(v);
        field = key.slice(0, -4);
      } else if (key.endsWith('.geohash')) {
        point = parseGeoPoint(textValue(v));
        field = key.slice(0, -8);
      } else if (key === 'optimize_bbox') {
        // deprecated and without effect; kept only because ES prints it back
        optimizeBbox = textValue(v);
      } else if (vm.read(key, v)) {
        // validation_method, coerce, ignore_malformed
      } else if (key === 'ignore_unmapped') ignoreUnmapped = booleanValue(v);
      else if (readBaseField(base, key, v)) {
        // boost / _name
      } else if (field === undefined) {
        point = parseGeoPoint(textValue(v));
        field = key;
      } else {
        throw ctx.error(`failed to parse [geo_distance] query. unexpected field [${key}]`, ctx.atValue(body, key));
      }
    }
  }
  if (distance === undefined) throw ctx.error("geo_distance requires 'distance' to be specified", ctx.atEnd(body));
  if (!point && lat !== undefined && lon !== undefined) point = { lat, lon };
  if (field === undefined || !point) throw new EsError('illegal_argument_exception', 400, 'fieldName must not be null or empty');
  const distanceMeters = parseDistanceMeters(distance, unit);
  if (!(distanceMeters > 0)) {
    throw new EsError('illegal_argument_exception', 400, `distance must be greater than zero`);
  }
  return withBase(base, { kind: 'geo_distance' as const, field, point, distanceMeters, distanceType, validationMethod: vm.method(), ignoreUnmapped, ...(optimizeBbox !== undefined ? { optimizeBbox } : {}) });
}

/** Parse a `geo_bounding_box` body. */
export function parseGeoBoundingBox(ctx: ParseContext, body: JsonObject): GeoBoundingBoxQuery {
  let field: string | undefined;
  let top = NaN;
  let bottom = NaN;
  let left = NaN;
  let right = NaN;
  let type: 'memory' | 'indexed' = 'memory';
  const vm = new ValidationFlags();
  let ignoreUnmapped = false;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      field = key;
      for (const [corner, cv] of Object.entries(v)) {
        switch (corner) {
          case 'top':
            top = doubleValue(cv);
            break;
          case 'bottom':
            bottom = doubleValue(cv);
            break;
          case 'left':
            left = doubleValue(cv);
            break;
          case 'right':
            right = doubleValue(cv);
            break;
          case 'top_left':
          case 'topLeft': {
            const p = parseGeoPoint(cv);
            top = p.lat;
            left = p.lon;
            break;
          }
          case 'bottom_right':
          case 'bottomRight': {
            const p = parseGeoPoint(cv);
            bottom = p.lat;
            right = p.lon;
            break;
          }
          case 'top_right':
          case 'topRight': {
            const p = parseGeoPoint(cv);
            top = p.lat;
            right = p.lon;
            break;
          }
          case 'bottom_left':
          case 'bottomLeft': {
            const p = parseGeoPoint(cv);
            bottom = p.lat;
            left = p.lon;
            break;
          }
          default:
            throw ctx.error(`failed to parse [geo_bounding_box] query. unexpected field [${corner}]`, ctx.atValue(v, corner));
        }
      }
    } else if (isValue(v)) {
      if (key === 'type') {
        const t = textValue(v).toLowerCase();
        if (t !== 'memory' && t !== 'indexed') throw new EsError('illegal_argument_exception', 400, `no type can be parsed from ordinal ${textValue(v)}`);
        type = t;
      } else if (vm.read(key, v, false)) {
        // validation_method, coerce, ignore_malformed
      } else if (key === 'ignore_unmapped') ignoreUnmapped = booleanValue(v);
      else if (!readBaseField(base, key, v)) {
        throw ctx.error(`failed to parse [geo_bounding_box] query. unexpected field [${key}]`, ctx.atValue(body, key));
      }
    } else {
      throw ctx.error(`failed to parse [geo_bounding_box] query. unexpected field [${key}]`, ctx.atValue(body, key));
    }
  }
  if (field === undefined) throw new EsError('illegal_argument_exception', 400, 'Field name must not be empty.');
  if ([top, bottom, left, right].some(Number.isNaN)) {
    throw ctx.error('failed to parse [geo_bounding_box] query. [top_left] and [bottom_right] (or all four sides) must be given', ctx.atEnd(body));
  }
  // GeoBoundingBoxQueryBuilder#setCorners runs before the parsed validation method is set, so
  // these checks hold whatever the request's method
  const d = javaDoubleToString;
  if (top < bottom) throw new EsError('illegal_argument_exception', 400, `top is below bottom corner: ${d(top)} vs. ${d(bottom)}`);
  if (top === bottom) throw new EsError('illegal_argument_exception', 400, `top cannot be the same as bottom: ${d(top)} == ${d(bottom)}`);
  if (left === right) throw new EsError('illegal_argument_exception', 400, `left cannot be the same as right: ${d(left)} == ${d(right)}`);
  return withBase(base, { kind: 'geo_bounding_box' as const, field, top, left, bottom, right, type, validationMethod: vm.method(), ignoreUnmapped });
}

/** Parse a `geo_polygon` body. */
export function parseGeoPolygon(ctx: ParseContext, body: JsonObject): GeoPolygonQuery {
  let field: string | undefined;
  let points: GeoPoint[] | undefined;
  const vm = new ValidationFlags();
  let ignoreUnmapped = false;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      field = key;
      for (const [inner, iv] of Object.entries(v)) {
        if (inner !== 'points' || !Array.isArray(iv)) {
          throw ctx.error(`[geo_polygon] query does not support [${inner}]`, ctx.atValue(v, inner));
        }
        points = iv.map((p) => parseGeoPoint(p));
      }
    } else if (isValue(v)) {
      if (vm.read(key, v)) {
        // validation_method, coerce (normalize), ignore_malformed
      } else if (key === 'ignore_unmapped') ignoreUnmapped = booleanValue(v);
      else if (!readBaseField(base, key, v)) throw ctx.unsupported('geo_polygon', body, key);
    } else {
      throw ctx.error(`[geo_polygon] unexpected token type [${Array.isArray(v) ? 'START_ARRAY' : 'VALUE_NULL'}]`, ctx.atValue(body, key));
    }
  }
  if (field === undefined) throw new EsError('illegal_argument_exception', 400, 'fieldName must not be null');
  if (!points || points.length === 0) throw new EsError('illegal_argument_exception', 400, 'No points defined for geo_polygon query');
  // ES counts the closing point: an open ring of 3 distinct points becomes 4.
  const first = points[0] as GeoPoint;
  const last = points[points.length - 1] as GeoPoint;
  const closed = first.lat === last.lat && first.lon === last.lon ? points : [...points, first];
  if (closed.length < 4) throw new EsError('illegal_argument_exception', 400, 'too few points defined for geo_polygon query');
  return withBase(base, { kind: 'geo_polygon' as const, field, points, validationMethod: vm.method(), ignoreUnmapped });
}
