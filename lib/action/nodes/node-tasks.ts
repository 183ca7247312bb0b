/**
 * The node's registry of running tasks (ES `TaskManager`, reduced to what one node needs):
 * an action registers a task while it runs; `_tasks` and `_cat/tasks` list them, `_tasks/_cancel`
 * cancels the cancellable ones and `GET /_tasks/{id}` waits for one to end. Ids count up from 1
 * per node, as ES's do.
 */
import { cancelledBeforeStart } from '../../errors/errors.js';

/** What a cancellable task does when cancelled (ES `CancellableTask#onCancelled`). */
export type CancelHook = (reason: string) => void;

/** A registered task, as `_tasks` and `_cat/tasks` show it. */
export interface RunningTask {
  id: number;
  action: string;
  /** ES's task type: `transport` for actions, `direct` for node-local children. */
  type: string;
  /** ES's `Task#getDescription`; a function for a description built when it is read (ES's search task builds it lazily). */
  description: string | (() => string);
  startTimeMillis: number;
  startNanos: bigint;
  parentId?: number;
  /** The parent's node, when the parent runs on another node (a shard phase of a search coordinated elsewhere). */
  parentNode?: string;
  /** Whether `_tasks/_cancel` may cancel it (ES `CancellableTask`). */
  cancellable: boolean;
  /** The task's live status (ES `Task#getStatus`), shown by `detailed` listings and `GET /_tasks/{id}`. */
  status?: () => Record<string, unknown>;
  /** Set once cancelled: the reason given. */
  cancelledReason?: string;
}

/** Options of a registration beyond the ES task fields. */
export interface RegisterOptions {
  cancellable?: boolean;
  status?: () => Record<string, unknown>;
  onCancel?: CancelHook;
  /** Change the task's `requests_per_second` (the by-scroll tasks: `_rethrottle`). */
  onRethrottle?: (requestsPerSecond: number) => void;
  /** The parent's node when it is not this one. */
  parentNode?: string;
}


export class NodeTasks {
  private nextId = 1;
  private readonly running = new Map<number, RunningTask>();
  private readonly cancelHooks = new Map<number, CancelHook>();
  private readonly rethrottleHooks = new Map<number, (requestsPerSecond: number) => void>();
  private readonly waiters = new Map<number, Array<() => void>>();
  /**
   * Cancelled parents of this node whose children must not start (ES's banned parents), with the
   * reason, until the parent ends.
   */
  private readonly bannedParents = new Map<number, string>();
  /**
   * Cluster mode: parents on other nodes (`<node>:<id>`) whose cancellation banned their children
   * here (ES `TaskManager#setBan`), with the reason, until that node lifts the ban.
   */
  private readonly remoteBans = new Map<string, string>();
  /** Called when a cancelled task of this node ends, so its bans on other nodes are lifted. */
  onCancelledEnd: ((id: number) => void) | undefined;
  /**
   * Set once this process has moved its ids past those it stored in `.tasks` before a restart
   * (lib/action/tasks/task-results.ts#reserveStoredTaskIds), so a new task never overwrites the
   * record of an interrupted one.
   */
  storedIdsReserved: Promise<void> | undefined;

  /** Make the next id at least `id + 1`. */
  advancePast(id: number): void {
    if (Number.isSafeInteger(id) && id >= this.nextId) this.nextId = id + 1;
  }

  /** Register a task; the returned function unregisters it (and wakes whoever waits for it). */
  register(action: string, type: string, description: RunningTask['description'], parentId?: number, opts: RegisterOptions = {}): { task: RunningTask; done: () => void } {
    if (parentId !== undefined && opts.cancellable === true) {
      const banned = opts.parentNode === undefined ? this.bannedParents.get(parentId) : this.remoteBans.get(`${opts.parentNode}:${parentId}`);
      if (banned !== undefined) throw cancelledBeforeStart(banned);
    }
    // (assigned, not spread: a search registers three tasks)
    const task: RunningTask = { id: this.nextId++, action, type, description, startTimeMillis: Date.now(), startNanos: process.hrtime.bigint(), cancellable: opts.cancellable === true };
    if (parentId !== undefined) {
      task.parentId = parentId;
      if (opts.parentNode !== undefined) task.parentNode = opts.parentNode;
    }
    if (opts.status) task.status = opts.status;
    this.running.set(task.id, task);
    if (opts.onCancel) this.cancelHooks.set(task.id, opts.onCancel);
    if (opts.onRethrottle) this.rethrottleHooks.set(task.id, opts.onRethrottle);
    return {
      task,
      done: () => {
        this.running.delete(task.id);
        this.cancelHooks.delete(task.id);
        this.rethrottleHooks.delete(task.id);
        this.bannedParents.delete(task.id);
        if (task.cancelledReason !== undefined) this.onCancelledEnd?.(task.id);
        const w = this.waiters.get(task.id);
        this.waiters.delete(task.id);
        for (const wake of w ?? []) wake();
      },
    };
  }

  /** The running tasks, oldest first. */
  list(): RunningTask[] {
    return [...this.running.values()];
  }

  /** A running task by id. */
  get(id: number): RunningTask | undefined {
    return this.running.get(id);
  }

  /**
   * Cancel a running cancellable task and its children (ES `TaskManager#cancel` with
   * `ban_parent`): the hook runs once; a task cancelled before is left as it is.
   * @returns whether the task was cancelled now
   */
  cancel(id: number, reason: string): boolean {
    const task = this.running.get(id);
    if (!task || !task.cancellable || task.cancelledReason !== undefined) return false;
    task.cancelledReason = reason;
    this.bannedParents.set(id, reason);
    this.cancelHooks.get(id)?.(reason);
    for (const child of this.running.values()) if (child.parentId === id && child.parentNode === undefined) this.cancel(child.id, 'parent task was cancelled');
    return true;
  }

  /**
   * Ban the children of `parentNode`'s task `parentId` on this node (ES `TaskManager#setBan`): the
   * running ones are cancelled with `reason`, new ones refuse to start until {@link removeBan}.
   */
  setBan(parentNode: string, parentId: number, reason: string): void {
    this.remoteBans.set(`${parentNode}:${parentId}`, reason);
    for (const child of this.running.values()) {
      if (child.parentNode === parentNode && child.parentId === parentId) this.cancel(child.id, reason);
    }
  }

  /** Lift the ban of {@link setBan} (the parent has ended). */
  removeBan(parentNode: string, parentId: number): void {
    this.remoteBans.delete(`${parentNode}:${parentId}`);
  }

  /**
   * Members left the cluster (ES `TaskManager#applyClusterState` on removed nodes): the bans their
   * tasks set here are lifted (no one is left to lift them), and the running cancellable children
   * of their tasks are cancelled (their coordinating parent is gone). `members` are the node ids
   * of the new state.
   */
  parentNodesLeft(members: ReadonlySet<string>): void {
    for (const key of [...this.remoteBans.keys()]) {
      if (!members.has(key.slice(0, key.lastIndexOf(':')))) this.remoteBans.delete(key);
    }
    for (const child of [...this.running.values()]) {
      if (child.parentNode !== undefined && !members.has(child.parentNode)) this.cancel(child.id, `Coordinating node [${child.parentNode}] left the cluster`);
    }
  }

  /** How many parents on other nodes have their children banned here (tests: bans do not outlive their node). */
  get remoteBanCount(): number {
    return this.remoteBans.size;
  }

  /** Whether the running task `id` has been cancelled (false once it has ended). */
  isCancelled(id: number): boolean {
    return this.running.get(id)?.cancelledReason !== undefined;
  }

  /** Whether the running task `id` can be rethrottled (ES: it is a `BulkByScrollTask`). */
  canRethrottle(id: number): boolean {
    return this.rethrottleHooks.has(id);
  }

  /** Rethrottle a running task; false when it is not running or cannot be rethrottled. */
  rethrottle(id: number, requestsPerSecond: number): boolean {
    const hook = this.rethrottleHooks.get(id);
    if (!hook) return false;
    hook(requestsPerSecond);
    return true;
  }

  /** Resolve when the task `id` is no longer running (at once when it is not). */
  waitFor(id: number): Promise<void> {
    if (!this.running.has(id)) return Promise.resolve();
    return new Promise((resolve) => {
      let w = this.waiters.get(id);
      if (!w) this.waiters.set(id, (w = []));
      w.push(resolve);
    });
  }
}
