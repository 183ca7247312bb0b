/**
 * `GET /_cat/plugins` (ES 5.6 `RestPluginsAction`): installed plugins, one row each. Strata
 * installs none (its built-in modules are listed by `_nodes/plugins`, as ES lists modules
 * there and not here), so the table is empty.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';

const COLUMNS: CatColumn[] = [
  { name: 'id', desc: 'unique node id', default: false },
  { name: 'name', aliases: ['n'], desc: 'node name' },
  { name: 'component', aliases: ['c'], desc: 'component' },
  { name: 'version', aliases: ['v'], desc: 'component version' },
  { name: 'description', aliases: ['d'], desc: 'plugin details', default: false },
];

export function catPluginsRoutes(_ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/plugins'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        return catResponse(req, { columns: COLUMNS, rows: [] });
      },
    },
  ];
}
