/**
 * Index metadata writes go through the elected master, as in ES 5.6 (`TransportMasterNodeAction`):
 * creating and deleting indices, mappings (put mapping and the dynamic updates a primary asks
 * for), index settings and aliases. Each is a named task: a pure update of the cluster state from
 * JSON-like parameters. On a single node, and on the master, the task runs here (on the master
 * with its election fence, so a master that lost its lease cannot write); on any other cluster
 * node the name and parameters go to the master (`master:task` over the transport), which runs
 * the task and answers with the state version it wrote; the caller waits until it has applied
 * that version, so its next request sees the change. The task's errors come back as ES errors.
 */
import type { ClusterService } from '../cluster/cluster-service.js';
import type { ClusterState } from '../cluster/state.js';
import type { RemoteNodes } from './context.js';
import { EsError } from '../errors/errors.js';
import { UNREACHABLE_NODE_ERRORS } from '../transport/unreachable.js';
import { esErrorOf, shardErrorOf, type ShardError } from '../messages/shard-error.js';

/** A metadata task: the next state from the current one and the request's parameters (pushing deprecation warnings). */
export type MasterTaskFn<P> = (state: ClusterState, params: P, warnings: string[]) => ClusterState;

/** The transport action the master answers. */
export const MASTER_TASK_ACTION = 'master:task';

/** The transport action every node answers once it has applied a state version (or its wait ended). */
export const STATE_APPLIED_ACTION = 'cluster:state/applied';

/** How long an update's answer waits for the other nodes to apply it (ES's default ack timeout is 30 s). */
const ACK_TIMEOUT_MS = 10_000;

/** What a node needs to run a metadata task. */
export interface MasterTaskContext {
  nodeId: string;
  cluster: ClusterService;
  /** Cluster mode: the other members' node actions. */
  remote?: RemoteNodes;
  /** Cluster mode: this node's election fence while it is the elected master, else undefined. */
  masterFence?: () => string | undefined;
}


type Answer = { version: number; warnings: string[] } | { error: ShardError };

/** ES 5.6's answer when no master is known (`MasterNotDiscoveredException`). */
function noMaster(): EsError {
  return new EsError('master_not_discovered_exception', 503, 'no elected master to run the metadata update');
}

/** Run `task` (registered as `name` in the master's table) on the master; `warnings` receives its deprecation warnings. */
export async function onMaster<P>(ctx: MasterTaskContext, name: string, task: MasterTaskFn<P>, params: P, warnings: string[] = []): Promise<void> {
  if (!ctx.remote || !ctx.masterFence) {
    await runHere(ctx.cluster, task, params, warnings);
    return;
  }
  const fence = ctx.masterFence();
  if (fence !== undefined) {
    const state = await runHere(ctx.cluster, task, params, warnings, fence);
    await appliedEverywhere(ctx, state.version);
    return;
  }
  const master = ctx.cluster.state().masterNode;
  if (!master || master === ctx.nodeId) throw noMaster();
  let answer: Answer;
  try {
    answer = (await ctx.remote.call(master, MASTER_TASK_ACTION, { name, params })) as Answer;
  } catch (err) {
    // the master this node knows is unreachable (gone, not yet replaced): ES's answer once its wait for a master ends
    if (err instanceof EsError && UNREACHABLE_NODE_ERRORS.has(err.type)) throw new EsError(noMaster().type, 503, noMaster().message, { causedBy: err });
    throw err;
  }
  if ('error' in answer) throw esErrorOf(answer.error);
  warnings.length = 0;
  warnings.push(...answer.warnings);
  await ctx.cluster.whenVersion(answer.version, ACK_TIMEOUT_MS);
  await appliedEverywhere(ctx, answer.version);
}

/**
 * Wait (bounded) until every other node has applied `version`, as ES acknowledges a metadata
 * update once every node applied its state: a read through any node then sees the change. A
 * node that cannot be reached or does not apply it in time is not waited for (ES then answers
 * `acknowledged: false`; here the answer stays as it is).
 */
async function appliedEverywhere(ctx: MasterTaskContext, version: number): Promise<void> {
  const remote = ctx.remote;
  if (!remote) return;
  const others = Object.keys(ctx.cluster.state().nodes ?? {}).filter((id) => id !== ctx.nodeId);
  await Promise.all(others.map((id) => remote.call(id, STATE_APPLIED_ACTION, { version, timeoutMs: ACK_TIMEOUT_MS }).catch(() => undefined)));
}

/** A node's side of {@link STATE_APPLIED_ACTION}: answers once it has applied the version, or its wait ended. */
export function stateAppliedHandler(cluster: ClusterService): (body: unknown) => Promise<{ version: number }> {
  return async (body) => {
    const { version, timeoutMs } = body as { version: number; timeoutMs: number };
    await cluster.whenVersion(version, Math.min(ACK_TIMEOUT_MS, Math.max(0, timeoutMs)));
    return { version: cluster.state().version };
  };
}

async function runHere<P>(cluster: ClusterService, task: MasterTaskFn<P>, params: P, warnings: string[], fence?: string): Promise<ClusterState> {
  return cluster.submit(
    (state) => {
      // the update may run again on a newer state: keep only the last run's warnings
      warnings.length = 0;
      return task(state, params, warnings);
    },
    fence !== undefined ? { fence } : {},
  );
}

/** The master's side of `master:task`: run the named task from `tasks` and answer the version written. */
export function masterTaskHandler(ctx: MasterTaskContext, tasks: ReadonlyMap<string, MasterTaskFn<never>>): (body: unknown) => Promise<Answer> {
  return async (body) => {
    const { name, params } = body as { name: string; params: never };
    try {
      const task = tasks.get(name);
      if (!task) throw new EsError('illegal_argument_exception', 400, `unknown master task [${name}]`);
      const fence = ctx.masterFence?.();
      if (fence === undefined) throw new EsError('not_master_exception', 503, `[${ctx.nodeId}] is no longer the elected master`);
      const warnings: string[] = [];
      const state = await runHere(ctx.cluster, task, params, warnings, fence);
      return { version: state.version, warnings };
    } catch (err) {
      return { error: shardErrorOf(err) };
    }
  };
}
