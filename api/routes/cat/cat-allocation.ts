/**
 * `GET /_cat/allocation[/{node_id}]` (ES 5.6 `RestAllocationAction`): shards and disk use per
 * node, plus an `UNASSIGNED` row counting the copies no node holds (on one node: replicas). Each node's disk
 * and store figures are its own, asked over the transport in cluster mode (`nodes:stats`).
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { shardRoutings } from '../../../lib/cluster/routing-table.js';
import { askNodesStats } from '../../../lib/action/nodes/node-stats.js';
import { ByteSizeValue } from '../../../lib/units/byte-size-value.js';
import { javaSplit } from '../../rest/url-decode.js';

const COLUMNS: CatColumn[] = [
  { name: 'shards', aliases: ['s'], desc: 'number of shards on node', align: 'right' },
  { name: 'disk.indices', aliases: ['di', 'diskIndices'], desc: 'disk used by ES indices', align: 'right' },
  { name: 'disk.used', aliases: ['du', 'diskUsed'], desc: 'disk used (total, not just ES)', align: 'right' },
  { name: 'disk.avail', aliases: ['da', 'diskAvail'], desc: 'disk available', align: 'right' },
  { name: 'disk.total', aliases: ['dt', 'diskTotal'], desc: 'total capacity of all volumes', align: 'right' },
  { name: 'disk.percent', aliases: ['dp', 'diskPercent'], desc: 'percent disk used', align: 'right' },
  { name: 'host', aliases: ['h'], desc: 'host of node' },
  { name: 'ip', desc: 'ip of node' },
  { name: 'node', aliases: ['n'], desc: 'name of node' },
];

type Json = Record<string, any>;

export function catAllocationRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/allocation', '/_cat/allocation/{node_id}'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: async (req) => {
        req.param('local');
        req.param('master_timeout');
        const state = ctx.cluster.state();
        // copies per node from the routing table, as ES counts them (UNASSIGNED: no node)
        const allocs = new Map<string, number>();
        for (const meta of Object.values(state.indices)) {
          for (const copies of shardRoutings(meta, ctx.nodeId, ctx.indices.failedShards(meta.name))) {
            for (const c of copies) {
              const key = c.node ?? 'UNASSIGNED';
              allocs.set(key, (allocs.get(key) ?? 0) + 1);
            }
          }
        }
        const nodeIds = javaSplit(req.pathParams.node_id ?? '_all', ',').filter((s) => s.length > 0);
        // each node's disk and the store of the copies it holds, from its own stats
        const stats = await askNodesStats(ctx, { nodeIds, metrics: new Set(['fs', 'indices']), indexMetrics: new Set(['store']), level: 'node', human: false });
        const rows: CatValue[][] = [];
        for (const { member, value } of stats.answers) {
          const fs = (value as Json).fs.total as Json;
          const total = fs.total_in_bytes as number;
          const available = fs.available_in_bytes as number;
          const used = total > 0 ? total - available : 0;
          const percent = total > 0 && used >= 0 && available >= 0 ? Math.floor((used * 100) / (used + available)) : null;
          rows.push([
            allocs.get(member.id) ?? 0, new ByteSizeValue((value as Json).indices.store.size_in_bytes as number), new ByteSizeValue(used),
            available < 0 ? null : new ByteSizeValue(available), total < 0 ? null : new ByteSizeValue(total),
            percent, member.host, member.host, member.name,
          ]);
        }
        const unassigned = allocs.get('UNASSIGNED') ?? 0;
        if (unassigned > 0) rows.push([unassigned, null, null, null, null, null, null, null, 'UNASSIGNED']);
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
