/**
 * The task management actions on the one node (ES 5.6 `TransportListTasksAction`,
 * `TransportCancelTasksAction`, `TransportRethrottleAction`, `TransportGetTaskAction`): select
 * tasks by id, node, actions pattern and parent; render them grouped by node, by parent, or as a
 * flat list (`ListTasksResponse#toXContent`); cancel or rethrottle the selected ones; get one,
 * waiting for it if asked, from the running tasks or the `.tasks` results.
 */
import type { NodeContext } from '../context.js';
import type { RunningTask } from '../nodes/node-tasks.js';
import { nodeHeader, selectsThisNode } from '../nodes/node-identity.js';
import { EsError, illegalArgument } from '../../errors/errors.js';
import { simpleMatch } from '../../units/simple-match.js';
import { parseTaskId, taskIdText, taskInfoJson } from './task-info.js';
import { readTaskResult } from './task-results.js';

/** Which tasks a request selects (ES `BaseTasksRequest`). */
export interface TaskFilter {
  taskId?: string;
  nodes?: string[];
  actions?: string[];
  parentTaskId?: string;
}

/** The running tasks `f` selects. */
export function selectTasks(ctx: NodeContext, f: TaskFilter): RunningTask[] {
  if (f.nodes && f.nodes.length > 0 && !selectsThisNode(ctx, f.nodes)) return [];
  const id = f.taskId !== undefined ? parseTaskId(f.taskId) : undefined;
  if (id && id.node !== ctx.nodeId) return [];
  const parent = f.parentTaskId !== undefined ? parseTaskId(f.parentTaskId) : undefined;
  return ctx.runtime.tasks.list().filter((t) => {
    if (id && t.id !== id.id) return false;
    if (f.actions && f.actions.length > 0 && !f.actions.some((a) => simpleMatch(a, t.action))) return false;
    if (parent && (parent.node !== (t.parentNode ?? ctx.nodeId) || t.parentId !== parent.id)) return false;
    return true;
  });
}

/** `group_by`: `nodes` (default), `parents` or `none`. */
export function renderTasks(ctx: NodeContext, tasks: RunningTask[], groupBy: string, detailed: boolean): Record<string, unknown> {
  if (groupBy === 'none') return { tasks: tasks.map((t) => taskInfoJson(ctx, t, detailed)) };
  if (groupBy === 'parents') {
    // ES `ListTasksResponse#getTaskGroups`: a task whose parent is not listed is a root
    const listed = new Set(tasks.map((t) => t.id));
    const group = (t: RunningTask): Record<string, unknown> => {
      const children = tasks.filter((c) => c.parentId === t.id && c.parentNode === undefined);
      const out = taskInfoJson(ctx, t, detailed);
      if (children.length > 0) out.children = children.map(group);
      return out;
    };
    const roots: Record<string, unknown> = Object.create(null);
    for (const t of tasks) if (t.parentId === undefined || t.parentNode !== undefined || !listed.has(t.parentId)) roots[taskIdText(ctx, t.id)] = group(t);
    return { tasks: roots };
  }
  if (groupBy !== 'nodes') throw illegalArgument(`No group_by type match [${groupBy}]`);
  const nodes: Record<string, unknown> = Object.create(null);
  if (tasks.length > 0) {
    const byId: Record<string, unknown> = Object.create(null);
    for (const t of tasks) byId[taskIdText(ctx, t.id)] = taskInfoJson(ctx, t, detailed);
    nodes[ctx.nodeId] = { ...nodeHeader(ctx, 'stats'), tasks: byId };
  }
  return { nodes };
}

/**
 * ES `TransportTasksAction#processTasks` for a named task: a missing one, or one the operation
 * does not apply to, fails the node's part of the request, reported in `node_failures` (ES
 * wraps it in `failed_node_exception`) beside an empty listing.
 */
function namedTaskFailure(ctx: NodeContext, taskId: string, applies: (t: RunningTask) => boolean): Record<string, unknown> | undefined {
  const id = parseTaskId(taskId);
  const t = id.node === ctx.nodeId ? ctx.runtime.tasks.get(id.id) : undefined;
  if (id.node !== ctx.nodeId) return undefined;
  const reason = !t ? `task [${taskId}] is missing` : applies(t) ? undefined : `task [${taskId}] doesn't support this operation`;
  if (reason === undefined) return undefined;
  return {
    node_failures: [{ type: 'failed_node_exception', reason: `Failed node [${ctx.nodeId}]`, caused_by: { type: 'resource_not_found_exception', reason } }],
  };
}

/** `POST /_tasks/_cancel`: cancel the selected cancellable tasks (ES `CancelTasksRequest#match`). */
export function cancelTasks(ctx: NodeContext, f: TaskFilter, groupBy: string): Record<string, unknown> {
  const failure = f.taskId !== undefined ? namedTaskFailure(ctx, f.taskId, (t) => t.cancellable) : undefined;
  if (failure) return { ...failure, ...renderTasks(ctx, [], groupBy, false) };
  const cancelled = selectTasks(ctx, f).filter((t) => t.cancellable && t.cancelledReason === undefined);
  for (const t of cancelled) ctx.runtime.tasks.cancel(t.id, 'by user request');
  return renderTasks(ctx, cancelled, groupBy, false);
}

/** `POST /_reindex/{id}/_rethrottle` (and the by-query spellings): only rethrottlable (by-scroll) tasks apply. */
export function rethrottleTask(ctx: NodeContext, taskId: string, requestsPerSecond: number, groupBy: string): Record<string, unknown> {
  const byScroll = (t: RunningTask): boolean => ctx.runtime.tasks.canRethrottle(t.id);
  const failure = namedTaskFailure(ctx, taskId, byScroll);
  if (failure) return { ...failure, ...renderTasks(ctx, [], groupBy, true) };
  const selected = selectTasks(ctx, { taskId }).filter((t) => byScroll(t) && ctx.runtime.tasks.rethrottle(t.id, requestsPerSecond));
  return renderTasks(ctx, selected, groupBy, true);
}

/**
 * `GET /_tasks/{id}`: the running task (after it ends, with `wait_for_completion`), or its
 * stored result; ES's `resource_not_found_exception` when there is neither.
 */
export async function getTask(ctx: NodeContext, text: string, waitForCompletion: boolean, timeoutMs: number): Promise<Record<string, unknown>> {
  const id = parseTaskId(text);
  if (id.node !== ctx.nodeId) {
    throw new EsError('resource_not_found_exception', 404, `task [${text}] belongs to the node [${id.node}] which isn't part of the cluster and there is no record of the task`);
  }
  let running = ctx.runtime.tasks.get(id.id);
  if (running && waitForCompletion) {
    const wait = ctx.runtime.tasks.waitFor(id.id);
    const limit = timeoutMs > 0 ? timeoutMs : 30_000;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([wait.then(() => false), new Promise<boolean>((r) => (timer = setTimeout(() => r(true), limit)))]);
    clearTimeout(timer);
    if (timedOut) throw new EsError('elasticsearch_timeout_exception', 500, `Timed out waiting for completion of [${text}]`);
    running = ctx.runtime.tasks.get(id.id);
  }
  if (running) return { completed: false, task: taskInfoJson(ctx, running, true) };
  const stored = await readTaskResult(ctx, text);
  if (stored) return stored;
  throw new EsError('resource_not_found_exception', 404, `task [${text}] isn't running and hasn't stored its results`);
}
