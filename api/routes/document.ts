/**
 * Single-document APIs: index, create, get, exists, get source, delete, update. Each write is a
 * one-item bulk through `executeBulk`, so every write takes the same path.
 */
import type { RouteDef, RestRequest, RestResponse } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { executeBulk } from '../../lib/action/bulk/execute-bulk.js';
import type { BulkItemRequest } from '../../lib/action/bulk/types.js';
import { getDocument } from '../../lib/action/document/get-document.js';
import { sourceParam, storedFieldsParam } from './source-params.js';
import { deprecationHeaders, objectBody, optionalInt, refreshPolicy, versionType, versionTypeWarnings, writeResponse } from './common.js';
import { parseUpdateBody } from '../../lib/action/bulk/parse-update.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { parseActiveShardCount, writeWaitOptions } from '../../lib/action/active-shard-count.js';
import { validateIndexName } from '../../lib/cluster/index-name.js';

const WRITE_PARAMS = ['refresh', 'routing', 'parent', 'timeout', 'version', 'version_type', 'wait_for_active_shards', 'timestamp', 'ttl'];
const GET_PARAMS = [
  'routing', 'parent', 'preference', 'realtime', 'refresh', 'stored_fields', 'fields', '_source', '_source_include',
  '_source_includes', '_source_exclude', '_source_excludes', 'version', 'version_type',
];

async function single(ctx: NodeContext, req: RestRequest, item: BulkItemRequest): Promise<RestResponse> {
  const [r] = await executeBulk(ctx, [item], { refresh: refreshPolicy(req), ...writeWaitOptions(req) });
  const res = writeResponse(r!);
  return { ...res, headers: deprecationHeaders(versionTypeWarnings(req)) };
}

function baseItem(req: RestRequest, opType: BulkItemRequest['opType']): BulkItemRequest {
  const p = req.pathParams;
  const version = optionalInt(req, 'version');
  const vt = versionType(req.param('version_type'));
  parseActiveShardCount(req.param('wait_for_active_shards'));
  // `PUT //t/1`: an empty index name is invalid, not "missing" (that is a bulk line without `_index`).
  if (p.index === '') validateIndexName('');
  const routing = req.param('routing');
  const parent = req.param('parent');
  return {
    opType,
    index: p.index!,
    type: p.type!,
    ...(p.id !== undefined ? { id: p.id } : {}),
    ...(routing !== undefined ? { routing } : {}),
    // The parent is the default routing; resolveWriteIndex applies it (after alias routing).
    ...(parent !== undefined ? { parent } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(vt ? { versionType: vt } : {}),
  };
}

function indexItem(req: RestRequest, forceCreate: boolean): BulkItemRequest {
  const opTypeParam = req.param('op_type');
  if (opTypeParam !== undefined && opTypeParam !== 'index' && opTypeParam !== 'create') {
    throw illegalArgument(`opType must be 'create' or 'index', found: [${opTypeParam}]`);
  }
  const item = baseItem(req, forceCreate || opTypeParam === 'create' ? 'create' : 'index');
  const pipeline = req.param('pipeline');
  if (pipeline !== undefined) item.pipeline = pipeline;
  if (!req.hasBody()) throw illegalArgument('request body is required');
  item.source = req.rawBody!;
  return item;
}

export function documentRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['PUT', 'POST'],
      paths: ['/{index}/{type}/{id}'],
      params: [...WRITE_PARAMS, 'op_type', 'pipeline'],
      handler: (req) => single(ctx, req, indexItem(req, false)),
    },
    {
      methods: ['POST'],
      paths: ['/{index}/{type}'],
      params: [...WRITE_PARAMS, 'op_type', 'pipeline'],
      handler: (req) => single(ctx, req, indexItem(req, false)),
    },
    {
      methods: ['PUT', 'POST'],
      paths: ['/{index}/{type}/{id}/_create'],
      params: [...WRITE_PARAMS, 'pipeline'],
      handler: (req) => single(ctx, req, indexItem(req, true)),
    },
    {
      methods: ['DELETE'],
      paths: ['/{index}/{type}/{id}'],
      params: WRITE_PARAMS,
      handler: (req) => single(ctx, req, baseItem(req, 'delete')),
    },
    {
      methods: ['POST'],
      paths: ['/{index}/{type}/{id}/_update'],
      params: [...WRITE_PARAMS, 'retry_on_conflict', 'fields', '_source', '_source_include', '_source_exclude', 'lang'],
      handler: (req) => {
        const item = baseItem(req, 'update');
        const fields = req.paramAsList('fields');
        item.update = parseUpdateBody(objectBody(req), {
          retryOnConflict: req.paramAsInt('retry_on_conflict', 0),
          ...(fields ? { fields } : {}),
          ...(req.param('_source') !== undefined ? { sourceFilter: sourceParam(req) } : {}),
          ...(req.param('lang') !== undefined ? { lang: req.param('lang')! } : {}),
        });
        return single(ctx, req, item);
      },
    },
    {
      methods: ['GET', 'HEAD'],
      paths: ['/{index}/{type}/{id}'],
      params: GET_PARAMS,
      handler: async (req) => {
        const body = await getDocument(ctx, getRequest(req));
        return { status: body.found ? 200 : 404, body, headers: deprecationHeaders(versionTypeWarnings(req)) };
      },
    },
    {
      methods: ['GET', 'HEAD'],
      paths: ['/{index}/{type}/{id}/_source'],
      params: GET_PARAMS,
      handler: async (req) => {
        const r = getRequest(req);
        const body = await getDocument(ctx, r);
        if (!body.found || body._source === undefined) {
          return { status: 404, body: req.method === 'HEAD' ? undefined : {} };
        }
        return { status: 200, body: body._source };
      },
    },
  ];
}

function getRequest(req: RestRequest) {
  const p = req.pathParams;
  const stored = storedFieldsParam(req);
  const source = sourceParam(req);
  const routing = req.param('routing');
  const parent = req.param('parent');
  const version = optionalInt(req, 'version');
  const vt = req.param('version_type');
  const preference = req.param('preference');
  const realtime = req.paramAsBool('realtime', true);
  const refresh = req.paramAsBool('refresh', false);
  return {
    realtime,
    refresh,
    ...(preference !== undefined ? { preference } : {}),
    index: p.index!,
    type: p.type!,
    id: p.id!,
    ...(routing !== undefined ? { routing } : {}),
    ...(parent !== undefined ? { parent } : {}),
    ...(stored ? { storedFields: stored } : {}),
    ...(source !== undefined ? { source } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(vt !== undefined ? { versionType: vt } : {}),
  };
}
