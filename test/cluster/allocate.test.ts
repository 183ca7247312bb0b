/**
 * Shard allocation as a pure function of the state (lib/cluster/allocation/allocate.ts):
 * primaries spread over the data nodes, a primary keeps its home while that node is away
 * (UNASSIGNED, never restarted empty elsewhere) and is STARTED again when it returns; nothing
 * changes when nothing needs to (the same object comes back, so no write follows); the deciders
 * (allocation filters, `cluster.routing.allocation.enable`) and delayed allocation on node loss.
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
    // no delayed allocation unless a test asks for it (the default 1m is tested below)
    settings: { 'index.number_of_shards': String(shards), 'index.number_of_replicas': '0', 'index.unassigned.node_left.delayed_timeout': '0' },
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

function withReplicas(name: string, shards: number, replicas: number): IndexMetadata {
  const meta = index(name, shards);
  return { ...meta, settings: { ...meta.settings, 'index.number_of_replicas': String(replicas) } };
}

const copies = (s: ClusterState, name: string) =>
  s.indices[name]!.routing!.map((a) => [`${a.node}:${a.state}:t${a.primaryTerm}`, ...(a.replicas ?? []).map((r) => `${r.node}:${r.state}`)].join(' '));

/** `s` with every initializing replica STARTED and in sync, as the primary marks it after its recovery. */
function recovered(s: ClusterState): ClusterState {
  const indices = { ...s.indices };
  for (const [name, meta] of Object.entries(s.indices)) {
    indices[name] = {
      ...meta,
      routing: meta.routing!.map((a) => {
        const replicas = (a.replicas ?? []).map((r) => ({ ...r, state: 'STARTED' as const }));
        return { ...a, replicas, inSync: [a.inSync[0]!, ...replicas.map((r) => r.allocationId)] };
      }),
    };
  }
  return allocate({ ...s, indices });
}

test('replicas go to other data nodes than their primary, initializing until recovered, then in sync', (t) => {
  const s = allocate(state([node('a'), node('b'), node('c'), node('m', false)], [withReplicas('r', 3, 1)]));
  t.deepEqual(copies(s, 'r'), ['a:STARTED:t1 b:INITIALIZING', 'c:STARTED:t1 a:INITIALIZING', 'b:STARTED:t1 c:INITIALIZING']);
  t.is(s.indices.r!.routing![0]!.inSync.length, 1);
  const done = recovered(s);
  t.deepEqual(done.indices.r!.routing!.map((a) => a.inSync.length), [2, 2, 2]);
  // two replicas on three nodes: every node holds one copy of each shard
  const two = recovered(allocate(state([node('a'), node('b'), node('c')], [withReplicas('two', 1, 2)])));
  t.deepEqual(copies(two, 'two'), ['a:STARTED:t1 b:STARTED c:STARTED']);
  // more replicas than other nodes: the rest stay unassigned, never two copies on one node
  const few = allocate(state([node('a'), node('b')], [withReplicas('few', 1, 3)]));
  t.deepEqual(copies(few, 'few'), ['a:STARTED:t1 b:INITIALIZING']);
});

test("a primary's node leaves: an in-sync replica is promoted in the next term; a fresh replica follows", (t) => {
  const s = recovered(allocate(state([node('a'), node('b'), node('c')], [withReplicas('r', 1, 1)])));
  t.deepEqual(copies(s, 'r'), ['a:STARTED:t1 b:STARTED']);
  const replicaId = s.indices.r!.routing![0]!.replicas![0]!.allocationId;
  const away = allocate({ ...s, nodes: { b: node('b'), c: node('c') } });
  t.deepEqual(copies(away, 'r'), ['b:STARTED:t2 c:INITIALIZING']);
  t.is(away.indices.r!.routing![0]!.allocationId, replicaId);
  t.deepEqual(away.indices.r!.routing![0]!.inSync, [replicaId]);
  // an initializing replica is never promoted: without an in-sync copy the primary waits for its node
  const early = allocate(state([node('a'), node('b')], [withReplicas('e', 1, 1)]));
  const lost = allocate({ ...early, nodes: { b: node('b') } });
  t.deepEqual(copies(lost, 'e'), ['a:UNASSIGNED:t1 b:INITIALIZING']);
  // number_of_replicas lowered live: the extra replica is dropped and leaves the in-sync set
  const fewer = allocate({ ...s, indices: { r: { ...s.indices.r!, settings: { ...s.indices.r!.settings, 'index.number_of_replicas': '0' } } } });
  t.deepEqual(copies(fewer, 'r'), ['a:STARTED:t1']);
  t.is(fewer.indices.r!.routing![0]!.inSync.length, 1);
});

test('a STARTED replica joins the in-sync set only through its primary: until then it is neither in sync nor promoted', (t) => {
  const s = allocate(state([node('a'), node('b')], [withReplicas('c', 1, 1)]));
  const replicaId = s.indices.c!.routing![0]!.replicas![0]!.allocationId;
  // the primary marks the copied replica STARTED (it takes writes) before replaying the writes
  // made during the copy; allocation must not put it in sync on its own
  const a = s.indices.c!.routing![0]!;
  const started = allocate({ ...s, indices: { c: { ...s.indices.c!, routing: [{ ...a, replicas: [{ ...a.replicas![0]!, state: 'STARTED' }] }] } } });
  t.deepEqual(copies(started, 'c'), ['a:STARTED:t1 b:STARTED']);
  t.deepEqual(started.indices.c!.routing![0]!.inSync, [a.inSync[0]!]);
  // its primary's node dies during the catch-up: the copy lacks writes, so it is not promoted
  const lost = allocate({ ...started, nodes: { b: node('b') } });
  t.deepEqual(copies(lost, 'c'), ['a:UNASSIGNED:t1 b:STARTED']);
  t.false(lost.indices.c!.routing![0]!.inSync.includes(replicaId));
});

test('a copy on a node a filter no longer allows moves: its replacement recovers first, then it goes (a primary hands over in the next term)', (t) => {
  const s = recovered(allocate(state([node('a'), node('b'), node('c')], [withReplicas('m', 1, 1)])));
  t.deepEqual(copies(s, 'm'), ['a:STARTED:t1 b:STARTED']);
  const exclude = (st: ClusterState, name: string, value: string) =>
    allocate({ ...st, indices: { ...st.indices, [name]: withSettings(st.indices[name]!, { 'index.routing.allocation.exclude._name': value }) } });
  // the replica's node excluded: a replacement initializes on c, b keeps serving meanwhile
  const moving = exclude(s, 'm', 'b');
  t.deepEqual(copies(moving, 'm'), ['a:STARTED:t1 c:INITIALIZING b:STARTED']);
  t.is(moving.indices.m!.routing![0]!.inSync.length, 2);
  // started but not yet in sync: b still stays
  const a = moving.indices.m!.routing![0]!;
  const startedOnly = allocate({ ...moving, indices: { m: { ...moving.indices.m!, routing: [{ ...a, replicas: a.replicas!.map((r) => ({ ...r, state: 'STARTED' as const })) }] } } });
  t.deepEqual(copies(startedOnly, 'm'), ['a:STARTED:t1 c:STARTED b:STARTED']);
  const moved = recovered(moving);
  t.deepEqual(copies(moved, 'm'), ['a:STARTED:t1 c:STARTED']);
  t.deepEqual(moved.indices.m!.routing![0]!.inSync.length, 2);

  // the primary's node excluded: one more replica first, then the primary hands over to an in-sync replica
  const primaryMoving = exclude(moved, 'm', 'a');
  t.deepEqual(copies(primaryMoving, 'm'), ['a:STARTED:t1 c:STARTED b:INITIALIZING']);
  const handedOver = recovered(primaryMoving);
  t.deepEqual(copies(handedOver, 'm'), ['c:STARTED:t2 b:STARTED']);
  t.deepEqual(handedOver.indices.m!.routing![0]!.inSync, [moved.indices.m!.routing![0]!.replicas![0]!.allocationId, handedOver.indices.m!.routing![0]!.replicas![0]!.allocationId]);
  t.falsy(handedOver.indices.m!.routing![0]!.delayed, 'the old primary is not waited for: its node is still here');

  // no replicas: a temporary copy recovers on the allowed node and takes over
  const solo = recovered(allocate(state([node('a'), node('b')], [index('solo', 1)])));
  t.deepEqual(copies(solo, 'solo'), ['a:STARTED:t1']);
  const soloMoving = exclude(solo, 'solo', 'a');
  t.deepEqual(copies(soloMoving, 'solo'), ['a:STARTED:t1 b:INITIALIZING']);
  t.deepEqual(copies(recovered(soloMoving), 'solo'), ['b:STARTED:t2']);

  // nowhere to go (every other node holds a copy or is excluded): the copies stay where they are
  const stuck = exclude(recovered(allocate(state([node('a'), node('b')], [withReplicas('st', 1, 1)]))), 'st', 'a');
  t.deepEqual(copies(stuck, 'st'), ['a:STARTED:t1 b:STARTED']);
});

function withSettings(meta: IndexMetadata, settings: Record<string, string>): IndexMetadata {
  return { ...meta, settings: { ...meta.settings, ...settings } };
}

test('allocation filters: require, include and exclude on _name, _id, _host and attributes decide where new copies go', (t) => {
  const nodes = [node('a'), node('b'), { ...node('c'), name: 'gamma', attributes: { zone: 'z1' } }];
  const excl = allocate(state(nodes, [withSettings(withReplicas('x', 2, 1), { 'index.routing.allocation.exclude._name': 'a' })]));
  t.deepEqual(copies(excl, 'x'), ['b:STARTED:t1 c:INITIALIZING', 'b:STARTED:t1 c:INITIALIZING']);
  const incl = allocate(state(nodes, [withSettings(index('y', 3), { 'index.routing.allocation.include._name': 'gam*,b' })]));
  t.deepEqual(homes(incl, 'y'), ['b:STARTED', 'c:STARTED', 'b:STARTED']);
  const req = allocate(state(nodes, [withSettings(index('z', 2), { 'index.routing.allocation.require.zone': 'z1', 'index.routing.allocation.require._host': '127.0.0.*' })]));
  t.deepEqual(homes(req, 'z'), ['c:STARTED', 'c:STARTED']);
  // nowhere allowed: unassigned (red), never on a filtered-out node
  const none = allocate(state(nodes, [withSettings(index('n', 1), { 'index.routing.allocation.require._id': 'nope' })]));
  t.deepEqual(homes(none, 'n'), ['null:UNASSIGNED']);
  // the cluster-level filter applies to every index
  const cl = allocate({ ...state(nodes, [index('k', 3)]), transientSettings: { 'cluster.routing.allocation.exclude._id': 'a,b' } });
  t.deepEqual(homes(cl, 'k'), ['c:STARTED', 'c:STARTED', 'c:STARTED']);
  // the filter changed live: the unassigned primary takes the node now allowed
  const relaxed = allocate({ ...none, indices: { n: withSettings(none.indices.n!, { 'index.routing.allocation.require._id': 'b' }) } });
  t.deepEqual(homes(relaxed, 'n'), ['b:STARTED']);
});

test('cluster.routing.allocation.enable: none, new_primaries, primaries and all; the index setting wins', (t) => {
  const nodes = [node('a'), node('b')];
  const at = (enable: string, meta = withReplicas('e', 1, 1)) => allocate({ ...state(nodes, [meta]), persistentSettings: { 'cluster.routing.allocation.enable': enable } });
  t.deepEqual(copies(at('none'), 'e'), ['null:UNASSIGNED:t1']);
  t.deepEqual(copies(at('new_primaries'), 'e'), ['a:STARTED:t1']);
  t.deepEqual(copies(at('PRIMARIES'), 'e'), ['a:STARTED:t1']);
  t.deepEqual(copies(at('all'), 'e'), ['a:STARTED:t1 b:INITIALIZING']);
  t.deepEqual(copies(at('none', withSettings(withReplicas('e', 1, 1), { 'index.routing.allocation.enable': 'all' })), 'e'), ['a:STARTED:t1 b:INITIALIZING']);
  // enable all again: the replica is allocated on the next reroute
  const primariesOnly = at('primaries');
  t.deepEqual(copies(allocate({ ...primariesOnly, persistentSettings: {} }), 'e'), ['a:STARTED:t1 b:INITIALIZING']);
  // promotion is not an allocation: it happens whatever enable says
  const s = recovered(allocate(state([node('a'), node('b'), node('c')], [withReplicas('p', 1, 1)])));
  const promoted = allocate({ ...s, nodes: { b: node('b'), c: node('c') }, transientSettings: { 'cluster.routing.allocation.enable': 'none' } });
  t.deepEqual(copies(promoted, 'p'), ['b:STARTED:t2']);
});

test('delayed allocation: a copy whose node left waits for it (default 1m), goes back to it if it returns, else is replaced after the delay', (t) => {
  const delayed = (name: string) => withSettings(withReplicas(name, 1, 1), { 'index.unassigned.node_left.delayed_timeout': '1m' });
  const s = recovered(allocate(state([node('a'), node('b'), node('c')], [delayed('d')]), 0));
  t.deepEqual(copies(s, 'd'), ['a:STARTED:t1 b:STARTED']);
  // the replica's node leaves at t=1000: no replacement on c while the delay runs
  const left = allocate({ ...s, nodes: { a: node('a'), c: node('c') } }, 1000);
  t.deepEqual(copies(left, 'd'), ['a:STARTED:t1']);
  t.deepEqual(left.indices.d!.routing![0]!.delayed, [{ node: 'b', since: 1000 }]);
  t.deepEqual(left.indices.d!.routing![0]!.inSync.length, 1);
  t.is(allocate(left, 30_000), left, 'nothing changes while it waits');
  // it returns in time: the copy goes back to b (recovered from the primary)
  const back = allocate({ ...left, nodes: { a: node('a'), b: node('b'), c: node('c') } }, 30_000);
  t.deepEqual(copies(back, 'd'), ['a:STARTED:t1 b:INITIALIZING']);
  t.is(back.indices.d!.routing![0]!.delayed, undefined);
  // it does not return: after the delay the copy is allocated elsewhere
  const late = allocate(left, 61_000);
  t.deepEqual(copies(late, 'd'), ['a:STARTED:t1 c:INITIALIZING']);
  t.is(late.indices.d!.routing![0]!.delayed, undefined);
  // a primary's node leaves: the replica is promoted and the old primary's copy waits as a replica
  const promoted = allocate({ ...s, nodes: { b: node('b'), c: node('c') } }, 5000);
  t.deepEqual(copies(promoted, 'd'), ['b:STARTED:t2']);
  t.deepEqual(promoted.indices.d!.routing![0]!.delayed, [{ node: 'a', since: 5000 }]);
  // number_of_replicas lowered to 0: nothing waits any more
  const zero = allocate({ ...left, indices: { d: withSettings(left.indices.d!, { 'index.number_of_replicas': '0' }) } }, 2000);
  t.is(zero.indices.d!.routing![0]!.delayed, undefined);
});
