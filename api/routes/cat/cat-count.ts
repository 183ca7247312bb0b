/**
 * `GET /_cat/count[/{index}]` (ES 5.6 `RestCountAction`): the number of searchable documents,
 * counted by the same count search `_count` runs.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, epochCells, EPOCH_COLUMNS, type CatColumn } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { count } from '../../../lib/action/search/count-action.js';
import { newSearchRequest } from '../../../lib/action/search/search-request.js';
import { splitExpression } from '../../../lib/action/resolve-indices.js';

const COLUMNS: CatColumn[] = [
  ...EPOCH_COLUMNS,
  { name: 'count', aliases: ['dc', 'docs.count', 'docsCount'], desc: 'the document count' },
];

export function catCountRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/count', '/_cat/count/{index}'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: async (req) => {
        req.param('local');
        req.param('master_timeout');
        const body = await count(ctx, newSearchRequest(splitExpression(req.pathParams.index), []));
        return catResponse(req, { columns: COLUMNS, rows: [[...epochCells(Date.now()), body.count as number]] });
      },
    },
  ];
}
