/**
 * Build a SearchRequest from a REST request: path indices/types, the body, then the URI
 * parameters ES 5.6's `RestSearchAction.parseSearchRequest` reads (they override the body).
 */
import type { RestRequest } from '../types.js';
import { EsError } from '../../lib/errors/errors.js';
import { parseQuery } from '../../lib/dsl/parse-query.js';
import { applySearchBody, newSearchRequest, parseTimeout, storedFieldsOf, type SearchRequest } from '../../lib/action/search/search-request.js';
import type { ParseOptions } from '../../lib/dsl/parse-context.js';
import { parseSortParam } from '../../lib/dsl/sort-spec.js';
import { splitExpression } from '../../lib/action/resolve-indices.js';
import { sourceParam } from './source-params.js';
import { parseSuggestBody } from '../../lib/dsl/suggest.js';
import type { SearchSource } from '../../lib/dsl/search-source.js';
import type { FetchSource } from '../../lib/dsl/source-filter.js';
import { parseTimeValue } from '../../lib/units/time-value.js';

/** URI parameters of `_search`. */
export const SEARCH_PARAMS = [
  'q', 'df', 'analyzer', 'analyze_wildcard', 'default_operator', 'lenient', 'from', 'size', 'sort', '_source', '_source_include',
  '_source_includes', '_source_exclude', '_source_excludes', 'stored_fields', 'fields', 'docvalue_fields', 'fielddata_fields', 'terminate_after',
  'timeout', 'search_type', 'request_cache', 'routing', 'preference', 'scroll', 'version', 'explain', 'track_scores', 'ignore_unavailable',
  'allow_no_indices', 'expand_wildcards', 'typed_keys', 'batched_reduce_size', 'suggest_field', 'suggest_mode', 'suggest_size', 'suggest_text', 'stats',
];

/**
 * The `q` family as a query_string query object (`df`, `analyzer`, `default_operator`, ...), as
 * 5.6's `RestActions.urlParamsToQueryBuilder` (which no longer reads `lowercase_expanded_terms`,
 * removed in 5.1, so that parameter is refused as unrecognized).
 */
export function uriQuery(req: RestRequest): Record<string, unknown> | undefined {
  const q = req.param('q');
  const df = req.param('df');
  const analyzer = req.param('analyzer');
  const aw = req.param('analyze_wildcard');
  const op = req.param('default_operator');
  const lenient = req.param('lenient');
  if (q === undefined) return undefined;
  const body: Record<string, unknown> = { query: q };
  if (df !== undefined) body.default_field = df;
  if (analyzer !== undefined) body.analyzer = analyzer;
  if (aw !== undefined) body.analyze_wildcard = aw !== 'false';
  if (op !== undefined) body.default_operator = op;
  if (lenient !== undefined) body.lenient = lenient !== 'false';
  return { query_string: body };
}

function searchType(v: string | undefined): SearchRequest['searchType'] {
  if (v === undefined || v === 'query_then_fetch') return 'query_then_fetch';
  if (v === 'dfs_query_then_fetch') return 'dfs_query_then_fetch';
  if (v === 'query_and_fetch' || v === 'dfs_query_and_fetch') throw new EsError('illegal_argument_exception', 400, `Unsupported search type [${v}]`);
  throw new EsError('illegal_argument_exception', 400, `No search type for [${v}]`);
}

/** The request of `GET|POST /{index}/{type}/_search`. */
export function searchRequestFrom(
  req: RestRequest,
  body?: { json: Record<string, unknown>; text?: string },
  parse: Pick<ParseOptions, 'templateSource'> = {},
): SearchRequest {
  const r = newSearchRequest(splitExpression(req.pathParams.index), splitExpression(req.pathParams.type));
  if (body) applySearchBody(r, body.json, body.text, parse);
  else if (req.hasBody()) {
    // A body that is not an object (`[]`, `"x"`) fails in parseSearchSource as in ES 5.6
    // (`Expected [START_OBJECT] but found [...]`) rather than being taken as match_all.
    applySearchBody(r, req.json<Record<string, unknown>>(), req.rawBody?.toString('utf8'), parse);
  }
  applyUriParams(req, r);
  return r;
}

/**
 * Apply `_search` URI parameters onto a request, and onto its search source as ES 5.6's
 * `RestSearchAction.parseSearchSource` sets them on the `SearchSourceBuilder` (the source a
 * search task's description renders).
 */
export function applyUriParams(req: RestRequest, r: SearchRequest): void {
  const set: SearchSource = {};
  const q = uriQuery(req);
  if (q) r.query = set.query = parseQuery(q);
  const from = req.param('from');
  if (from !== undefined) r.from = set.from = req.paramAsInt('from', 0);
  const size = req.param('size');
  if (size !== undefined) r.size = set.size = req.paramAsInt('size', 10);
  const sort = req.param('sort');
  if (sort !== undefined) {
    // SearchSourceBuilder#sort adds: the URI's sorts come after the body's, as in ES 5.6
    const uriSorts = parseSortParam(sort);
    r.sort = [...(r.sort ?? []), ...uriSorts];
    set.sort = [
      ...(r.sourceBuilder?.sort ?? []),
      ...uriSorts.map((x) => (x.field === '_score' ? { type: 'score' as const, order: x.order } : { type: 'field' as const, field: x.field, order: x.order })),
    ];
  }
  const source = sourceParam(req);
  if (source !== undefined) {
    r.source = source;
    set.source = fetchSourceOf(source);
  }
  if (req.param('fields') !== undefined) {
    throw new EsError('illegal_argument_exception', 400, 'The parameter [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or _source filtering if the field is not stored');
  }
  const stored = req.param('stored_fields');
  if (stored !== undefined) {
    r.storedFields = storedFieldsOf(stored.split(','));
    set.storedFields = r.storedFields === '_none_' ? { fetchFields: false } : { fetchFields: true, fields: r.storedFields };
  }
  const dv = req.param('docvalue_fields') ?? req.param('fielddata_fields');
  if (dv !== undefined) r.docvalueFields = set.docvalueFields = dv.split(',');
  const ta = req.param('terminate_after');
  if (ta !== undefined) r.terminateAfter = set.terminateAfter = req.paramAsInt('terminate_after', 0);
  const timeout = req.param('timeout');
  if (timeout !== undefined) {
    r.timeoutMs = parseTimeout(timeout);
    set.timeout = parseTimeValue(timeout, 'timeout');
  }
  const st = req.param('search_type');
  if (st === 'count') r.size = set.size = 0;
  else r.searchType = searchType(st);
  const brs = req.param('batched_reduce_size');
  if (brs !== undefined) {
    const n = req.paramAsInt('batched_reduce_size', 512);
    if (n < 2) throw new EsError('action_request_validation_exception', 400, 'Validation Failed: 1: batchedReduceSize must be >= 2;');
    r.batchedReduceSize = n;
  }
  applyRequestLevelParams(req, r);
  if (req.param('version') !== undefined) r.version = set.version = req.paramAsBool('version', false);
  if (req.param('explain') !== undefined) r.explain = set.explain = req.paramAsBool('explain', false);
  if (req.param('track_scores') !== undefined) r.trackScores = set.trackScores = req.paramAsBool('track_scores', false);
  applyUriSuggest(req, r);
  if (req.param('suggest_field') !== undefined && r.suggest) set.suggest = r.suggest;
  // RestSearchAction: `stats=g1,g2` replaces the body's groups
  const stats = req.param('stats');
  if (stats !== undefined) {
    const groups = stats.split(',').filter((g) => g.length > 0);
    // (an empty list is set on the builder too, and rendered as such)
    set.stats = groups;
    if (groups.length > 0) r.stats = groups;
    else delete r.stats;
  }
  // without URI parameters the body's source stands as it is (no copy per search)
  let any = false;
  for (const _ in set) {
    any = true;
    break;
  }
  if (any || r.sourceBuilder === undefined) r.sourceBuilder = { ...r.sourceBuilder, ...set };
}

/** The `_source` URL parameters as the source's `FetchSourceContext`. */
function fetchSourceOf(spec: unknown): FetchSource {
  if (typeof spec === 'boolean') return { fetchSource: spec, includes: [], excludes: [] };
  if (Array.isArray(spec)) return { fetchSource: true, includes: spec.map(String), excludes: [] };
  const o = spec as { includes: string[]; excludes: string[] };
  return { fetchSource: true, includes: o.includes, excludes: o.excludes };
}

/**
 * URI suggest (ES 5.6 `RestSearchAction`): `suggest_field` adds a `term` suggestion named after
 * the field, for `suggest_text` (or `q`), `suggest_size` (5) and `suggest_mode`. ES reads the
 * other three only when `suggest_field` is there, so alone they are unrecognized parameters.
 */
function applyUriSuggest(req: RestRequest, r: SearchRequest): void {
  const field = req.param('suggest_field');
  if (field === undefined) {
    const stray = ['suggest_mode', 'suggest_size', 'suggest_text'].filter((p) => req.param(p) !== undefined);
    if (stray.length > 0) {
      throw new EsError('illegal_argument_exception', 400, `request [${req.path}] contains unrecognized parameter${stray.length > 1 ? 's' : ''}: ${stray.map((p) => `[${p}]`).join(', ')}`);
    }
    return;
  }
  const suggest: Record<string, unknown> = { term: { field, size: req.paramAsInt('suggest_size', 5), ...(req.param('suggest_mode') !== undefined ? { suggest_mode: req.param('suggest_mode') } : {}) } };
  const text = req.param('suggest_text') ?? req.param('q');
  if (text !== undefined) suggest.text = text;
  r.suggest = parseSuggestBody({ [field]: suggest });
}

/**
 * The request-level parameters `_search` and `_search/template` share (the template replaces
 * the whole source, not these): `typed_keys`, `request_cache`, `routing`, `preference`, `scroll`.
 */
export function applyRequestLevelParams(req: RestRequest, r: SearchRequest): void {
  if (req.param('typed_keys') !== undefined) r.typedKeys = req.paramAsBool('typed_keys', false);
  const rc = req.param('request_cache');
  if (rc !== undefined) r.requestCache = rc !== 'false';
  const routing = req.param('routing');
  if (routing !== undefined) r.routing = routing.split(',');
  const pref = req.param('preference');
  if (pref !== undefined) r.preference = pref;
  const scroll = req.param('scroll');
  if (scroll !== undefined) r.scrollMs = parseTimeout(scroll);
}
