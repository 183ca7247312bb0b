/**
 * `GET /_cat/nodeattrs` (ES 5.6 `RestNodeAttrsAction`): one row per node attribute
 * (`node.attr.*` settings).
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';

const COLUMNS: CatColumn[] = [
  { name: 'node', aliases: ['name'], desc: 'node name' },
  { name: 'id', aliases: ['id', 'nodeId'], desc: 'unique node id', default: false },
  { name: 'pid', aliases: ['p'], desc: 'process id', default: false },
  { name: 'host', aliases: ['h'], desc: 'host name' },
  { name: 'ip', aliases: ['i'], desc: 'ip address' },
  { name: 'port', aliases: ['po'], desc: 'bound transport port', default: false },
  { name: 'attr', aliases: ['attr.name'], desc: 'attribute description' },
  { name: 'value', aliases: ['attr.value'], desc: 'attribute value' },
];

export function catNodeattrsRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/nodeattrs'],
      params: [...CAT_PARAMS, 'local', 'master_timeout', 'full_id'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const full = req.paramAsBool('full_id', false);
        const host = ctx.httpAddress.host;
        const rows: CatValue[][] = [...ctx.attributes].map(([k, v]) => [
          ctx.nodeName, full ? ctx.nodeId : ctx.nodeId.slice(0, 4), process.pid, host, host, ctx.transportAddress.port, k, v,
        ]);
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
