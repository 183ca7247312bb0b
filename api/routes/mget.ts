/**
 * `GET|POST /_mget`, `/{index}/_mget`, `/{index}/{type}/_mget`.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { multiGet, parseMgetBody } from '../../lib/action/document/mget.js';
import { objectBody } from './common.js';
import { sourceParam, storedFieldsParam } from './source-params.js';
import { buildErrorBody } from '../rest/error-body.js';

export function mgetRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET', 'POST'],
      paths: ['/_mget', '/{index}/_mget', '/{index}/{type}/_mget'],
      params: ['routing', 'preference', 'realtime', 'refresh', 'stored_fields', 'fields', '_source', '_source_include', '_source_includes', '_source_exclude', '_source_excludes'],
      handler: async (req) => {
        const stored = storedFieldsParam(req);
        const source = sourceParam(req);
        const routing = req.param('routing');
        const preference = req.param('preference');
        const realtime = req.paramAsBool('realtime', true);
        const refresh = req.paramAsBool('refresh', false);
        const requests = parseMgetBody(objectBody(req), {
          ...(req.pathParams.index !== undefined ? { index: req.pathParams.index } : {}),
          ...(req.pathParams.type !== undefined ? { type: req.pathParams.type } : {}),
          ...(routing !== undefined ? { routing } : {}),
          ...(stored ? { storedFields: stored } : {}),
          ...(source !== undefined ? { source } : {}),
          realtime,
          refresh,
        });
        const items = await multiGet(ctx, preference !== undefined ? requests.map((r) => ({ ...r, preference })) : requests);
        return {
          status: 200,
          body: {
            docs: items.map((it) =>
              'ok' in it ? it.ok : { _index: it.index, _type: it.type, _id: it.id, error: buildErrorBody(it.error, false).body.error },
            ),
          },
        };
      },
    },
  ];
}
