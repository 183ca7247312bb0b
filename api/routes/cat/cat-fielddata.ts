/**
 * `GET /_cat/fielddata[/{fields}]` (ES 5.6 `RestFielddataAction`): heap used by fielddata per
 * node and field. Strata builds no fielddata — sorting, aggregations and scripts read doc
 * values, also for `text` fields with `fielddata: true` — so there are no rows.
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
  { name: 'field', aliases: ['f'], desc: 'field name' },
  { name: 'size', desc: 'field data usage', align: 'right' },
];

export function catFielddataRoutes(_ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/fielddata', '/_cat/fielddata/{fields}'],
      params: [...CAT_PARAMS, 'fields', 'local', 'master_timeout'],
      handler: (req) => {
        req.param('fields');
        req.param('local');
        req.param('master_timeout');
        return catResponse(req, { columns: COLUMNS, rows: [] });
      },
    },
  ];
}
