/**
 * `/_cat` endpoints and the `/_cat` index listing.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catHealthRoutes } from './cat-health.js';
import { catIndicesRoutes } from './cat-indices.js';
import { catNodesRoutes } from './cat-nodes.js';

const LISTING = ['/_cat/health', '/_cat/indices', '/_cat/indices/{index}', '/_cat/nodes'];

export function catRoutes(ctx: NodeContext): RouteDef[] {
  return [
    ...catHealthRoutes(ctx),
    ...catIndicesRoutes(ctx),
    ...catNodesRoutes(ctx),
    {
      methods: ['GET'],
      paths: ['/_cat'],
      params: [],
      handler: () => ({ status: 200, body: `=^.^=\n${LISTING.join('\n')}\n`, contentType: 'text/plain; charset=UTF-8' }),
    },
  ];
}
