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
    if (t.description) out.description = t.description;
  }
  out.start_time_in_millis = t.startTimeMillis;
  out.running_time_in_nanos = Number(process.hrtime.bigint() - t.startNanos);
  out.cancellable = t.cancellable;
  if (t.parentId !== undefined) out.parent_task_id = taskIdText(ctx, t.parentId);
  return out;
}
