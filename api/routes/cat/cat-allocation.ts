/**
 * `GET /_cat/allocation[/{node_id}]` (ES 5.6 `RestAllocationAction`): shards and disk use per
 * node, plus an `UNASSIGNED` row counting the copies no node holds (on one node: replicas).
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { shardStatsOf } from '../../../lib/action/indices/index-stats.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { shardRoutings } from '../../../lib/cluster/routing-table.js';
import { selectsThisNode } from '../../../lib/action/nodes/node-identity.js';
import { fileSystemSpace } from '../../../lib/action/nodes/os-probe.js';
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
        let assigned = 0;
        let unassigned = 0;
        let storeBytes = 0;
        for (const meta of Object.values(state.indices)) {
          for (const copies of shardRoutings(meta, ctx.nodeId, ctx.indices.failedShards(meta.name))) {
            for (const c of copies) if (c.state === 'STARTED') assigned++; else unassigned++;
          }
          for (const s of await shardStatsOf(ctx, meta.name)) storeBytes += s.storeSizeInBytes;
        }
        const rows: CatValue[][] = [];
        const nodeIds = javaSplit(req.pathParams.node_id ?? '_all', ',').filter((s) => s.length > 0);
        if (selectsThisNode(ctx, nodeIds)) {
          const fs = await fileSystemSpace(ctx.dataPath);
          const used = fs.total > 0 ? fs.total - fs.available : 0;
          const percent = fs.total > 0 && used >= 0 && fs.available >= 0 ? Math.floor((used * 100) / (used + fs.available)) : null;
          const host = ctx.httpAddress.host;
          rows.push([
            assigned, new ByteSizeValue(storeBytes), new ByteSizeValue(used),
            fs.available < 0 ? null : new ByteSizeValue(fs.available), fs.total < 0 ? null : new ByteSizeValue(fs.total),
            percent, host, host, ctx.nodeName,
          ]);
        }
        if (unassigned > 0) rows.push([unassigned, null, null, null, null, null, null, null, 'UNASSIGNED']);
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
