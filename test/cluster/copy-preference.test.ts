/**
 * Which copy of a shard a read goes to (lib/cluster/copy-preference.ts), as ES 5.6's
 * `OperationRouting` orders a shard's active copies for each `preference`.
 */
import test from 'ava';
import { orderCopies, validatePreference } from '../../lib/cluster/copy-preference.js';
import type { ClusterNodeInfo, ShardAssignment } from '../../lib/cluster/state.js';

const node = (id: string, attributes: Record<string, string> = {}): ClusterNodeInfo => ({ id, name: `name-${id}`, host: `10.0.0.${id.charCodeAt(0) - 96}`, transportPort: 9300, httpPort: 9200, master: true, data: true, attributes });
const nodes = { a: node('a'), b: node('b', { zone: 'east' }), c: node('c', { zone: 'west' }) };
const shard: ShardAssignment = {
  node: 'a', state: 'STARTED', primaryTerm: 1, inSync: ['pa', 'rb', 'rc'],
  replicas: [{ node: 'b', state: 'STARTED', allocationId: 'rb' }, { node: 'c', state: 'STARTED', allocationId: 'rc' }, { node: 'd', state: 'INITIALIZING', allocationId: 'rd' }],
};
const ref = { index: 'i', shard: 0 };
const order = (p: string | undefined, seed = 0, local = 'c') => orderCopies(shard, ref, p, local, nodes, seed);

test('primary, replica and their _first forms; initializing copies never read', (t) => {
  t.deepEqual(order('_primary'), ['a']);
  t.deepEqual(order('_replica', 0), ['b', 'c']);
  t.deepEqual(order('_replica', 1), ['c', 'b']);
  t.deepEqual(order('_primary_first', 1), ['a', 'c', 'b']);
  t.deepEqual(order('_replica_first'), ['b', 'c', 'a']);
  const down = { ...shard, state: 'UNASSIGNED' as const };
  t.deepEqual(orderCopies(down, ref, '_primary', 'c', nodes, 0), []);
  t.deepEqual(orderCopies(down, ref, '_primary_first', 'c', nodes, 0), ['b', 'c']);
});

test('round robin without a preference; a custom string always the same rotation', (t) => {
  t.deepEqual([0, 1, 2, 3].map((s) => order(undefined, s)[0]), ['a', 'b', 'c', 'a']);
  const custom = [0, 1, 2].map((s) => order('user-17', s));
  t.deepEqual(custom[0], custom[1]);
  t.deepEqual(custom[1], custom[2]);
  t.is(new Set(['x', 'y', 'z', 'w', 'v', 'u'].map((p) => order(p)[0])).size > 1, true, 'different strings spread over the copies');
});

test('local, only_local, prefer_nodes, only_nodes, and _shards followed by another preference', (t) => {
  t.deepEqual(order('_local'), ['c', 'a', 'b']);
  t.deepEqual(order('_only_local', 0, 'b'), ['b']);
  t.deepEqual(order('_only_local', 0, 'z'), []);
  t.deepEqual(order('_prefer_nodes:c,b', 0), ['b', 'c', 'a']);
  t.deepEqual(order('_only_nodes:zone:east'), ['b']);
  t.deepEqual(order('_only_nodes:name-a,10.0.0.3'), ['a', 'c']);
  t.deepEqual(order('_only_nodes:name-*', 0), ['a', 'b', 'c']);
  t.throws(() => order('_only_nodes:zone:north'), { message: 'no data nodes with critera [zone:north] found for shard: [i][0]' });
  t.deepEqual(order('_shards:0;_primary'), ['a']);
  t.deepEqual(order('_shards:0', 1), ['b', 'c', 'a']);
});

test('an unknown preference type is refused as ES does', (t) => {
  t.throws(() => validatePreference('_nearest'), { message: 'no Preference for [_nearest]' });
  t.throws(() => validatePreference('_shards:1;_bogus'), { message: 'no Preference for [_bogus]' });
  for (const ok of [undefined, '', 'abc', '_local', '_only_nodes:x', '_shards:1', '_shards:1;_replica', '_shards:1;custom']) t.notThrows(() => validatePreference(ok));
});
