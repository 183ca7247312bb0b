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

/** One node's tasks as a listing shows them: the node's header and its TaskInfo objects (ES `TaskInfo`). */
export interface NodeTasksPart {
  node: string;
  header: Record<string, unknown>;
  tasks: Array<Record<string, unknown>>;
}

/** This node's part of a listing of `tasks`. */
export function nodeTasksPart(ctx: NodeContext, tasks: RunningTask[], detailed: boolean): NodeTasksPart {
  return { node: ctx.nodeId, header: nodeHeader(ctx, 'stats'), tasks: tasks.map((t) => taskInfoJson(ctx, t, detailed)) };
}

/** `group_by`: `nodes` (default), `parents` or `none`. */
export function renderTasks(ctx: NodeContext, tasks: RunningTask[], groupBy: string, detailed: boolean): Record<string, unknown> {
  return renderTaskParts([nodeTasksPart(ctx, tasks, detailed)], groupBy);
}

/**
 * ES `ListTasksResponse#toXContent` over the parts of every node that answered: grouped by node
 * (each with its header), by parent (a child on another node under its parent, ES
 * `getTaskGroups`), or as one flat list.
 */
export function renderTaskParts(parts: readonly NodeTasksPart[], groupBy: string): Record<string, unknown> {
  const all = parts.flatMap((p) => p.tasks);
  if (groupBy === 'none') return { tasks: all };
  if (groupBy === 'parents') {
    // a task whose parent is not listed is a root
    const idOf = (t: Record<string, unknown>): string => `${t.node as string}:${t.id as number}`;
    const listed = new Set(all.map(idOf));
    // children by parent id, built once (a bulk has a child per shard; a scan per task was quadratic)
    const childrenOf = new Map<string, Array<Record<string, unknown>>>();
    for (const c of all) {
      if (typeof c.parent_task_id !== 'string') continue;
      let l = childrenOf.get(c.parent_task_id);
      if (!l) childrenOf.set(c.parent_task_id, (l = []));
      l.push(c);
    }
    const group = (t: Record<string, unknown>): Record<string, unknown> => {
      const children = childrenOf.get(idOf(t)) ?? [];
      const out = { ...t };
      if (children.length > 0) out.children = children.map(group);
      return out;
    };
    const roots: Record<string, unknown> = Object.create(null);
    for (const t of all) if (t.parent_task_id === undefined || !listed.has(t.parent_task_id as string)) roots[idOf(t)] = group(t);
    return { tasks: roots };
  }
  if (groupBy !== 'nodes') throw illegalArgument(`No group_by type match [${groupBy}]`);
  const nodes: Record<string, unknown> = Object.create(null);
  for (const p of parts) {
    if (p.tasks.length === 0) continue;
    const byId: Record<string, unknown> = Object.create(null);
    for (const t of p.tasks) byId[`${p.node}:${t.id as number}`] = t;
    nodes[p.node] = { ...p.header, tasks: byId };
  }
  return { nodes };
}

/**
 * ES `TransportTasksAction#processTasks` for a named task: a missing one, or one the operation
 * does not apply to, fails the node's part of the request, reported in `node_failures` (ES
 * wraps it in `failed_node_exception`) beside an empty listing: the failure.
 */
function namedTaskFailure(ctx: NodeContext, taskId: string, applies: (t: RunningTask) => boolean): Record<string, unknown> | undefined {
  const id = parseTaskId(taskId);
  const t = id.node === ctx.nodeId ? ctx.runtime.tasks.get(id.id) : undefined;
  if (id.node !== ctx.nodeId) return undefined;
  const reason = !t ? `task [${taskId}] is missing` : applies(t) ? undefined : `task [${taskId}] doesn't support this operation`;
  if (reason === undefined) return undefined;
  return { type: 'failed_node_exception', reason: `Failed node [${ctx.nodeId}]`, caused_by: { type: 'resource_not_found_exception', reason } };
}

/**
 * This node's part of `POST /_tasks/_cancel`: cancel its selected cancellable tasks (ES
 * `CancelTasksRequest#match`), or the failure of a named task that is missing or not cancellable.
 * `ban` reaches the children of each cancelled task on other nodes before this answers.
 */
export async function cancelLocalTasks(
  ctx: NodeContext,
  f: TaskFilter,
  ban: (taskId: number, reason: string) => Promise<void>,
): Promise<{ cancelled: RunningTask[]; failure?: Record<string, unknown> }> {
  const failure = f.taskId !== undefined ? namedTaskFailure(ctx, f.taskId, (t) => t.cancellable) : undefined;
  if (failure) return { cancelled: [], failure };
  const reason = 'by user request';
  const cancelled = selectTasks(ctx, f).filter((t) => t.cancellable && t.cancelledReason === undefined);
  for (const t of cancelled) ctx.runtime.tasks.cancel(t.id, reason);
  await Promise.all(cancelled.map((t) => ban(t.id, reason)));
  return { cancelled };
}

/** `POST /_reindex/{id}/_rethrottle` (and the by-query spellings): only rethrottlable (by-scroll) tasks apply. */
export function rethrottleTask(ctx: NodeContext, taskId: string, requestsPerSecond: number, groupBy: string): Record<string, unknown> {
  const byScroll = (t: RunningTask): boolean => ctx.runtime.tasks.canRethrottle(t.id);
  const failure = namedTaskFailure(ctx, taskId, byScroll);
  if (failure) return { node_failures: [failure], ...renderTasks(ctx, [], groupBy, true) };
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
