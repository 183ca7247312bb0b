/**
 * A search phase as a shard task (ES 5.6 `SearchShardTask`): registered with the node's tasks
 * while the phase runs, as a child of the coordinator's search task, so `_tasks` lists it and a
 * cancelled search reaches it. A phase whose parent was already cancelled on this node does not
 * start (ES's banned parents); a running one checks the cancellation as it paces its work.
 */
import type { PhaseTask } from '../../messages/shard-search.js';
import { taskCancelled } from '../../errors/errors.js';

/** The node's task registry as the shard side uses it (lib/action/nodes/node-tasks.ts `NodeTasks`). */
export interface ShardTasks {
  register(
    action: string,
    type: string,
    description: string,
    parentId?: number,
    opts?: { cancellable?: boolean; parentNode?: string },
  ): { task: { cancelledReason?: string }; done: () => void };
}

/** Whether the phase's task has been cancelled (always false for a phase that is no task). */
export type Cancelled = () => boolean;

const NEVER: Cancelled = () => false;

/**
 * Run `phase` as the shard task `t` describes (or as no task, when the coordinator sent none or
 * the node keeps no registry).
 * @throws ES's `illegal_state_exception` "Task cancelled before it started" when the parent was cancelled
 */
export async function runAsPhaseTask<T>(tasks: ShardTasks | undefined, nodeId: string, t: PhaseTask | undefined, phase: (cancelled: Cancelled) => Promise<T>): Promise<T> {
  if (!tasks || !t) return phase(NEVER);
  const colon = t.parent.indexOf(':');
  const parentNode = t.parent.slice(0, colon);
  const parentId = Number(t.parent.slice(colon + 1));
  const opts: { cancellable: boolean; parentNode?: string } = { cancellable: true };
  if (parentNode !== nodeId) opts.parentNode = parentNode;
  const reg = tasks.register(t.action, 'transport', t.description, parentId, opts);
  try {
    const cancelled = (): boolean => reg.task.cancelledReason !== undefined;
    // ES's fetch phase (and query phase, at its first segment) checks before any work
    if (cancelled()) throw taskCancelled();
    return await phase(cancelled);
  } finally {
    reg.done();
  }
}
