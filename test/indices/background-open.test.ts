/**
 * A node listens before it opens the indices of its data directory (lib/node.ts): health shows
 * their primaries INITIALIZING (red) until every shard has replayed its store, requests that
 * reach indices wait for that, and nothing written before the restart is missing from them.
 */
import test from 'ava';
import { clusterHealth } from '../../lib/cluster/health.js';
import { emptyState } from '../../lib/cluster/state.js';
import { startNode } from '../../lib/node.js';
import { ndjson, request, startTestNode } from '../helpers/node.js';

test('health of an index still opening: primaries initializing, replicas unassigned, red', (t) => {
  const state = emptyState('u');
  const meta = (name: string, replicas: number): never =>
    ({ name, uuid: name, state: 'open', settings: { 'index.number_of_shards': '3', 'index.number_of_replicas': String(replicas) }, mappings: {}, aliases: {}, mappingVersion: 1 }) as never;
  state.indices['a'] = meta('a', 0);
  state.indices['b'] = meta('b', 1);
  const h = clusterHealth(state, ['a', 'b'], 1, true, { failedShards: () => undefined, initializing: (name) => name === 'b' });
  t.is(h.status, 'red');
  t.is(h.activePrimaryShards, 3);
  t.is(h.initializingShards, 3);
  t.is(h.unassignedShards, 3);
  t.deepEqual(h.indices['b'], {
    status: 'red',
    number_of_shards: 3,
    number_of_replicas: 1,
    active_primary_shards: 0,
    active_shards: 0,
    relocating_shards: 0,
    initializing_shards: 3,
    unassigned_shards: 3,
    shards: Object.fromEntries([0, 1, 2].map((s) => [String(s), { status: 'red', primary_active: false, active_shards: 0, relocating_shards: 0, initializing_shards: 1, unassigned_shards: 1 }])),
  });
  t.is(h.activeShardsPercent, (3 / 9) * 100); // active / (active + initializing + unassigned)
  t.is(clusterHealth(state, ['a', 'b'], 1, false).status, 'yellow');
});

test('after a restart the node answers first, health goes from red to green, index requests wait for their shards', async (t) => {
  const first = await startTestNode();
  const names = Array.from({ length: 8 }, (_, i) => `idx-${i}`);
  try {
    for (const name of names) {
      t.is((await first.request('PUT', `/${name}`, { settings: { number_of_shards: 5, number_of_replicas: 0 } })).status, 200);
      const body = ndjson(Array.from({ length: 10 }, (_, k) => [{ index: { _id: String(k) } }, { k, name }]).flat());
      t.false((await first.request('POST', `/${name}/doc/_bulk`, body)).body.errors);
    }
  } finally {
    await first.stop();
  }
  const node = await startNode({ dataPath: first.dataPath, port: 0, host: '127.0.0.1', logLevel: 'fatal' });
  try {
    // the shards open only after the node listens: right now every index is initializing
    t.true(names.every((n) => node.context.indices.initializing(n)));
    const early = await request(node.url, 'GET', '/_cluster/health');
    t.is(early.status, 200);
    if (early.body.status === 'red') {
      t.true(early.body.initializing_shards > 0);
      t.is(early.body.active_shards + early.body.initializing_shards, 40);
    } else {
      t.is(early.body.status, 'green'); // the machine was fast enough to open all 40 shards
    }
    // a count waits for its index's shards rather than failing
    const counts = await Promise.all(names.map((n) => request(node.url, 'GET', `/${n}/_count`)));
    t.deepEqual(counts.map((c) => c.body.count), names.map(() => 10));
    const green = await request(node.url, 'GET', '/_cluster/health?wait_for_status=green&timeout=30s');
    t.is(green.body.status, 'green');
    t.is(green.body.active_shards, 40);
    t.is(green.body.initializing_shards, 0);
    t.false(names.some((n) => node.context.indices.initializing(n)));
  } finally {
    await node.close();
    await first.close();
  }
});
