/**
 * A `_search` request body (ES 5.6 `SearchSourceBuilder.parseXContent`): query, paging,
 * sorting, source filtering, fields, aggregations (lib/aggs) and the options kept raw for later
 * phases (collapse). Unknown keys fail as ES fails:
 * `Unknown key for a START_OBJECT in [foo].` (parsing_exception with line/col).
 * Elements Strata has not built (`profile: true`, a non-empty `ext`) are refused with
 * `[<key>] is not supported by Strata yet` rather than accepted and ignored.
 */
import { EsError, notBuiltYet } from '../errors/errors.js';
import type { ParseContext, ParseOptions } from './parse-context.js';
import { newParseContext } from './parse-query.js';
import type { Query } from './query-types.js';
import { parseScript, type ScriptRef } from './script-ref.js';
import { parseSort, type SortSpec } from './sort.js';
import { parseFetchSource, parseStoredFields, type FetchSource, type StoredFields } from './source-filter.js';
import { parseTimeValue, type TimeValue } from '../units/time-value.js';
import { parseTopLevelAggregations } from './aggs/parse.js';
import { parseHighlight, type HighlightSpec } from './highlight.js';
import { parseSuggest, type SuggestSpec } from './suggest.js';
import { parseRescore, type RescoreSpec } from './rescore.js';
import type { AggSpec } from './aggs/spec.js';
import { booleanValue, floatValue, intValue, isObject, isValue, textValue, tokenOf, type JsonObject } from './xcontent.js';

export type { FetchSource, StoredFields } from './source-filter.js';
export type { SortSpec, SortOrder, SortMode } from './sort.js';
export type { TimeValue } from '../units/time-value.js';

/** A `script_fields` entry. */
export interface ScriptField {
  name: string;
  script: ScriptRef;
  ignoreFailure: boolean;
}

/** `slice` of a scroll. */
export interface Slice {
  /** default `_uid` */
  field: string;
  id: number;
  max: number;
}

/** `index.max_slices_per_scroll` when an index does not set it. */
export const DEFAULT_MAX_SLICES = 1024;

/** ES's reason for a slice count above `index.max_slices_per_scroll` (a shard's check, and a sliced by-query's). */
export function tooManySlices(slices: number, limit: number): string {
  return `The number of slices [${slices}] is too large. It must be less than [${limit}]. This limit can be set by changing the [index.max_slices_per_scroll] index level setting.`;
}

/** A search value of `search_after`. */
export type SortValue = string | number | boolean | null;

/** The parsed body. Unset members were absent (ES defaults apply: from 0, size 10...). */
export interface SearchSource {
  /** `null` when given as `{}` (match all); undefined when absent. */
  query?: Query | null;
  postFilter?: Query | null;
  from?: number;
  size?: number;
  timeout?: TimeValue;
  terminateAfter?: number;
  minScore?: number;
  version?: boolean;
  explain?: boolean;
  trackScores?: boolean;
  profile?: boolean;
  source?: FetchSource;
  storedFields?: StoredFields;
  docvalueFields?: string[];
  scriptFields?: ScriptField[];
  sort?: SortSpec[];
  searchAfter?: SortValue[];
  indicesBoost?: { index: string; boost: number }[];
  stats?: string[];
  /** `aggs` / `aggregations`, parsed (lib/aggs). */
  aggregations?: AggSpec[];
  /** `rescore`, parsed (an object is a one-element list). */
  rescore?: RescoreSpec[];
  collapse?: JsonObject;
  slice?: Slice;
  /** `highlight`, parsed (lib/dsl/highlight.ts). */
  highlight?: HighlightSpec;
  /** `suggest`, parsed (lib/dsl/suggest.ts). */
  suggest?: SuggestSpec[];
}

/**
 * Parse a `_search` body.
 * @param body the parsed JSON body
 * @param opts the body text for exact error positions
 */
export function parseSearchSource(body: unknown, opts: ParseOptions = {}): SearchSource {
  const ctx = newParseContext(body, opts);
  if (!isObject(body)) {
    throw ctx.error(`Expected [START_OBJECT] but found [${tokenOf(body)}]`, { kind: 'unknown' });
  }
  const s: SearchSource = {};
  for (const [key, v] of Object.entries(body)) {
    const unknown = (): EsError => ctx.error(`Unknown key for a ${tokenOf(v)} in [${key}].`, ctx.atValue(body, key));
    if (isValue(v)) {
      switch (key) {
        case 'from':
          s.from = intValue(v);
          break;
        case 'size':
          s.size = intValue(v);
          break;
        case 'timeout':
          s.timeout = parseTimeValue(textValue(v), 'timeout');
          break;
        case 'terminate_after': {
          const n = intValue(v);
          if (n <= 0) throw new EsError('illegal_argument_exception', 400, 'terminateAfter must be > 0');
          s.terminateAfter = n;
          break;
        }
        case 'min_score':
          s.minScore = floatValue(v);
          break;
        case 'version':
          s.version = booleanValue(v);
          break;
        case 'explain':
          s.explain = booleanValue(v);
          break;
        case 'track_scores':
          s.trackScores = booleanValue(v);
          break;
        case '_source':
          s.source = parseFetchSource(ctx, body, key);
          break;
        case 'stored_fields':
          s.storedFields = parseStoredFields(ctx, body, key);
          break;
        case 'sort':
          s.sort = parseSort(ctx, v);
          break;
        case 'profile':
          s.profile = booleanValue(v);
          if (s.profile) throw notBuiltYet('profile');
          break;
        case 'fields':
          throw ctx.error('Deprecated field [fields] used, expected [stored_fields] instead', ctx.atValue(body, key));
        default:
          throw unknown();
      }
    } else if (isObject(v)) {
      switch (key) {
        case 'query':
          s.query = ctx.parseInnerQuery(v, ctx.atValue(body, key));
          break;
        case 'post_filter':
          s.postFilter = ctx.parseInnerQuery(v, ctx.atValue(body, key));
          break;
        case '_source':
          s.source = parseFetchSource(ctx, body, key);
          break;
        case 'script_fields':
          s.scriptFields = parseScriptFields(ctx, v);
          break;
        case 'indices_boost':
          // deprecated object form {index: boost}
          s.indicesBoost = Object.entries(v).map(([index, b]) => {
            if (!isValue(b)) throw ctx.error(`Unknown key for a ${tokenOf(b)} in [${index}].`, ctx.atValue(v, index));
            return { index, boost: floatValue(b) };
          });
          break;
        case 'aggregations':
        case 'aggs':
          s.aggregations = parseTopLevelAggregations(ctx, v);
          break;
        case 'highlight':
          s.highlight = parseHighlight(ctx, v);
          break;
        case 'suggest':
          s.suggest = parseSuggest(ctx, v);
          break;
        case 'sort':
          s.sort = parseSort(ctx, v);
          break;
        case 'rescore':
          s.rescore = parseRescore(ctx, v);
          break;
        case 'ext':
          // ES 5.6 without plugins registers no search extension, so only `{}` means anything.
          if (Object.keys(v).length > 0) throw notBuiltYet('ext');
          break;
        case 'slice':
          s.slice = parseSlice(ctx, v);
          break;
        case 'collapse':
          s.collapse = v;
          break;
        default:
          throw unknown();
      }
    } else if (Array.isArray(v)) {
      switch (key) {
        case 'stored_fields':
          s.storedFields = parseStoredFields(ctx, body, key);
          break;
        case 'docvalue_fields':
        case 'fielddata_fields':
          s.docvalueFields = v.map((x, i) => {
            if (typeof x !== 'string') {
              throw ctx.error(`Expected [VALUE_STRING] in [${key}] but found [${tokenOf(x)}]`, ctx.atItem(v, i));
            }
            return x;
          });
          break;
        case 'indices_boost':
          s.indicesBoost = v.map((x, i) => parseIndexBoost(ctx, v, i, x));
          break;
        case 'sort':
          s.sort = parseSort(ctx, v);
          break;
        case 'rescore':
          s.rescore = parseRescore(ctx, v);
          break;
        case 'stats':
          s.stats = v.map((x, i) => {
            if (typeof x !== 'string') throw ctx.error(`Expected [VALUE_STRING] in [${key}] but found [${tokenOf(x)}]`, ctx.atItem(v, i));
            return x;
          });
          break;
        case '_source':
          s.source = parseFetchSource(ctx, body, key);
          break;
        case 'search_after':
          s.searchAfter = v.map((x) => {
            if (x === null || isValue(x)) return x;
            throw new EsError(
              'parse_exception',
              400,
              `Expected [VALUE_STRING] or [VALUE_NUMBER] or [VALUE_BOOLEAN] or [VALUE_NULL] but found [${tokenOf(x)}] inside search_after.`,
            );
          });
          break;
        case 'fields':
          throw ctx.error(
            'The field [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or _source filtering if the field is not stored',
            ctx.atValue(body, key),
          );
        default:
          throw unknown();
      }
    } else {
      throw unknown();
    }
  }
  return s;
}

/** Parse `script_fields` (the search body's and `inner_hits`'). */
export function parseScriptFields(ctx: ParseContext, obj: JsonObject): ScriptField[] {
  return Object.entries(obj).map(([name, def]) => {
    if (!isObject(def)) {
      throw ctx.error(`Expected [START_OBJECT] in [${name}] but found [${tokenOf(def)}]`, ctx.atValue(obj, name));
    }
    let script: ScriptRef | undefined;
    let ignoreFailure = false;
    for (const [k, v] of Object.entries(def)) {
      if (k === 'script' && (isValue(v) || isObject(v))) script = parseScript(v);
      else if (k === 'ignore_failure' && isValue(v)) ignoreFailure = booleanValue(v);
      else throw ctx.error(`Unknown key for a ${tokenOf(v)} in [${k}].`, ctx.atValue(def, k));
    }
    if (!script) throw new EsError('illegal_argument_exception', 400, 'script must not be null');
    return { name, script, ignoreFailure };
  });
}

function parseIndexBoost(ctx: ParseContext, arr: unknown[], i: number, x: unknown): { index: string; boost: number } {
  if (!isObject(x)) throw ctx.error(`Expected [START_OBJECT] in [indices_boost] but found [${tokenOf(x)}]`, ctx.atItem(arr, i));
  const entries = Object.entries(x);
  const first = entries[0];
  if (!first) throw ctx.error('Expected [FIELD_NAME] in [indices_boost] but found [END_OBJECT]', ctx.atEnd(x));
  const [index, b] = first;
  if (typeof b !== 'number') throw ctx.error(`Expected [VALUE_NUMBER] in [indices_boost] but found [${tokenOf(b)}]`, ctx.atValue(x, index));
  const second = entries[1];
  if (second) throw ctx.error('Expected [END_OBJECT] in [indices_boost] but found [FIELD_NAME]', ctx.atName(x, second[0]));
  return { index, boost: floatValue(b) };
}

function parseSlice(ctx: ParseContext, obj: JsonObject): Slice {
  let field = '_uid';
  let id: number | undefined;
  let max: number | undefined;
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'field') field = textValue(v);
    else if (k === 'id') id = intValue(v);
    else if (k === 'max') max = intValue(v);
    else {
      const reason = `[slice] unknown field [${k}], parser not found`;
      throw ctx.error(reason, ctx.atName(obj, k), new EsError('illegal_argument_exception', 400, reason));
    }
  }
  const iae = (r: string): EsError => new EsError('illegal_argument_exception', 400, r);
  if (id === undefined || id < 0) throw iae('id must be greater than or equal to 0');
  if (max === undefined || max <= 1) throw iae('max must be greater than 1');
  if (id >= max) throw iae('max must be greater than id');
  return { field, id, max };
}

/**
 * The checks ES 5.6 makes when a search with these options starts (`SearchService.parseSource`):
 * `stored_fields: _none_` cannot be combined with `_source` or `version`.
 * @returns the error to raise, or undefined
 */
export function validateSearchSource(s: SearchSource): EsError | undefined {
  if (s.storedFields && !s.storedFields.fetchFields) {
    if (s.version) return new EsError('search_context_exception', 400, '`stored_fields` cannot be disabled if version is requested');
    if (s.source && (s.source.fetchSource || s.source.includes.length > 0 || s.source.excludes.length > 0)) {
      return new EsError('search_context_exception', 400, '`stored_fields` cannot be disabled if _source is requested');
    }
  }
  return undefined;
}
