/**
 * `POST /_strata/reset`: Strata's own endpoint (no ES counterpart) that puts a memory node back
 * to the state its fixtures left (lib/embedded/fixture-reset.ts). Served only when the node
 * setting `strata.reset.enabled` is true; otherwise the path is not routed at all, so the node
 * answers it as ES 5.6 answers any such path (`_strata` is then an index name, which is invalid).
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { resetEnabled } from '../../lib/embedded/reset-setting.js';

export function strataResetRoutes(ctx: NodeContext): RouteDef[] {
  if (!resetEnabled(ctx.settings)) return [];
  return [
    {
      methods: ['POST'],
      paths: ['/_strata/reset'],
      params: [],
      handler: async () => {
        if (ctx.reset === undefined) throw illegalArgument('[_strata/reset] needs a node started with [--memory]');
        const r = await ctx.reset();
        return { status: 200, body: { acknowledged: true, indices: r.indices, restored: r.restored, took: Math.round(r.tookMs) } };
      },
    },
  ];
}
