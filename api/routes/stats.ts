/**
 * `GET /_stats`, `/_stats/{metric}`, `/{index}/_stats`, `/{index}/_stats/{metric}`.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { indicesStats, parseMetrics } from '../../lib/action/indices/index-stats.js';
import { INDICES_OPTIONS_PARAMS, resolveFromRequest } from './indices.js';
import { illegalArgument } from '../../lib/errors/errors.js';

export function statsRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_stats', '/_stats/{metric}', '/{index}/_stats', '/{index}/_stats/{metric}'],
      params: ['level', 'completion_fields', 'fielddata_fields', 'fields', 'groups', 'types', 'include_segment_file_sizes', ...INDICES_OPTIONS_PARAMS],
      handler: async (req) => {
        for (const p of ['types', 'include_segment_file_sizes']) req.param(p);
        const groups = req.param('groups')?.split(',').filter((g) => g.length > 0);
        // ES 5.6 RestIndicesStatsAction: the specific list wins over `fields`.
        const list = (name: string): string[] | undefined => {
          const v = req.param(name) ?? req.param('fields');
          return v === undefined ? undefined : v.split(',').filter((f) => f.length > 0);
        };
        const fielddataFields = list('fielddata_fields');
        const completionFields = list('completion_fields');
        const level = req.param('level', 'indices')!;
        if (!['cluster', 'indices', 'shards'].includes(level)) {
          throw illegalArgument(`level parameter must be one of [cluster] or [indices] or [shards] but was [${level}]`);
        }
        const metrics = parseMetrics(req.pathParams.metric, req.path);
        const indices = resolveFromRequest(ctx, req);
        return { status: 200, body: await indicesStats(ctx, indices, metrics, level, req.paramAsBool('human', false), {
          ...(fielddataFields ? { fielddataFields } : {}),
          ...(completionFields ? { completionFields } : {}),
          ...(groups ? { groups } : {}),
        }) };
      },
    },
  ];
}
