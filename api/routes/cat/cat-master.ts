/**
 * `GET /_cat/master` (ES 5.6 `RestMasterAction`): the elected master — on one node, itself.
 */
import type { RouteDef } from '../../types.js';
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
        const host = ctx.httpAddress.host;
        return catResponse(req, { columns: COLUMNS, rows: [[ctx.nodeId, host, host, ctx.nodeName]] });
      },
    },
  ];
}
