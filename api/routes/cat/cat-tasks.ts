/**
 * `GET /_cat/tasks` (ES 5.6 `RestTasksAction`): the tasks running on the node. The listing
 * itself runs as ES's `cluster:monitor/tasks/lists` with its node-level child
 * `cluster:monitor/tasks/lists[n]`, so it always sees itself, as in ES; the other actions list
 * the tasks they register (see docs/nodes.md).
 */
import type { RouteDef } from '../../types.js';
import type { NodeContext } from '../../../lib/action/context.js';
import { catResponse, epochCells, type CatColumn, type CatValue } from '../../rest/cat-table.js';
import { CAT_PARAMS } from '../../rest/params.js';
import { NODE_VERSION, selectsThisNode } from '../../../lib/action/nodes/node-identity.js';
import { simpleMatch } from '../../../lib/units/simple-match.js';
import { javaSplit } from '../../rest/url-decode.js';
import { TimeValue } from '../../../lib/units/time-value.js';
import { parentTaskIdText, taskDescription } from '../../../lib/action/tasks/task-info.js';

function columns(detailed: boolean): CatColumn[] {
  return [
    { name: 'id', desc: 'id of the task with the node', default: false },
    { name: 'action', aliases: ['ac'], desc: 'task action' },
    { name: 'task_id', aliases: ['ti'], desc: 'unique task id' },
    { name: 'parent_task_id', aliases: ['pti'], desc: 'parent task id' },
    { name: 'type', aliases: ['ty'], desc: 'task type' },
    { name: 'start_time', aliases: ['start'], desc: 'start time in ms' },
    { name: 'timestamp', aliases: ['ts', 'hms', 'hhmmss'], desc: 'start time in HH:MM:SS' },
    { name: 'running_time_ns', aliases: ['time'], desc: 'running time ns', default: false },
    { name: 'running_time', aliases: ['time'], desc: 'running time' },
    { name: 'node_id', aliases: ['ni'], desc: 'unique node id', default: false },
    { name: 'ip', aliases: ['i'], desc: 'ip address' },
    { name: 'port', aliases: ['po'], desc: 'bound transport port', default: false },
    { name: 'node', aliases: ['n'], desc: 'node name' },
    { name: 'version', aliases: ['v'], desc: 'es version', default: false },
    ...(detailed ? [{ name: 'description', aliases: ['desc'], desc: 'task action', default: false }] : []),
  ];
}

export function catTasksRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET'],
      paths: ['/_cat/tasks'],
      params: [...CAT_PARAMS, 'actions', 'detailed', 'node_id', 'parent_node', 'parent_task', 'full_id'],
      handler: (req) => {
        const detailed = req.paramAsBool('detailed', false);
        const actions = req.param('actions');
        const nodeIds = javaSplit(req.param('node_id') ?? '_all', ',').filter((s) => s.length > 0);
        const parentNode = req.param('parent_node');
        const parentTask = req.param('parent_task');
        const full = req.paramAsBool('full_id', false);
        const parent = ctx.runtime.tasks.register('cluster:monitor/tasks/lists', 'transport', '');
        const child = ctx.runtime.tasks.register('cluster:monitor/tasks/lists[n]', 'direct', '', parent.task.id);
        try {
          const now = process.hrtime.bigint();
          const rows: CatValue[][] = [];
          if (selectsThisNode(ctx, nodeIds)) {
            for (const t of ctx.runtime.tasks.list()) {
              if (actions !== undefined && !javaSplit(actions, ',').some((a) => simpleMatch(a, t.action))) continue;
              const parentId = parentTaskIdText(ctx, t);
              if (parentTask !== undefined && parentTask !== parentId) continue;
              // a parent on this node matches as ES selects this node; one on another node by its id
              const parentHere = t.parentNode === undefined;
              if (parentNode !== undefined && (t.parentId === undefined || (parentHere ? !selectsThisNode(ctx, [parentNode]) : t.parentNode !== parentNode))) continue;
              const nanos = Number(now - t.startNanos);
              rows.push([
                t.id, t.action, `${ctx.nodeId}:${t.id}`, parentId ?? '-', t.type,
                t.startTimeMillis, epochCells(t.startTimeMillis)[1], nanos, new TimeValue(nanos, 'nanos').toString(),
                full ? ctx.nodeId : ctx.nodeId.slice(0, 4), ctx.httpAddress.host, ctx.transportAddress.port, ctx.nodeName, NODE_VERSION,
                ...(detailed ? [taskDescription(t)] : []),
              ]);
            }
          }
          return catResponse(req, { columns: columns(detailed), rows });
        } finally {
          child.done();
          parent.done();
        }
      },
    },
  ];
}
