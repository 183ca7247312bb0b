/**
 * Synced flush and a returning copy that reuses its store, on a 3-node cluster of real processes
 * over a private etcd member (ES 5.6 `_flush/synced`, sync ids in the commits):
 * - `POST /{index}/_flush/synced` counts every copy as ES does (the primary and its started replica);
 * - a node holding a copy of two synced indices stops (a clean stop, so it leaves at once; its
 *   copies wait for it, `index.unassigned.node_left.delayed_timeout`); one index is written to
 *   while it is away, the other is not; the node comes back on its data directory;
 * - the untouched index's copy returns without copying a key (`_recovery`: nothing recovered,
 *   its store reused; `_cat/recovery` the same) and has every document; the written one is
 *   copied in full (nothing reused) and has every document, the writes made while it was away too.
 * Each step prints what it did and what it counted.
 */
import test from 'ava';
import { request, ndjson } from '../helpers/node.js';
import { startLocalCluster, until } from '../helpers/local-cluster.js';
import { startNodeProcess, waitForCluster } from '../../scripts/cluster/node-process.js';

type Row = Record<string, string>;


test('a synced copy that returns keeps its store; one written to while it was away is copied in full', async (t) => {
  t.timeout(240_000);
  const cluster = await startLocalCluster(t, 'synced', 3);
  const { nodes } = cluster;
  await waitForCluster(nodes[0]!.url, 3, 'green');
  const [n1, n2] = nodes.map((n) => n.spec.name) as [string, string, string];
  // both indices on n1 and n2 only: stopping n2 takes one copy of each away
  const settings = { number_of_shards: 1, number_of_replicas: 1, 'index.routing.allocation.include._name': `${n1},${n2}`, 'index.unassigned.node_left.delayed_timeout': '2m' };
  const indices = ['kept', 'moved'];
  for (const i of indices) {
    t.is((await request(nodes[0]!.url, 'PUT', `/${i}`, { settings })).status, 200);
    const lines = Array.from({ length: 200 }, (_, d) => [{ index: { _index: i, _type: 'doc', _id: `d${d}` } }, { d, text: `document ${d} of ${i}` }]).flat();
    t.false((await request(nodes[0]!.url, 'POST', '/_bulk?refresh=true', ndjson(lines))).body.errors);
  }
  await waitForCluster(nodes[0]!.url, 3, 'green');

  const synced = await request(nodes[0]!.url, 'POST', '/kept,moved/_flush/synced');
  t.is(synced.status, 200);
  t.deepEqual(synced.body, {
    _shards: { total: 4, successful: 4, failed: 0 },
    kept: { total: 2, successful: 2, failed: 0 },
    moved: { total: 2, successful: 2, failed: 0 },
  });
  t.log(`synced flush: ${JSON.stringify(synced.body._shards)}`);

  // n2 stops cleanly; n1 holds the remaining copy of each (promoted where n2 had the primary)
  const victim = nodes[1]!;
  await victim.stop('SIGTERM');
  const at = nodes[0]!.url;
  let seen: unknown;
  await until('both indices yellow with their n2 copy delayed', async () => {
    const h = (await request(at, 'GET', '/_cluster/health/kept,moved?timeout=1s')).body;
    seen = h;
    return h.number_of_nodes === 2 && h.delayed_unassigned_shards === 2 && h.active_primary_shards === 2 ? h : undefined;
  }, 60_000, () => seen);
  // a write to `moved` while n2 is away clears its sync id on the copy that took it
  const extra = Array.from({ length: 30 }, (_, d) => [{ index: { _index: 'moved', _type: 'doc', _id: `away${d}` } }, { d, away: true }]).flat();
  const written = await request(at, 'POST', '/_bulk?refresh=true', ndjson(extra));
  t.false(written.body.errors);
  t.log(`stopped ${n2}; wrote 30 documents to moved while it was away`);

  const restarted = await startNodeProcess(victim.spec);
  nodes[1] = restarted;
  await until('green with the copies back on n2', async () => {
    const h = (await request(at, 'GET', '/_cluster/health/kept,moved?timeout=1s')).body;
    if (h.status !== 'green' || h.active_shards !== 4) return undefined;
    const rows: Row[] = (await request(at, 'GET', '/_cat/shards/kept,moved?h=index,node,state&format=json')).body;
    return rows.filter((r) => r.node === n2 && r.state === 'STARTED').length === 2 ? rows : undefined;
  }, 120_000);

  // `_recovery`: the replica on n2 of each index, a PEER recovery
  const recovery = (await request(at, 'GET', '/kept,moved/_recovery')).body;
  const peerOf = (i: string): Record<string, any> => recovery[i].shards.find((s: any) => s.type === 'PEER' && s.target.name === n2);
  const kept = peerOf('kept');
  const moved = peerOf('moved');
  t.log(`kept on ${n2}: ${JSON.stringify(kept.index.size)}; moved: ${JSON.stringify(moved.index.size)}`);
  t.is(kept.primary, false);
  t.is(kept.stage, 'DONE');
  t.is(kept.index.size.recovered_in_bytes, 0, 'nothing copied for the synced copy');
  t.true(kept.index.size.reused_in_bytes > 0, 'its own store reused');
  t.is(kept.index.size.total_in_bytes, kept.index.size.reused_in_bytes);
  t.true(moved.index.size.recovered_in_bytes > 0, 'the written-to index copied');
  t.is(moved.index.size.reused_in_bytes, 0);
  // `_cat/recovery` says the same
  const cat: Row[] = (await request(at, 'GET', '/_cat/recovery/kept,moved?h=index,type,target_node,bytes_recovered,bytes_total&format=json&bytes=b')).body;
  const catPeer = (i: string): Row => cat.find((r) => r.index === i && r.type === 'peer' && r.target_node === n2)!;
  t.is(catPeer('kept').bytes_recovered, '0');
  t.is(catPeer('kept').bytes_total, String(kept.index.size.reused_in_bytes));
  t.is(catPeer('moved').bytes_recovered, String(moved.index.size.recovered_in_bytes));

  // every document on the returned copies (read from n2's copy only)
  const only = `_only_nodes:${restarted.spec.name}`;
  const counts: Record<string, number> = {};
  for (const i of indices) counts[i] = (await request(at, 'GET', `/${i}/_count?preference=${only}`)).body.count;
  t.log(`documents on ${n2}'s copies: ${JSON.stringify(counts)}`);
  t.deepEqual(counts, { kept: 200, moved: 230 });
  const away = await request(at, 'POST', `/moved/doc/_mget?preference=${only}`, { ids: Array.from({ length: 30 }, (_, d) => `away${d}`) });
  t.is(away.body.docs.filter((d: any) => d.found).length, 30);
  // the reused copy takes writes again (its sync id is gone with the first one) and has them
  t.is((await request(at, 'PUT', '/kept/doc/later?refresh=true', { later: true })).status, 201);
  t.is((await request(at, 'GET', `/kept/_count?preference=${only}`)).body.count, 201);
});
