/**
 * `_field_caps` and the deprecated `_field_stats` (ES 5.6): fields from the query string or the
 * body, never both.
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { INDICES_OPTIONS_PARAMS } from './indices.js';
import { deprecationHeaders, objectBody } from './common.js';
import { openIndicesOf } from './maintenance.js';
import { fieldCaps } from '../../lib/action/indices/field-caps.js';
import { fieldStats, parseFieldStatsBody } from '../../lib/action/indices/field-stats.js';
import { illegalArgument } from '../../lib/errors/errors.js';

const FIELD_STATS_DEPRECATION = '[_field_stats] endpoint is deprecated! Use [_field_caps] instead or run a min/max aggregations on the desired fields.';

function bodyOrFieldsParam(req: RestRequest): Record<string, unknown> | undefined {
  if (!req.hasBody()) return undefined;
  if (req.param('fields') !== undefined) {
    throw illegalArgument("can't specify a request body and [fields] request parameter, either specify a request body or the [fields] request parameter");
  }
  return objectBody(req);
}

export function fieldStatsRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET', 'POST'],
      paths: ['/_field_caps', '/{index}/_field_caps'],
      params: ['fields', ...INDICES_OPTIONS_PARAMS],
      handler: (req) => {
        const body = bodyOrFieldsParam(req);
        let fields: string[];
        if (body) {
          fields = [];
          for (const [k, v] of Object.entries(body)) {
            if (k !== 'fields') throw illegalArgument(`[field_caps_request] unknown field [${k}], parser not found`);
            fields.push(...(Array.isArray(v) ? v.map(String) : [String(v)]));
          }
        } else fields = req.paramAsList('fields') ?? [];
        return { status: 200, body: fieldCaps(ctx, openIndicesOf(ctx, req), fields) };
      },
    },
    {
      methods: ['GET', 'POST'],
      paths: ['/_field_stats', '/{index}/_field_stats'],
      params: ['fields', 'level', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        const body = bodyOrFieldsParam(req);
        const parsed = body ? parseFieldStatsBody(body) : { fields: req.paramAsList('fields') ?? [], constraints: [] };
        const level = req.param('level', 'cluster')!;
        const result = await fieldStats(ctx, openIndicesOf(ctx, req), { ...parsed, level });
        return { status: 200, body: result, headers: deprecationHeaders([FIELD_STATS_DEPRECATION]) };
      },
    },
  ];
}
