/**
 * Shard copies on a 3-node cluster of real processes over a private etcd member:
 * - reads from any copy: search, get and mget pick a copy by `preference` (`_primary`,
 *   `_replica`, `_only_nodes`, `_prefer_nodes`, `_local`, a custom string always the same copy,
 *   round robin otherwise); a replica has what a write with `refresh=true` wrote (every copy is
 *   refreshed) and answers a realtime get of a write not yet refreshed;
 * - allocation deciders: `index.routing.allocation.exclude._name` / `require._name`,
 *   `cluster.routing.allocation.enable` (none, primaries, all), `number_of_replicas` lowered and
 *   raised live;
 * - delayed allocation: a node that leaves keeps its copies delayed (`delayed_unassigned_shards`,
 *   `NODE_LEFT`), a short delay expires and the copy is replaced, a long one waits for the node,
 *   which gets its copy back on return;
 * - peer recovery while clients write: the copy (throttled by
 *   `indices.recovery.max_bytes_per_sec`) takes seconds, writes are acknowledged meanwhile, and
 *   every one of them is on the new replica afterwards;
 * - a node drained by `exclude._name` while clients write: its replica and its primary move (the
 *   primary hands over in the next term) and every acknowledged write is on both copies.
 * Each step prints what it did and what it counted.
 */
import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, ndjson } from '../helpers/node.js';
import { startEtcdMember, type EtcdMember } from '../../scripts/cluster/etcd-member.js';
import { localNodeSpecs, startNodeProcess, waitForCluster, type NodeProcess } from '../../scripts/cluster/node-process.js';

type Row = Record<string, string>;

let dir = '';
let etcd: EtcdMember | undefined;
const nodes: NodeProcess[] = [];
const url = (i = 0): string => nodes[i]!.url;

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'strata-copies-'));
  etcd = await startEtcdMember(dir);
  const specs = await localNodeSpecs(dir, etcd.endpoint, 'copies', 3);
  nodes.push(...(await Promise.all(specs.map((s) => startNodeProcess(s)))));
  await waitForCluster(url(), 3, 'green');
});

test.after.always(async () => {
  await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
  await etcd?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function shardRows(index: string, at = url()): Promise<Row[]> {
  return (await request(at, 'GET', `/_cat/shards/${index}?h=shard,prirep,state,node,unassigned.reason&s=shard,prirep&format=json`)).body;
}

/** Wait until `index` is `status` with `active` active copies, as node `at` sees it. */
async function indexHealth(index: string, status: string, active: number, at = url(), timeoutMs = 30_000): Promise<Record<string, any>> {
  return until(`${index} ${status} with ${active} active copies`, async () => {
    const h = (await request(at, 'GET', `/_cluster/health/${index}?timeout=1s`)).body;
    return h.status === status && h.active_shards === active ? h : undefined;
  }, timeoutMs);
}

const nodeNames = (): string[] => nodes.map((n) => n.spec.name);

test.serial('reads from any copy by preference; refresh=true reaches the replica; a replica answers realtime gets', async (t) => {
  t.timeout(90_000);
  // refresh only on demand: what a copy shows is what a refresh made visible on it
  t.is((await request(url(), 'PUT', '/p', { settings: { number_of_shards: 1, number_of_replicas: 1, refresh_interval: -1 } })).status, 200);
  await indexHealth('p', 'green', 2);
  const rows = await shardRows('p');
  const primaryNode = rows.find((r) => r.prirep === 'p')!.node!;
  const replicaNode = rows.find((r) => r.prirep === 'r')!.node!;
  const other = nodeNames().find((n) => n !== primaryNode && n !== replicaNode)!;
  t.log(`index p: primary on ${primaryNode}, replica on ${replicaNode}, no copy on ${other}`);

  const put = await request(url(), 'PUT', '/p/doc/1?refresh=true', { n: 1 });
  t.is(put.status, 201);
  t.deepEqual(put.body._shards, { total: 2, successful: 2, failed: 0 });
  const members: Record<string, { name: string }> = (await request(url(), 'GET', '/_cluster/state/nodes')).body.nodes;
  const nameOf = (id: string): string => members[id]!.name;
  const idOf = (name: string): string => Object.keys(members).find((id) => members[id]!.name === name)!;
  const nodeOf = async (preference: string): Promise<string> => {
    const res = await request(url(), 'GET', `/p/_search?explain=true&preference=${encodeURIComponent(preference)}`);
    t.is(res.status, 200, JSON.stringify(res.body));
    t.is(res.body.hits.total, 1, `the copy chosen by ${preference} shows the refreshed write`);
    return nameOf(res.body.hits.hits[0]._node);
  };
  t.is(await nodeOf('_primary'), primaryNode);
  t.is(await nodeOf('_replica'), replicaNode);
  t.is(await nodeOf('_replica_first'), replicaNode);
  t.is(await nodeOf(`_only_nodes:${replicaNode}`), replicaNode);
  t.is(await nodeOf(`_prefer_nodes:${idOf(primaryNode)}`), primaryNode);
  t.is(await nodeOf(`_prefer_nodes:${idOf(replicaNode)}`), replicaNode);
  t.is(await nodeOf('_shards:0;_primary'), primaryNode);
  // a custom string reads the same copy every time; without one the copies take turns
  const custom = new Set<string>();
  for (let i = 0; i < 4; i++) custom.add(await nodeOf('session-42'));
  t.is(custom.size, 1);
  const turns = new Set<string>();
  for (let i = 0; i < 6; i++) turns.add((await request(url(), 'GET', '/p/_search?explain=true')).body.hits.hits[0]._node);
  t.is(turns.size, 2, 'round robin over the primary and the replica');
  t.log(`custom preference always on ${[...custom][0]}; round robin over ${turns.size} copies`);

  // _local from the replica's node reads there; _only_local where no copy is: nothing available
  const at = (name: string): string => nodes.find((n) => n.spec.name === name)!.url;
  const local = await request(at(replicaNode), 'GET', '/p/_search?explain=true&preference=_local');
  t.is(nameOf(local.body.hits.hits[0]._node), replicaNode);
  // (ES: no copy to search on any shard is "all shards failed")
  const none = await request(at(other), 'GET', '/p/_search?preference=_only_local');
  t.is(none.status, 503, JSON.stringify(none.body));
  t.is(none.body.error.type, 'search_phase_execution_exception');
  t.is(none.body.error.reason, 'all shards failed');
  t.is((await request(at(replicaNode), 'GET', '/p/_search?preference=_only_local')).body.hits.total, 1);
  const badNodes = await request(url(), 'GET', `/p/_search?preference=_only_nodes:${other}`);
  t.is(badNodes.status, 400);
  t.is(badNodes.body.error.type, 'illegal_argument_exception');
  t.is(badNodes.body.error.reason, `no data nodes with critera [${other}] found for shard: [p][0]`);
  // a percolate query reads its stored document from the copy its `preference` names
  t.is((await request(url(), 'PUT', '/pq', { settings: { number_of_shards: 1, number_of_replicas: 0 }, mappings: { q: { properties: { query: { type: 'percolator' } } }, doc: { properties: { n: { type: 'long' } } } } })).status, 200);
  await indexHealth('pq', 'green', 1);
  t.is((await request(url(), 'PUT', '/pq/q/one?refresh=true', { query: { term: { n: 1 } } })).status, 201);
  const percolate = (preference: string) => request(url(), 'POST', '/pq/_search', { query: { percolate: { field: 'query', document_type: 'doc', index: 'p', type: 'doc', id: '1', preference } } });
  const onReplica = await percolate(`_only_nodes:${replicaNode}`);
  t.is(onReplica.status, 200, JSON.stringify(onReplica.body));
  t.deepEqual(onReplica.body.hits.hits.map((h: any) => h._id), ['one']);
  const nowhere = await percolate(`_only_nodes:${other}`);
  t.is(nowhere.body.error?.root_cause?.[0]?.reason, `no data nodes with critera [${other}] found for shard: [p][0]`, JSON.stringify(nowhere.body));
  const unknown = await request(url(), 'GET', '/p/_search?preference=_nearest');
  t.is(unknown.status, 400);
  t.is(unknown.body.error.reason, 'no Preference for [_nearest]');

  // a write not refreshed: searches on the replica do not see it, a realtime get there does
  t.is((await request(url(), 'PUT', '/p/doc/2', { n: 2 })).status, 201);
  t.is((await request(url(), 'GET', '/p/_search?preference=_replica')).body.hits.total, 1);
  const got = await request(url(), 'GET', '/p/doc/2?preference=_replica');
  t.is(got.body.found, true);
  t.is(got.body._version, 1);
  t.is((await request(url(), 'GET', '/p/doc/2?preference=_replica&realtime=false')).body.found, false, 'not refreshed on the replica yet');
  const mget = await request(url(), 'POST', '/p/doc/_mget?preference=_replica', { ids: ['1', '2', '3'] });
  t.deepEqual(mget.body.docs.map((d: any) => d.found), [true, true, false]);
  t.is((await request(url(), 'POST', '/p/_refresh')).status, 200);
  t.is((await request(url(), 'GET', '/p/_search?preference=_replica')).body.hits.total, 2, '_refresh refreshed the replica');
});

test.serial('refresh=wait_for makes a write visible on the replica too', async (t) => {
  t.timeout(60_000);
  // no listener slots: each copy asked to wait refreshes at once (forced); no scheduled refresh
  // would show the write on a copy that is not asked
  t.is((await request(url(), 'PUT', '/wf', { settings: { number_of_shards: 1, number_of_replicas: 1, refresh_interval: -1, 'index.max_refresh_listeners': 0 } })).status, 200);
  // and one refreshed on its schedule, where wait_for waits for each copy's next refresh
  t.is((await request(url(), 'PUT', '/wf2', { settings: { number_of_shards: 1, number_of_replicas: 1, refresh_interval: '1s' } })).status, 200);
  await indexHealth('wf', 'green', 2);
  await indexHealth('wf2', 'green', 2);
  for (let i = 1; i <= 3; i++) {
    const put = await request(url(i % 3), 'PUT', `/wf/doc/${i}?refresh=wait_for`, { i });
    t.is(put.status, 201);
    t.deepEqual(put.body._shards, { total: 2, successful: 2, failed: 0 });
    t.is(put.body.forced_refresh, true);
    t.is((await request(url(), 'GET', '/wf/_search?preference=_replica')).body.hits.total, i, `write ${i} visible on the replica`);
    t.is((await request(url(), 'GET', '/wf/_search?preference=_primary')).body.hits.total, i);
  }
  for (let i = 1; i <= 5; i++) {
    const bulk = await request(url(i % 3), 'POST', '/_bulk?refresh=wait_for', ndjson([{ index: { _index: 'wf2', _type: 'doc', _id: String(i) } }, { i }]));
    t.false(bulk.body.errors);
    t.is((await request(url(), 'GET', '/wf2/_count?preference=_replica')).body.count, i, `bulk ${i} visible on the replica`);
  }
  for (const i of ['wf', 'wf2']) await request(url(), 'DELETE', `/${i}`);
});

test.serial('allocation filters, cluster.routing.allocation.enable and number_of_replicas live', async (t) => {
  t.timeout(90_000);
  const [n1, n2, n3] = nodeNames() as [string, string, string];
  t.is((await request(url(), 'PUT', '/f', { settings: { number_of_shards: 2, number_of_replicas: 1, 'index.routing.allocation.exclude._name': n1 } })).status, 200);
  await indexHealth('f', 'green', 4);
  const placed = await shardRows('f');
  t.log('f with exclude._name', n1, JSON.stringify(placed));
  t.false(placed.some((r) => r.node === n1), 'no copy on the excluded node');
  // require a node: one copy per node is all it can hold, so the replicas wait (yellow)
  t.is((await request(url(), 'PUT', '/req', { settings: { number_of_shards: 1, number_of_replicas: 1, 'index.routing.allocation.require._name': n3 } })).status, 200);
  await indexHealth('req', 'yellow', 1);
  t.deepEqual((await shardRows('req')).map((r) => [r.prirep, r.state, r.node ?? null]), [['p', 'STARTED', n3], ['r', 'UNASSIGNED', null]]);
  // the filter widened live: the replica goes to the node now allowed
  t.is((await request(url(), 'PUT', '/req/_settings', { 'index.routing.allocation.require._name': `${n3},${n2}` })).status, 200);
  // a require filter ANDs its attributes, but one attribute's values are ORed
  await indexHealth('req', 'green', 2);
  t.true((await shardRows('req')).some((r) => r.prirep === 'r' && r.node === n2));

  // enable: none leaves a new index unassigned (red), primaries starts its primaries only (yellow), all finishes it
  const bad = await request(url(), 'PUT', '/_cluster/settings', { transient: { 'cluster.routing.allocation.enable': 'some' } });
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, 'Illegal allocation.enable value [some]');
  t.is((await request(url(), 'PUT', '/_cluster/settings', { transient: { 'cluster.routing.allocation.enable': 'none' } })).status, 200);
  t.is((await request(url(), 'PUT', '/e?wait_for_active_shards=0', { settings: { number_of_shards: 2, number_of_replicas: 1 } })).status, 200);
  const red = await indexHealth('e', 'red', 0);
  t.is(red.unassigned_shards, 4);
  t.is((await request(url(), 'PUT', '/_cluster/settings', { transient: { 'cluster.routing.allocation.enable': 'primaries' } })).status, 200);
  const yellow = await indexHealth('e', 'yellow', 2);
  t.is(yellow.unassigned_shards, 2);
  t.is((await request(url(), 'PUT', '/_cluster/settings', { transient: { 'cluster.routing.allocation.enable': null } })).status, 200);
  await indexHealth('e', 'green', 4);

  // number_of_replicas lowered live: the replicas go away; raised again: they come back
  t.is((await request(url(), 'PUT', '/e/_settings', { number_of_replicas: 0 })).status, 200);
  await indexHealth('e', 'green', 2);
  t.is((await shardRows('e')).length, 2);
  t.is((await request(url(), 'PUT', '/e/_settings', { number_of_replicas: 2 })).status, 200);
  await indexHealth('e', 'green', 6);
  for (const s of ['0', '1']) t.deepEqual(new Set((await shardRows('e')).filter((r) => r.shard === s).map((r) => r.node)).size, 3);
  t.log('enable none → red, primaries → yellow, all → green; replicas 1 → 0 → 2 applied live');
  for (const i of ['f', 'req', 'e']) await request(url(), 'DELETE', `/${i}`);
});

test.serial('delayed allocation: copies of a node that left wait for it; a short delay expires, a long one gets the copy back', async (t) => {
  t.timeout(120_000);
  const [n1, n2, n3] = nodeNames() as [string, string, string];
  // both indices are created on n2 and n3 only; then n1 is allowed too (filters decide new
  // copies only, so they stay): when n3 leaves, n1 could take its copies at once
  const settings = (delay: string) => ({ number_of_shards: 1, number_of_replicas: 1, 'index.routing.allocation.exclude._name': n1, 'index.unassigned.node_left.delayed_timeout': delay });
  t.is((await request(url(), 'PUT', '/long', { settings: settings('1m') })).status, 200);
  t.is((await request(url(), 'PUT', '/short', { settings: settings('3s') })).status, 200);
  await indexHealth('long', 'green', 2);
  await indexHealth('short', 'green', 2);
  for (const i of ['long', 'short']) {
    t.deepEqual((await shardRows(i)).map((r) => r.node).sort(), [n2, n3]);
    t.is((await request(url(), 'PUT', `/${i}/_settings`, { 'index.routing.allocation.exclude._name': '' })).status, 200);
  }
  const victim = nodes.find((n) => n.spec.name === n3)!;
  const stoppedAt = Date.now();
  await victim.stop('SIGTERM'); // a clean stop: the node leaves at once
  const delayed = await until('a delayed copy', async () => {
    const h = (await request(url(), 'GET', '/_cluster/health/long?timeout=1s')).body;
    return h.delayed_unassigned_shards >= 1 && h.number_of_nodes === 2 ? h : undefined;
  });
  t.is(delayed.status, 'yellow');
  const waiting = (await shardRows('long')).find((r) => r.state === 'UNASSIGNED')!;
  t.is(waiting.prirep, 'r');
  t.is(waiting['unassigned.reason'], 'NODE_LEFT');
  const routing = (await request(url(), 'GET', '/_cluster/state/routing_table/long')).body.routing_table.indices.long.shards['0'];
  t.like(routing.find((c: any) => c.state === 'UNASSIGNED'), { unassigned_info: { reason: 'NODE_LEFT', delayed: true } });
  t.log(`stopped ${n3}: delayed_unassigned_shards ${delayed.delayed_unassigned_shards} after ${Date.now() - stoppedAt} ms`);
  {
    // the short delay ends: its copy is allocated on n1 and recovered (green on two nodes)
    await indexHealth('short', 'green', 2, url(), 30_000);
    t.true(Date.now() - stoppedAt >= 3000, 'not before the delay');
    t.true((await shardRows('short')).some((r) => r.node === n1));
    t.log(`short (3s): replaced on ${n1} ${Date.now() - stoppedAt} ms after the stop`);
  }
  // the long one still waits, though n1 is free and allowed
  const still = (await request(url(), 'GET', '/_cluster/health/long')).body;
  t.is(still.delayed_unassigned_shards, 1);
  // the node returns within the minute: it gets the copy back
  const restarted = await startNodeProcess(victim.spec);
  nodes[nodes.indexOf(victim)] = restarted;
  await indexHealth('long', 'green', 2, url(), 60_000);
  t.true((await shardRows('long')).some((r) => r.node === n3), 'the copy went back to the returning node');
  t.is((await request(url(), 'GET', '/_cluster/health')).body.delayed_unassigned_shards, 0);
  t.log(`${n3} back after ${Date.now() - stoppedAt} ms: long green with its copy on ${n3}`);
  for (const i of ['long', 'short']) await request(url(), 'DELETE', `/${i}`);
  await waitForCluster(url(), 3, 'green');
});

test.serial('peer recovery while clients write: writes are acknowledged during the copy and all of them reach the new replica', async (t) => {
  t.timeout(120_000);
  t.is((await request(url(), 'PUT', '/rec', { settings: { number_of_shards: 1, number_of_replicas: 0 } })).status, 200);
  await indexHealth('rec', 'green', 1);
  const filler = 'x'.repeat(400);
  for (let b = 0; b < 4; b++) {
    const lines = Array.from({ length: 500 }, (_, i) => [{ index: { _index: 'rec', _type: 'doc', _id: `seed-${b}-${i}` } }, { filler, i }]).flat();
    t.false((await request(url(), 'POST', '/_bulk', ndjson(lines))).body.errors);
  }
  // throttled copy: about a megabyte at 200kb/s takes seconds
  t.is((await request(url(), 'PUT', '/_cluster/settings', { transient: { 'indices.recovery.max_bytes_per_sec': '200kb' } })).status, 200);
  const acked: string[] = [];
  const ackedAt: number[] = [];
  let duringRecovery = 0;
  let recovering = false;
  let stop = false;
  const writer = async (w: number): Promise<void> => {
    for (let i = 0; !stop; i++) {
      const id = `w${w}-${i}`;
      const res = await request(nodes[w % 3]!.url, 'PUT', `/rec/doc/${id}`, { w, i });
      if (res.status === 201) {
        acked.push(id);
        ackedAt.push(Date.now());
        if (recovering) duringRecovery++;
      }
    }
  };
  // when the new replica is seen INITIALIZING (its copy streams then): first and last sighting
  const initializing: number[] = [];
  const watcher = async (): Promise<void> => {
    while (recovering) {
      const rows = await shardRows('rec');
      if (rows.some((r) => r.prirep === 'r' && r.state === 'INITIALIZING')) initializing.push(Date.now());
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const writers = [0, 1, 2].map((w) => writer(w));
  await new Promise((r) => setTimeout(r, 300));
  const raisedAt = Date.now();
  t.is((await request(url(), 'PUT', '/rec/_settings', { number_of_replicas: 1 })).status, 200);
  recovering = true;
  const watching = watcher();
  await indexHealth('rec', 'green', 2, url(), 90_000);
  recovering = false;
  await watching;
  const took = Date.now() - raisedAt;
  await new Promise((r) => setTimeout(r, 300));
  stop = true;
  await Promise.all(writers);
  await request(url(), 'PUT', '/_cluster/settings', { transient: { 'indices.recovery.max_bytes_per_sec': null } });
  // the second half of the copy: a lock held for the whole copy would acknowledge no write there
  const [from, to] = [initializing[0] ?? 0, initializing[initializing.length - 1] ?? 0];
  const lateInCopy = ackedAt.filter((at) => at >= (from + to) / 2 && at <= to).length;
  t.log(`recovery of rec took ${took} ms (replica seen initializing for ${to - from} ms); ${acked.length} writes acknowledged, ${duringRecovery} of them while the replica recovered, ${lateInCopy} in the second half of its copy`);
  t.true(took >= 2000, 'the throttled copy took seconds');
  t.true(to - from >= 1000, 'the replica was initializing (copying) for seconds');
  t.true(duringRecovery >= 10, 'writes went on during the copy');
  t.true(lateInCopy >= 3, 'writes were acknowledged late in the copy (the lock is held for the snapshot and the catch-up only)');
  // every acknowledged write is on the new replica (written during the copy: replayed after it)
  const found = new Set<string>();
  for (let i = 0; i < acked.length; i += 500) {
    const res = await request(url(), 'POST', '/rec/doc/_mget?preference=_replica', { ids: acked.slice(i, i + 500) });
    for (const d of res.body.docs) if (d.found) found.add(d._id);
  }
  const lost = acked.filter((id) => !found.has(id));
  t.log(`on the replica: ${found.size} of ${acked.length} acknowledged writes, ${lost.length} missing`);
  t.deepEqual(lost, []);
  await request(url(), 'POST', '/rec/_refresh');
  const [p, r] = await Promise.all(['_primary', '_replica'].map(async (pref) => (await request(url(), 'GET', `/rec/_count?preference=${pref}`)).body.count));
  t.is(r, p, 'the replica counts what the primary counts');
  t.is(p, 2000 + acked.length);
});

test.serial('a node excluded by a filter is drained while clients write: its copies move, the primary hands over, no acknowledged write is lost', async (t) => {
  t.timeout(150_000);
  const names = nodeNames();
  t.is((await request(url(), 'PUT', '/drain', { settings: { number_of_shards: 2, number_of_replicas: 1 } })).status, 200);
  await indexHealth('drain', 'green', 4);
  const filler = 'x'.repeat(400);
  const seed = Array.from({ length: 1000 }, (_, i) => [{ index: { _index: 'drain', _type: 'doc', _id: `seed-${i}` } }, { filler, i }]).flat();
  t.false((await request(url(), 'POST', '/_bulk', ndjson(seed))).body.errors);
  // throttled copies: the moves take seconds, and the writers go on meanwhile
  t.is((await request(url(), 'PUT', '/_cluster/settings', { transient: { 'indices.recovery.max_bytes_per_sec': '300kb' } })).status, 200);
  const before = await shardRows('drain');
  // the node holding shard 0's primary is drained
  const victim = before.find((r) => r.shard === '0' && r.prirep === 'p')!.node!;
  const termBefore = (await request(url(), 'GET', '/_cluster/state/metadata/drain')).body.metadata.indices.drain.primary_terms['0'];
  const acked: string[] = [];
  let failed = 0;
  let moving = false;
  let duringMove = 0;
  let stop = false;
  const writer = async (w: number): Promise<void> => {
    for (let i = 0; !stop; i++) {
      const id = `w${w}-${i}`;
      // through the nodes that stay (the victim's own HTTP answers too, but it is not the point)
      const at = nodes.filter((n) => n.spec.name !== victim)[w % 2]!.url;
      const res = await request(at, 'PUT', `/drain/doc/${id}`, { w, i });
      if (res.status === 201) {
        acked.push(id);
        if (moving) duringMove++;
      } else failed++;
    }
  };
  const writers = [0, 1, 2].map((w) => writer(w));
  await new Promise((r) => setTimeout(r, 300));
  t.is((await request(url(), 'PUT', '/drain/_settings', { 'index.routing.allocation.exclude._name': victim })).status, 200);
  moving = true;
  const after = await until('no copy of drain on the excluded node, all four copies started', async () => {
    const rows = await shardRows('drain');
    return rows.length === 4 && rows.every((r) => r.state === 'STARTED' && r.node !== victim) ? rows : undefined;
  }, 120_000);
  moving = false;
  await new Promise((r) => setTimeout(r, 300));
  stop = true;
  await Promise.all(writers);
  await request(url(), 'PUT', '/_cluster/settings', { transient: { 'indices.recovery.max_bytes_per_sec': null } });
  t.log(`drained ${victim}: before ${JSON.stringify(before.map((r) => `${r.shard}${r.prirep}@${r.node}`))}, after ${JSON.stringify(after.map((r) => `${r.shard}${r.prirep}@${r.node}`))}; ${acked.length} writes acknowledged (${duringMove} while the copies moved), ${failed} not`);
  t.true(duringMove > 0, 'writes went on while the copies moved');
  await indexHealth('drain', 'green', 4);
  for (const s of ['0', '1']) t.is(new Set(after.filter((r) => r.shard === s).map((r) => r.node)).size, 2, `shard ${s}: two copies on two nodes`);
  const termAfter = (await request(url(), 'GET', '/_cluster/state/metadata/drain')).body.metadata.indices.drain.primary_terms['0'];
  t.is(termAfter, termBefore + 1, 'the primary handed over in the next term');
  // every acknowledged write is on both copies of its shard
  await request(url(), 'POST', '/drain/_refresh');
  for (const pref of ['_primary', '_replica']) {
    const found = new Set<string>();
    for (let i = 0; i < acked.length; i += 500) {
      const res = await request(url(), 'POST', `/drain/doc/_mget?preference=${pref}`, { ids: acked.slice(i, i + 500) });
      for (const d of res.body.docs) if (d.found) found.add(d._id);
    }
    const lost = acked.filter((id) => !found.has(id));
    t.log(`${pref}: ${found.size} of ${acked.length} acknowledged writes, ${lost.length} missing`);
    t.deepEqual(lost, []);
  }
  const [p, r] = await Promise.all(['_primary', '_replica'].map(async (pref) => (await request(url(), 'GET', `/drain/_count?preference=${pref}`)).body.count));
  t.is(r, p, 'the replicas count what the primaries count');
  t.true(p >= 1000 + acked.length);
  await request(url(), 'DELETE', '/drain');
});
