/**
 * The nodes and task APIs over a 3-node cluster of real processes (ES 5.6's `TransportNodesAction`
 * and `TransportTasksAction`): `_nodes/stats`, `_cluster/stats`, `_cat/allocation` and `_cat/nodes`
 * through any node report every member's own figures (selected as ES resolves `_local`,
 * `_master`, names and roles); `_tasks` lists a search coordinated on one node with its shard
 * phase on another (the phase's `parent_task_id` naming the coordinator's task), `_tasks/{id}`
 * reaches the owning node, cancelling the search through a third node bans its phase on the
 * shard's node, which stops with `task_cancelled_exception`; a killed member is reported in
 * `_nodes.failed` and `failures`. Asserts counts and states, never durations.
 */
import test from 'ava';
import { request, ndjson } from '../helpers/node.js';
import { startLocalCluster } from '../helpers/local-cluster.js';
import { waitForCluster, type NodeProcess } from '../../scripts/cluster/node-process.js';

/**
 * A script query that runs for seconds over the seeded documents, each call far within the 50 ms
 * script budget: at 40,000 iterations a call tripped it under coverage on a loaded machine (the
 * search then failed before it could be listed), so calls are 5,000 iterations over 8× the documents.
 */
const ENDLESS = 'long s = 0; for (int i = 0; i < 5000; i++) { s += i; } return s > 0;';

async function until<T>(what: string, probe: () => Promise<T | undefined>, tries = 1500): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never saw ${what}`);
}

test.serial('nodes and task APIs answer for every member of a 3-node cluster', async (t) => {
  t.timeout(240_000);
  // a 10 s lease: the killed node is still a member when the last step asks it
  const { nodes } = await startLocalCluster(t, 'node-apis', 3, undefined, { 'logger.level': 'warn', 'discovery.etcd.lease_ttl': '10' });
  const [a, b, c] = nodes as [NodeProcess, NodeProcess, NodeProcess];
  await waitForCluster(a.url, 3, 'green');
  const state = (await request(a.url, 'GET', '/_cluster/state/master_node,nodes')).body;
  const idOf = new Map<string, string>(Object.entries<{ name: string }>(state.nodes).map(([id, n]) => [n.name, id]));
  const ids = [...idOf.values()].sort();

  t.is((await request(a.url, 'PUT', '/spread', { settings: { number_of_shards: 3, number_of_replicas: 1 } })).status, 200);
  await waitForCluster(a.url, 3, 'green');
  const docs = Array.from({ length: 30 }, (_, i) => [{ index: { _index: 'spread', _type: 'doc', _id: String(i) } }, { n: i }]).flat();
  t.false((await request(b.url, 'POST', '/_bulk?refresh=true', ndjson(docs))).body.errors);

  // _nodes/stats through node-1: every member's own entry, its own copies in `indices`
  const stats = await request(a.url, 'GET', '/_nodes/stats/indices,fs,jvm');
  t.is(stats.status, 200);
  t.deepEqual(stats.body._nodes, { total: 3, successful: 3, failed: 0 });
  t.deepEqual(Object.keys(stats.body.nodes).sort(), ids);
  const entries = Object.entries<any>(stats.body.nodes);
  for (const [id, n] of entries) {
    t.is(idOf.get(n.name), id);
    t.true(n.fs.data[0].path.endsWith(`/${n.name}`), `${n.name} reports its own data path (${n.fs.data[0].path})`);
  }
  // 30 documents, each on its primary and its replica: 60 over the three nodes
  t.is(entries.reduce((s, [, n]) => s + n.indices.docs.count, 0), 60);
  const shards = (await request(c.url, 'GET', '/_cat/shards/spread?h=shard,prirep,node,docs&format=json')).body as Array<{ shard: string; prirep: string; node: string; docs: string }>;
  const perShard = (await request(a.url, 'GET', '/_nodes/stats/indices/docs?level=shards')).body.nodes;
  for (const [id, n] of entries) {
    // each node reports exactly the copies allocated to it, a primary with the documents _cat/shards shows
    const own = shards.filter((s) => s.node === n.name);
    const reported = (perShard[id].indices.shards.spread as Array<Record<string, { docs: { count: number } }>>).map((e) => Object.entries(e)[0]!);
    t.deepEqual(reported.map(([s]) => s).sort(), own.map((s) => s.shard).sort(), `${n.name} reports its ${own.length} copies`);
    for (const p of own.filter((s) => s.prirep === 'p')) t.is(reported.find(([s]) => s === p.shard)![1].docs.count, Number(p.docs));
  }

  // node selection as ES resolves it
  const local = await request(b.url, 'GET', '/_nodes/_local/stats/jvm');
  t.deepEqual(Object.keys(local.body.nodes), [idOf.get('node-2')]);
  t.deepEqual(Object.keys((await request(b.url, 'GET', '/_nodes/_master/stats/os')).body.nodes), [state.master_node]);
  t.deepEqual(Object.keys((await request(a.url, 'GET', '/_nodes/node-3/stats')).body.nodes), [idOf.get('node-3')]);
  t.is(Object.keys((await request(a.url, 'GET', '/_nodes/data:true/stats/os')).body.nodes).length, 3);
  t.is(Object.keys((await request(a.url, 'GET', '/_nodes/data:false/stats/os')).body.nodes).length, 0);
  t.deepEqual(Object.keys((await request(c.url, 'GET', `/_nodes/${idOf.get('node-1')},node-2/http`)).body.nodes).sort(), [idOf.get('node-1'), idOf.get('node-2')].sort());

  // _cluster/stats: three nodes, six copies of three shards, documents counted on primaries
  const cs = (await request(c.url, 'GET', '/_cluster/stats')).body;
  t.deepEqual(cs._nodes, { total: 3, successful: 3, failed: 0 });
  t.deepEqual(cs.nodes.count, { total: 3, data: 3, coordinating_only: 0, master: 3, ingest: 3 });
  t.is(cs.indices.count, 1);
  t.like(cs.indices.shards, { total: 6, primaries: 3, replication: 1 });
  t.like(cs.indices.shards.index.shards, { min: 6, max: 6 });
  t.is(cs.indices.docs.count, 30);
  t.is(cs.nodes.jvm.versions[0].count, 3);
  const one = (await request(c.url, 'GET', `/_cluster/stats/nodes/${idOf.get('node-2')}`)).body;
  t.deepEqual(one.nodes.count, { total: 1, data: 1, coordinating_only: 0, master: 1, ingest: 1 });
  t.is(one.indices.shards.total, shards.filter((s) => s.node === 'node-2').length);

  // _cat/allocation: a row per node with its copies and its own store
  const alloc = (await request(b.url, 'GET', '/_cat/allocation?format=json&bytes=b')).body as Array<Record<string, string>>;
  t.deepEqual(alloc.map((r) => r.node).sort(), ['node-1', 'node-2', 'node-3']);
  for (const r of alloc) {
    t.is(Number(r.shards), shards.filter((s) => s.node === r.node).length);
    t.true(Number(r['disk.indices']) > 0, `${r.node} holds data`);
  }
  // _cat/nodes: each member's own process (three pids) and heap
  const cat = (await request(a.url, 'GET', '/_cat/nodes?h=name,pid,heap.percent,cpu&format=json')).body as Array<Record<string, string>>;
  t.is(cat.length, 3);
  t.is(new Set(cat.map((r) => r.pid)).size, 3);
  t.deepEqual(cat.map((r) => Number(r.pid)).sort(), nodes.map((n) => n.child.pid!).sort());
  t.true(cat.every((r) => r['heap.percent'] !== null && r['heap.percent'] !== undefined));

  // a search coordinated on one node with its shard phase on another
  t.is((await request(a.url, 'PUT', '/slow', { settings: { number_of_shards: 1, number_of_replicas: 0 } })).status, 200);
  await waitForCluster(a.url, 3, 'green');
  const slowDocs = Array.from({ length: 24000 }, (_, i) => [{ index: { _index: 'slow', _type: 'doc', _id: String(i) } }, { n: i }]).flat();
  t.false((await request(a.url, 'POST', '/_bulk?refresh=true', ndjson(slowDocs))).body.errors);
  const holder = ((await request(a.url, 'GET', '/_cat/shards/slow?h=node&format=json')).body as Array<{ node: string }>)[0]!.node;
  const others = nodes.filter((n) => n.spec.name !== holder);
  const [coordinator, third] = others as [NodeProcess, NodeProcess];
  const shardNode = idOf.get(holder)!;
  const coordNode = idOf.get(coordinator.spec.name)!;
  const pending = request(coordinator.url, 'POST', '/slow/_search', { size: 1, query: { script: { script: ENDLESS } } });
  // a search that answers before it is seen listed says why
  let answered: unknown;
  void pending.then((res) => (answered = res.body));
  const [parentId, parent] = await until('the search with its phase on the shard node', async () => {
    if (answered !== undefined) throw new Error(`the search answered before it was listed: ${JSON.stringify(answered).slice(0, 800)}`);
    const list = await request(third.url, 'GET', '/_tasks?actions=indices:data/read/search*&detailed&group_by=parents');
    return Object.entries<any>(list.body.tasks).find(([, v]) => v.action === 'indices:data/read/search' && v.children?.length === 1) as [string, any] | undefined;
  });
  t.like(parent, { node: coordNode, action: 'indices:data/read/search', cancellable: true });
  t.like(parent.children[0], { node: shardNode, action: 'indices:data/read/search[phase/query]', description: 'shardId[[slow][0]]', parent_task_id: parentId });
  const childId = `${shardNode}:${parent.children[0].id}`;
  // grouped by node: the coordinator's search and the shard node's phase
  const byNode = (await request(third.url, 'GET', '/_tasks?actions=indices:data/read/search*')).body;
  t.like(byNode.nodes[coordNode].tasks[parentId], { action: 'indices:data/read/search' });
  t.like(byNode.nodes[shardNode].tasks[childId], { parent_task_id: parentId });
  t.is(byNode.nodes[shardNode].name, holder);
  // the child's own node answers for it, through the coordinator
  const got = await request(coordinator.url, 'GET', `/_tasks/${childId}`);
  t.is(got.status, 200);
  t.like(got.body, { completed: false, task: { node: shardNode, action: 'indices:data/read/search[phase/query]', parent_task_id: parentId } });
  // only the named node is asked
  t.deepEqual(Object.keys((await request(third.url, 'GET', `/_tasks?nodes=${holder}&actions=*search*`)).body.nodes), [shardNode]);

  // cancelled through the third node: the owning node cancels, the ban stops the phase on the shard's node
  const cancelled = await request(third.url, 'POST', `/_tasks/${parentId}/_cancel`);
  t.is(cancelled.status, 200);
  t.deepEqual(Object.keys(cancelled.body.nodes), [coordNode]);
  t.like(cancelled.body.nodes[coordNode].tasks[parentId], { action: 'indices:data/read/search', cancellable: true });
  const res = await pending;
  t.is(res.status, 500);
  t.like(res.body.error, { type: 'search_phase_execution_exception', reason: 'all shards failed' });
  t.deepEqual(res.body.error.root_cause, [{ type: 'task_cancelled_exception', reason: 'cancelled' }]);
  const after = await request(third.url, 'GET', '/_tasks?actions=indices:data/read/search*');
  t.deepEqual(after.body.nodes, {});
  const missing = await request(third.url, 'POST', `/_tasks/${childId}/_cancel`);
  t.like(missing.body.node_failures[0], { type: 'failed_node_exception', caused_by: { type: 'resource_not_found_exception', reason: `task [${childId}] is missing` } });

  // a member that cannot be reached: counted as failed, described in failures
  await c.stop('SIGKILL');
  const partial = await request(a.url, 'GET', '/_nodes/stats/os');
  t.is(partial.status, 200);
  t.like(partial.body._nodes, { total: 3, successful: 2, failed: 1 });
  t.like(partial.body._nodes.failures[0], { type: 'failed_node_exception', reason: `Failed node [${idOf.get('node-3')}]`, node_id: idOf.get('node-3') });
  // refused, or the open connection dropped: ES's transport exceptions for a node that cannot be reached
  t.true(['connect_transport_exception', 'node_disconnected_exception'].includes(partial.body._nodes.failures[0].caused_by.type));
  t.deepEqual(Object.keys(partial.body.nodes).sort(), [idOf.get('node-1'), idOf.get('node-2')].sort());
  t.like((await request(b.url, 'GET', '/_cluster/stats')).body._nodes, { total: 3, successful: 2, failed: 1 });

  // once node-3 has left, its copies of `spread` wait for it (delayed allocation, 1m by default)
  await until('node-3 leaving and its copies delayed', async () => {
    const h = (await request(a.url, 'GET', '/_cluster/health')).body;
    return h.number_of_nodes === 2 && h.delayed_unassigned_shards > 0 ? h : undefined;
  });
  const onThree = shards.find((s) => s.node === 'node-3')!;
  const explain = await request(a.url, 'POST', '/_cluster/allocation/explain', { index: 'spread', shard: Number(onThree.shard), primary: false });
  t.is(explain.status, 200);
  t.like(explain.body, { index: 'spread', shard: Number(onThree.shard), primary: false, current_state: 'unassigned', can_allocate: 'allocation_delayed', configured_delay_in_millis: 60000 });
  t.like(explain.body.unassigned_info, { reason: 'NODE_LEFT', details: `node_left[${idOf.get('node-3')}]` });
  t.true(explain.body.remaining_delay_in_millis > 0 && explain.body.remaining_delay_in_millis <= 60000);
  t.regex(explain.body.allocate_explanation, /^cannot allocate because the cluster is still waiting .+ for the departed node holding a replica to rejoin, despite being allowed to allocate the shard to at least one other node$/);
  // the survivor holding the shard's other copy may not take it, the other one may
  t.deepEqual(explain.body.node_allocation_decisions.map((d: { node_decision: string }) => d.node_decision), ['yes', 'no']);
  t.is(explain.body.node_allocation_decisions[1].deciders[0].decider, 'same_shard');
  t.log(`stats: 60 copies' documents over 3 nodes; search ${parentId} cancelled through ${third.spec.name}, its phase ${childId} stopped on ${holder}; node-3 killed and reported failed`);
});
