/**
 * Index maintenance over HTTP: `_segments`, `_forcemerge`, `_recovery`, `_shard_stores`,
 * `_cache/clear`, `_upgrade`, `_flush/synced`, closed-index and create-twice errors. Bodies and
 * status codes as ES 5.6 answers them on one node (replicas unassigned).
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
let nodeId: string;

test.before(async () => {
  node = await startTestNode({ settings: { 'cluster.name': 'maint-tests', 'node.name': 'm1' } });
  const state = await node.request('GET', '/_cluster/state/nodes');
  nodeId = Object.keys(state.body.nodes)[0]!;
});

test.after.always(async () => {
  await node?.close();
});

async function create(name: string, shards = 1, replicas = 0, mappings?: unknown): Promise<void> {
  const r = await node.request('PUT', `/${name}`, { settings: { number_of_shards: shards, number_of_replicas: replicas }, ...(mappings ? { mappings } : {}) });
  if (r.status !== 200) throw new Error(`create ${name}: ${r.text}`);
}

async function index(name: string, id: string, doc: unknown): Promise<void> {
  const r = await node.request('PUT', `/${name}/t/${id}?refresh=true`, doc);
  if (r.status !== 201 && r.status !== 200) throw new Error(`index ${name}/${id}: ${r.text}`);
}

const LUCENE_ATTRS = { 'Lucene50StoredFieldsFormat.mode': 'BEST_SPEED' };

test.serial('GET /{index}/_segments lists each refreshed segment of the started primary', async (t) => {
  await create('seg', 1, 1);
  await node.request('PUT', '/seg/t/1', { a: 'x' });
  await index('seg', '2', { a: 'y' });
  await node.request('DELETE', '/seg/t/1?refresh=true');
  await index('seg', '3', { a: 'z' });
  const r = await node.request('GET', '/seg/_segments');
  t.is(r.status, 200);
  t.deepEqual(r.body._shards, { total: 2, successful: 1, failed: 0 });
  const copies = r.body.indices.seg.shards['0'];
  t.is(copies.length, 1);
  const copy = copies[0];
  t.deepEqual(copy.routing, { state: 'STARTED', primary: true, node: nodeId });
  t.is(copy.num_search_segments, 2);
  t.is(copy.num_committed_segments, 0, 'nothing flushed yet');
  t.deepEqual(Object.keys(copy.segments), ['_0', '_1']);
  const s0 = copy.segments._0;
  t.deepEqual(Object.keys(s0), ['generation', 'num_docs', 'deleted_docs', 'size_in_bytes', 'memory_in_bytes', 'committed', 'search', 'version', 'compound', 'attributes']);
  t.like(s0, { generation: 0, num_docs: 1, deleted_docs: 1, committed: false, search: true, version: '6.6.1', compound: false, attributes: LUCENE_ATTRS });
  t.like(copy.segments._1, { generation: 1, num_docs: 1, deleted_docs: 0 });
  t.true(s0.size_in_bytes > 0);
  t.true(s0.memory_in_bytes > 0);

  const human = await node.request('GET', '/seg/_segments?human&verbose');
  const h0 = human.body.indices.seg.shards['0'][0].segments._0;
  t.regex(h0.size, /^\d+(\.\d+)?[kmg]?b$/);
  t.regex(h0.memory, /^\d+(\.\d+)?[kmg]?b$/);
  t.deepEqual(h0.ram_tree.map((n: { description: string }) => n.description), ['term dictionaries', 'norms', 'doc values', 'doc ids']);
  t.is(h0.ram_tree.reduce((n: number, x: { size_in_bytes: number }) => n + x.size_in_bytes, 0), h0.memory_in_bytes);
});

test.serial('POST /{index}/_forcemerge?max_num_segments=1 leaves one committed segment without deletes', async (t) => {
  const r = await node.request('POST', '/seg/_forcemerge?max_num_segments=1');
  t.is(r.status, 200);
  t.deepEqual(r.body, { _shards: { total: 2, successful: 1, failed: 0 } });
  const segs = (await node.request('GET', '/seg/_segments')).body.indices.seg.shards['0'][0];
  t.is(segs.num_search_segments, 1);
  t.is(segs.num_committed_segments, 1, 'force merge flushes by default');
  const [only] = Object.values(segs.segments) as Array<Record<string, unknown>>;
  t.like(only, { num_docs: 2, deleted_docs: 0, committed: true });
  const count = await node.request('GET', '/seg/_count');
  t.is(count.body.count, 2);
});

test.serial('_forcemerge with only_expunge_deletes rewrites segments with deletes; bad numbers are ES errors', async (t) => {
  await create('exp');
  for (const id of ['1', '2', '3']) await index('exp', id, { a: id });
  await node.request('DELETE', '/exp/t/2?refresh=true');
  await node.request('POST', '/exp/_forcemerge?max_num_segments=1&flush=false');
  await node.request('DELETE', '/exp/t/3?refresh=true');
  const before = (await node.request('GET', '/exp/_segments')).body.indices.exp.shards['0'][0];
  t.is(before.num_committed_segments, 0, 'flush=false does not flush');
  t.like(Object.values(before.segments)[0], { num_docs: 1, deleted_docs: 1 });
  const r = await node.request('POST', '/exp/_forcemerge?only_expunge_deletes=true');
  t.is(r.status, 200);
  const after = (await node.request('GET', '/exp/_segments')).body.indices.exp.shards['0'][0];
  t.like(Object.values(after.segments)[0], { num_docs: 1, deleted_docs: 0 });

  const bad = await node.request('POST', '/exp/_forcemerge?max_num_segments=x');
  t.is(bad.status, 400);
  t.deepEqual(bad.body.error.root_cause[0], { type: 'illegal_argument_exception', reason: 'Failed to parse int parameter [max_num_segments] with value [x]' });
  const unknown = await node.request('POST', '/exp/_forcemerge?wait_for_merge=true');
  t.is(unknown.status, 400);
  t.is(unknown.body.error.reason, 'request [/exp/_forcemerge] contains unrecognized parameter: [wait_for_merge]');
});

test.serial('closed indices: 403 index_closed_exception, or skipped with ignore_unavailable', async (t) => {
  await create('shut');
  await node.request('POST', '/shut/_close');
  const uuid = (await node.request('GET', '/_cluster/state/metadata/shut')).body.metadata.indices.shut.settings.index.uuid;
  const cause = { type: 'index_closed_exception', reason: 'closed', index_uuid: uuid, index: 'shut' };
  for (const [method, path] of [['GET', '/shut/_segments'], ['GET', '/shut/_recovery'], ['POST', '/shut/_forcemerge'], ['POST', '/shut/_cache/clear'], ['GET', '/shut/_upgrade'], ['POST', '/shut/_flush/synced'], ['GET', '/shut/_field_caps?fields=*']] as const) {
    const r = await node.request(method, path);
    t.is(r.status, 403, path);
    t.deepEqual(r.body, { error: { root_cause: [cause], ...cause }, status: 403 }, path);
  }
  const skipped = await node.request('GET', '/shut/_segments?ignore_unavailable=true');
  t.deepEqual(skipped.body, { _shards: { total: 0, successful: 0, failed: 0 }, indices: {} });
  const missing = await node.request('GET', '/nope/_segments');
  t.is(missing.status, 404);
  t.is(missing.body.error.type, 'index_not_found_exception');
  await node.request('DELETE', '/shut');
});

test.serial('GET /_recovery: EMPTY_STORE for a new index, EXISTING_STORE with reused files after a restart', async (t) => {
  await create('rec', 2, 1);
  await index('rec', '1', { a: 1 });
  const r = await node.request('GET', '/rec/_recovery?human');
  t.is(r.status, 200);
  t.deepEqual(Object.keys(r.body), ['rec']);
  const shards = r.body.rec.shards;
  t.deepEqual(shards.map((s: { id: number }) => s.id), [0, 1]);
  const s = shards[0];
  t.deepEqual(Object.keys(s), [
    'id', 'type', 'stage', 'primary', 'start_time', 'start_time_in_millis', 'stop_time', 'stop_time_in_millis', 'total_time', 'total_time_in_millis',
    'source', 'target', 'index', 'translog', 'verify_index',
  ]);
  t.like(s, { id: 0, type: 'EMPTY_STORE', stage: 'DONE', primary: true, source: {} });
  t.is(s.start_time, new Date(s.start_time_in_millis).toISOString());
  t.true(s.stop_time_in_millis >= s.start_time_in_millis);
  t.deepEqual(s.target, { id: nodeId, host: '127.0.0.1', transport_address: s.target.transport_address, ip: '127.0.0.1', name: 'm1' });
  t.regex(s.target.transport_address, /^127\.0\.0\.1:\d+$/);
  t.deepEqual(s.index.size, { total: '0b', total_in_bytes: 0, reused: '0b', reused_in_bytes: 0, recovered: '0b', recovered_in_bytes: 0, percent: '0.0%' });
  t.deepEqual(s.index.files, { total: 0, reused: 0, recovered: 0, percent: '0.0%' });
  t.like(s.index, { source_throttle_time_in_millis: 0, target_throttle_time_in_millis: 0 });
  t.like(s.translog, { recovered: 0, total: 0, percent: '100.0%', total_on_start: 0 });
  t.deepEqual(s.verify_index, { check_index_time: '0s', check_index_time_in_millis: 0, total_time: '0s', total_time_in_millis: 0 });
  t.deepEqual((await node.request('GET', '/rec/_recovery?active_only=true')).body, {});

  await node.stop();
  node = await startTestNode({ dataPath: node.dataPath, settings: { 'cluster.name': 'maint-tests', 'node.name': 'm1' } });
  nodeId = Object.keys((await node.request('GET', '/_cluster/state/nodes')).body.nodes)[0]!;
  const again = (await node.request('GET', '/rec/_recovery?detailed')).body.rec.shards[0];
  t.is(again.type, 'EXISTING_STORE');
  t.true(again.index.files.total > 0);
  t.is(again.index.files.reused, again.index.files.total);
  t.is(again.index.files.recovered, 0);
  t.is(again.index.files.percent, '100.0%');
  t.is(again.index.size.reused_in_bytes, again.index.size.total_in_bytes);
  t.is(again.index.size.percent, '100.0%');
  t.is(again.index.files.details.length, again.index.files.total);
  t.deepEqual(Object.keys(again.index.files.details[0]), ['name', 'length_in_bytes', 'reused', 'recovered_in_bytes']);
  t.like(again.index.files.details[0], { reused: true, recovered_in_bytes: 0 });
  t.like(again.translog, { recovered: 0, total: 0, total_on_start: 0, percent: '100.0%' }, 'a clean shutdown flushed everything');
});

test.serial('GET /_shard_stores lists yellow shards by default, green ones with status=green', async (t) => {
  await create('green1', 1, 0);
  const all = await node.request('GET', '/_shard_stores');
  t.is(all.status, 200);
  t.deepEqual(Object.keys(all.body.indices).sort(), ['rec', 'seg'], 'only indices with replicas (yellow)');
  const stores = await node.request('GET', '/green1,rec/_shard_stores?status=green');
  t.deepEqual(Object.keys(stores.body.indices), ['green1']);
  const [store] = stores.body.indices.green1.shards['0'].stores;
  t.deepEqual(Object.keys(store), [nodeId, 'allocation_id', 'allocation']);
  t.deepEqual(store[nodeId], { name: 'm1', ephemeral_id: nodeId, transport_address: store[nodeId].transport_address, attributes: {} });
  t.is(store.allocation, 'primary');
  const state = await node.request('GET', '/_cluster/state/routing_table/green1');
  t.is(store.allocation_id, state.body.routing_table.indices.green1.shards['0'][0].allocation_id.id);
  const bad = await node.request('GET', '/_shard_stores?status=blue');
  t.is(bad.status, 400);
  t.deepEqual(bad.body.error.root_cause[0], { type: 'illegal_argument_exception', reason: 'unknown cluster health status [blue]' });
});

test.serial('POST /_cache/clear answers _shards; request_cache is the deprecated name of request', async (t) => {
  const r = await node.request('POST', '/seg/_cache/clear?query=true');
  t.deepEqual(r.body, { _shards: { total: 2, successful: 1, failed: 0 } });
  t.is(r.headers.get('warning'), null);
  const dep = await node.request('POST', '/_cache/clear?request_cache=false');
  t.is(dep.status, 200);
  t.regex(dep.headers.get('warning') ?? '', /^299 Elasticsearch-5\.6\.16-3a740d1 "Deprecated field \[request_cache\] used, expected \[request\] instead"/);
  const search = await node.request('GET', '/seg/_search?q=a:z');
  t.is(search.body.hits.total, 1, 'searches still answer after the caches are emptied');
});

test.serial('GET /_upgrade reports nothing to upgrade; POST /_upgrade lists the indices at the current version', async (t) => {
  const status = await node.request('GET', '/seg/_upgrade?human');
  t.is(status.status, 200);
  const segs = (await node.request('GET', '/seg/_segments')).body.indices.seg.shards['0'][0].segments;
  const bytes = Object.values(segs as Record<string, { size_in_bytes: number }>).reduce((n, s) => n + s.size_in_bytes, 0);
  t.deepEqual(Object.keys(status.body), ['_shards', 'size', 'size_in_bytes', 'size_to_upgrade', 'size_to_upgrade_in_bytes', 'size_to_upgrade_ancient', 'size_to_upgrade_ancient_in_bytes', 'indices']);
  t.like(status.body, { size_in_bytes: bytes, size_to_upgrade_in_bytes: 0, size_to_upgrade_ancient_in_bytes: 0 });
  t.like(status.body.indices.seg, { size_in_bytes: bytes, size_to_upgrade_in_bytes: 0, size_to_upgrade_ancient_in_bytes: 0 });
  const up = await node.request('POST', '/seg/_upgrade');
  t.deepEqual(up.body, {
    _shards: { total: 2, successful: 1, failed: 0 },
    upgraded_indices: { seg: { upgrade_version: '5.6.16', oldest_lucene_segment_version: '6.6.1' } },
  });
});

test.serial('POST /_flush/synced answers the overall and per-index shard counts and flushes', async (t) => {
  await index('green1', '1', { a: 1 });
  const r = await node.request('POST', '/green1,seg/_flush/synced');
  t.is(r.status, 200);
  t.deepEqual(r.body, {
    _shards: { total: 3, successful: 2, failed: 0 },
    green1: { total: 1, successful: 1, failed: 0 },
    seg: { total: 2, successful: 1, failed: 0 },
  });
  const segs = (await node.request('GET', '/green1/_segments')).body.indices.green1.shards['0'][0];
  t.is(segs.num_committed_segments, segs.num_search_segments);
  const get = await node.request('GET', '/_flush/synced');
  t.is(get.status, 200);
});

test.serial('PUT on an existing index answers the 5.x index_already_exists_exception', async (t) => {
  const uuid = (await node.request('GET', '/_cluster/state/metadata/green1')).body.metadata.indices.green1.settings.index.uuid;
  const r = await node.request('PUT', '/green1');
  t.is(r.status, 400);
  const cause = { type: 'index_already_exists_exception', reason: `index [green1/${uuid}] already exists`, index_uuid: uuid, index: 'green1' };
  t.deepEqual(r.body, { error: { root_cause: [cause], ...cause }, status: 400 });
});
