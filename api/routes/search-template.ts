/**
 * Search templates: render (`/_render/template[/{id}]`), stored templates
 * (`/_search/template/{id}`, and the 5.x `/_scripts/{lang}/{id}` forms), and search through a
 * template (`/[{index}/[{type}/]]_search/template`), which hands the rendered body to the search
 * API through {@link setTemplateSearchExecutor}.
 */
import type { RestRequest, RestResponse, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { objectBody } from './common.js';
import { EsError, illegalArgument } from '../../lib/errors/errors.js';
import { parseSearchTemplateBody, renderSearchTemplate, renderToJson } from '../../lib/action/templates/search-template.js';
import {
  deleteStoredTemplate,
  getStoredTemplate,
  putStoredTemplate,
  templateSourceOf,
} from '../../lib/action/templates/stored-search-templates.js';

/**
 * Runs a search for a rendered template body. `body` is the rendered search source text;
 * `req` still holds the path (`index`, `type`) and query parameters of the search.
 */
export type TemplateSearchExecutor = (ctx: NodeContext, req: RestRequest, body: string, opts: { explain?: boolean; profile?: boolean }) => Promise<RestResponse>;

let executor: TemplateSearchExecutor | undefined;

/** Wire the search API in (called by the search routes module). */
export function setTemplateSearchExecutor(fn: TemplateSearchExecutor): void {
  executor = fn;
}

const SEARCH_PARAMS = [
  'ignore_unavailable', 'allow_no_indices', 'expand_wildcards', 'preference', 'routing', 'scroll',
  'search_type', 'typed_keys', 'request_cache', 'explain', 'profile',
];

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
      params: SEARCH_PARAMS,
      handler: async (req) => {
        const parsed = parseSearchTemplateBody(objectBody(req));
        const rendered = renderSearchTemplate(ctx, parsed);
        if (!executor) throw new EsError('illegal_state_exception', 500, 'search is not available on this node');
        const opts: { explain?: boolean; profile?: boolean } = {};
        if (parsed.explain !== undefined) opts.explain = parsed.explain;
        if (parsed.profile !== undefined) opts.profile = parsed.profile;
        return executor(ctx, req, rendered, opts);
      },
    },
  ];
}
