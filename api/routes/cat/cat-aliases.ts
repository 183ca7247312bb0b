/**
 * `GET /_cat/aliases[/{alias}]` (ES 5.6 `RestAliasAction`): one row per (alias, index) with
 * `*` for a filtered alias and `-` for absent parts. Closed indices are listed too.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { STRICT_EXPAND_OPEN_CLOSED, resolveIndices } from '../../../lib/action/resolve-indices.js';
import { aliasNamesParam, findAliases } from '../../../lib/action/aliases/get-aliases.js';

const COLUMNS: CatColumn[] = [
  { name: 'alias', aliases: ['a'], desc: 'alias name' },
  { name: 'index', aliases: ['i', 'idx'], desc: 'index alias points to' },
  { name: 'filter', aliases: ['f', 'fi'], desc: 'filter' },
  { name: 'routing.index', aliases: ['ri', 'routingIndex'], desc: 'index routing' },
  { name: 'routing.search', aliases: ['rs', 'routingSearch'], desc: 'search routing' },
];

export function catAliasesRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/aliases', '/_cat/aliases/{alias}'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        const state = ctx.cluster.state();
        const indices = resolveIndices(state, undefined, STRICT_EXPAND_OPEN_CLOSED);
        const rows: CatValue[][] = [];
        for (const e of findAliases(state, indices, aliasNamesParam(req.pathParams.alias))) {
          for (const [alias, meta] of e.aliases) {
            rows.push([alias, e.index, meta.filter ? '*' : '-', meta.index_routing ?? '-', meta.search_routing ?? '-']);
          }
        }
        return catResponse(req, { columns: COLUMNS, rows });
      },
    },
  ];
}
