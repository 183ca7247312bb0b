/**
 * A task as the task APIs render it (ES 5.6 `TaskInfo#toXContent`), and task ids
 * (`TaskId`: `<node id>:<number>`).
 */
import type { NodeContext } from '../context.js';
import type { RunningTask } from '../nodes/node-tasks.js';
import { illegalArgument } from '../../errors/errors.js';

/** A parsed task id. */
export interface TaskId {
  node: string;
  id: number;
}

/** ES `new TaskId(String)`: `<node>:<long>`, anything else is malformed. */
export function parseTaskId(text: string): TaskId {
  const colon = text.indexOf(':');
  const idText = text.slice(colon + 1);
  if (colon <= 0 || !/^-?\d+$/.test(idText)) throw illegalArgument(`malformed task id ${text}`);
  return { node: text.slice(0, colon), id: Number(idText) };
}

/** `<node>:<id>` of a task of this node. */
export function taskIdText(ctx: NodeContext, id: number): string {
  return `${ctx.nodeId}:${id}`;
}

/** The TaskInfo object; `detailed` adds the status and description as ES's `detailed=true` does. */
export function taskInfoJson(ctx: NodeContext, t: RunningTask, detailed: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { node: ctx.nodeId, id: t.id, type: t.type, action: t.action };
  if (detailed) {
    const status = t.status?.();
    if (status !== undefined) out.status = status;
    // ES's requests describe themselves as "" unless they say more, and a detailed TaskInfo prints it
    out.description = taskDescription(t);
  }
  out.start_time_in_millis = t.startTimeMillis;
  out.running_time_in_nanos = Number(process.hrtime.bigint() - t.startNanos);
  out.cancellable = t.cancellable;
  if (t.parentId !== undefined) out.parent_task_id = parentTaskIdText(ctx, t);
  return out;
}

/** The task's description, built now when it is built lazily. */
export function taskDescription(t: RunningTask): string {
  return typeof t.description === 'function' ? t.description() : t.description;
}

/** `<node>:<id>` of the task's parent (on another node for a shard phase of a search coordinated there). */
export function parentTaskIdText(ctx: NodeContext, t: RunningTask): string | undefined {
  if (t.parentId === undefined) return undefined;
  return `${t.parentNode ?? ctx.nodeId}:${t.parentId}`;
}
