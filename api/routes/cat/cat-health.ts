/**
 * `GET /_cat/health`: one row of cluster health (ES 5.6 `RestHealthAction`).
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatTable } from '../../rest/cat-table.js';
import { clusterHealth, nodeCounts } from '../../../lib/cluster/health.js';
import { CAT_PARAMS } from '../../rest/params.js';

const COLUMNS: CatTable['columns'] = [
  { name: 'epoch', aliases: ['t', 'time'], desc: 'seconds since 1970-01-01 00:00:00' },
  { name: 'timestamp', aliases: ['ts', 'hms', 'hhmmss'], desc: 'time in HH:MM:SS' },
  { name: 'cluster', aliases: ['cl'], desc: 'cluster name' },
  { name: 'status', aliases: ['st'], desc: 'health status' },
  { name: 'node.total', aliases: ['nt', 'nodeTotal'], desc: 'total number of nodes', align: 'right' },
  { name: 'node.data', aliases: ['nd', 'nodeData'], desc: 'number of nodes that can store data', align: 'right' },
  { name: 'shards', aliases: ['t', 'sh', 'shards.total', 'shardsTotal'], desc: 'total number of shards', align: 'right' },
  { name: 'pri', aliases: ['p', 'shards.primary', 'shardsPrimary'], desc: 'number of primary shards', align: 'right' },
  { name: 'relo', aliases: ['r', 'shards.relocating', 'shardsRelocating'], desc: 'number of relocating nodes', align: 'right' },
  { name: 'init', aliases: ['i', 'shards.initializing', 'shardsInitializing'], desc: 'number of initializing nodes', align: 'right' },
  { name: 'unassign', aliases: ['u', 'shards.unassigned', 'shardsUnassigned'], desc: 'number of unassigned shards', align: 'right' },
  { name: 'pending_tasks', aliases: ['pt', 'pendingTasks'], desc: 'number of pending tasks', align: 'right' },
  { name: 'max_task_wait_time', aliases: ['mtwt', 'maxTaskWaitTime'], desc: 'wait time of longest task pending', align: 'right' },
  { name: 'active_shards_percent', aliases: ['asp', 'activeShardsPercent'], desc: 'active number of shards in percent', align: 'right' },
];

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

export function catHealthRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/health'],
      params: [...CAT_PARAMS, 'ts'],
      handler: (req) => {
        const state = ctx.cluster.state();
        const counts = nodeCounts(state);
        const h = clusterHealth(state, Object.keys(state.indices), counts.dataNodes, false, ctx.indices);
        const now = new Date();
        const withTs = req.paramAsBool('ts', true);
        const columns = withTs ? COLUMNS : COLUMNS.slice(2);
        const row = [
          Math.floor(now.getTime() / 1000),
          `${pad2(now.getUTCHours())}:${pad2(now.getUTCMinutes())}:${pad2(now.getUTCSeconds())}`,
          ctx.clusterName,
          h.status,
          counts.nodes,
          counts.dataNodes,
          h.activeShards,
          h.activePrimaryShards,
          0,
          0,
          h.unassignedShards,
          0,
          '-',
          `${h.activeShardsPercent.toFixed(1)}%`,
        ];
        return catResponse(req, { columns, rows: [withTs ? row : row.slice(2)] });
      },
    },
  ];
}
