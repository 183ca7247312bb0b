/**
 * Entry point of the query DSL parser: `parseQuery(json)` turns a query object such as
 * `{"match": {"title": "quick"}}` into a typed {@link Query}, failing exactly as ES 5.6's
 * `QueryParseContext.parseInnerQueryBuilder` does:
 *
 * - not an object → `[_na] query malformed, must start with start_object`
 * - `{}` → no query (ES's `Optional.empty()`; `parseQuery` turns it into match_all)
 * - `{"term": "x"}` → `[term] query malformed, no start_object after query name`
 * - `{"foo": {}}` → `no [query] registered for [foo]`
 * - `{"term": {...}, "match": {...}}` → `[term] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`
 *
 * All are `parsing_exception` (400) with `line`/`col` of the offending token (see
 * {@link ParseOptions}).
 */
import { EsError, toEsError } from '../errors/errors.js';
import { ParseContext, type At, type ParseOptions } from './parse-context.js';
import type { Query } from './query-types.js';
import { isObject, type JsonObject } from './xcontent.js';
import { parseBool } from './queries/bool.js';
import { parseBoosting } from './queries/boosting.js';
import { parseCommon } from './queries/common.js';
import { parseConstantScore } from './queries/constant-score.js';
import { parseDisMax } from './queries/dis-max.js';
import { parseExists } from './queries/exists.js';
import { parseFunctionScore } from './queries/function-score.js';
import { parseFuzzy } from './queries/fuzzy.js';
import { parseGeoBoundingBox, parseGeoDistance, parseGeoPolygon } from './queries/geo.js';
import { parseHasChild } from './queries/has-child.js';
import { parseHasParent } from './queries/has-parent.js';
import { parseIds } from './queries/ids.js';
import { MATCH_ALL, parseMatchAll, parseMatchNone } from './queries/match-all.js';
import { parseMatch } from './queries/match.js';
import { parseMatchPhrase, parseMatchPhrasePrefix } from './queries/match-phrase.js';
import { parseMoreLikeThis } from './queries/more-like-this.js';
import { parseMultiMatch } from './queries/multi-match.js';
import { parsePrefix, parseRegexp, parseWildcard } from './queries/multi-term.js';
import { parseNested } from './queries/nested.js';
import { parseParentId } from './queries/parent-id.js';
import { parsePercolate } from './queries/percolate.js';
import { parseQueryString } from './queries/query-string.js';
import { parseRange } from './queries/range.js';
import { parseScriptQuery } from './queries/script.js';
import { parseSimpleQueryString } from './queries/simple-query-string.js';
import { parseSpanCompound, parseSpanTerm } from './queries/span.js';
import { parseTerm } from './queries/term.js';
import { parseTerms } from './queries/terms.js';
import { parseType } from './queries/type.js';
import { parseTemplateQuery } from './queries/template.js';
import { own } from '../dict.js';
import { parseJsonBody } from '../units/json-body.js';

export type { ParseOptions } from './parse-context.js';
export type { Query, QueryKind } from './query-types.js';

type QueryParser = (ctx: ParseContext, body: JsonObject, name: string) => Query | null;

/** Registered query names (ES 5.6 `SearchModule`), deprecated aliases included. */
const REGISTRY: Record<string, QueryParser> = {
  match_all: parseMatchAll,
  match_none: parseMatchNone,
  match: parseMatch,
  match_phrase: parseMatchPhrase,
  match_phrase_prefix: parseMatchPhrasePrefix,
  multi_match: parseMultiMatch,
  common: parseCommon,
  query_string: parseQueryString,
  simple_query_string: parseSimpleQueryString,
  term: parseTerm,
  terms: parseTerms,
  in: parseTerms,
  range: parseRange,
  exists: parseExists,
  prefix: parsePrefix,
  wildcard: parseWildcard,
  regexp: parseRegexp,
  fuzzy: parseFuzzy,
  type: parseType,
  ids: parseIds,
  bool: parseBool,
  constant_score: parseConstantScore,
  dis_max: parseDisMax,
  boosting: parseBoosting,
  function_score: parseFunctionScore,
  nested: parseNested,
  has_child: parseHasChild,
  has_parent: parseHasParent,
  parent_id: parseParentId,
  percolate: parsePercolate,
  geo_distance: parseGeoDistance,
  geo_bounding_box: parseGeoBoundingBox,
  geo_bbox: parseGeoBoundingBox,
  geo_polygon: parseGeoPolygon,
  more_like_this: parseMoreLikeThis,
  mlt: parseMoreLikeThis,
  script: parseScriptQuery,
  span_term: parseSpanTerm,
  span_first: parseSpanCompound,
  span_near: parseSpanCompound,
  span_or: parseSpanCompound,
  span_not: parseSpanCompound,
  span_containing: parseSpanCompound,
  span_within: parseSpanCompound,
  span_multi: parseSpanCompound,
  field_masking_span: parseSpanCompound,
  wrapper: parseWrapper,
  template: parseTemplateQuery,
};

/**
 * Query types ES 5.6 registers that Strata does not parse yet. They fail with a
 * `parsing_exception` naming the gap instead of ES's "no [query] registered".
 */
const NOT_SUPPORTED = new Set(['indices', 'geo_distance_range', 'geohash_cell', 'geo_shape']);

/** Names of the query types `parseQuery` accepts. */
export const SUPPORTED_QUERY_NAMES: readonly string[] = Object.keys(REGISTRY);

/** `parseInnerQueryBuilder`: parse one query clause; `null` for an empty clause `{}`. */
function parseInner(ctx: ParseContext, value: unknown, at: At): Query | null {
  if (!isObject(value)) throw ctx.error('[_na] query malformed, must start with start_object', at);
  const keys = Object.keys(value);
  const name = keys[0];
  if (name === undefined) return null;
  const body = value[name];
  if (!isObject(body)) {
    throw ctx.error(`[${name}] query malformed, no start_object after query name`, ctx.atValue(value, name));
  }
  const parser = own(REGISTRY, name);
  if (!parser) {
    if (NOT_SUPPORTED.has(name)) {
      throw ctx.error(`[${name}] query is not supported by this server`, ctx.atValue(value, name));
    }
    throw ctx.error(`no [query] registered for [${name}]`, ctx.atValue(value, name));
  }
  const result = parser(ctx, body, name);
  const second = keys[1];
  if (second !== undefined) {
    throw ctx.error(`[${name}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`, ctx.atName(value, second));
  }
  return result;
}

/**
 * `wrapper`: `{"wrapper": {"query": "<base64 JSON>"}}` — the decoded query replaces the wrapper
 * (ES rewrites it the same way). Positions in errors refer to the decoded text.
 */
function parseWrapper(ctx: ParseContext, body: JsonObject): Query | null {
  let source: string | undefined;
  for (const [key, v] of Object.entries(body)) {
    if (key !== 'query') throw ctx.error(`[wrapper] query malformed, unknown field [${key}]`, ctx.atValue(body, key));
    if (typeof v !== 'string') throw ctx.error('[wrapper] query malformed', ctx.atValue(body, key));
    source = Buffer.from(v, 'base64').toString('utf8');
  }
  if (source === undefined) throw ctx.error('wrapper query has no [query] specified', ctx.atEnd(body));
  let json: unknown;
  try {
    json = parseJsonBody(source);
  } catch (e) {
    throw new EsError('json_parse_exception', 400, toEsError(e).reason);
  }
  return parseOptionalQuery(json, { source });
}

/**
 * Parse a query object; `null` when it is the empty clause `{}` (ES treats that as "no query":
 * a search with `"query": {}` matches everything).
 */
export function parseOptionalQuery(json: unknown, opts: ParseOptions = {}): Query | null {
  const ctx = new ParseContext(json, opts, parseInner);
  return parseInner(ctx, json, ctx.atStart(isObject(json) ? json : {}));
}

/**
 * Parse a query object into a typed {@link Query}. The empty clause `{}` yields match_all.
 * @param json the query object, e.g. `body.query`
 * @param opts the original request text for exact error positions
 * @throws EsError parsing_exception / illegal_argument_exception / ... as ES 5.6
 */
export function parseQuery(json: unknown, opts: ParseOptions = {}): Query {
  return parseOptionalQuery(json, opts) ?? MATCH_ALL;
}

/** Build a parse context sharing this module's nested-query parser (used by search-source). */
export function newParseContext(root: unknown, opts: ParseOptions = {}): ParseContext {
  return new ParseContext(root, opts, parseInner);
}

/**
 * `QueryParseContext.parseTopLevelQueryBuilder`: a body holding only `query` (count, explain,
 * delete-by-query, validate). Any other key fails with `request does not support [x]`.
 * @returns the query, or null when absent or `{}`
 */
export function parseTopLevelQuery(body: unknown, opts: ParseOptions = {}): Query | null {
  const ctx = new ParseContext(body, opts, parseInner);
  if (!isObject(body)) throw ctx.error('[_na] query malformed, must start with start_object', { kind: 'unknown' });
  let query: Query | null = null;
  for (const key of Object.keys(body)) {
    if (key !== 'query') throw ctx.error(`request does not support [${key}]`, ctx.atName(body, key));
    query = parseInner(ctx, body[key], ctx.atValue(body, key));
  }
  return query;
}
