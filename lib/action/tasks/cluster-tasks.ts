/**
 * The task APIs over every node (ES 5.6 `TransportTasksAction`): `_tasks` asks each selected
 * member for its tasks, `_tasks/{node:id}` and `_tasks/{node:id}/_cancel` reach the owning node,
 * `_tasks/_cancel` cancels on every selected node, and a cancelled task's children on other
 * nodes are banned (ES `internal:admin/tasks/ban`): running ones are cancelled, new ones refuse
 * to start, until the parent ends. On a single node every part is this node's.
 */
import type { NodeContext } from '../context.js';
import { askNodes, nodeAnswer, nodesHeader } from '../nodes/nodes-fanout.js';
import { clusterMembers } from '../nodes/cluster-members.js';
import { decodeRendered, type WireJson } from '../../messages/wire-json.js';
import { esErrorOf, shardErrorOf, type ShardError } from '../../messages/shard-error.js';
import { cancelLocalTasks, getTask, nodeTasksPart, renderTaskParts, selectTasks, type NodeTasksPart, type TaskFilter } from './list-tasks.js';
import { parseTaskId } from './task-info.js';

export const TASKS_LIST_ACTION = 'tasks:list';
export const TASKS_CANCEL_ACTION = 'tasks:cancel';
export const TASKS_GET_ACTION = 'tasks:get';
export const TASKS_BAN_ACTION = 'tasks:ban';

type Json = Record<string, unknown>;

/** The listing's own action (ES `ListTasksAction.NAME`). */
const LIST_ACTION = 'cluster:monitor/tasks/lists';

/** Options of a listing beyond the filter. */
export interface ListOptions {
  detailed: boolean;
  waitForCompletion: boolean;
  timeoutMs: number;
}

/** The members a filter asks: the owner of a named task, else the `nodes` selection. */
function targets(f: TaskFilter): string[] {
  return f.taskId !== undefined ? [parseTaskId(f.taskId).node] : (f.nodes ?? ['_all']);
}

/** The filter each node applies to its own tasks (the node selection was resolved by the coordinator). */
function ownFilter(f: TaskFilter): TaskFilter {
  const { nodes: _nodes, ...rest } = f;
  return rest;
}

/** This node's part of a listing; with `waitForCompletion`, once its selected tasks have ended (bounded). */
async function localList(ctx: NodeContext, f: TaskFilter, o: ListOptions): Promise<NodeTasksPart> {
  if (o.waitForCompletion) {
    const deadline = Date.now() + (o.timeoutMs > 0 ? o.timeoutMs : 30_000);
    // ES waits for every selected task but never for a listing (this one among them)
    for (const t of selectTasks(ctx, f).filter((x) => x.action !== LIST_ACTION)) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await Promise.race([ctx.runtime.tasks.waitFor(t.id), new Promise((r) => setTimeout(r, left).unref())]);
    }
  }
  return nodeTasksPart(ctx, selectTasks(ctx, f), o.detailed);
}

/** ES `failed_node_exception`s of the nodes that did not answer. */
function failuresOf(r: Parameters<typeof nodesHeader>[0]): Json[] {
  return (nodesHeader(r).failures as Json[] | undefined) ?? [];
}

/** `GET /_tasks`: every selected node's tasks. */
export async function listTasks(ctx: NodeContext, f: TaskFilter, groupBy: string, o: ListOptions): Promise<Json> {
  const own = ownFilter(f);
  const r = await askNodes(ctx, targets(f), TASKS_LIST_ACTION, { filter: own, options: o }, () => localList(ctx, own, o));
  const failures = failuresOf(r);
  return { ...(failures.length > 0 ? { node_failures: failures } : {}), ...renderTaskParts(r.answers.map((a) => a.value), groupBy) };
}

/** This node's part of a cancel, and the bans it sends to the other members first. */
async function localCancel(ctx: NodeContext, f: TaskFilter): Promise<{ part: NodeTasksPart; failure?: Json }> {
  const { cancelled, failure } = await cancelLocalTasks(ctx, f, (id, reason) => sendBan(ctx, { node: ctx.nodeId, id, ban: true, reason }));
  return { part: nodeTasksPart(ctx, cancelled, false), ...(failure ? { failure } : {}) };
}

/** `POST /_tasks/_cancel`, `/_tasks/{id}/_cancel`: cancel on the owning or every selected node. */
export async function cancelTasks(ctx: NodeContext, f: TaskFilter, groupBy: string): Promise<Json> {
  const own = ownFilter(f);
  const r = await askNodes(ctx, targets(f), TASKS_CANCEL_ACTION, { filter: own }, () => localCancel(ctx, own));
  const failures = [...r.answers.flatMap((a) => (a.value.failure ? [a.value.failure] : [])), ...failuresOf(r)];
  return { ...(failures.length > 0 ? { node_failures: failures } : {}), ...renderTaskParts(r.answers.map((a) => a.value.part), groupBy) };
}

/** `GET /_tasks/{node:id}`: answered by the owning node when it is a member, else from this node's records. */
export async function getTaskAnywhere(ctx: NodeContext, text: string, wait: boolean, timeoutMs: number): Promise<Json> {
  const { node } = parseTaskId(text);
  if (node === ctx.nodeId || !ctx.remote || !ctx.cluster.state().nodes?.[node]) return getTask(ctx, text, wait, timeoutMs);
  const answer = (await ctx.remote.call(node, TASKS_GET_ACTION, { text, wait, timeoutMs })) as { ok: unknown } | { error: ShardError };
  if ('error' in answer) throw esErrorOf(answer.error);
  return decodeRendered(answer.ok as WireJson) as Json;
}

interface BanMessage {
  node: string;
  id: number;
  ban: boolean;
  reason?: string;
}

/** Tell every other member to ban (or no longer ban) the children of this node's task. */
async function sendBan(ctx: NodeContext, m: BanMessage): Promise<void> {
  const remote = ctx.remote;
  if (!remote) return;
  await Promise.all(
    clusterMembers(ctx)
      .filter((n) => !n.local)
      .map((n) =>
        remote.call(n.id, TASKS_BAN_ACTION, m).catch((err: unknown) => {
          // a node that cannot be reached runs none of the children
          ctx.logger.warn({ err }, `[${n.id}] did not take the ban of task [${m.node}:${m.id}]`);
        }),
      ),
  );
}

/**
 * Cluster mode: lift a cancelled task's bans on the other members when it ends (ES
 * `removeBanOnNodes`); lift the bans of a member that leaves the cluster, and cancel the
 * children of its tasks running here, when this node applies the state without it (ES
 * `TaskManager#applyClusterState`).
 */
export function liftBansWhenCancelledTasksEnd(ctx: NodeContext): void {
  if (!ctx.remote) return;
  ctx.runtime.tasks.onCancelledEnd = (id) => void sendBan(ctx, { node: ctx.nodeId, id, ban: false });
  ctx.cluster.addListener(async (next, prev) => {
    const members = new Set(Object.keys(next.nodes ?? {}));
    if (Object.keys(prev.nodes ?? {}).some((id) => !members.has(id))) ctx.runtime.tasks.parentNodesLeft(members);
  });
}

/** The transport actions answering other members' task requests. */
export function taskNodeActions(ctx: NodeContext): Array<[string, (body: unknown) => Promise<unknown>]> {
  return [
    [TASKS_LIST_ACTION, async (b) => {
      const m = b as { filter: TaskFilter; options: ListOptions };
      return nodeAnswer(await localList(ctx, m.filter, m.options));
    }],
    [TASKS_CANCEL_ACTION, async (b) => nodeAnswer(await localCancel(ctx, (b as { filter: TaskFilter }).filter))],
    [TASKS_GET_ACTION, async (b) => {
      const m = b as { text: string; wait: boolean; timeoutMs: number };
      try {
        return { ok: nodeAnswer(await getTask(ctx, m.text, m.wait, m.timeoutMs)) };
      } catch (err) {
        return { error: shardErrorOf(err) };
      }
    }],
    [TASKS_BAN_ACTION, async (b) => {
      const m = b as BanMessage;
      if (m.ban) ctx.runtime.tasks.setBan(m.node, m.id, m.reason ?? 'by user request');
      else ctx.runtime.tasks.removeBan(m.node, m.id);
      return {};
    }],
  ];
}
