/**
 * A search request as the coordinator runs it, built from the `_search` body (ES 5.6
 * `SearchSourceBuilder.parseXContent` elements) and URI parameters (which win over the body
 * for from/size/sort/... as `RestSearchAction.parseSearchSource` applies them).
 */
import { parseQuery } from '../../dsl/parse-query.js';
import type { Query } from '../../dsl/query-types.js';
import { EsError } from '../../errors/errors.js';
import { parseSortBody, type SortSpec } from '../../search/sort-spec.js';

export interface SliceSpec {
  id: number;
  max: number;
  field: string;
}

export interface SearchRequest {
  /** Index expression(s) (names, aliases, wildcards); empty = all. */
  indices: string[];
  types: string[];
  query?: Query;
  postFilter?: Query;
  from: number;
  size: number;
  sort?: SortSpec[];
  trackScores: boolean;
  /** `_source` spec (true/false/patterns/object); undefined = whole source. */
  source?: unknown;
  /** undefined = default; `_none_` disables stored and metadata fields. */
  storedFields?: string[] | '_none_';
  docvalueFields: string[];
  scriptFields?: Record<string, unknown>;
  version: boolean;
  explain: boolean;
  minScore?: number;
  terminateAfter?: number;
  timeoutMs?: number;
  searchType: 'query_then_fetch' | 'dfs_query_then_fetch';
  routing?: string[];
  preference?: string;
  scrollMs?: number;
  searchAfter?: unknown[];
  indicesBoost: Array<{ index: string; boost: number }>;
  slice?: SliceSpec;
  /** Aggregations requested (not computed yet; kept so the response can say so). */
  aggs?: Record<string, unknown>;
  requestCache?: boolean;
  /** The original body text, for exact error positions. */
  bodyText?: string;
}

/** Defaults for a request on `indices`/`types`. */
export function newSearchRequest(indices: string[], types: string[]): SearchRequest {
  return { indices, types, from: -1, size: -1, trackScores: false, docvalueFields: [], version: false, explain: false, searchType: 'query_then_fetch', indicesBoost: [] };
}

function parsing(reason: string): EsError {
  return new EsError('parsing_exception', 400, reason, { metadata: { line: 1, col: 1 } });
}

function intOf(v: unknown, name: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  throw parsing(`[${name}] failed to parse field [${name}]`);
}

function boolOf(v: unknown): boolean {
  return v === true || v === 'true';
}

function stringList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  return [String(v)];
}

/** Apply a `_search` body onto `r`. */
export function applySearchBody(r: SearchRequest, body: Record<string, unknown>, bodyText?: string): void {
  const opts = bodyText !== undefined ? { source: bodyText, sourceRoot: undefined } : {};
  for (const [key, v] of Object.entries(body)) {
    switch (key) {
      case 'query':
        r.query = parseQuery(v, bodyText !== undefined ? { source: bodyText, sourceRoot: JSON.parse(bodyText) } : {});
        break;
      case 'post_filter':
        r.postFilter = parseQuery(v, bodyText !== undefined ? { source: bodyText, sourceRoot: JSON.parse(bodyText) } : {});
        break;
      case 'from':
        r.from = intOf(v, key);
        break;
      case 'size':
        r.size = intOf(v, key);
        break;
      case 'sort':
        r.sort = parseSortBody(v);
        break;
      case 'track_scores':
        r.trackScores = boolOf(v);
        break;
      case '_source':
        r.source = v;
        break;
      case 'stored_fields':
        r.storedFields = storedFieldsOf(v);
        break;
      case 'fields':
        throw parsing('Deprecated field [fields] used, expected [stored_fields] instead');
      case 'docvalue_fields':
      case 'fielddata_fields':
        r.docvalueFields = stringList(v);
        break;
      case 'script_fields':
        r.scriptFields = v as Record<string, unknown>;
        break;
      case 'version':
        r.version = boolOf(v);
        break;
      case 'explain':
        r.explain = boolOf(v);
        break;
      case 'min_score':
        r.minScore = Math.fround(Number(v));
        break;
      case 'terminate_after':
        r.terminateAfter = intOf(v, key);
        break;
      case 'timeout':
        r.timeoutMs = parseTimeout(String(v));
        break;
      case 'search_after':
        if (!Array.isArray(v)) throw parsing('[search_after] must be an array');
        r.searchAfter = v;
        break;
      case 'indices_boost':
        r.indicesBoost = indicesBoostOf(v);
        break;
      case 'slice':
        r.slice = sliceOf(v);
        break;
      case 'aggs':
      case 'aggregations':
        r.aggs = v as Record<string, unknown>;
        break;
      case 'highlight':
      case 'suggest':
      case 'rescore':
      case 'ext':
      case 'stats':
      case 'profile':
      case 'collapse':
        break;
      default: {
        const t = Array.isArray(v) ? 'START_ARRAY' : v !== null && typeof v === 'object' ? 'START_OBJECT' : 'VALUE_STRING';
        throw parsing(t === 'VALUE_STRING' ? `Unknown key for a ${typeof v === 'number' ? 'VALUE_NUMBER' : typeof v === 'boolean' ? 'VALUE_BOOLEAN' : 'VALUE_STRING'} in [${key}].` : `Unknown key for a ${t} in [${key}].`);
      }
    }
  }
  void opts;
}

/** `stored_fields` body/param forms. */
export function storedFieldsOf(v: unknown): string[] | '_none_' {
  const list = stringList(v);
  if (list.length === 1 && list[0] === '_none_') return '_none_';
  return list;
}

function indicesBoostOf(v: unknown): Array<{ index: string; boost: number }> {
  if (Array.isArray(v)) {
    const out: Array<{ index: string; boost: number }> = [];
    for (const o of v) for (const [k, b] of Object.entries(o as Record<string, unknown>)) out.push({ index: k, boost: Number(b) });
    return out;
  }
  if (v && typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, b]) => ({ index: k, boost: Number(b) }));
  throw parsing('[indices_boost] must be an object or array');
}

function sliceOf(v: unknown): SliceSpec {
  const o = v as Record<string, unknown>;
  const id = Number(o['id']);
  const max = Number(o['max']);
  if (!(max > 1)) throw new EsError('illegal_argument_exception', 400, 'max must be greater than 1');
  if (!(id >= 0)) throw new EsError('illegal_argument_exception', 400, 'id must be greater than or equal to 0');
  if (id >= max) throw new EsError('illegal_argument_exception', 400, 'max must be greater than id');
  return { id, max, field: o['field'] === undefined ? '_uid' : String(o['field']) };
}

/** A time value (`10s`, `500ms`, `1m`, `-1`) in ms; -1 = none. */
export function parseTimeout(text: string): number {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*(nanos|micros|ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) throw new EsError('illegal_argument_exception', 400, `failed to parse setting [timeout] with value [${text}] as a time value: unit is missing or unrecognized`);
  const n = Number(m[1]);
  const unit = m[2] ?? 'ms';
  if (m[2] === undefined && n !== -1 && n !== 0) {
    throw new EsError('illegal_argument_exception', 400, `failed to parse setting [timeout] with value [${text}] as a time value: unit is missing or unrecognized`);
  }
  const f: Record<string, number> = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1000, m: 60000, h: 3600000, d: 86400000 };
  return n * (f[unit] as number);
}
