/**
 * The deprecated percolate REST APIs of ES 5.6's percolator module (`RestPercolateAction`,
 * `RestMultiPercolateAction`): `_percolate` and `_percolate/count` on a given document or a
 * stored one (`/{index}/{type}/{id}/_percolate`, with `percolate_index`/`percolate_type` naming
 * where the queries are), and `_mpercolate`. The work is lib/action/search/percolate-action.ts.
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { EsError } from '../../lib/errors/errors.js';
import { multiPercolate, percolate, type PercolateRequest } from '../../lib/action/search/percolate-action.js';
import { indicesOptionsFrom, splitExpression, STRICT_EXPAND_OPEN } from '../../lib/action/resolve-indices.js';
import { templateLookup } from '../../lib/action/templates/search-template.js';
import { buildErrorBody } from '../rest/error-body.js';
import { optionalInt } from './common.js';
import { parseMultiPercolate } from '../../lib/action/search/mpercolate-parse.js';

const INDICES_OPTIONS = ['ignore_unavailable', 'allow_no_indices', 'expand_wildcards'];

function bodyOf(req: RestRequest): unknown {
  return req.hasBody() ? req.json<unknown>() : undefined;
}

/** `parseDocPercolate`: the document is in the body. */
function docRequest(req: RestRequest, onlyCount: boolean): PercolateRequest {
  const routing = req.param('routing');
  const preference = req.param('preference');
  const body = bodyOf(req);
  return {
    indices: splitExpression(req.pathParams.index),
    documentType: req.pathParams.type as string,
    onlyCount,
    indicesOptions: indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN),
    ...(routing !== undefined ? { routing } : {}),
    ...(preference !== undefined ? { preference } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}

/** `parseExistingDocPercolate`: the document is read from `/{index}/{type}/{id}`. */
function existingDocRequest(req: RestRequest, onlyCount: boolean): PercolateRequest {
  const p = req.pathParams;
  const index = p.index as string;
  const type = p.type as string;
  const routing = req.param('routing');
  req.param('preference');
  const version = optionalInt(req, 'version');
  const versionType = req.param('version_type');
  const percolateRouting = req.param('percolate_routing');
  const percolatePreference = req.param('percolate_preference');
  const body = bodyOf(req);
  return {
    indices: splitExpression(req.param('percolate_index') ?? index),
    documentType: req.param('percolate_type') ?? type,
    onlyCount,
    indicesOptions: indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN),
    get: {
      index,
      type,
      id: p.id as string,
      realtime: req.paramAsBool('realtime', true),
      refresh: req.paramAsBool('refresh', false),
      ...(routing !== undefined ? { routing } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(versionType !== undefined ? { versionType } : {}),
    },
    ...(percolateRouting !== undefined ? { routing: percolateRouting } : {}),
    ...(percolatePreference !== undefined ? { preference: percolatePreference } : {}),
    ...(body !== undefined ? { body } : {}),
  };
}

const DOC_PARAMS = ['routing', 'preference', ...INDICES_OPTIONS];
const EXISTING_PARAMS = ['routing', 'preference', 'realtime', 'refresh', 'version', 'version_type', 'percolate_index', 'percolate_type', 'percolate_routing', 'percolate_preference', ...INDICES_OPTIONS];

export function percolateRoutes(ctx: NodeContext): RouteDef[] {
  const parse = { templateSource: templateLookup(ctx) };
  const run = async (r: PercolateRequest) => ({ status: 200, body: await percolate(ctx, r, parse) });
  return [
    { methods: ['GET', 'POST'], paths: ['/{index}/{type}/_percolate'], params: DOC_PARAMS, handler: (req) => run(docRequest(req, false)) },
    { methods: ['GET', 'POST'], paths: ['/{index}/{type}/_percolate/count'], params: DOC_PARAMS, handler: (req) => run(docRequest(req, true)) },
    { methods: ['GET', 'POST'], paths: ['/{index}/{type}/{id}/_percolate'], params: EXISTING_PARAMS, handler: (req) => run(existingDocRequest(req, false)) },
    { methods: ['GET', 'POST'], paths: ['/{index}/{type}/{id}/_percolate/count'], params: EXISTING_PARAMS, handler: (req) => run(existingDocRequest(req, true)) },
    {
      methods: ['GET', 'POST'],
      paths: ['/_mpercolate', '/{index}/_mpercolate', '/{index}/{type}/_mpercolate'],
      params: INDICES_OPTIONS,
      handler: async (req) => {
        if (!req.hasBody()) throw new EsError('parse_exception', 400, 'request body or source parameter is required');
        const requests = parseMultiPercolate(req.rawBody?.toString('utf8') ?? '', {
          indices: splitExpression(req.pathParams.index),
          ...(req.pathParams.type !== undefined ? { documentType: req.pathParams.type } : {}),
          indicesOptions: indicesOptionsFrom((n) => req.param(n), STRICT_EXPAND_OPEN),
        });
        const items = await multiPercolate(ctx, requests, parse);
        return {
          status: 200,
          body: { responses: items.map((it) => ('ok' in it ? it.ok : { error: buildErrorBody(it.error, false).body.error })) },
        };
      },
    },
  ];
}
