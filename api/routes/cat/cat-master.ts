/**
 * `GET /_cat/master` (ES 5.6 `RestMasterAction`): the elected master — on one node, itself.
 */
import type { RouteDef } from '../../types.js';
import { clusterMembers } from '../../../lib/action/nodes/cluster-members.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';

const COLUMNS: CatColumn[] = [
  { name: 'id', desc: 'node id' },
  { name: 'host', aliases: ['h'], desc: 'host name' },
  { name: 'ip', desc: 'ip address' },
  { name: 'node', aliases: ['n'], desc: 'node name' },
];

export function catMasterRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/master'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const master = clusterMembers(ctx).find((m) => m.elected);
        // ES 5.6 prints a row of dashes when no master is elected
        const row = master ? [master.id, master.host, master.host, master.name] : ['-', '-', '-', '-'];
        return catResponse(req, { columns: COLUMNS, rows: [row] });
      },
    },
  ];
}
