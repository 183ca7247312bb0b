/**
 * Dropped and delayed transport messages (lib/transport/fault-injection.ts) on a 3-node cluster
 * of in-process nodes over a private etcd member: the test owns the fault rules and changes them
 * while the cluster runs.
 * - Metadata goes through the master: a follower whose `master:task` request is lost gets ES's
 *   `master_not_discovered_exception` and nothing is stored; one whose answer is lost gets the
 *   same error, and the master applied the task exactly once.
 * - Four clients send bulks through the three nodes while, in turn, the links between two nodes
 *   are slowed, a share of one node's requests are lost, and a share of another node's answers
 *   are lost (seeded). Every acknowledged write is then found on every copy of its shard (0 lost,
 *   copies agree), and a monitor sampling every node's state saw no two masters and no two
 *   primaries of a shard in one term.
 * Each phase prints what it did and what it counted.
 */
import { mulberry32 } from '../../lib/units/seeded-random.js';
import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, ndjson } from '../helpers/node.js';
import { startEtcdMember, type EtcdMember } from '../../scripts/cluster/etcd-member.js';
import { waitForCluster } from '../../scripts/cluster/node-process.js';
import { startNode, type RunningNode } from '../../lib/node.js';
import { TransportFaults } from '../../lib/transport/fault-injection.js';
import type { ClusterState } from '../../lib/cluster/state.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Samples every node's state: records each master and each shard's primary per term, and flags two at once. */
function splitBrainMonitor(nodes: RunningNode[]): { stop(): void; violations: string[]; samples: number } {
  const violations: string[] = [];
  const masterOfVersion = new Map<number, string | undefined>();
  const primaryOfTerm = new Map<string, string>();
  const out = { violations, samples: 0, stop: () => clearInterval(timer) };
  const record = (s: ClusterState): void => {
    const m = masterOfVersion.get(s.version);
    if (masterOfVersion.has(s.version) && m !== (s.masterNode ?? undefined)) violations.push(`state ${s.version} names masters ${m} and ${s.masterNode}`);
    masterOfVersion.set(s.version, s.masterNode ?? undefined);
    for (const meta of Object.values(s.indices)) {
      (meta.routing ?? []).forEach((a, shard) => {
        if (!a.node) return;
        const key = `${meta.name}/${shard}@${a.primaryTerm}`;
        const was = primaryOfTerm.get(key);
        if (was !== undefined && was !== a.node) violations.push(`${key}: primaries ${was} and ${a.node}`);
        primaryOfTerm.set(key, a.node);
      });
    }
  };
  const timer = setInterval(() => {
    out.samples++;
    const fenced = nodes.filter((n) => n.context.masterFence?.() !== undefined).map((n) => n.context.nodeName);
    if (fenced.length > 1) violations.push(`${fenced.join(' and ')} both hold the master's election key`);
    for (const n of nodes) record(n.context.cluster.state());
  }, 20);
  return out;
}

test.serial('dropped and delayed transport messages: metadata through the master, concurrent bulks, 0 acknowledged writes lost, no split brain', async (t) => {
  t.timeout(180_000);
  const dir = await mkdtemp(join(tmpdir(), 'strata-faults-'));
  let etcd: EtcdMember | undefined;
  const nodes: RunningNode[] = [];
  t.teardown(async () => {
    await Promise.all(nodes.map((n) => n.close().catch(() => undefined)));
    await etcd?.stop();
    await rm(dir, { recursive: true, force: true });
  });
  etcd = await startEtcdMember(dir);
  const faults = new TransportFaults(mulberry32(13));
  for (let i = 1; i <= 3; i++) {
    nodes.push(
      await startNode({
        dataPath: join(dir, `node-${i}`),
        host: '127.0.0.1',
        port: 0,
        logger: false,
        transportFaults: faults,
        settings: { 'cluster.name': 'faults', 'node.name': `node-${i}`, 'discovery.etcd.endpoints': etcd.endpoint, 'transport.tcp.port': '0' },
      }),
    );
  }
  await waitForCluster(nodes[0]!.url, 3, 'green');
  const masterId = nodes[0]!.context.cluster.state().masterNode!;
  const master = nodes.find((n) => n.context.nodeId === masterId)!;
  const [f1, f2] = nodes.filter((n) => n !== master) as [RunningNode, RunningNode];
  const id = (n: RunningNode): string => n.context.nodeId;

  // metadata goes through the master: a lost request stores nothing, a lost answer is applied once, by the master
  let undo = faults.add({ from: id(f1), actions: ['master:task'], drop: 'request', timeoutMs: 300 });
  const lostRequest = await request(f1.url, 'PUT', '/_template/lost', { template: 'lost-*' });
  t.deepEqual([lostRequest.status, lostRequest.body.error?.type], [503, 'master_not_discovered_exception']);
  t.is((await request(master.url, 'GET', '/_template/lost')).status, 404);
  undo();
  undo = faults.add({ from: id(f1), actions: ['master:task'], drop: 'reply', timeoutMs: 300 });
  const before = master.context.cluster.state().version;
  const lostReply = await request(f1.url, 'PUT', '/_ingest/pipeline/applied', { processors: [{ set: { field: 'p', value: 1 } }] });
  t.deepEqual([lostReply.status, lostReply.body.error?.type], [503, 'master_not_discovered_exception']);
  t.is(master.context.cluster.state().version, before + 1, 'the master wrote one state');
  t.deepEqual((await request(f2.url, 'GET', '/_ingest/pipeline/applied')).body, { applied: { processors: [{ set: { field: 'p', value: 1 } }] } });
  undo();
  t.log('master:task request lost: 503 master_not_discovered_exception, nothing stored; answer lost: 503, applied once by the master');

  // 3 shards with one replica each, the mapping set up front (no dynamic update through the master while messages are lost)
  const created = await request(f1.url, 'PUT', '/f', { settings: { number_of_shards: 3, number_of_replicas: 1 }, mappings: { doc: { properties: { w: { type: 'integer' }, i: { type: 'integer' } } } } });
  t.is(created.status, 200);
  await waitForCluster(f2.url, 3, 'green');

  const replicaIds = (s: ClusterState): string[] => (s.indices['f']!.routing ?? []).flatMap((a) => (a.replicas ?? []).map((r) => r.allocationId));
  const replicasBefore = replicaIds(f2.context.cluster.state());
  const monitor = splitBrainMonitor(nodes);
  const acked: string[] = [];
  let failedItems = 0;
  let failedBulks = 0;
  let stop = false;
  const writer = async (w: number): Promise<void> => {
    for (let b = 0; !stop; b++) {
      const ids = Array.from({ length: 20 }, (_, i) => `w${w}-${b}-${i}`);
      try {
        const res = await fetch(`${nodes[w % 3]!.url}/_bulk`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-ndjson' },
          body: ndjson(ids.flatMap((d, i) => [{ index: { _index: 'f', _type: 'doc', _id: d } }, { w, i }])),
          signal: AbortSignal.timeout(30_000),
        });
        const body = (await res.json()) as { items?: Array<{ index: { _id: string; status: number } }> };
        for (const it of body.items ?? []) {
          if (it.index.status === 201 || it.index.status === 200) acked.push(it.index._id);
          else failedItems++;
        }
        if (!body.items) failedBulks++;
      } catch {
        failedBulks++;
      }
    }
  };
  const writers = [0, 1, 2, 3].map((w) => writer(w));
  const phase = async (what: string, rules: Parameters<TransportFaults['add']>[0][], ms: number): Promise<void> => {
    const undos = rules.map((r) => faults.add(r));
    const [a0, c0] = [acked.length, { ...faults.counts }];
    await sleep(ms);
    for (const u of undos) u();
    const c = faults.counts;
    t.log(
      `${what}: ${acked.length - a0} writes acknowledged; messages sent ${c.sent - c0.sent}, delayed ${c.delayed - c0.delayed}, requests lost ${c.droppedRequests - c0.droppedRequests}, answers lost ${c.droppedReplies - c0.droppedReplies}`,
    );
  };
  const [n1, n2, n3] = nodes.map(id) as [string, string, string];
  await phase('no faults', [], 1500);
  await phase('node-1 <-> node-2 slowed by 150 ms (every message)', [{ from: n1, to: n2, delayMs: 150 }, { from: n2, to: n1, delayMs: 150 }], 3000);
  await phase('25% of node-1 -> node-3 requests lost, 50 ms delay on node-3 -> node-2', [{ from: n1, to: n3, drop: 'request', probability: 0.25, timeoutMs: 500 }, { from: n3, to: n2, delayMs: 50 }], 3000);
  await phase('25% of the answers to node-2 lost (the work was done)', [{ from: n2, drop: 'reply', probability: 0.25, timeoutMs: 500 }], 3000);
  await phase('healed', [], 1000);
  stop = true;
  await Promise.all(writers);
  faults.heal();
  t.log(`writes: ${acked.length} acknowledged, ${failedItems} items refused, ${failedBulks} bulks failed whole (none of those acknowledged)`);
  t.true(acked.length > 0);

  // healed: failed replicas are replaced and recover; then every copy of every shard is read directly
  await waitForCluster(f2.url, 3, 'green', 90_000);
  for (let deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const h = (await request(f2.url, 'GET', '/_cluster/health/f')).body;
    if (h.status === 'green' && h.active_shards === 6 && nodes.every((n) => n.context.cluster.state().version === f2.context.cluster.state().version)) break;
  }
  monitor.stop();
  const state = f2.context.cluster.state();
  const routing = state.indices['f']!.routing!;
  const replaced = replicaIds(state).filter((r) => !replicasBefore.includes(r)).length;
  t.log(`replicas failed by a lost or late message and recovered afresh: ${replaced} of 3; primary terms ${routing.map((a) => a.primaryTerm).join(',')}`);
  const found = new Set<string>();
  const copies: string[] = [];
  for (let shard = 0; shard < 3; shard++) {
    const a = routing[shard]!;
    const holders = [a.node!, ...(a.replicas ?? []).filter((r) => r.state === 'STARTED').map((r) => r.node!)];
    t.is(holders.length, 2, `shard ${shard} has its two copies`);
    const perCopy: string[][] = [];
    for (const holder of holders) {
      const node = nodes.find((n) => id(n) === holder)!;
      const reply = await node.context.indices.host.handle('multiGet', { index: 'f', shard, realtime: true, refresh: false, items: acked.map((d) => ({ type: 'doc', id: d })) });
      if (!('ok' in reply)) throw new Error(`shard ${shard} on ${node.context.nodeName}: ${JSON.stringify(reply.error)}`);
      const ids = reply.ok.items.flatMap((it, i) => ('ok' in it && it.ok.doc ? [acked[i]!] : []));
      perCopy.push(ids);
      copies.push(`shard ${shard} ${holder === a.node ? 'p' : 'r'} on ${node.context.nodeName}: ${ids.length}`);
    }
    t.deepEqual(perCopy[1], perCopy[0], `the copies of shard ${shard} hold the same acknowledged writes`);
    for (const d of perCopy[0]!) found.add(d);
  }
  const lost = acked.filter((d) => !found.has(d));
  t.log(`acknowledged writes per copy: ${copies.join('; ')}`);
  t.log(`${found.size} of ${acked.length} acknowledged writes found on both copies of their shard, ${lost.length} lost`);
  t.deepEqual(lost, []);
  t.log(`split-brain monitor: ${monitor.samples} samples of 3 nodes, ${monitor.violations.length} violations`);
  t.deepEqual(monitor.violations, []);
});
