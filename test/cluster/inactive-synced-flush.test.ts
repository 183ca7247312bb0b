/**
 * The automatic synced flush of an inactive shard (ES 5.6 `indices.memory.shard_inactive_time`,
 * `SyncedFlushService#onShardInactive`) on a 2-node cluster of real processes over a private etcd
 * member, with the setting at 1s: documents are written and nobody calls `_flush/synced`; once the
 * shard is quiet its primary syncs both copies on its own (its node logs it); then the node holding
 * the replica is killed (kill -9) and restarted on its data directory, and its copy returns by
 * keeping its store (`_recovery`: nothing recovered, everything reused) with every document.
 * Each step prints what it did and what it counted.
 */
import test from 'ava';
import { readFile } from 'node:fs/promises';
import { request, ndjson } from '../helpers/node.js';
import { startLocalCluster, until } from '../helpers/local-cluster.js';
import { startNodeProcess, waitForCluster } from '../../scripts/cluster/node-process.js';

type Row = Record<string, string>;


test('an inactive shard is synced by its primary on its own; a killed replica node returns keeping its store', async (t) => {
  t.timeout(240_000);
  const cluster = await startLocalCluster(t, 'inactive', 2, undefined, { 'logger.level': 'info', 'indices.memory.shard_inactive_time': '1s' });
  const { nodes } = cluster;
  const at = nodes[0]!.url;
  await waitForCluster(at, 2, 'green');
  const settings = { number_of_shards: 1, number_of_replicas: 1, 'index.unassigned.node_left.delayed_timeout': '2m' };
  t.is((await request(at, 'PUT', '/idle', { settings })).status, 200);
  await waitForCluster(at, 2, 'green');
  // one bulk, so the shard turns inactive once after it: 300 new documents, then 25 of them
  // overwritten and 25 deleted (more than one version of the history on each copy)
  const lines = Array.from({ length: 300 }, (_, d) => [{ index: { _index: 'idle', _type: 'doc', _id: `d${d}` } }, { d, text: `document ${d}` }]).flat();
  const more = Array.from({ length: 50 }, (_, d) => (d % 2 === 0 ? [{ index: { _index: 'idle', _type: 'doc', _id: `d${d}` } }, { d, text: 'updated' }] : [{ delete: { _index: 'idle', _type: 'doc', _id: `d${d}` } }])).flat();
  t.false((await request(at, 'POST', '/_bulk?refresh=true', ndjson([...lines, ...more]))).body.errors);

  const rows: Row[] = (await request(at, 'GET', '/_cat/shards/idle?h=prirep,node&format=json')).body;
  const primaryName = rows.find((r) => r.prirep === 'p')!.node;
  const replicaName = rows.find((r) => r.prirep === 'r')!.node;
  const primary = nodes.find((n) => n.spec.name === primaryName)!;
  const victimIndex = nodes.findIndex((n) => n.spec.name === replicaName);
  // nobody asks for a synced flush: the primary's node runs one when the shard turns inactive
  const logged = await until('the primary logs the synced flush of the inactive shard', async () => {
    const log = await readFile(primary.spec.logFile, 'utf8');
    return log.split('\n').find((l) => l.includes('[idle][0] shard is now inactive: synced flush'));
  });
  t.regex(logged, /synced flush done/, 'both copies took the sync id');
  t.log(`${primaryName} (primary): ${JSON.parse(logged).msg}`);

  // the replica's node dies (kill -9) and comes back on its data directory
  const victim = nodes[victimIndex]!;
  await victim.stop('SIGKILL');
  let seen: unknown;
  await until('the copy delayed while its node is away', async () => {
    const h = (await request(at === victim.url ? primary.url : at, 'GET', '/_cluster/health/idle?timeout=1s')).body;
    seen = h;
    return h.number_of_nodes === 1 && h.delayed_unassigned_shards === 1 ? h : undefined;
  }, 60_000, () => seen);
  const restarted = await startNodeProcess(victim.spec);
  nodes[victimIndex] = restarted;
  await until('green with the copy back', async () => {
    const h = (await request(primary.url, 'GET', '/_cluster/health/idle?timeout=1s')).body;
    seen = h;
    if (h.status !== 'green' || h.number_of_nodes !== 2) return undefined;
    const r: Row[] = (await request(primary.url, 'GET', '/_cat/shards/idle?h=prirep,node,state&format=json')).body;
    return r.some((x) => x.prirep === 'r' && x.node === replicaName && x.state === 'STARTED') ? r : undefined;
  }, 120_000, () => seen);

  const recovery = (await request(primary.url, 'GET', '/idle/_recovery')).body;
  const peer = recovery.idle.shards.find((s: any) => s.type === 'PEER' && s.target.name === replicaName);
  t.log(`${replicaName} returned: ${JSON.stringify(peer.index.size)}`);
  t.is(peer.stage, 'DONE');
  t.is(peer.index.size.recovered_in_bytes, 0, 'nothing copied');
  t.true(peer.index.size.reused_in_bytes > 0, 'its own store kept');
  t.is(peer.index.size.total_in_bytes, peer.index.size.reused_in_bytes);
  // the kept copy holds exactly the primary's documents and versions
  // (a copy marked STARTED serves reads once its primary has marked it in sync: poll for that)
  let answer: unknown;
  const all = async (pref: string): Promise<Array<[string, number]>> =>
    until(`a search on ${pref}`, async () => {
      const r = await request(primary.url, 'GET', `/idle/_search?preference=${pref}&size=1000&version=true&sort=_uid`);
      answer = r.body;
      return r.status === 200 && r.body._shards.failed === 0 ? r.body.hits.hits.map((h: any) => [h._id, h._version] as [string, number]) : undefined;
    }, 30_000, () => answer);
  const onReplica = await all(`_only_nodes:${replicaName}`);
  const onPrimary = await all(`_only_nodes:${primaryName}`);
  t.is(onReplica.length, 275);
  t.deepEqual(onReplica, onPrimary);
  // and takes writes again
  t.is((await request(primary.url, 'PUT', '/idle/doc/later?refresh=true', { later: true })).status, 201);
  t.is((await request(primary.url, 'GET', `/idle/_count?preference=_only_nodes:${replicaName}`)).body.count, 276);
});
