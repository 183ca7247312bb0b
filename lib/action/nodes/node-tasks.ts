/**
 * The node's registry of running tasks (ES `TaskManager`, reduced to what one node needs):
 * an action registers a task while it runs and `_cat/tasks` lists them. Ids count up from 1 per
 * node, as ES's do.
 */

/** A registered task, as `_cat/tasks` shows it. */
export interface RunningTask {
  id: number;
  action: string;
  /** ES's task type: `transport` for actions, `direct` for node-local children. */
  type: string;
  description: string;
  startTimeMillis: number;
  startNanos: bigint;
  parentId?: number;
}

export class NodeTasks {
  private nextId = 1;
  private readonly running = new Map<number, RunningTask>();

  /** Register a task; the returned function unregisters it. */
  register(action: string, type: string, description: string, parentId?: number): { task: RunningTask; done: () => void } {
    const task: RunningTask = {
      id: this.nextId++,
      action,
      type,
      description,
      startTimeMillis: Date.now(),
      startNanos: process.hrtime.bigint(),
      ...(parentId !== undefined ? { parentId } : {}),
    };
    this.running.set(task.id, task);
    return { task, done: () => this.running.delete(task.id) };
  }

  /** The running tasks, oldest first. */
  list(): RunningTask[] {
    return [...this.running.values()];
  }
}
