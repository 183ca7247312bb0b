/**
 * Index maintenance endpoints (ES 5.6): `_forcemerge`, `_segments`, `_recovery`,
 * `_shard_stores`, `_cache/clear`, `_upgrade`, `_flush/synced`. Each handler reads its declared
 * parameters and calls one action in lib/action/indices/.
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { INDICES_OPTIONS_PARAMS, indicesOptions, resolveFromRequest } from './indices.js';
import { deprecationHeaders } from './common.js';
import { resolveOpenIndices } from '../../lib/action/indices/resolve-open.js';
import { segmentsBody } from '../../lib/action/indices/segments.js';
import { recoveryBody, shardRecoveries } from '../../lib/action/indices/recovery.js';
import { parseShardStatuses, shardStoresBody } from '../../lib/action/indices/shard-stores.js';
import { clearCache } from '../../lib/action/indices/clear-cache.js';
import { forceMerge } from '../../lib/action/indices/forcemerge.js';
import { upgrade, upgradeStatus } from '../../lib/action/indices/upgrade.js';
import { syncedFlush } from '../../lib/action/indices/synced-flush.js';

/** Open indices of the request's `{index}` (closed ones answer `index_closed_exception`). */
export function openIndicesOf(ctx: NodeContext, req: RestRequest, expression = req.pathParams.index): string[] {
  return resolveOpenIndices(ctx, expression, indicesOptions(req));
}

export function maintenanceRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['POST'],
      paths: ['/_forcemerge', '/{index}/_forcemerge'],
      params: ['max_num_segments', 'only_expunge_deletes', 'flush', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        const opts = {
          maxNumSegments: req.paramAsInt('max_num_segments', -1),
          onlyExpungeDeletes: req.paramAsBool('only_expunge_deletes', false),
          flush: req.paramAsBool('flush', true),
        };
        return { status: 200, body: await forceMerge(ctx, openIndicesOf(ctx, req), opts) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_segments', '/{index}/_segments'],
      params: ['verbose', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        const opts = { verbose: req.paramAsBool('verbose', false), human: req.paramAsBool('human', false) };
        return { status: 200, body: await segmentsBody(ctx, openIndicesOf(ctx, req), opts) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_recovery', '/{index}/_recovery'],
      params: ['detailed', 'active_only', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        const recoveries = await shardRecoveries(ctx, openIndicesOf(ctx, req), req.paramAsBool('active_only', false));
        const opts = { detailed: req.paramAsBool('detailed', false), human: req.paramAsBool('human', false) };
        return { status: 200, body: recoveryBody(recoveries, opts) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_shard_stores', '/{index}/_shard_stores'],
      params: ['status', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        const statuses = parseShardStatuses(req.param('status'));
        // Closed indices have no routing, so no stores to list (ES resolves open and closed).
        const names = resolveFromRequest(ctx, req).filter((n) => ctx.indices.get(n) !== undefined);
        return { status: 200, body: shardStoresBody(ctx, names, statuses) };
      },
    },
    {
      methods: ['POST'],
      paths: ['/_cache/clear', '/{index}/_cache/clear'],
      params: ['query', 'request', 'request_cache', 'fielddata', 'field_data', 'fields', 'recycler', 'index', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        const warnings: string[] = [];
        // ES 5.6 reads `request_cache` and `field_data` as deprecated names of `request` and `fielddata`.
        const flag = (name: string, deprecated: string): boolean => {
          let on = req.paramAsBool(name, false);
          if (req.param(deprecated) !== undefined) {
            warnings.push(`Deprecated field [${deprecated}] used, expected [${name}] instead`);
            on = req.paramAsBool(deprecated, false);
          }
          return on;
        };
        const request = flag('request', 'request_cache');
        const fielddata = flag('fielddata', 'field_data');
        // `recycler` is accepted and does nothing, as in ES 5.6 (the recycler cache is gone).
        req.paramAsBool('recycler', false);
        const opts = { query: req.paramAsBool('query', false), request, fielddata, fields: req.paramAsList('fields') ?? [] };
        const names = openIndicesOf(ctx, req, req.pathParams.index ?? req.param('index'));
        return { status: 200, body: await clearCache(ctx, names, opts), headers: deprecationHeaders(warnings) };
      },
    },
    {
      methods: ['GET'],
      paths: ['/_upgrade', '/{index}/_upgrade'],
      params: INDICES_OPTIONS_PARAMS,
      handler: async (req) => ({ status: 200, body: await upgradeStatus(ctx, openIndicesOf(ctx, req), req.paramAsBool('human', false)) }),
    },
    {
      methods: ['POST'],
      paths: ['/_upgrade', '/{index}/_upgrade'],
      params: ['wait_for_completion', 'only_ancient_segments', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        // Nothing is ever of an older format, so there is nothing to wait for or to select.
        req.paramAsBool('wait_for_completion', false);
        req.paramAsBool('only_ancient_segments', false);
        return { status: 200, body: await upgrade(ctx, openIndicesOf(ctx, req)) };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_flush/synced', '/{index}/_flush/synced'],
      params: INDICES_OPTIONS_PARAMS,
      handler: async (req) => syncedFlush(ctx, openIndicesOf(ctx, req)),
    },
  ];
}
