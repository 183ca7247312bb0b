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
import { catAllocationRoutes } from './cat-allocation.js';
import { catCountRoutes } from './cat-count.js';
import { catFielddataRoutes } from './cat-fielddata.js';
import { catMasterRoutes } from './cat-master.js';
import { catNodeattrsRoutes } from './cat-nodeattrs.js';
import { catPendingTasksRoutes } from './cat-pending-tasks.js';
import { catPluginsRoutes } from './cat-plugins.js';
import { catRecoveryRoutes } from './cat-recovery.js';
import { catSegmentsRoutes } from './cat-segments.js';
import { catShardsRoutes } from './cat-shards.js';
import { catSnapshotRoutes } from './cat-snapshots.js';
import { catTasksRoutes } from './cat-tasks.js';
import { catThreadPoolRoutes } from './cat-thread-pool.js';

export function catRoutes(ctx: NodeContext): RouteDef[] {
  // in the order ES 5.6 registers its cat handlers (the `/_cat` listing shows them so)
  const routes = [
    ...catAllocationRoutes(ctx), ...catShardsRoutes(ctx), ...catMasterRoutes(ctx), ...catNodesRoutes(ctx), ...catTasksRoutes(ctx),
    ...catIndicesRoutes(ctx), ...catSegmentsRoutes(ctx), ...catCountRoutes(ctx), ...catRecoveryRoutes(ctx), ...catHealthRoutes(ctx),
    ...catPendingTasksRoutes(ctx), ...catAliasesRoutes(ctx), ...catThreadPoolRoutes(ctx), ...catPluginsRoutes(ctx),
    ...catFielddataRoutes(ctx), ...catNodeattrsRoutes(ctx), ...catSnapshotRoutes(ctx), ...catTemplatesRoutes(ctx),
  ];
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
