/**
 * `sort` of a search request (ES 5.6 `SortBuilder.fromXContent` and the field, score, script
 * and geo-distance sort builders). Accepts a string, an object, or an array of both:
 * `"field"`, `{"field": "desc"}`, `{"field": {order, mode, missing, unmapped_type, nested_path,
 * nested_filter}}`, `"_score"`, `"_doc"`, `{"_script": {...}}`, `{"_geo_distance": {...}}`.
 */
import { EsError } from '../errors/errors.js';
import type { ParseContext } from './parse-context.js';
import type { Query } from './query-types.js';
import { parseDistanceUnit, parseGeoPoint, type GeoPoint } from './geo-point.js';
import { parseScript, type ScriptRef } from './script-ref.js';
import { booleanValue, isObject, isValue, objectText, textValue, tokenOf, type JsonObject } from './xcontent.js';
import { geoValidationMethod, type GeoValidationMethod } from './queries/geo.js';

/** Sort direction. */
export type SortOrder = 'asc' | 'desc';
/** How multi-valued fields pick their sort value. */
export type SortMode = 'min' | 'max' | 'sum' | 'avg' | 'median';

interface NestedSortOptions {
  nestedPath?: string;
  nestedFilter?: Query;
}

/** One sort criterion. `_doc` and `_uid` are field sorts on those names. */
export type SortSpec =
  | { type: 'score'; order: SortOrder }
  | ({
      type: 'field';
      field: string;
      order: SortOrder;
      /** `_last` (default), `_first`, or a value */
      missing?: string | number | boolean;
      unmappedType?: string;
      mode?: SortMode;
    } & NestedSortOptions)
  | ({ type: 'script'; script: ScriptRef; scriptType: 'number' | 'string'; order: SortOrder; mode?: SortMode } & NestedSortOptions)
  | ({
      type: 'geo_distance';
      field: string;
      points: GeoPoint[];
      order: SortOrder;
      unit: string;
      distanceType: 'arc' | 'plane';
      mode?: SortMode;
      validationMethod: GeoValidationMethod;
    } & NestedSortOptions);

function iae(reason: string): EsError {
  return new EsError('illegal_argument_exception', 400, reason);
}

/** `SortOrder.fromString`. */
export function parseSortOrder(text: string): SortOrder {
  const t = text.toLowerCase();
  if (t === 'asc' || t === 'desc') return t;
  throw iae(`Unknown SortOrder [${text}]`);
}

/** `SortMode.fromString`. */
export function parseSortMode(text: string): SortMode {
  const t = text.toLowerCase();
  if (t === 'min' || t === 'max' || t === 'sum' || t === 'avg' || t === 'median') return t;
  throw iae(`Unknown SortMode [${text}]`);
}

function fieldOrScore(name: string, order?: SortOrder): SortSpec {
  if (name === '_score') return { type: 'score', order: order ?? 'desc' };
  return { type: 'field', field: name, order: order ?? 'asc' };
}

/** Parse the `sort` value of a search body. */
export function parseSort(ctx: ParseContext, v: unknown): SortSpec[] {
  const out: SortSpec[] = [];
  if (Array.isArray(v)) {
    for (const item of v) {
      if (isObject(item)) parseCompound(ctx, item, out);
      else if (typeof item === 'string') out.push(fieldOrScore(item));
      else throw iae('malformed sort format, within the sort array, an object, or an actual string are allowed');
    }
  } else if (typeof v === 'string') out.push(fieldOrScore(v));
  else if (isObject(v)) parseCompound(ctx, v, out);
  else throw iae('malformed sort format, either start with array, object, or an actual string');
  return out;
}

function parseCompound(ctx: ParseContext, obj: JsonObject, out: SortSpec[]): void {
  for (const [name, v] of Object.entries(obj)) {
    if (typeof v === 'string') out.push(fieldOrScore(name, parseSortOrder(v)));
    else if (name === '_score') out.push(parseScoreSort(ctx, v));
    else if (name === '_script') out.push(parseScriptSort(ctx, v));
    else if (name === '_geo_distance' || name === '_geoDistance') out.push(parseGeoSort(ctx, v));
    else out.push(parseFieldSort(ctx, name, v));
  }
}

function unknownField(ctx: ParseContext, parser: string, obj: JsonObject, key: string): EsError {
  const reason = `[${parser}] unknown field [${key}], parser not found`;
  return ctx.error(reason, ctx.atName(obj, key), iae(reason));
}

function expectObject(ctx: ParseContext, parser: string, v: unknown): JsonObject {
  if (!isObject(v)) throw iae(`[${parser}] doesn't support values of type: ${tokenOf(v)}`);
  return v;
}

function parseScoreSort(ctx: ParseContext, v: unknown): SortSpec {
  const obj = expectObject(ctx, '_score', v);
  let order: SortOrder = 'desc';
  for (const [k, val] of Object.entries(obj)) {
    if (k === 'order') order = parseSortOrder(textValue(val));
    else throw unknownField(ctx, '_score', obj, k);
  }
  return { type: 'score', order };
}

function nestedFilter(ctx: ParseContext, obj: JsonObject, k: string): Query | undefined {
  return ctx.parseInnerQuery(obj[k], ctx.atValue(obj, k)) ?? undefined;
}

function parseFieldSort(ctx: ParseContext, field: string, v: unknown): SortSpec {
  const obj = expectObject(ctx, 'field_sort', v);
  const s: Extract<SortSpec, { type: 'field' }> = { type: 'field', field, order: 'asc' };
  for (const [k, val] of Object.entries(obj)) {
    switch (k) {
      case 'order':
        s.order = parseSortOrder(textValue(val));
        break;
      case 'missing':
        // ObjectParser ValueType.VALUE: an object or list is refused, never dropped.
        if (isValue(val)) s.missing = objectText(val);
        else if (val !== null) throw iae(`[field_sort] missing doesn't support values of type: ${tokenOf(val)}`);
        break;
      case 'unmapped_type':
        s.unmappedType = textValue(val);
        break;
      case 'mode':
        s.mode = parseSortMode(textValue(val));
        break;
      case 'nested_path':
        s.nestedPath = textValue(val);
        break;
      case 'nested_filter': {
        const f = nestedFilter(ctx, obj, k);
        if (f) s.nestedFilter = f;
        break;
      }
      default:
        throw unknownField(ctx, 'field_sort', obj, k);
    }
  }
  return s;
}

function parseScriptSort(ctx: ParseContext, v: unknown): SortSpec {
  const obj = expectObject(ctx, '_script', v);
  let script: ScriptRef | undefined;
  let scriptType: 'number' | 'string' | undefined;
  const rest: { order: SortOrder; mode?: SortMode } & NestedSortOptions = { order: 'asc' };
  for (const [k, val] of Object.entries(obj)) {
    switch (k) {
      case 'script':
        script = parseScript(val);
        break;
      case 'type': {
        const t = textValue(val).toLowerCase();
        if (t !== 'number' && t !== 'string') throw iae(`Unknown ScriptSortType [${textValue(val)}]`);
        scriptType = t;
        break;
      }
      case 'order':
        rest.order = parseSortOrder(textValue(val));
        break;
      case 'mode':
        rest.mode = parseSortMode(textValue(val));
        break;
      case 'nested_path':
        rest.nestedPath = textValue(val);
        break;
      case 'nested_filter': {
        const f = nestedFilter(ctx, obj, k);
        if (f) rest.nestedFilter = f;
        break;
      }
      default:
        throw unknownField(ctx, '_script', obj, k);
    }
  }
  if (!script) throw iae('[_script] script doesn\'t support values of type: VALUE_NULL');
  if (!scriptType) throw iae('[_script] type must not be null');
  return { type: 'script', script, scriptType, ...rest };
}

function parseGeoSort(ctx: ParseContext, v: unknown): SortSpec {
  const obj = expectObject(ctx, '_geo_distance', v);
  let field: string | undefined;
  let points: GeoPoint[] = [];
  const s = { order: 'asc' as SortOrder, unit: 'm', distanceType: 'arc' as 'arc' | 'plane' } as {
    order: SortOrder;
    unit: string;
    distanceType: 'arc' | 'plane';
    mode?: SortMode;
  } & NestedSortOptions;
  // 5.6: the deprecated booleans are read in order (coerce implies ignore_malformed), and an
  // explicit validation_method wins over them wherever it stands
  let coerce = false;
  let ignoreMalformed = false;
  let validation: GeoValidationMethod | undefined;
  for (const [k, val] of Object.entries(obj)) {
    switch (k) {
      case 'order':
        s.order = parseSortOrder(textValue(val));
        break;
      case 'unit':
        s.unit = parseDistanceUnit(textValue(val));
        break;
      case 'distance_type': {
        const t = textValue(val).toLowerCase();
        if (t === 'arc' || t === 'sloppy_arc') s.distanceType = 'arc';
        else if (t === 'plane') s.distanceType = 'plane';
        else throw iae(`No geo distance for [${textValue(val)}]`);
        break;
      }
      case 'mode': {
        const m = parseSortMode(textValue(val));
        if (m === 'sum') throw iae('sort_mode [sum] isn\'t supported for sorting by geo distance');
        s.mode = m;
        break;
      }
      case 'nested_path':
        s.nestedPath = textValue(val);
        break;
      case 'nested_filter': {
        const f = nestedFilter(ctx, obj, k);
        if (f) s.nestedFilter = f;
        break;
      }
      case 'validation_method':
        validation = geoValidationMethod(textValue(val));
        break;
      case 'coerce':
        coerce = booleanValue(val);
        if (coerce) ignoreMalformed = true;
        break;
      case 'ignore_malformed': {
        const v = booleanValue(val);
        if (!coerce) ignoreMalformed = v;
        break;
      }
      default:
        field = k;
        points = parseGeoPoints(val);
    }
  }
  if (field === undefined) throw iae('Field name must not be empty.');
  const validationMethod = validation ?? (coerce ? 'coerce' : ignoreMalformed ? 'ignore_malformed' : 'strict');
  return { type: 'geo_distance', field, points, validationMethod, ...s };
}

/** A point or an array of points (an array of two numbers is one `[lon, lat]` point). */
function parseGeoPoints(v: unknown): GeoPoint[] {
  if (Array.isArray(v) && !(v.length >= 2 && v.every((x) => typeof x === 'number'))) return v.map((p) => parseGeoPoint(p));
  return [parseGeoPoint(v)];
}
