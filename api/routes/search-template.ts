/**
 * Search templates: render (`/_render/template[/{id}]`), stored templates
 * (`/_search/template/{id}`, and the 5.x `/_scripts/{lang}/{id}` forms), search through a
 * template (`/[{index}/[{type}/]]_search/template`) and `_msearch/template`. As ES 5.6's
 * `TransportSearchTemplateAction`, the rendered text replaces the whole search source: of the
 * URI parameters only the request-level ones (indices options, routing, preference, search
 * type, scroll, request cache) survive; `explain` comes from the template request.
 */
import type { RestRequest, RestResponse, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { deprecationHeaders, objectBody, optionalInt } from './common.js';
import { checkMaxConcurrentSearches, runMultiSearch } from '../../lib/action/search/msearch-concurrency.js';
import { EsError, illegalArgument, toEsError } from '../../lib/errors/errors.js';
import {
  parseSearchTemplateBody,
  renderSearchTemplate,
  renderToJson,
  templateLookup,
  type SearchTemplateRequest,
} from '../../lib/action/templates/search-template.js';
import {
  deleteStoredTemplate,
  getStoredTemplate,
  putStoredTemplate,
  templateSourceOf,
} from '../../lib/action/templates/stored-search-templates.js';
import { applySearchBody, newSearchRequest, type SearchRequest } from '../../lib/action/search/search-request.js';
import { search } from '../../lib/action/search/search-action.js';
import { startScroll } from '../../lib/action/search/scroll.js';
import { parseMsearch } from '../../lib/action/search/msearch-action.js';
import { indicesOptionsFrom, splitExpression, STRICT_EXPAND_OPEN } from '../../lib/action/resolve-indices.js';
import { parseJsonBody } from '../../lib/units/json-body.js';
import { SEARCH_PARAMS, applyRequestLevelParams } from './search-params.js';
import { buildErrorBody } from '../rest/error-body.js';

/**
 * Render a template and apply the result as the search source of `r`. The rendered text is
 * parsed like a request body (Jackson errors such as `json_e_o_f_exception` for a template
 * that renders to truncated JSON).
 */
function applyTemplate(ctx: NodeContext, r: SearchRequest, t: SearchTemplateRequest): void {
  const text = renderSearchTemplate(ctx, t);
  let json: unknown;
  try {
    json = parseJsonBody(text);
  } catch (e) {
    throw errorBeforeTruncation(e, text);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new EsError('parsing_exception', 400, 'Expected [START_OBJECT] but found [' + (Array.isArray(json) ? 'START_ARRAY' : 'VALUE') + ']');
  }
  applySearchBody(r, json as Record<string, unknown>, text, { templateSource: templateLookup(ctx) });
  if (t.explain) r.explain = true;
}

/**
 * ES parses the rendered source as a stream, so in a template that renders to truncated JSON
 * an error in the part before the truncation (say an unknown query) wins over Jackson's
 * end-of-input error. Emulated by closing the open objects/arrays and parsing that: its error,
 * if any, is the one ES meets first.
 */
function errorBeforeTruncation(eofError: unknown, text: string): unknown {
  if (!(eofError instanceof EsError) || eofError.type !== 'json_e_o_f_exception') return eofError;
  const closers: string[] = [];
  let inString = false;
  let last = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') closers.push('}');
    else if (c === '[') closers.push(']');
    else if (c === '}' || c === ']') closers.pop();
    if (!/\s/.test(c)) last = c;
  }
  if (inString || last === ':' || last === ',') return eofError;
  const closedText = text + closers.reverse().join('');
  let closed: unknown;
  try {
    closed = JSON.parse(closedText);
  } catch {
    return eofError;
  }
  if (closed === null || typeof closed !== 'object' || Array.isArray(closed)) return eofError;
  try {
    applySearchBody(newSearchRequest([], []), closed as Record<string, unknown>, closedText);
  } catch (e) {
    // Only an error at a token of the rendered text counts; one at an added closer is where
    // ES would have hit the end of input instead.
    const line = e instanceof EsError ? e.metadata['line'] : undefined;
    const col = e instanceof EsError ? e.metadata['col'] : undefined;
    if (typeof line === 'number' && typeof col === 'number') {
      const lineStart = text.split('\n').slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
      if (lineStart + col - 1 < text.trimEnd().length - 1) return e;
    }
  }
  return eofError;
}

/** Run one search request (a scroll when `scroll` is set). */
async function runSearch(ctx: NodeContext, r: SearchRequest): Promise<Record<string, unknown>> {
  return r.scrollMs !== undefined ? startScroll(ctx, r) : search(ctx, r);
}

/** `GET|POST /[{index}/[{type}/]]_search/template`. */
async function searchTemplate(ctx: NodeContext, req: RestRequest): Promise<RestResponse> {
  const t = parseSearchTemplateBody(objectBody(req));
  const r = newSearchRequest(splitExpression(req.pathParams.index), splitExpression(req.pathParams.type));
  r.indicesOptions = indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN);
  const st = req.param('search_type');
  if (st === 'dfs_query_then_fetch') r.searchType = 'dfs_query_then_fetch';
  applyRequestLevelParams(req, r);
  // The source-level parameters are read and dropped: the template is the whole source.
  for (const p of TEMPLATE_SEARCH_PARAMS) req.param(p);
  applyTemplate(ctx, r, t);
  const body = await runSearch(ctx, r);
  return { status: 200, body, headers: deprecationHeaders(r.warnings) };
}

/**
 * `POST /[{index}/[{type}/]]_msearch/template`: msearch headers, each followed by a search
 * template request. Every template request is parsed and validated first (one bad body fails
 * the whole request, as in 5.6); rendering and searching fail per item, the item answering
 * `{error}` (5.6's `MultiSearchTemplateResponse` renders no per-item `status`).
 */
async function multiSearchTemplate(ctx: NodeContext, req: RestRequest): Promise<RestResponse> {
  const text = req.rawBody?.toString('utf8') ?? '';
  const st = req.param('search_type');
  const max = optionalInt(req, 'max_concurrent_searches');
  if (max !== undefined) checkMaxConcurrentSearches(max);
  const typedKeys = req.paramAsBool('typed_keys', false);
  const defaults = {
    ...(req.pathParams.index !== undefined ? { index: req.pathParams.index } : {}),
    ...(req.pathParams.type !== undefined ? { type: req.pathParams.type } : {}),
    ...(st !== undefined ? { searchType: st } : {}),
  };
  const items: Array<{ r: SearchRequest; t: SearchTemplateRequest }> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = (lines[i] as string).trim();
    if (header === '') continue;
    // The header alone (no body line) gives the request's indices, types, routing, ...
    const [r] = parseMsearch(header + '\n', defaults);
    const bodyText = (lines[++i] ?? '').trim();
    const body = bodyText === '' ? {} : parseJsonBody(bodyText);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw illegalArgument('search template request must be an object');
    (r as SearchRequest).typedKeys = typedKeys;
    items.push({ r: r as SearchRequest, t: parseSearchTemplateBody(body as Record<string, unknown>) });
  }
  const responses = await runMultiSearch(ctx, items, max, async ({ r, t }) => {
    try {
      applyTemplate(ctx, r, t);
      return await runSearch(ctx, r);
    } catch (e) {
      return { error: buildErrorBody(toEsError(e), false).body.error };
    }
  });
  return { status: 200, body: { responses }, headers: deprecationHeaders([...new Set(items.flatMap(({ r }) => r.warnings))]) };
}

/**
 * 5.6's `RestSearchTemplateAction` reads every `_search` URI parameter (so none is rejected as
 * unrecognized) before the rendered template replaces the search source; `profile` too.
 */
const TEMPLATE_SEARCH_PARAMS = [...new Set([...SEARCH_PARAMS, 'profile'])];

export function searchTemplateRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET', 'POST'],
      paths: ['/_render/template', '/_render/template/{id}'],
      params: [],
      handler: (req) => {
        const body = objectBody(req);
        const parsed = parseSearchTemplateBody(body, req.pathParams.id);
        return { status: 200, body: { template_output: renderToJson(ctx, parsed) } };
      },
    },
    {
      methods: ['POST', 'PUT'],
      paths: ['/_search/template/{id}'],
      params: ['timeout', 'master_timeout', 'op_type', 'version', 'version_type'],
      handler: async (req) => {
        for (const p of ['timeout', 'master_timeout', 'op_type', 'version', 'version_type']) req.param(p);
        if (!req.hasBody()) throw illegalArgument('request body is required');
        return { status: 200, body: await putStoredTemplate(ctx, req.pathParams.id!, templateSourceOf(objectBody(req))) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_search/template/{id}'],
      params: [],
      handler: (req) => {
        const id = req.pathParams.id!;
        const s = getStoredTemplate(ctx, id);
        const body: Record<string, unknown> = { _id: id, lang: 'mustache', found: s !== undefined };
        if (s) body.template = s.source;
        return { status: s ? 200 : 404, body };
      },
    },
    {
      methods: ['DELETE'],
      paths: ['/_search/template/{id}'],
      params: ['timeout', 'master_timeout', 'version', 'version_type'],
      handler: async (req) => {
        for (const p of ['timeout', 'master_timeout', 'version', 'version_type']) req.param(p);
        return { status: 200, body: await deleteStoredTemplate(ctx, req.pathParams.id!) };
      },
    },
    {
      methods: ['POST', 'PUT'],
      paths: ['/_scripts/{lang}/{id}'],
      params: ['timeout', 'master_timeout'],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        if (!req.hasBody()) throw illegalArgument('request body is required');
        const lang = req.pathParams.lang!;
        return { status: 200, body: await putStoredTemplate(ctx, req.pathParams.id!, templateSourceOf(objectBody(req)), lang) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_scripts/{lang}/{id}'],
      params: [],
      handler: (req) => {
        const id = req.pathParams.id!;
        const lang = req.pathParams.lang!;
        const s = getStoredTemplate(ctx, id);
        const found = s !== undefined && s.lang === lang;
        const body: Record<string, unknown> = { _id: id, lang, found };
        if (found) body[lang === 'mustache' ? 'template' : 'script'] = s.source;
        return { status: found ? 200 : 404, body };
      },
    },
    {
      methods: ['DELETE'],
      paths: ['/_scripts/{lang}/{id}'],
      params: ['timeout', 'master_timeout'],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        return { status: 200, body: await deleteStoredTemplate(ctx, req.pathParams.id!) };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_search/template', '/{index}/_search/template', '/{index}/{type}/_search/template'],
      params: TEMPLATE_SEARCH_PARAMS,
      handler: (req) => searchTemplate(ctx, req),
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_msearch/template', '/{index}/_msearch/template', '/{index}/{type}/_msearch/template'],
      params: ['search_type', 'max_concurrent_searches', 'typed_keys'],
      handler: (req) => multiSearchTemplate(ctx, req),
    },
  ];
}
