/**
 * `GET /_cat/templates[/{name}]` (ES 5.6 `RestTemplatesAction`): name, template pattern, order,
 * version; `{name}` is a glob over template names.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { simpleMatch } from '../../../lib/units/simple-match.js';

const COLUMNS: CatColumn[] = [
  { name: 'name', aliases: ['n'], desc: 'template name' },
  { name: 'template', aliases: ['t'], desc: 'template pattern string' },
  { name: 'order', aliases: ['o'], desc: 'template application order number' },
  { name: 'version', aliases: ['v'], desc: 'version' },
];

export function catTemplatesRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/templates', '/_cat/templates/{name}'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const pattern = req.pathParams.name;
        const rows: CatValue[][] = [];
        const templates = ctx.cluster.state().templates;
        for (const name of Object.keys(templates).sort()) {
          if (pattern !== undefined && !simpleMatch(pattern, name)) continue;
          const t = templates[name]!;
          rows.push([name, t.template, t.order, t.version ?? null]);
        }
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
