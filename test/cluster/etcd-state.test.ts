/**
 * The cluster state in etcd (lib/cluster/coordination/etcd-state-store.ts) against a private etcd
 * member: two nodes' ClusterServices updating the same state concurrently lose no update (each
 * write is a compare-and-set on the revision its base state was read at; a loser adopts the
 * winner's state and runs its update again) and both end on the same state through the watch;
 * a master whose election lease is gone is fenced: its write fails and is not retried.
 */
import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Etcd3 } from 'etcd3';
import { startEtcdMember, type EtcdMember } from '../../scripts/cluster/etcd-member.js';
import { EtcdStateStore } from '../../lib/cluster/coordination/etcd-state-store.js';
import { ClusterService } from '../../lib/cluster/cluster-service.js';
import { emptyState, type ClusterState } from '../../lib/cluster/state.js';
import { StateConflictError } from '../../lib/cluster/state-conflict.js';

let etcd: EtcdMember;
let dir: string;

test.before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'strata-etcd-state-'));
  etcd = await startEtcdMember(dir);
});

test.after.always(async () => {
  await etcd?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function member(key: string): Promise<{ client: Etcd3; store: EtcdStateStore; cluster: ClusterService }> {
  const client = new Etcd3({ hosts: etcd.endpoint });
  const store = new EtcdStateStore(client, key);
  const cluster = new ClusterService(await store.loadOrCreate(emptyState('uuid-1')), store);
  await store.watch((s) => void cluster.adopt(s));
  return { client, store, cluster };
}

const increment = (s: ClusterState): ClusterState => ({
  ...s,
  persistentSettings: { ...s.persistentSettings, counter: String(Number(s.persistentSettings.counter ?? '0') + 1) },
});

test('two writers, concurrent updates: every one applied once, both nodes end on the same state', async (t) => {
  const a = await member('t1/state');
  const b = await member('t1/state');
  t.teardown(async () => {
    for (const m of [a, b]) (await m.store.close(), m.client.close());
  });
  t.is(a.cluster.state().clusterUuid, b.cluster.state().clusterUuid, 'the second node loads the state the first created');
  await Promise.all([...Array.from({ length: 15 }, () => a.cluster.submit(increment)), ...Array.from({ length: 15 }, () => b.cluster.submit(increment))]);
  const stored = await a.store.read();
  t.is(stored?.persistentSettings.counter, '30');
  t.is(stored?.version, 30);
  await b.cluster.whenVersion(30, 5000);
  await a.cluster.whenVersion(30, 5000);
  t.is(a.cluster.state().persistentSettings.counter, '30');
  t.is(b.cluster.state().persistentSettings.counter, '30');
  t.log(`30 concurrent increments from two nodes: counter ${stored?.persistentSettings.counter}, version ${stored?.version}`);
});

test('a master whose election lease is gone is fenced: its write fails, the new master writes', async (t) => {
  const a = await member('t2/state');
  const b = await member('t2/state');
  t.teardown(async () => {
    for (const m of [a, b]) (await m.store.close(), m.client.close());
  });
  const electionA = a.client.election('t2/master', 2).campaign('a');
  await electionA.wait();
  const fenceA = await electionA.getCampaignKey();
  await a.cluster.submit(increment, { fence: fenceA });
  t.is(a.cluster.state().persistentSettings.counter, '1');
  const electionB = b.client.election('t2/master', 2).campaign('b');
  let bElected = false;
  electionB.on('elected', () => (bElected = true));
  // a's lease goes (as when its process pauses past the TTL); b is elected
  await a.client.delete().key(fenceA);
  await electionB.wait();
  t.true(bElected);
  const err = await t.throwsAsync(a.cluster.submit(increment, { fence: fenceA }));
  t.true(err instanceof StateConflictError && err.fenced);
  await b.cluster.submit(increment, { fence: await electionB.getCampaignKey() });
  t.is((await a.store.read())?.persistentSettings.counter, '2');
  await electionB.resign();
  await electionA.resign().catch(() => undefined);
});
