/**
 * Task bans set by another member (ES `TaskManager#setBan`) do not outlive that member: when this
 * node applies a cluster state without it, the bans its tasks set here are lifted and the running
 * cancellable children of its tasks are cancelled ("Coordinating node [...] left the cluster"), as
 * ES's `TaskManager#applyClusterState` does on removed nodes; a member that stays keeps its bans.
 */
import test from 'ava';
import { ClusterService } from '../../lib/cluster/cluster-service.js';
import { emptyState, type ClusterNodeInfo, type ClusterState } from '../../lib/cluster/state.js';
import { NodeTasks } from '../../lib/action/nodes/node-tasks.js';
import { liftBansWhenCancelledTasksEnd } from '../../lib/action/tasks/cluster-tasks.js';
import type { NodeContext } from '../../lib/action/context.js';

function node(id: string): ClusterNodeInfo {
  return { id, name: id, host: '127.0.0.1', transportPort: 9300, httpPort: 9200, master: true, data: true, attributes: {} };
}

const withNodes = (s: ClusterState, ids: string[]): ClusterState => ({ ...s, nodes: Object.fromEntries(ids.map((id) => [id, node(id)])) });

test("a member's bans are lifted and its tasks' children cancelled when it leaves the cluster", async (t) => {
  const cluster = new ClusterService(withNodes(emptyState('u'), ['a', 'b', 'c']), { save: async () => undefined });
  const tasks = new NodeTasks();
  // what this node sends the others (a cancelled task of its own that ends lifts its bans there)
  const sent: string[] = [];
  const remote = { call: async (id: string, action: string, body: { node: string; id: number; ban: boolean }) => (sent.push(`${id} ${action} ${body.node}:${body.id} ${body.ban}`), {}) };
  liftBansWhenCancelledTasksEnd({ nodeId: 'a', cluster, remote, runtime: { tasks } } as unknown as NodeContext);

  // b cancelled its task 7 and c its task 9: their children may not start here
  tasks.setBan('b', 7, 'by user request');
  tasks.setBan('c', 9, 'by user request');
  t.throws(() => tasks.register('indices:data/read/search[phase/query]', 'transport', 'q', 7, { cancellable: true, parentNode: 'b' }), {
    message: 'Task cancelled before it started: by user request',
  });
  // children of b's task 8 (not banned) and of c's task 10 run here
  const ofB = tasks.register('indices:data/read/search[phase/query]', 'transport', 'q', 8, { cancellable: true, parentNode: 'b' });
  const ofC = tasks.register('indices:data/read/search[phase/query]', 'transport', 'q', 10, { cancellable: true, parentNode: 'c' });
  t.is(tasks.remoteBanCount, 2);

  // a state without b: b's ban goes, its task's child is cancelled; c's ban and child stay
  await cluster.submit((s) => withNodes(s, ['a', 'c']));
  t.is(tasks.remoteBanCount, 1);
  t.is(tasks.get(ofB.task.id)?.cancelledReason, 'Coordinating node [b] left the cluster');
  t.is(tasks.get(ofC.task.id)?.cancelledReason, undefined);
  t.throws(() => tasks.register('indices:data/read/search[phase/query]', 'transport', 'q', 9, { cancellable: true, parentNode: 'c' }));
  // a child of b's once banned task may start again (a node that rejoins has new task ids anyway)
  const again = tasks.register('indices:data/read/search[phase/query]', 'transport', 'q', 7, { cancellable: true, parentNode: 'b' });
  t.is(again.task.cancelledReason, undefined);

  // a state that changes nothing about the members leaves the rest alone
  await cluster.submit((s) => ({ ...s, transientSettings: { 'cluster.routing.allocation.enable': 'all' } }));
  t.is(tasks.remoteBanCount, 1);
  for (const x of [ofB, ofC, again]) x.done();
  // the cancelled child was a task of this node: its end lifts its own bans on the members left
  t.deepEqual(sent, [`c tasks:ban a:${ofB.task.id} false`]);
});
