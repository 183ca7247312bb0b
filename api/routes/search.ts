/**
 * Search-family REST routes: `_search`, `_search/scroll`, `_count`, `_msearch`, `_explain`,
 * `_validate/query` and `_cluster/settings`. Handlers only build typed requests and call the
 * actions in lib/action/search.
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { EsError, illegalArgument, requestBodyRequired } from '../../lib/errors/errors.js';
import { parseQuery } from '../../lib/dsl/parse-query.js';
import { search } from '../../lib/action/search/search-action.js';
import { clearScroll, continueScroll, startScroll } from '../../lib/action/search/scroll.js';
import { count } from '../../lib/action/search/count-action.js';
import { explainDocument } from '../../lib/action/search/explain-action.js';
import { searchShards } from '../../lib/action/search/search-shards.js';
import { javaClassOf, validateQuery } from '../../lib/action/search/validate-action.js';
import { multiSearch, parseMsearch } from '../../lib/action/search/msearch-action.js';
import { getClusterSettings, putClusterSettings } from '../../lib/action/search/cluster-settings.js';
import { newSearchRequest, parseTimeout } from '../../lib/action/search/search-request.js';
import { indicesOptionsFrom, splitExpression, STRICT_EXPAND_OPEN } from '../../lib/action/resolve-indices.js';
import { buildErrorBody } from '../rest/error-body.js';
import { SEARCH_PARAMS, searchRequestFrom, uriQuery } from './search-params.js';
import { sourceParam } from './source-params.js';
import { deprecationHeaders, optionalInt } from './common.js';
import { checkMaxConcurrentSearches } from '../../lib/action/search/msearch-concurrency.js';
import { templateLookup } from '../../lib/action/templates/search-template.js';
import { sniffContentType } from '../rest/content-type.js';
import { tokenOf } from '../../lib/dsl/xcontent.js';

function bodyObject(req: RestRequest): Record<string, unknown> | undefined {
  if (!req.hasBody()) return undefined;
  const j = req.json<unknown>();
  if (j === null || typeof j !== 'object' || Array.isArray(j)) {
    throw new EsError('parsing_exception', 400, `Expected [START_OBJECT] but found [${tokenOf(j)}]`, { metadata: { line: 1, col: 1 } });
  }
  return j as Record<string, unknown>;
}

/**
 * The body of the scroll APIs: an object when the bytes sniff as JSON/YAML, else undefined (the
 * body is then the plain-text scroll id, as 5.6's `RestActions.guessBodyContentType` decides).
 */
function scrollBody(req: RestRequest): Record<string, unknown> | undefined {
  return req.hasBody() && sniffContentType(req.rawBody!) !== undefined ? bodyObject(req) : undefined;
}

/**
 * The scroll ids of a clear-scroll body, as ES 5.6's `RestClearScrollAction#buildFromContent`
 * reads them: `scroll_id` is an array of values (a single string is 6.0's API, refused by 5.6),
 * and any other key is refused. The body replaces the ids of the URL.
 */
function clearScrollIds(body: Record<string, unknown>): string[] {
  const ids: string[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (k !== 'scroll_id' || !Array.isArray(v)) throw illegalArgument(`Unknown parameter [${k}] in request body or parameter is of the wrong type[${tokenOf(v)}] `);
    for (const id of v) {
      if (id === null || typeof id === 'object') throw illegalArgument('scroll_id array element should only contain scroll_id');
      ids.push(String(id));
    }
  }
  return ids;
}

/** `{query: ...}` bodies of count/explain/validate (`RestActions.getQueryContent`). */
function queryContent(req: RestRequest): unknown {
  const body = bodyObject(req);
  if (!body) return undefined;
  let query: unknown;
  for (const [k, v] of Object.entries(body)) {
    if (k === 'query') query = v;
    else throw new EsError('parsing_exception', 400, `request does not support [${k}]`, { metadata: { line: 1, col: 1 } });
  }
  return query;
}

function queryFrom(req: RestRequest): ReturnType<typeof parseQuery> | undefined {
  const uri = uriQuery(req);
  const body = queryContent(req);
  if (uri) return parseQuery(uri);
  if (body !== undefined) return parseQuery(body, { source: req.rawBody?.toString('utf8') ?? '', sourceRoot: req.json() });
  return undefined;
}

export function searchRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET', 'POST'],
      paths: ['/_search', '/{index}/_search', '/{index}/{type}/_search'],
      params: SEARCH_PARAMS,
      handler: async (req) => {
        const r = searchRequestFrom(req, undefined, { templateSource: templateLookup(ctx) });
        r.indicesOptions = indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN);
        const body = r.scrollMs !== undefined ? await startScroll(ctx, r) : await search(ctx, r);
        return { status: 200, body, headers: deprecationHeaders(r.warnings) };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_search/scroll', '/_search/scroll/{scroll_id}'],
      params: ['scroll', 'scroll_id'],
      plainText: true,
      handler: async (req) => {
        const body = scrollBody(req);
        let id = req.pathParams.scroll_id ?? req.param('scroll_id');
        let scroll = req.param('scroll');
        if (body) {
          // ES 5.6 RestSearchScrollAction#buildFromContent: string values only.
          for (const [k, v] of Object.entries(body)) {
            if (typeof v !== 'string' || (k !== 'scroll_id' && k !== 'scroll')) {
              throw illegalArgument(`Unknown parameter [${k}] in request body or parameter is of the wrong type[${tokenOf(v)}] `);
            }
          }
          if (body['scroll_id'] !== undefined) id = String(body['scroll_id']);
          if (body['scroll'] !== undefined) scroll = String(body['scroll']);
        } else if (req.hasBody() && id === undefined) id = req.rawBody?.toString('utf8').trim();
        if (!id) throw new EsError('action_request_validation_exception', 400, 'Validation Failed: 1: scrollId is missing;');
        return { status: 200, body: await continueScroll(ctx, id, scroll !== undefined ? parseTimeout(scroll) : undefined) };
      },
    },
    {
      methods: ['DELETE'],
      paths: ['/_search/scroll', '/_search/scroll/{scroll_id}'],
      params: ['scroll_id'],
      plainText: true,
      handler: async (req) => {
        const body = scrollBody(req);
        let ids = splitExpression(req.pathParams.scroll_id ?? req.param('scroll_id'));
        if (body) ids = clearScrollIds(body);
        else if (req.hasBody()) ids = splitExpression(req.rawBody?.toString('utf8').trim());
        if (ids.length === 0) throw new EsError('action_request_validation_exception', 400, 'Validation Failed: 1: no scroll ids specified;');
        const out = await clearScroll(ctx, ids);
        return { status: out.found ? 200 : 404, body: out.body };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_count', '/{index}/_count', '/{index}/{type}/_count'],
      params: ['q', 'df', 'analyzer', 'analyze_wildcard', 'default_operator', 'lenient', 'min_score', 'terminate_after', 'routing', 'preference', 'ignore_unavailable', 'allow_no_indices', 'expand_wildcards'],
      handler: async (req) => {
        const r = newSearchRequest(splitExpression(req.pathParams.index), splitExpression(req.pathParams.type));
        r.indicesOptions = indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN);
        // ES 5.6 RestCountAction: a size-0 search source with the query, min_score and terminate_after
        r.sourceBuilder = { size: 0 };
        const q = queryFrom(req);
        if (q) r.query = r.sourceBuilder.query = q;
        const ms = req.param('min_score');
        if (ms !== undefined) r.minScore = r.sourceBuilder.minScore = Number(ms);
        const ta = req.param('terminate_after');
        if (ta !== undefined) r.terminateAfter = r.sourceBuilder.terminateAfter = req.paramAsInt('terminate_after', 0);
        const routing = req.param('routing');
        if (routing !== undefined) r.routing = routing.split(',');
        const pref = req.param('preference');
        if (pref !== undefined) r.preference = pref;
        return { status: 200, body: await count(ctx, r) };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_msearch', '/{index}/_msearch', '/{index}/{type}/_msearch'],
      params: ['search_type', 'max_concurrent_searches', 'typed_keys', 'pre_filter_shard_size'],
      handler: async (req) => {
        // ES 5.6 `RestRequest#contentOrSourceParam`.
        if (!req.hasBody()) throw new EsError('parse_exception', 400, 'request body or source parameter is required');
        const text = req.rawBody?.toString('utf8') ?? '';
        const st = req.param('search_type');
        const max = optionalInt(req, 'max_concurrent_searches');
        if (max !== undefined) checkMaxConcurrentSearches(max);
        const typedKeys = req.paramAsBool('typed_keys', false);
        const requests = parseMsearch(text, {
          ...(req.pathParams.index !== undefined ? { index: req.pathParams.index } : {}),
          ...(req.pathParams.type !== undefined ? { type: req.pathParams.type } : {}),
          ...(st !== undefined ? { searchType: st } : {}),
        }, { templateSource: templateLookup(ctx) });
        for (const r of requests) r.typedKeys = typedKeys;
        const items = await multiSearch(ctx, requests, max);
        return {
          status: 200,
          // Deprecations met parsing any item (e.g. a `template` query) go out as headers.
          headers: deprecationHeaders([...new Set(requests.flatMap((r) => r.warnings))]),
          body: {
            responses: items.map((it) => {
              if ('ok' in it) return { ...it.ok, status: 200 };
              const b = buildErrorBody(it.error, false);
              return { error: b.body.error, status: b.status };
            }),
          },
        };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/{index}/{type}/{id}/_explain'],
      params: ['q', 'df', 'analyzer', 'analyze_wildcard', 'default_operator', 'lenient', 'routing', 'parent', 'preference', 'stored_fields', 'fields', '_source', '_source_include', '_source_includes', '_source_exclude', '_source_excludes'],
      handler: async (req) => {
        const q = queryFrom(req);
        if (!q) throw new EsError('action_request_validation_exception', 400, 'Validation Failed: 1: query is missing;');
        const routing = req.param('routing') ?? req.param('parent');
        req.param('preference');
        const stored = req.param('stored_fields');
        const source = sourceParam(req);
        const out = await explainDocument(ctx, {
          index: req.pathParams.index as string,
          type: req.pathParams.type as string,
          id: req.pathParams.id as string,
          query: q,
          ...(routing !== undefined ? { routing } : {}),
          ...(source !== undefined ? { source } : {}),
          ...(stored !== undefined ? { storedFields: stored.split(',') } : {}),
        });
        return out;
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_search_shards', '/{index}/_search_shards', '/{index}/{type}/_search_shards'],
      params: ['routing', 'preference', 'local', 'ignore_unavailable', 'allow_no_indices', 'expand_wildcards'],
      handler: async (req) => {
        req.paramAsBool('local', false);
        const routing = req.paramAsList('routing');
        const preference = req.param('preference');
        const body = searchShards(ctx, {
          indices: splitExpression(req.pathParams.index),
          ...(routing ? { routing } : {}),
          ...(preference !== undefined ? { preference } : {}),
          indicesOptions: indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN),
        });
        return { status: 200, body };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_validate/query', '/{index}/_validate/query', '/{index}/{type}/_validate/query'],
      params: ['q', 'df', 'analyzer', 'analyze_wildcard', 'default_operator', 'lenient', 'explain', 'rewrite', 'all_shards', 'ignore_unavailable', 'allow_no_indices', 'expand_wildcards', 'operation_threading'],
      handler: async (req) => {
        const explain = req.paramAsBool('explain', false);
        const rewrite = req.paramAsBool('rewrite', false);
        req.param('all_shards');
        req.param('operation_threading');
        let query;
        try {
          query = queryFrom(req);
        } catch (e) {
          if (!(e instanceof EsError)) throw e;
          const body: Record<string, unknown> = { valid: false };
          if (explain) body.error = `${javaClassOf(e)}: ${e.reason}`;
          return { status: 200, body };
        }
        const body = await validateQuery(ctx, {
          indices: splitExpression(req.pathParams.index),
          types: splitExpression(req.pathParams.type),
          query: query ?? { kind: 'match_all', boost: 1 },
          explain,
          rewrite,
          indicesOptions: indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN),
        });
        return { status: 200, body };
      },
    },
    {
      methods: ['PUT'],
      paths: ['/_cluster/settings'],
      params: ['flat_settings', 'master_timeout', 'timeout'],
      handler: async (req) => {
        const flat = req.paramAsBool('flat_settings', false);
        req.param('master_timeout');
        req.param('timeout');
        if (!req.hasBody()) throw requestBodyRequired();
        return { status: 200, body: await putClusterSettings(ctx, bodyObject(req) ?? {}, flat) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_cluster/settings'],
      params: ['flat_settings', 'master_timeout', 'timeout', 'include_defaults', 'local'],
      handler: (req) => {
        const flat = req.paramAsBool('flat_settings', false);
        for (const p of ['master_timeout', 'timeout', 'include_defaults', 'local']) req.param(p);
        return { status: 200, body: getClusterSettings(ctx, flat) };
      },
    },
  ];
}
