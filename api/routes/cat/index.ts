/**
 * `/_cat` endpoints and the `/_cat` index listing.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catHealthRoutes } from './cat-health.js';
import { catIndicesRoutes } from './cat-indices.js';
import { catNodesRoutes } from './cat-nodes.js';
import { catAliasesRoutes } from './cat-aliases.js';
import { catTemplatesRoutes } from './cat-templates.js';

export function catRoutes(ctx: NodeContext): RouteDef[] {
  const routes = [...catAliasesRoutes(ctx), ...catHealthRoutes(ctx), ...catIndicesRoutes(ctx), ...catNodesRoutes(ctx), ...catTemplatesRoutes(ctx)];
  // ES 5.6 `RestCatAction` lists the paths every cat handler documents, one per line.
  const listing = routes.flatMap((r) => r.paths);
  return [
    ...routes,
    {
      methods: ['GET'],
      paths: ['/_cat'],
      params: [],
      handler: () => ({ status: 200, body: `=^.^=\n${listing.join('\n')}\n`, contentType: 'text/plain; charset=UTF-8' }),
    },
  ];
}
