/**
 * `POST /{alias}/_rollover[/{new_index}]`.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { objectBody } from './common.js';
import { parseRolloverBody, rollover } from '../../lib/action/rollover/rollover.js';

export function rolloverRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['POST'],
      paths: ['/{alias}/_rollover', '/{alias}/_rollover/{new_index}'],
      params: ['dry_run', 'timeout', 'master_timeout', 'wait_for_active_shards'],
      handler: async (req) => {
        req.param('timeout');
        req.param('master_timeout');
        req.param('wait_for_active_shards');
        const body = parseRolloverBody(objectBody(req));
        const newIndex = req.pathParams.new_index;
        const res = await rollover(ctx, {
          alias: req.pathParams.alias!,
          ...(newIndex !== undefined ? { newIndex } : {}),
          dryRun: req.paramAsBool('dry_run', false),
          ...body,
        });
        return { status: 200, body: res };
      },
    },
  ];
}
