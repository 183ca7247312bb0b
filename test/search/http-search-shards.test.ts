/**
 * `_search_shards` over HTTP (ES 5.6 ClusterSearchShardsResponse): shard groups by routing and
 * preference, the node section, and indices reached through filtering aliases.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/ss', {
    settings: { number_of_shards: 3, number_of_replicas: 1 },
    aliases: { plain_alias: {}, red: { filter: { term: { color: 'red' } } }, blue: { filter: { term: { color: 'blue' } } } },
  });
  if (r.status !== 200) throw new Error(r.text);
});

test.after.always(async () => {
  await node?.close();
});

test('every shard group: the started primary then the unassigned replica', async (t) => {
  const r = await node.request('GET', '/ss/_search_shards');
  t.is(r.status, 200);
  t.deepEqual(Object.keys(r.body), ['nodes', 'indices', 'shards']);
  const nodeId = node.node.context.nodeId;
  t.deepEqual(Object.keys(r.body.nodes), [nodeId]);
  t.deepEqual(r.body.indices, { ss: {} });
  t.is(r.body.shards.length, 3);
  t.deepEqual(r.body.shards.map((g: any[]) => g.map((c) => [c.shard, c.state, c.primary, c.node])), [
    [[0, 'STARTED', true, nodeId], [0, 'UNASSIGNED', false, null]],
    [[1, 'STARTED', true, nodeId], [1, 'UNASSIGNED', false, null]],
    [[2, 'STARTED', true, nodeId], [2, 'UNASSIGNED', false, null]],
  ]);
  t.is(typeof r.body.shards[0][0].allocation_id.id, 'string');
});

test('routing and preference narrow the groups', async (t) => {
  const one = await node.request('GET', '/ss/_search_shards?routing=foo');
  t.is(one.body.shards.length, 1);
  // murmur3("foo") floorMod 3, as a search with this routing goes
  const search = await node.request('GET', '/ss/_search?routing=foo');
  t.is(search.body._shards.total, 1);
  const pref = await node.request('GET', '/ss/_search_shards?preference=_shards:0,2');
  t.deepEqual(pref.body.shards.map((g: any[]) => g[0].shard), [0, 2]);
});

test('filtering aliases are listed with their filter; an unfiltered alias shows the whole index', async (t) => {
  t.deepEqual((await node.request('GET', '/plain_alias/_search_shards')).body.indices, { ss: {} });
  t.deepEqual((await node.request('GET', '/red/_search_shards')).body.indices, { ss: { aliases: ['red'], filter: { term: { color: { value: 'red', boost: 1 } } } } });
  const both = await node.request('GET', '/red,blue/_search_shards');
  t.deepEqual(both.body.indices.ss.aliases, ['blue', 'red']);
  t.deepEqual(Object.keys(both.body.indices.ss.filter.bool), ['should', 'disable_coord', 'adjust_pure_negative', 'boost']);
  const missing = await node.request('GET', '/nope/_search_shards');
  t.is(missing.status, 404);
  t.is(missing.body.error.type, 'index_not_found_exception');
});
