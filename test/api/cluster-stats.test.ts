/**
 * `_cluster/stats`, `_cluster/pending_tasks`, `_cluster/allocation/explain` and
 * `_cluster/reroute` over HTTP on one node, as ES 5.6 answers them.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let n: TestNode;
let id: string;

test.before(async () => {
  n = await startTestNode({ settings: { 'node.name': 'cs-node', 'cluster.name': 'cs' } });
  id = n.node.context.nodeId;
});
test.after.always(async () => {
  await n.close();
});

test.serial('no unassigned shard: allocation explain is the 400 of ES; stats of an empty cluster', async (t) => {
  const r = await n.request('GET', '/_cluster/allocation/explain');
  t.is(r.status, 400);
  t.deepEqual(r.body.error.type, 'illegal_argument_exception');
  t.is(r.body.error.reason, 'unable to find any unassigned shards to explain [ClusterAllocationExplainRequest[useAnyUnassignedShard=true,includeYesDecisions?=false]]');
  const s = await n.request('GET', '/_cluster/stats');
  t.is(s.status, 200);
  t.is(s.body.status, 'green');
  t.deepEqual(s.body.indices.count, 0);
  t.deepEqual(s.body.indices.shards, {});
  t.deepEqual(s.body.nodes.count, { total: 1, data: 1, coordinating_only: 0, master: 1, ingest: 1 });
  t.deepEqual(await n.request('GET', '/_cluster/pending_tasks').then((p) => p.body), { tasks: [] });
});

test.serial('GET /_cluster/stats: shard counts per index, docs, nodes', async (t) => {
  await n.request('PUT', '/a', { settings: { number_of_shards: 2, number_of_replicas: 1 } });
  await n.request('PUT', '/b', { settings: { number_of_shards: 1, number_of_replicas: 0 } });
  await n.request('PUT', '/a/t/1?refresh=true', { x: 1 });
  const r = await n.request('GET', '/_cluster/stats');
  const b = r.body;
  t.deepEqual(Object.keys(b), ['_nodes', 'cluster_name', 'timestamp', 'status', 'indices', 'nodes']);
  t.is(b.cluster_name, 'cs');
  t.is(b.status, 'yellow');
  t.is(b.indices.count, 2);
  t.deepEqual(b.indices.shards, {
    total: 3,
    primaries: 3,
    replication: 0,
    index: { shards: { min: 1, max: 2, avg: 1.5 }, primaries: { min: 1, max: 2, avg: 1.5 }, replication: { min: 0, max: 0, avg: 0 } },
  });
  t.regex(r.text, /"replication":0\.0,"index"/);
  t.deepEqual(b.indices.docs, { count: 1, deleted: 0 });
  t.deepEqual(Object.keys(b.indices), ['count', 'shards', 'docs', 'store', 'query_cache', 'fielddata', 'completion', 'segments']);
  t.deepEqual(b.nodes.versions, ['5.6.16']);
  t.is(b.nodes.os.mem.total_in_bytes, b.nodes.os.mem.free_in_bytes + b.nodes.os.mem.used_in_bytes);
  t.is(b.nodes.jvm.versions[0].vm_name, 'V8');
  t.deepEqual(b.nodes.plugins, []);
  const none = await n.request('GET', '/_cluster/stats/nodes/nobody');
  t.deepEqual(none.body._nodes, { total: 0, successful: 0, failed: 0 });
  t.deepEqual((await n.request('GET', `/_cluster/stats/nodes/${id}`)).body._nodes, { total: 1, successful: 1, failed: 0 });
});

test.serial('allocation explain: an unassigned replica, a started primary, bad requests', async (t) => {
  const any = await n.request('GET', '/_cluster/allocation/explain');
  t.is(any.status, 200);
  t.deepEqual(Object.keys(any.body), ['index', 'shard', 'primary', 'current_state', 'unassigned_info', 'can_allocate', 'allocate_explanation', 'node_allocation_decisions']);
  t.like(any.body, { index: 'a', shard: 0, primary: false, current_state: 'unassigned', can_allocate: 'no' });
  t.is(any.body.unassigned_info.reason, 'INDEX_CREATED');
  const decision = any.body.node_allocation_decisions[0];
  t.like(decision, { node_id: id, node_name: 'cs-node', transport_address: '127.0.0.1:9300', node_decision: 'no', weight_ranking: 1 });
  t.is(decision.deciders[0].decider, 'same_shard');
  t.regex(decision.deciders[0].explanation, new RegExp(`^the shard cannot be allocated to the same node on which a copy of the shard already exists \\[\\[a\\]\\[0\\], node\\[${id}\\], \\[P\\], s\\[STARTED\\], a\\[id=[\\w-]+\\]\\]$`));

  const p = await n.request('POST', '/_cluster/allocation/explain', { index: 'b', shard: 0, primary: true });
  t.deepEqual(p.body, {
    index: 'b', shard: 0, primary: true, current_state: 'started',
    current_node: { id, name: 'cs-node', transport_address: '127.0.0.1:9300', weight_ranking: 1 },
    can_remain_on_current_node: 'yes',
    can_rebalance_cluster: 'no',
    can_rebalance_cluster_decisions: [{
      decider: 'cluster_rebalance', decision: 'NO',
      explanation: 'the cluster has unassigned shards and cluster setting [cluster.routing.allocation.allow_rebalance] is set to [indices_all_active]',
    }],
    rebalance_explanation: 'rebalancing is not allowed',
  });
  const invalid = await n.request('POST', '/_cluster/allocation/explain', { index: 'b' });
  t.is(invalid.status, 400);
  t.is(invalid.body.error.type, 'action_request_validation_exception');
  t.is(invalid.body.error.reason, 'Validation Failed: 1: shard must be specified;2: primary must be specified;');
  const missing = await n.request('POST', '/_cluster/allocation/explain', { index: 'zz', shard: 0, primary: true });
  t.is(missing.status, 404);
  t.is(missing.body.error.type, 'index_not_found_exception');
  const unknown = await n.request('POST', '/_cluster/allocation/explain', { index: 'b', shard: 0, primary: true, bogus: 1 });
  t.is(unknown.status, 400);
  t.is(unknown.body.error.type, 'parsing_exception');
});

test.serial('POST /_cluster/reroute: state without metadata, commands refused as on a single 5.6 node', async (t) => {
  const r = await n.request('POST', '/_cluster/reroute');
  t.is(r.status, 200);
  t.is(r.body.acknowledged, true);
  t.deepEqual(Object.keys(r.body.state), ['version', 'state_uuid', 'master_node', 'blocks', 'nodes', 'routing_table', 'routing_nodes']);
  const m = await n.request('POST', '/_cluster/reroute?metric=metadata&dry_run=true');
  t.deepEqual(Object.keys(m.body.state), ['metadata']);

  const replica = await n.request('POST', '/_cluster/reroute', { commands: [{ allocate_replica: { index: 'a', shard: 0, node: 'cs-node' } }] });
  t.is(replica.status, 400);
  t.is(replica.body.error.type, 'illegal_argument_exception');
  t.regex(replica.body.error.reason, /^\[allocate_replica\] allocation of \[a\]\[0\] on node \{cs-node\}\{[\w-]+\}\{[\w-]+\}\{127\.0\.0\.1\}\{127\.0\.0\.1:9300\} is not allowed, reason: \[NO\(the shard cannot be allocated to the same node on which a copy of the shard already exists \[\[a\]\[0\], node\[/);
  const empty = await n.request('POST', '/_cluster/reroute', { commands: [{ allocate_empty_primary: { index: 'a', shard: 1, node: id, accept_data_loss: true } }] });
  t.is(empty.body.error.reason, '[allocate_empty_primary] primary [a][1] is already assigned');
  const cancel = await n.request('POST', '/_cluster/reroute', { commands: [{ cancel: { index: 'b', shard: 0, node: 'cs-node' } }] });
  t.regex(cancel.body.error.reason, /^\[cancel_allocation\] can't cancel \[b\]\[0\] on node \{cs-node\}.*, shard is primary and started$/);
  const noNode = await n.request('POST', '/_cluster/reroute', { commands: [{ move: { index: 'b', shard: 0, from_node: 'x', to_node: 'cs-node' } }] });
  t.is(noNode.body.error.reason, 'failed to resolve [x], no matching nodes');
  const unknown = await n.request('POST', '/_cluster/reroute', { commands: [{ teleport: { index: 'b' } }] });
  t.is(unknown.status, 400);
  t.is(unknown.body.error.type, 'unknown_named_object_exception');

  const explained = await n.request('POST', '/_cluster/reroute?explain=true&metric=version', {
    commands: [{ move: { index: 'b', shard: 0, from_node: 'cs-node', to_node: 'cs-node' } }, { cancel: { index: 'b', shard: 0, node: 'cs-node', allow_primary: true } }],
  });
  t.is(explained.status, 200);
  t.deepEqual(Object.keys(explained.body), ['acknowledged', 'state', 'explanations']);
  t.deepEqual(explained.body.explanations.map((e: any) => [e.command, e.decisions[0].decider, e.decisions[0].decision]), [
    ['move', 'same_shard', 'NO'],
    ['cancel', 'cancel_allocation_command', 'YES'],
  ]);
  t.deepEqual(explained.body.explanations[0].parameters, { index: 'b', shard: 0, from_node: 'cs-node', to_node: 'cs-node' });
  // nothing moved
  const after = await n.request('GET', '/_cat/shards/b?h=state');
  t.is(after.text, 'STARTED\n');
});

test.serial('cluster state: index blocks and the compressed size', async (t) => {
  await n.request('PUT', '/b/_settings', { 'index.blocks.read_only': true });
  const s = await n.request('GET', '/_cluster/state/blocks?human');
  t.deepEqual(Object.keys(s.body), ['cluster_name', 'compressed_size', 'compressed_size_in_bytes', 'blocks']);
  t.deepEqual(s.body.blocks, { indices: { b: { 5: { description: 'index read-only (api)', retryable: false, levels: ['write', 'metadata_write'] } } } });
  t.true(s.body.compressed_size_in_bytes > 50);
  await n.request('PUT', '/b/_settings', { 'index.blocks.read_only': false });
  await n.request('POST', '/a/_close');
  const c = await n.request('GET', '/_cluster/state/blocks');
  t.deepEqual(c.body.blocks, { indices: { a: { 4: { description: 'index closed', retryable: false, levels: ['read', 'write'] } } } });
  await n.request('POST', '/a/_open');
});
