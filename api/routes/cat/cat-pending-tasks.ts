/**
 * `GET /_cat/pending_tasks` (ES 5.6 `RestPendingClusterTasksAction`): cluster state updates
 * waiting to run. Strata runs them one by one as they arrive, so none is ever listed.
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, type CatColumn } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';

const COLUMNS: CatColumn[] = [
  { name: 'insertOrder', aliases: ['o'], desc: 'task insertion order', align: 'right' },
  { name: 'timeInQueue', aliases: ['t'], desc: 'how long task has been in queue', align: 'right' },
  { name: 'priority', aliases: ['p'], desc: 'task priority' },
  { name: 'source', aliases: ['s'], desc: 'task source' },
];

export function catPendingTasksRoutes(_ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/pending_tasks'],
      params: [...CAT_PARAMS, 'local', 'master_timeout'],
      handler: (req) => {
        req.param('local');
        req.param('master_timeout');
        return catResponse(req, { columns: COLUMNS, rows: [] });
      },
    },
  ];
}
