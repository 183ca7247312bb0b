/**
 * The `sort` of a search request (ES 5.6 `SortBuilder.fromXContent` and the `sort` URI param):
 * field sorts with order, mode, missing and unmapped_type, plus `_score`, `_doc` and `_uid`.
 */
import { EsError } from '../errors/errors.js';
import type { ScriptRef } from './script-ref.js';
import type { Query } from './query-types.js';
import type { GeoPoint } from './geo-point.js';
import type { SortSpec as DslSortSpec } from './sort.js';
import { textValue } from './xcontent.js';

export type SortOrder = 'asc' | 'desc';
export type SortMode = 'min' | 'max' | 'sum' | 'avg' | 'median';

export interface SortSpec {
  field: string;
  order: SortOrder;
  mode?: SortMode;
  /** `_last` (default), `_first`, or a custom value. */
  missing?: unknown;
  unmappedType?: string;
  /** `_script` sorts: the script and whether it yields numbers or strings. */
  script?: { ref: ScriptRef; type: 'number' | 'string' };
  /** `nested_path`: the values come from the doc's nested objects under this path. */
  nestedPath?: string;
  /** `nested_filter`: only nested objects matching it give values. */
  nestedFilter?: Query;
  /** `_geo_distance` sorts: the points distances are measured from, the unit and the formula. */
  geo?: { points: GeoPoint[]; unit: string; distanceType: 'arc' | 'plane'; validationMethod?: 'strict' | 'ignore_malformed' | 'coerce' };
}

function parseError(reason: string): EsError {
  return new EsError('parsing_exception', 400, reason, { metadata: { line: 1, col: 1 } });
}

function orderOf(v: unknown, field: string): SortOrder {
  const text = textValue(v); // `parser.text()`: an object or array is Jackson's "not a value token"
  const s = text.toLowerCase();
  if (s === 'asc' || s === 'desc') return s;
  throw new EsError("illegal_argument_exception", 400, `No enum constant org.elasticsearch.search.sort.SortOrder.${text.toUpperCase()}${field ? "" : ""}`);
}

function defaultOrder(field: string): SortOrder {
  return field === '_score' ? 'desc' : 'asc';
}

/** Parse the body `sort` element. */
export function parseSortBody(v: unknown): SortSpec[] {
  const list = Array.isArray(v) ? v : [v];
  const out: SortSpec[] = [];
  for (const item of list) {
    if (typeof item === 'string') {
      out.push({ field: item, order: defaultOrder(item) });
      continue;
    }
    if (!item || typeof item !== 'object') throw parseError(`malformed sort format, within the sort array, an object, or an actual string are allowed`);
    for (const [field, spec] of Object.entries(item as Record<string, unknown>)) {
      if (field === '_geo_distance' || field === '_geoDistance' || field === '_script') {
        throw new EsError('illegal_argument_exception', 400, `sort type [${field}] is not supported`);
      }
      if (typeof spec === 'string') {
        out.push({ field, order: orderOf(spec, field) });
        continue;
      }
      const o = (spec ?? {}) as Record<string, unknown>;
      const s: SortSpec = { field, order: defaultOrder(field) };
      for (const [k, val] of Object.entries(o)) {
        switch (k) {
          case 'order':
            s.order = orderOf(val, field);
            break;
          case 'reverse':
            if (val === true) s.order = s.order === 'asc' ? 'desc' : 'asc';
            break;
          case 'mode': {
            const text = textValue(val);
            const m = text.toLowerCase();
            if (!['min', 'max', 'sum', 'avg', 'median'].includes(m)) throw new EsError('illegal_argument_exception', 400, `Unknown MultiValueMode: [${text}]`);
            s.mode = m as SortMode;
            break;
          }
          case 'missing':
            s.missing = val;
            break;
          case 'unmapped_type':
            s.unmappedType = String(val);
            break;
          case 'nested_path':
          case 'nested_filter':
            break;
          default:
            throw parseError(`[field_sort] unknown field [${k}], parser not found`);
        }
      }
      out.push(s);
    }
  }
  return out;
}

/** Parse the `sort` URI parameter: `field`, `field:asc`, comma separated. */
export function parseSortParam(text: string): SortSpec[] {
  return text
    .split(',')
    .filter((s) => s !== '')
    .map((part) => {
      const i = part.lastIndexOf(':');
      if (i < 0) return { field: part, order: defaultOrder(part) };
      return { field: part.slice(0, i), order: orderOf(part.slice(i + 1), part) };
    });
}

/** Whether a sort is the default relevance sort (only `_score` desc). */
export function isScoreSort(sort: readonly SortSpec[] | undefined): boolean {
  return !sort || sort.length === 0 || (sort.length === 1 && sort[0]?.field === '_score' && sort[0].order === 'desc');
}

/** lib/dsl's sort criterion as the executor's. */
export function toSortSpec(s: DslSortSpec): SortSpec {
  if (s.type === 'score') return { field: '_score', order: s.order };
  if (s.type === 'field') {
    return {
      field: s.field,
      order: s.order,
      ...(s.mode !== undefined ? { mode: s.mode } : {}),
      ...(s.missing !== undefined ? { missing: s.missing } : {}),
      ...(s.unmappedType !== undefined ? { unmappedType: s.unmappedType } : {}),
      ...nestedOf(s),
    };
  }
  if (s.type === 'script') {
    return { field: '_script', order: s.order, ...(s.mode !== undefined ? { mode: s.mode } : {}), script: { ref: s.script, type: s.scriptType }, ...nestedOf(s) };
  }
  return {
    field: s.field,
    order: s.order,
    ...(s.mode !== undefined ? { mode: s.mode } : {}),
    geo: { points: s.points, unit: s.unit, distanceType: s.distanceType, validationMethod: s.validationMethod },
    ...nestedOf(s),
  };
}

function nestedOf(s: { nestedPath?: string; nestedFilter?: Query }): Pick<SortSpec, 'nestedPath' | 'nestedFilter'> {
  return { ...(s.nestedPath !== undefined ? { nestedPath: s.nestedPath } : {}), ...(s.nestedFilter !== undefined ? { nestedFilter: s.nestedFilter } : {}) };
}
