/**
 * The reindex module's REST routes (ES 5.6 `RestReindexAction`, `RestUpdateByQueryAction`,
 * `RestDeleteByQueryAction`, `RestRethrottleAction`): each builds a typed by-scroll request from
 * the body and URI parameters, validates it, and either waits for the run or starts it as a
 * task (`wait_for_completion=false` → `{"task": "<node>:<id>"}`). The engine is lib/action/reindex.
 */
import type { RestRequest, RestResponse, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { illegalArgument, requestBodyRequired } from '../../lib/errors/errors.js';
import { parseTimeValue } from '../../lib/units/time-value.js';
import { textValue, tokenOf } from '../../lib/dsl/xcontent.js';
import { parseActiveShardCount } from '../../lib/action/active-shard-count.js';
import { splitExpression } from '../../lib/action/resolve-indices.js';
import { applyConflicts, byQueryRequest, DEFAULT_SCROLL_SIZE, prepareSearch, reindexRequest, validateByScroll } from '../../lib/action/reindex/parse-request.js';
import type { ByScrollRequest } from '../../lib/action/reindex/request.js';
import { startByScroll, startInBackground } from '../../lib/action/reindex/run-task.js';
import { responseJson, responseStatus, type ResponseShape } from '../../lib/action/reindex/status.js';
import { checkReindexDest } from '../../lib/action/reindex/dest-check.js';
import { checkRemoteWhitelist } from '../../lib/action/reindex/remote-info.js';
import { rethrottleTask } from '../../lib/action/tasks/list-tasks.js';
import { applyUriParams, SEARCH_PARAMS } from './search-params.js';

const RETHROTTLE_PARAMS = ['requests_per_second', 'nodes', 'actions', 'parent_task_id', 'group_by'];

/** Parameters every by-scroll action reads (ES `AbstractBaseReindexRestHandler`). */
const COMMON = ['refresh', 'timeout', 'wait_for_active_shards', 'wait_for_completion', 'requests_per_second', 'slices'];

/** The by-query URI parameters of the 5.6 spec (the search ones, less those a by-query request has no use for, plus its own). */
const BY_QUERY_PARAMS = [
  ...SEARCH_PARAMS.filter((p) => !['scroll', 'typed_keys', 'batched_reduce_size'].includes(p)),
  'scroll', 'scroll_size', 'conflicts', 'search_timeout', ...COMMON,
];

const SHAPES: Record<ByScrollRequest['kind'], ResponseShape> = {
  reindex: { updated: true, created: true },
  update_by_query: { updated: true, created: false },
  delete_by_query: { updated: false, created: false },
};

const RPS_ERROR = '[requests_per_second] must be a float greater than 0. Use "unlimited" to disable throttling.';

/** ES `AbstractBaseReindexRestHandler#parseRequestsPerSecond` (Java `Float.parseFloat` syntax). */
export function parseRequestsPerSecond(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text === 'unlimited') return Infinity;
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?$/.test(t)) throw illegalArgument(RPS_ERROR);
  const v = Math.fround(Number(t.replace(/[fFdD]$/, '')));
  if (v === -1) return Infinity;
  if (!(v > 0)) throw illegalArgument(RPS_ERROR);
  return v;
}

/** The parameters of every by-scroll request. */
function applyCommon(req: RestRequest, r: ByScrollRequest): void {
  r.refresh = req.paramAsBool('refresh', false);
  r.timeoutMs = req.paramAsTimeMs('timeout', r.timeoutMs);
  const wfas = parseActiveShardCount(req.param('wait_for_active_shards'));
  if (wfas !== undefined) r.waitForActiveShards = wfas;
  const rps = parseRequestsPerSecond(req.param('requests_per_second'));
  if (rps !== undefined) r.requestsPerSecond = rps;
  const slices = req.paramAsInt('slices', 1);
  if (slices < 1) throw illegalArgument('[slices] must be at least 1');
  r.slices = slices;
}

/** Validate, then run and answer, or start in the background and answer the task id. */
async function execute(ctx: NodeContext, req: RestRequest, r: ByScrollRequest, extras?: { ttl?: unknown; timestamp?: unknown }): Promise<RestResponse> {
  const waitForCompletion = req.paramAsBool('wait_for_completion', true);
  validateByScroll(r, extras);
  if (r.remote) checkRemoteWhitelist(ctx.settings, r.remote);
  if (r.kind === 'reindex') checkReindexDest(ctx, r);
  prepareSearch(r);
  const shape = SHAPES[r.kind];
  if (!waitForCompletion) return { status: 200, body: { task: await startInBackground(ctx, r, (res) => responseJson(res, shape)) } };
  const res = await startByScroll(ctx, r).done;
  return { status: responseStatus(res), body: responseJson(res, shape) };
}

/** A time value of the body (`socket_timeout`): a value token, ES's parse error otherwise. */
function timeText(name: string, v: unknown): string {
  if (v !== null && typeof v === 'object') throw illegalArgument(`[${name}] doesn't support values of type: ${tokenOf(v)}`);
  return textValue(v);
}

function bodyOf(req: RestRequest): { json: Record<string, unknown>; text: string } | undefined {
  if (!req.hasBody()) return undefined;
  const json = req.json<unknown>();
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw illegalArgument('request body must be an object');
  return { json: json as Record<string, unknown>, text: req.rawBody?.toString('utf8') ?? '' };
}

function byQueryRoute(ctx: NodeContext, kind: 'update_by_query' | 'delete_by_query'): RouteDef {
  const endpoint = kind === 'update_by_query' ? '_update_by_query' : '_delete_by_query';
  return {
    methods: ['POST'],
    paths: [`/{index}/${endpoint}`, `/{index}/{type}/${endpoint}`],
    params: kind === 'update_by_query' ? [...BY_QUERY_PARAMS, 'pipeline'] : BY_QUERY_PARAMS,
    handler: async (req) => {
      const body = bodyOf(req);
      // ES 5.6 RestDeleteByQueryAction: the body (the query) is required; update-by-query's is optional
      if (kind === 'delete_by_query' && !body) throw requestBodyRequired();
      const r = byQueryRequest(kind, splitExpression(req.pathParams.index), splitExpression(req.pathParams.type), body?.json, body?.text);
      // `size` (body or URI) limits the documents; the batch size is `scroll_size` (AbstractBulkByQueryRestHandler)
      // `timeout` is the writes' timeout here; the search's is `search_timeout`
      const bodyTimeout = r.search.timeoutMs;
      applyUriParams(req, r.search);
      if (bodyTimeout === undefined) delete r.search.timeoutMs;
      else r.search.timeoutMs = bodyTimeout;
      r.maxDocs = r.search.size;
      r.search.size = req.paramAsInt('scroll_size', DEFAULT_SCROLL_SIZE);
      const conflicts = req.param('conflicts');
      if (conflicts !== undefined) applyConflicts(r, conflicts);
      const searchTimeout = req.param('search_timeout');
      if (searchTimeout !== undefined) r.search.timeoutMs = parseTimeValue(searchTimeout, 'search_timeout').millis();
      if (kind === 'update_by_query') {
        const pipeline = req.param('pipeline');
        if (pipeline !== undefined) r.pipeline = pipeline;
      }
      applyCommon(req, r);
      return execute(ctx, req, r);
    },
  };
}

export function reindexRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['POST'],
      paths: ['/_reindex'],
      params: COMMON,
      handler: async (req) => {
        const body = bodyOf(req);
        if (!body) throw requestBodyRequired();
        const r = reindexRequest(body.json, (name, v) => parseTimeValue(timeText(name, v), name).millis());
        applyCommon(req, r);
        return execute(ctx, req, r, r.destExtras);
      },
    },
    byQueryRoute(ctx, 'update_by_query'),
    byQueryRoute(ctx, 'delete_by_query'),
    {
      methods: ['POST'],
      paths: ['/_reindex/{task_id}/_rethrottle', '/_update_by_query/{task_id}/_rethrottle', '/_delete_by_query/{task_id}/_rethrottle'],
      params: RETHROTTLE_PARAMS,
      handler: (req) => {
        const text = req.param('requests_per_second');
        if (text === undefined) throw illegalArgument('requests_per_second is a required parameter');
        const rps = parseRequestsPerSecond(text) as number;
        return { status: 200, body: rethrottleTask(ctx, req.pathParams.task_id!, rps, req.param('group_by') ?? 'nodes') };
      },
    },
  ];
}
