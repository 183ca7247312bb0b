/**
 * Every REST route of the node, grouped by API family. Each group is its own module, imported
 * when a request first needs it (see lazy-routes.ts and route-table.ts): a node answers its first
 * request without loading search, aggregations, scripts or ingest.
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';

/** A group's routes for one node. */
export type RouteFactory = (ctx: NodeContext) => RouteDef[];

/**
 * The route groups in precedence order (the first registration of a method and path wins,
 * api/rest/path-trie.ts). A new group is one line here; then regenerate route-table.ts
 * (`node dist/scripts/route-table.js --write`).
 */
export const ROUTE_GROUPS: ReadonlyArray<readonly [name: string, load: () => Promise<RouteFactory>]> = [
  ['cluster', async () => (await import('./cluster.js')).clusterRoutes],
  ['indices', async () => (await import('./indices.js')).indicesRoutes],
  ['mapping', async () => (await import('./mapping.js')).mappingRoutes],
  ['document', async () => (await import('./document.js')).documentRoutes],
  ['bulk', async () => (await import('./bulk.js')).bulkRoutes],
  ['mget', async () => (await import('./mget.js')).mgetRoutes],
  ['termVectors', async () => (await import('./termvectors.js')).termVectorsRoutes],
  ['stats', async () => (await import('./stats.js')).statsRoutes],
  ['search', async () => (await import('./search.js')).searchRoutes],
  ['suggest', async () => (await import('./suggest.js')).suggestRoutes],
  ['percolate', async () => (await import('./percolate.js')).percolateRoutes],
  ['cat', async () => (await import('./cat/index.js')).catRoutes],
  ['alias', async () => (await import('./aliases.js')).aliasRoutes],
  ['template', async () => (await import('./templates.js')).templateRoutes],
  ['rollover', async () => (await import('./rollover.js')).rolloverRoutes],
  ['searchTemplate', async () => (await import('./search-template.js')).searchTemplateRoutes],
  ['ingest', async () => (await import('./ingest.js')).ingestRoutes],
  ['storedScript', async () => (await import('./stored-scripts.js')).storedScriptRoutes],
  ['analyze', async () => (await import('./analyze.js')).analyzeRoutes],
  ['maintenance', async () => (await import('./maintenance.js')).maintenanceRoutes],
  ['fieldStats', async () => (await import('./field-stats.js')).fieldStatsRoutes],
  ['nodes', async () => (await import('./nodes.js')).nodesRoutes],
  ['clusterAdmin', async () => (await import('./cluster-admin.js')).clusterAdminRoutes],
  ['task', async () => (await import('./tasks.js')).taskRoutes],
  ['reindex', async () => (await import('./reindex.js')).reindexRoutes],
  ['strataReset', async () => (await import('./strata-reset.js')).strataResetRoutes],
  ['notBuilt', async () => (await import('./not-built.js')).notBuiltRoutes],
];

/** Every route, every group loaded (tests and the route table generator). */
export async function allRoutes(ctx: NodeContext): Promise<RouteDef[]> {
  const routes: RouteDef[] = [];
  for (const [, load] of ROUTE_GROUPS) routes.push(...(await load())(ctx));
  return routes;
}
