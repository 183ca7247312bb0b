/**
 * Every REST route of the node, grouped by API family.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { clusterRoutes } from './cluster.js';
import { indicesRoutes } from './indices.js';
import { mappingRoutes } from './mapping.js';
import { documentRoutes } from './document.js';
import { bulkRoutes } from './bulk.js';
import { mgetRoutes } from './mget.js';
import { statsRoutes } from './stats.js';
import { searchRoutes } from './search.js';
import { suggestRoutes } from './suggest.js';
import { catRoutes } from './cat/index.js';
import { aliasRoutes } from './aliases.js';
import { templateRoutes } from './templates.js';
import { rolloverRoutes } from './rollover.js';
import { searchTemplateRoutes } from './search-template.js';
import { ingestRoutes } from './ingest.js';
import { storedScriptRoutes } from './stored-scripts.js';
import { analyzeRoutes } from './analyze.js';
import { maintenanceRoutes } from './maintenance.js';
import { fieldStatsRoutes } from './field-stats.js';
import { taskRoutes } from './tasks.js';
import { reindexRoutes } from './reindex.js';
import { notBuiltRoutes } from './not-built.js';
import { termVectorsRoutes } from './termvectors.js';
import { nodesRoutes } from './nodes.js';
import { clusterAdminRoutes } from './cluster-admin.js';
import { strataResetRoutes } from './strata-reset.js';

export function allRoutes(ctx: NodeContext): RouteDef[] {
  return [
    ...clusterRoutes(ctx),
    ...indicesRoutes(ctx),
    ...mappingRoutes(ctx),
    ...documentRoutes(ctx),
    ...bulkRoutes(ctx),
    ...mgetRoutes(ctx),
    ...termVectorsRoutes(ctx),
    ...statsRoutes(ctx),
    ...searchRoutes(ctx),
    ...suggestRoutes(ctx),
    ...catRoutes(ctx),
    ...aliasRoutes(ctx),
    ...templateRoutes(ctx),
    ...rolloverRoutes(ctx),
    ...searchTemplateRoutes(ctx),
    ...ingestRoutes(ctx),
    ...storedScriptRoutes(ctx),
    ...analyzeRoutes(ctx),
    ...maintenanceRoutes(ctx),
    ...fieldStatsRoutes(ctx),
    ...nodesRoutes(ctx),
    ...clusterAdminRoutes(ctx),
    ...taskRoutes(ctx),
    ...reindexRoutes(ctx),
    ...strataResetRoutes(ctx),
    // ES 5.6 endpoints not built yet: refused by name (remove entries as features land)
    ...notBuiltRoutes(),
  ];
}
