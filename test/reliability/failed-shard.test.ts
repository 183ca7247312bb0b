/**
 * A shard whose store will not open is a failed shard copy, as in ES: the index goes red, the
 * shard shows UNASSIGNED with `ALLOCATION_FAILED`, the other shards keep serving, requests that
 * need the failed shard get ES's unavailable-shard errors, and the node's other work (creating
 * indices, the cluster-state updates that open them) is not failed by it.
 */
import test from 'ava';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ndjson, startTestNode } from '../helpers/node.js';

const DOCS = 30;

test('a shard that fails to open is unassigned, the index red, the rest served', async (t) => {
  const first = await startTestNode();
  let shardOfId: Record<string, number> = {};
  let uuid = '';
  try {
    t.is((await first.request('PUT', '/f', { settings: { number_of_shards: 3, number_of_replicas: 0 } })).status, 200);
    const lines: unknown[] = [];
    for (let i = 0; i < DOCS; i++) lines.push({ index: { _index: 'f', _type: 't', _id: String(i) } }, { n: i });
    t.false((await first.request('POST', '/_bulk?refresh=true', ndjson(lines))).body.errors);
    const shards = await first.request('GET', '/f/_search?size=100&explain=true');
    shardOfId = Object.fromEntries(shards.body.hits.hits.map((h: { _id: string; _shard: string }) => [h._id, Number(/\]\[(\d+)\]$/.exec(h._shard)![1])]));
    uuid = (await first.request('GET', '/f/_settings')).body.f.settings.index.uuid;
  } finally {
    await first.stop();
  }
  // Shard 1's store directory becomes a file: LevelDB cannot open it.
  const indexDir = await findDir(first.dataPath, uuid);
  await rm(join(indexDir, '1'), { recursive: true, force: true });
  await writeFile(join(indexDir, '1'), 'not a store');

  const node = await startTestNode({ dataPath: first.dataPath });
  try {
    // The node opens the data directory's indices after it listens; an index request waits for that.
    await node.request('GET', '/f/_count');
    const health = await node.request('GET', '/_cluster/health/f?level=shards');
    t.is(health.status, 200);
    t.like(health.body, { status: 'red', active_primary_shards: 2, active_shards: 2, unassigned_shards: 1 });
    t.like(health.body.indices.f.shards['1'], { status: 'red', primary_active: false, active_shards: 0, unassigned_shards: 1 });
    t.like(health.body.indices.f.shards['0'], { status: 'green', primary_active: true });

    const cat = await node.request('GET', '/_cat/shards/f?h=shard,prirep,state,unassigned.reason&s=shard');
    t.deepEqual(cat.text.trim().split('\n').map((l) => l.trim().split(/\s+/)), [
      ['0', 'p', 'STARTED'],
      ['1', 'p', 'UNASSIGNED', 'ALLOCATION_FAILED'],
      ['2', 'p', 'STARTED'],
    ]);
    const routing = (await node.request('GET', '/_cluster/state/routing_table/f')).body.routing_table.indices.f.shards['1'][0];
    t.like(routing, { state: 'UNASSIGNED', primary: true, node: null, unassigned_info: { reason: 'ALLOCATION_FAILED', failed_attempts: 1 } });
    t.regex(routing.unassigned_info.details, /^failed to create shard, failure /);

    // Searches answer from the started shards; the unavailable one is counted, not a failure.
    const onOthers = Object.values(shardOfId).filter((s) => s !== 1).length;
    const search = await node.request('GET', '/f/_search?size=0');
    t.is(search.status, 200, search.text);
    t.deepEqual(search.body._shards, { total: 3, successful: 2, failed: 0 });
    t.is(search.body.hits.total, onOthers);

    const idOn = (shard: number): string => Object.keys(shardOfId).find((id) => shardOfId[id] === shard)!;
    t.is((await node.request('GET', `/f/t/${idOn(0)}`)).status, 200);
    const get = await node.request('GET', `/f/t/${idOn(1)}`);
    t.is(get.status, 503);
    t.is(get.body.error.type, 'no_shard_available_action_exception');

    const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson([{ index: { _index: 'f', _type: 't', _id: idOn(1) } }, { n: -1 }, { index: { _index: 'f', _type: 't', _id: idOn(2) } }, { n: -2 }]));
    t.is(bulk.status, 200);
    t.true(bulk.body.errors);
    t.like(bulk.body.items[0].index, { status: 503, error: { type: 'unavailable_shards_exception', reason: '[f][1] primary shard is not active' } });
    t.like(bulk.body.items[1].index, { status: 200, result: 'updated' });

    // Once the store can open, a reroute with retry_failed starts the shard (ES resets the attempts).
    await rm(join(indexDir, '1'));
    const reroute = await node.request('POST', '/_cluster/reroute?retry_failed=true&metric=none');
    t.is(reroute.status, 200);
    t.is((await node.request('GET', '/_cluster/health/f')).body.status, 'green');
    t.is((await node.request('PUT', `/f/t/${idOn(1)}`, { n: 1 })).status, 201);

    // The node's other work goes on: new indices open, and the red index can be deleted.
    t.is((await node.request('PUT', '/g')).status, 200);
    t.is((await node.request('GET', '/_cat/indices/f?h=health')).text.trim(), 'green');
    t.is((await node.request('DELETE', '/f')).status, 200);
    t.is((await node.request('GET', '/_cluster/health')).body.status, 'yellow');
  } finally {
    await node.close();
  }
});

/** The directory named `name` under `root` (the index's shard stores live in a folder named by its uuid). */
async function findDir(root: string, name: string): Promise<string> {
  for (const e of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (e.isDirectory() && e.name === name) return join(e.parentPath, e.name);
  }
  throw new Error(`no directory ${name} under ${root}`);
}
