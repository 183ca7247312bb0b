/**
 * Task management (ES 5.6 `RestListTasksAction`, `RestGetTaskAction`, `RestCancelTasksAction`):
 * `GET /_tasks` lists every selected node's running tasks (filters, `detailed`, `group_by`), `GET
 * /_tasks/{id}` shows one from its node (waiting for it with `wait_for_completion`; a finished
 * task answers from the `.tasks` results), `POST /_tasks/_cancel` cancels on the owning nodes.
 * The actions are lib/action/tasks (cluster-tasks.ts asks the other members).
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import type { TaskFilter } from '../../lib/action/tasks/list-tasks.js';
import { cancelTasks, getTaskAnywhere, listTasks } from '../../lib/action/tasks/cluster-tasks.js';

function list(v: string | undefined): string[] | undefined {
  return v === undefined ? undefined : v.split(',').filter((s) => s.length > 0);
}

/** The task selection parameters (`nodes`, also `node_id` as older clients send it; `actions`; `parent_task_id`). */
function filterOf(req: RestRequest): TaskFilter {
  const f: TaskFilter = {};
  const nodes = list(req.param('nodes')) ?? list(req.param('node_id'));
  if (nodes) f.nodes = nodes;
  const actions = list(req.param('actions'));
  if (actions) f.actions = actions;
  const parent = req.param('parent_task_id') ?? req.param('parent_task');
  if (parent !== undefined && parent !== 'unset') f.parentTaskId = parent;
  return f;
}

export function taskRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_tasks'],
      params: ['nodes', 'node_id', 'actions', 'detailed', 'parent_task_id', 'parent_node', 'wait_for_completion', 'timeout', 'group_by'],
      handler: async (req) => {
        const f = filterOf(req);
        req.param('parent_node');
        const detailed = req.paramAsBool('detailed', false);
        const groupBy = req.param('group_by') ?? 'nodes';
        const timeoutMs = req.paramAsTimeMs('timeout', 30_000);
        const waitForCompletion = req.paramAsBool('wait_for_completion', false);
        const reg = ctx.runtime.tasks.register('cluster:monitor/tasks/lists', 'transport', '');
        try {
          return { status: 200, body: await listTasks(ctx, f, groupBy, { detailed, waitForCompletion, timeoutMs }) };
        } finally {
          reg.done();
        }
      },
    },
    {
      methods: ['GET'],
      paths: ['/_tasks/{task_id}'],
      params: ['wait_for_completion', 'timeout'],
      handler: async (req) => {
        const wait = req.paramAsBool('wait_for_completion', false);
        const timeoutMs = req.paramAsTimeMs('timeout', -1);
        return { status: 200, body: await getTaskAnywhere(ctx, req.pathParams.task_id!, wait, timeoutMs) };
      },
    },
    {
      methods: ['POST'],
      paths: ['/_tasks/_cancel', '/_tasks/{task_id}/_cancel'],
      params: ['nodes', 'node_id', 'actions', 'parent_task_id', 'parent_task', 'parent_node', 'group_by'],
      handler: async (req) => {
        const f = filterOf(req);
        req.param('parent_node');
        const id = req.pathParams.task_id;
        if (id !== undefined) f.taskId = id;
        return { status: 200, body: await cancelTasks(ctx, f, req.param('group_by') ?? 'nodes') };
      },
    },
  ];
}
