/**
 * Shard allocation as a pure function of the state (lib/cluster/allocation/allocate.ts):
 * primaries spread over the data nodes, a primary keeps its home while that node is away
 * (UNASSIGNED, never restarted empty elsewhere) and is STARTED again when it returns; nothing
 * changes when nothing needs to (the same object comes back, so no write follows).
 */
import test from 'ava';
import { allocate } from '../../lib/cluster/allocation/allocate.js';
import { emptyState, type ClusterNodeInfo, type ClusterState, type IndexMetadata } from '../../lib/cluster/state.js';

function node(id: string, data = true): ClusterNodeInfo {
  return { id, name: id, host: '127.0.0.1', transportPort: 9300, httpPort: 9200, master: true, data, attributes: {} };
}

function index(name: string, shards: number): IndexMetadata {
  return {
    name,
    uuid: `${name}-uuid`,
    state: 'open',
    settings: { 'index.number_of_shards': String(shards), 'index.number_of_replicas': '0' },
    mappings: {},
    aliases: {},
    mappingVersion: 1,
  };
}

function state(nodes: ClusterNodeInfo[], indices: IndexMetadata[]): ClusterState {
  return { ...emptyState('u'), nodes: Object.fromEntries(nodes.map((n) => [n.id, n])), indices: Object.fromEntries(indices.map((i) => [i.name, i])) };
}

const homes = (s: ClusterState, name: string) => s.indices[name]!.routing!.map((a) => `${a.node}:${a.state}`);

test('primaries spread over the data nodes, least loaded first, never on a non-data node', (t) => {
  const s = allocate(state([node('a'), node('b'), node('c'), node('m', false)], [index('one', 5), index('two', 1)]));
  t.deepEqual(homes(s, 'one'), ['a:STARTED', 'b:STARTED', 'c:STARTED', 'a:STARTED', 'b:STARTED']);
  t.deepEqual(homes(s, 'two'), ['c:STARTED']);
  t.deepEqual(s.indices.one!.routing![0]!.inSync.length, 1);
  t.is(s.indices.one!.routing![0]!.primaryTerm, 1);
});

test('a primary keeps its home while the node is away, and starts again when it returns', (t) => {
  const first = allocate(state([node('a'), node('b')], [index('i', 2)]));
  const away = allocate({ ...first, nodes: { a: node('a') } });
  t.deepEqual(homes(away, 'i'), ['a:STARTED', 'b:UNASSIGNED']);
  const back = allocate({ ...away, nodes: { a: node('a'), b: node('b') } });
  t.deepEqual(homes(back, 'i'), ['a:STARTED', 'b:STARTED']);
});

test('no data node: primaries wait unassigned, then take the first one that joins', (t) => {
  const none = allocate(state([node('m', false)], [index('i', 2)]));
  t.deepEqual(homes(none, 'i'), ['null:UNASSIGNED', 'null:UNASSIGNED']);
  const joined = allocate({ ...none, nodes: { ...none.nodes, d: node('d') } });
  t.deepEqual(homes(joined, 'i'), ['d:STARTED', 'd:STARTED']);
});

test('nothing to change: the same state object (no write follows), closed indices untouched', (t) => {
  const closed = { ...index('c', 1), state: 'close' as const };
  const s = allocate(state([node('a')], [index('i', 1), closed]));
  t.is(allocate(s), s);
  t.is(s.indices.c!.routing, undefined);
});
