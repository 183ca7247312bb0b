/**
 * `GET /_tasks/{task_id}` (ES 5.6 `RestGetTaskAction`). Strata runs no long-lived tasks and keeps
 * no `.tasks` results index, so a well-formed id is never found: ES's `TransportGetTaskAction`
 * answers a task that is not running and has no stored result with `resource_not_found_exception`
 * (404). Listing and cancelling tasks are not built (api/routes/not-built.ts).
 */
import type { RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { EsError, illegalArgument } from '../../lib/errors/errors.js';

/** ES `TaskId(String)`: `<node id>:<long>`, anything else is malformed. */
function parseTaskId(text: string): { node: string; id: number } {
  const colon = text.indexOf(':');
  const idText = text.slice(colon + 1);
  if (colon <= 0 || !/^-?\d+$/.test(idText)) throw illegalArgument(`malformed task id ${text}`);
  return { node: text.slice(0, colon), id: Number(idText) };
}

export function taskRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_tasks/{task_id}'],
      params: ['wait_for_completion', 'timeout'],
      handler: (req) => {
        req.paramAsBool('wait_for_completion', false);
        req.paramAsTimeMs('timeout', -1);
        const text = req.pathParams.task_id!;
        const task = parseTaskId(text);
        if (task.node !== ctx.nodeId) {
          throw new EsError(
            'resource_not_found_exception',
            404,
            `task [${text}] belongs to the node [${task.node}] which isn't part of the cluster and there is no record of the task`,
          );
        }
        throw new EsError('resource_not_found_exception', 404, `task [${text}] isn't running and hasn't stored its results`);
      },
    },
  ];
}
