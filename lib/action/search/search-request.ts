/**
 * A search request as the coordinator runs it, built from the `_search` body (ES 5.6
 * `SearchSourceBuilder.parseXContent` elements) and URI parameters (which win over the body
 * for from/size/sort/... as `RestSearchAction.parseSearchSource` applies them).
 */
import { parseSearchSource, type SearchSource } from '../../dsl/search-source.js';
import { toSortSpec, type SortSpec } from '../../dsl/sort-spec.js';
import { sourceOption } from '../../dsl/source-filter.js';
import type { ParseOptions } from '../../dsl/parse-context.js';
import { MATCH_ALL } from '../../dsl/queries/match-all.js';
import type { Query } from '../../dsl/query-types.js';
import { EsError } from '../../errors/errors.js';
import { parseCollapse, type CollapseSpec } from './collapse.js';
import type { IndicesOptions } from '../resolve-indices.js';
import type { AggSpec } from '../../aggs/types.js';
import type { HighlightSpec } from '../../dsl/highlight.js';
import type { SuggestSpec } from '../../dsl/suggest.js';
import type { RescoreSpec } from '../../dsl/rescore.js';

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
  /** Aggregations requested, parsed. */
  aggs?: AggSpec[];
  /** `typed_keys`: prefix aggregation names with their type (`sterms#name`). */
  typedKeys?: boolean;
  requestCache?: boolean;
  /** The original body text, for exact error positions. */
  bodyText?: string;
  /** Deprecation warnings raised while parsing (sent as `Warning` headers). */
  warnings: string[];
  /** Largest `rescore.window_size` asked for (10 when a rescorer gives none). */
  rescoreWindow?: number;
  /** The rescorers, in order. */
  rescore?: RescoreSpec[];
  batchedReduceSize?: number;
  collapse?: CollapseSpec;
  /** ignore_unavailable / allow_no_indices / expand_wildcards. */
  indicesOptions?: IndicesOptions;
  highlight?: HighlightSpec;
  /** `suggest`, parsed. */
  suggest?: SuggestSpec[];
  /** `stats`: the search statistics groups the request is counted in. */
  stats?: string[];
  /**
   * The search source as ES's `SearchSourceBuilder` holds it: the body's, with the URI
   * parameters applied over it. Only rendered (the search task's description); the fields
   * above are what runs.
   */
  sourceBuilder?: SearchSource;
}

/** Defaults for a request on `indices`/`types`. */
export function newSearchRequest(indices: string[], types: string[]): SearchRequest {
  return { indices, types, from: -1, size: -1, trackScores: false, docvalueFields: [], version: false, explain: false, searchType: 'query_then_fetch', indicesBoost: [], warnings: [] };
}

function stringList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  return [String(v)];
}

/**
 * Apply a `_search` body onto `r`, parsed by lib/dsl's `parseSearchSource` (ES 5.6 errors);
 * deprecation warnings land in `r.warnings`. `parse.templateSource` resolves the templates of
 * `template` queries.
 */
export function applySearchBody(
  r: SearchRequest,
  body: Record<string, unknown>,
  bodyText?: string,
  parse: Pick<ParseOptions, 'templateSource'> = {},
): void {
  // (assigned, not spread: every search parses its body here)
  const opts: ParseOptions = { warnings: r.warnings };
  if (bodyText !== undefined) opts.source = bodyText;
  if (parse.templateSource !== undefined) opts.templateSource = parse.templateSource;
  const src = parseSearchSource(body, opts);
  r.sourceBuilder = src;
  if (src.query !== undefined) r.query = src.query ?? MATCH_ALL;
  if (src.postFilter !== undefined && src.postFilter !== null) r.postFilter = src.postFilter;
  if (src.from !== undefined) r.from = src.from;
  if (src.size !== undefined) r.size = src.size;
  if (src.sort !== undefined) r.sort = src.sort.map(toSortSpec);
  if (src.trackScores !== undefined) r.trackScores = src.trackScores;
  if (src.source !== undefined) r.source = sourceOption(src.source);
  if (src.storedFields !== undefined) r.storedFields = src.storedFields.fetchFields ? src.storedFields.fields : '_none_';
  if (src.docvalueFields !== undefined) r.docvalueFields = src.docvalueFields;
  if (src.scriptFields !== undefined && src.scriptFields.length > 0) r.scriptFields = Object.fromEntries(src.scriptFields.map((f) => [f.name, f]));
  if (src.version !== undefined) r.version = src.version;
  if (src.explain !== undefined) r.explain = src.explain;
  if (src.minScore !== undefined) r.minScore = Math.fround(src.minScore);
  if (src.terminateAfter !== undefined) r.terminateAfter = src.terminateAfter;
  if (src.timeout !== undefined) r.timeoutMs = src.timeout.millis();
  if (src.searchAfter !== undefined) r.searchAfter = src.searchAfter;
  if (src.indicesBoost !== undefined) {
    if (!Array.isArray(body['indices_boost'])) r.warnings.push('Object format in indices_boost is deprecated, please use array format instead');
    r.indicesBoost = src.indicesBoost;
  }
  if (src.slice !== undefined) r.slice = src.slice;
  if (src.aggregations !== undefined) r.aggs = src.aggregations;
  if (src.collapse !== undefined) r.collapse = parseCollapse(src.collapse);
  if (src.highlight !== undefined) r.highlight = src.highlight;
  if (src.suggest !== undefined) r.suggest = src.suggest;
  if (src.stats !== undefined && src.stats.length > 0) r.stats = src.stats;
  if (src.rescore !== undefined && src.rescore.length > 0) {
    r.rescore = src.rescore;
    r.rescoreWindow = Math.max(...src.rescore.map((x) => x.windowSize));
  }

}

/** `stored_fields` body/param forms. */
export function storedFieldsOf(v: unknown): string[] | '_none_' {
  const list = stringList(v);
  if (list.length === 1 && list[0] === '_none_') return '_none_';
  return list;
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

export { sourceOption, toSortSpec };
