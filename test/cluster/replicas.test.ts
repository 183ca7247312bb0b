/**
 * Replication on a 3-node cluster of real processes over a private etcd member: an index with
 * one replica is green once every primary copied its store to its replica (p and r on different
 * nodes); then, while four clients write, the elected master (which holds a primary and a
 * replica) is killed with SIGKILL: a new master is elected, its shards' replicas are promoted in
 * primary term 2, every write acknowledged before,
 * during and after the kill is found on the promoted copies (0 lost), the old term's operations
 * are refused by the new copies, fresh replicas recover onto the survivors (green on two nodes),
 * and the killed node, restarted, receives a copy of every shard when `number_of_replicas` goes
 * to 2 live (peer recovery over its stale data; green on three).
 * Each step prints what it did and what it counted.
 */
import test from 'ava';
import { request, ndjson } from '../helpers/node.js';
import { startLocalCluster } from '../helpers/local-cluster.js';
import { startNodeProcess, waitForCluster } from '../../scripts/cluster/node-process.js';
import { TransportClient } from '../../lib/transport/transport-client.js';
import { callNode, REPLICA_WRITE_ACTION } from '../../lib/cluster/replication/shard-copies.js';

type Row = Record<string, string>;

/** Wait until `url` reports index r green with `active` active copies; its health body. */
async function indexGreen(url: string, active: number): Promise<Record<string, any>> {
  let last: unknown;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    last = (await request(url, 'GET', '/_cluster/health/r?wait_for_status=green&timeout=2s')).body;
    const h = last as Record<string, any>;
    if (h.status === 'green' && h.active_shards === active) return h;
  }
  throw new Error(`index r not green with ${active} active copies after 30 s: ${JSON.stringify(last)}`);
}

async function shardRows(url: string): Promise<Row[]> {
  return (await request(url, 'GET', '/_cat/shards/r?h=shard,prirep,state,node&s=shard,prirep&format=json')).body;
}

test.serial('replicas: green with p and r apart; kill -9 the master holding a primary under writes, 0 acknowledged writes lost', async (t) => {
  t.timeout(240_000);
  const transport = new TransportClient({ stateVersion: () => 0 });
  const { specs, nodes } = await startLocalCluster(t, 'replicas', 3, () => transport.close());
  await waitForCluster(nodes[0]!.url, 3, 'green');

  // 3 shards, 1 replica: yellow until each primary copied its store to its replica, then green
  // no delayed allocation: the killed node's copies are replaced at once (the delay is tested in copies.test.ts)
  const created = await request(nodes[0]!.url, 'PUT', '/r', { settings: { number_of_shards: 3, number_of_replicas: 1, 'index.unassigned.node_left.delayed_timeout': 0 } });
  t.is(created.status, 200);
  const greenAt = Date.now();
  // the health of index r itself: a node that has not yet applied the new index would call the cluster green
  const health = await indexGreen(nodes[1]!.url, 6);
  t.log(`index r (3 shards, 1 replica) green in ${Date.now() - greenAt} ms`);
  t.is(health.active_shards, 6);
  t.is(health.active_primary_shards, 3);
  const rows = await shardRows(nodes[1]!.url); // the node that reported green (another may apply that state a moment later)
  t.log('shards:', JSON.stringify(rows));
  t.is(rows.length, 6);
  for (let s = 0; s < 3; s++) {
    const [p, r] = [rows.find((x) => x.shard === String(s) && x.prirep === 'p')!, rows.find((x) => x.shard === String(s) && x.prirep === 'r')!];
    t.is(p.state, 'STARTED');
    t.is(r.state, 'STARTED');
    t.not(p.node, r.node, 'a replica never shares its primary node');
  }

  // documents written before the fault
  const first = Array.from({ length: 90 }, (_, i) => `before-${i}`);
  const bulk = await request(nodes[1]!.url, 'POST', '/_bulk', ndjson(first.flatMap((id, i) => [{ index: { _index: 'r', _type: 'doc', _id: id } }, { n: i }])));
  t.false(bulk.body.errors);
  t.true(bulk.body.items.every((it: any) => it.index._shards.total === 2 && it.index._shards.successful === 2), 'each write applied on the primary and its replica');

  // the victim: the elected master, which holds a primary (one per node); the clients write through the others
  const ms = (await request(nodes[0]!.url, 'GET', '/_cluster/state/master_node,nodes')).body;
  const victimName: string = ms.nodes[ms.master_node].name;
  t.true(rows.some((r) => r.prirep === 'p' && r.node === victimName));
  const victimIndex = nodes.findIndex((n) => n.spec.name === victimName);
  const victim = nodes[victimIndex]!;
  const survivors = nodes.filter((n) => n !== victim);
  const lostPrimaries = rows.filter((r) => r.prirep === 'p' && r.node === victimName).map((r) => Number(r.shard));
  const acked: string[] = [...first];
  let refused = 0;
  let stop = false;
  const writer = async (w: number): Promise<void> => {
    for (let i = 0; !stop; i++) {
      const id = `w${w}-${i}`;
      try {
        const res = await fetch(`${survivors[w % 2]!.url}/r/doc/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ n: i, w }),
          signal: AbortSignal.timeout(20_000),
        });
        if (res.status === 201) acked.push(id);
        else refused++;
        await res.arrayBuffer();
      } catch {
        refused++;
      }
    }
  };
  const writers = [0, 1, 2, 3].map((w) => writer(w));
  await new Promise((r) => setTimeout(r, 1500));
  const beforeKill = acked.length;
  const killedAt = Date.now();
  await victim.stop('SIGKILL');
  // promotion: every shard has its primary on a survivor, in term 2 where the victim held it
  let promotedIn = -1;
  while (Date.now() - killedAt < 30_000) {
    const st = (await request(survivors[0]!.url, 'GET', '/_cluster/state/metadata,nodes,master_node/r')).body;
    if (Object.keys(st.nodes).length === 2 && st.master_node !== ms.master_node && lostPrimaries.every((s) => st.metadata.indices.r.primary_terms[String(s)] === 2)) {
      promotedIn = Date.now() - killedAt;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  t.true(promotedIn >= 0, 'a new master was elected and the replicas of the killed primaries were promoted');
  t.log(`killed the master ${victimName} (primaries of shards ${lostPrimaries.join(',')}) after ${beforeKill} acknowledged writes; new master and promotion in ${promotedIn} ms`);
  await new Promise((r) => setTimeout(r, 2000));
  stop = true;
  await Promise.all(writers);
  t.log(`writes: ${acked.length} acknowledged in all, ${acked.length - beforeKill} after the kill began, ${refused} refused or failed (not acknowledged)`);
  t.true(acked.length > beforeKill, 'writes go on after the promotion');

  // fresh replicas recover onto the two survivors: green again with two nodes
  await waitForCluster(survivors[0]!.url, 2, 'green', 60_000);
  const after = await shardRows(survivors[0]!.url);
  t.is(after.filter((r) => r.state === 'STARTED').length, 6);

  // wait_for_active_shards: met by the two copies; three cannot be met on two nodes (refused after the timeout)
  const all = await request(survivors[0]!.url, 'PUT', '/r/doc/wfas-all?wait_for_active_shards=all', { n: -1 });
  t.is(all.status, 201);
  t.deepEqual(all.body._shards, { total: 2, successful: 2, failed: 0 });
  acked.push('wfas-all');
  const tooMany = await request(survivors[1]!.url, 'PUT', '/r/doc/wfas-3?wait_for_active_shards=3&timeout=300ms', { n: -1 });
  t.is(tooMany.status, 503);
  t.is(tooMany.body.error.type, 'unavailable_shards_exception');
  t.regex(tooMany.body.error.reason, /^\[r\]\[\d\] Not enough active copies to meet shard count of \[3\] \(have 2, needed 3\)\. Timeout: \[300ms\], request: \[BulkShardRequest to \[r\] containing \[1\] requests\]$/);

  // every acknowledged write is on the promoted copies
  await request(survivors[0]!.url, 'POST', '/r/_refresh');
  const count = (await request(survivors[1]!.url, 'GET', '/r/_count')).body.count;
  const found = new Set<string>();
  for (let i = 0; i < acked.length; i += 500) {
    const res = await request(survivors[0]!.url, 'POST', '/r/doc/_mget', { ids: acked.slice(i, i + 500) });
    for (const d of res.body.docs) if (d.found) found.add(d._id);
  }
  const lost = acked.filter((id) => !found.has(id));
  t.log(`after the promotion: ${found.size} of ${acked.length} acknowledged writes found, ${lost.length} lost; _count ${count}`);
  t.deepEqual(lost, []);
  t.true(count >= acked.length);

  // the old term is fenced: a replica of a promoted shard refuses term-1 operations
  const st = (await request(survivors[0]!.url, 'GET', '/_cluster/state/nodes,routing_table,metadata/r')).body;
  const shard = lostPrimaries[0]!;
  const replica = st.routing_table.indices.r.shards[String(shard)].find((c: any) => !c.primary && c.state === 'STARTED');
  const node = st.nodes[replica.node];
  const [host, port] = (node.transport_address as string).split(':');
  const answer = (await callNode(transport, { id: replica.node, name: node.name, host: host!, transportPort: Number(port), httpPort: 0, master: true, data: true, attributes: {} }, REPLICA_WRITE_ACTION, {
    index: 'r', shard, primaryTerm: 1, allocationId: replica.allocation_id.id, records: [],
  })) as any;
  t.is(answer.error?.type, 'illegal_state_exception');
  t.is(answer.error?.reason, 'operation primary term [1] is too old (current [2])');

  // the killed node returns (its stale copies unused); a second replica, set live, recovers onto it
  const restarted = await startNodeProcess(victim.spec);
  nodes[victimIndex] = restarted;
  await waitForCluster(restarted.url, 3, 'green', 60_000);
  const raised = await request(survivors[0]!.url, 'PUT', '/r/_settings', { index: { number_of_replicas: 2 } });
  t.is(raised.status, 200);
  const three = await indexGreen(restarted.url, 9);
  t.is(three.active_shards, 9);
  const placed = await shardRows(restarted.url);
  t.is(placed.filter((r) => r.node === victimName && r.state === 'STARTED').length, 3, 'the returning node holds a copy of every shard');

  // _recovery and _cat/recovery: each primary from its own store, each replica a peer recovery from its primary's node
  const cat = (await request(restarted.url, 'GET', '/_cat/recovery/r?h=shard,type,stage,source_node,target_node,bytes_total&format=json')).body as Row[];
  t.log('recoveries:', JSON.stringify(cat));
  const primaryOf = new Map(placed.filter((r) => r.prirep === 'p').map((r) => [r.shard, r.node]));
  const peers = cat.filter((r) => r.type === 'peer');
  t.is(peers.length, 6);
  for (const r of peers) {
    t.is(r.stage, 'done');
    t.is(r.source_node, primaryOf.get(r.shard));
    t.not(r.target_node, r.source_node);
    t.true(Number(r.bytes_total) > 0);
  }
  t.is(cat.filter((r) => r.type !== 'peer').length, 3);
  const rec = (await request(restarted.url, 'GET', '/r/_recovery')).body;
  const replicaRecoveries = rec.r.shards.filter((s: any) => !s.primary);
  t.is(replicaRecoveries.length, 6);
  t.true(replicaRecoveries.every((s: any) => s.type === 'PEER' && s.source.name === primaryOf.get(String(s.id)) && s.index.size.recovered_in_bytes > 0));
  await request(restarted.url, 'POST', '/r/_refresh');
  t.is((await request(restarted.url, 'GET', '/r/_count')).body.count, count);
  t.log(`restarted ${victimName}: green on three nodes, ${count} documents counted through it`);
});
