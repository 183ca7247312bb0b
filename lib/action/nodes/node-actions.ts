/**
 * The node-level transport actions a member answers for the others' nodes and task APIs (ES's
 * per-node halves of `TransportNodesAction` and `TransportTasksAction`): its `_nodes` entry, its
 * `_nodes/stats` entry, its part of `_cluster/stats`, and its tasks (list, cancel, get, bans).
 * Each answer is a rendered value (lib/action/nodes/nodes-fanout.ts `nodeAnswer`).
 */
import type { NodeContext } from '../context.js';
import { NODES_INFO_ACTION, localNodeInfo, nodesInfoRequestOf } from './node-info.js';
import { NODES_STATS_ACTION, localNodeStats, nodesStatsRequestOf } from './node-stats.js';
import { nodeAnswer } from './nodes-fanout.js';
import { CLUSTER_STATS_NODE_ACTION, clusterStatsNodePart } from '../cluster/cluster-stats.js';
import { liftBansWhenCancelledTasksEnd, taskNodeActions } from '../tasks/cluster-tasks.js';

/** Every node-level action by name; also arms the lifting of task bans when a cancelled task ends. */
export function nodeLevelActions(ctx: NodeContext): Array<[string, (body: unknown) => Promise<unknown>]> {
  liftBansWhenCancelledTasksEnd(ctx);
  return [
    [NODES_INFO_ACTION, async (m) => nodeAnswer(localNodeInfo(ctx, nodesInfoRequestOf(m)))],
    [NODES_STATS_ACTION, async (m) => nodeAnswer(await localNodeStats(ctx, nodesStatsRequestOf(m)))],
    [CLUSTER_STATS_NODE_ACTION, async () => nodeAnswer(await clusterStatsNodePart(ctx))],
    ...taskNodeActions(ctx),
  ];
}
