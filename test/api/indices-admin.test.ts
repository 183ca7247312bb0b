/**
 * Index administration over HTTP where the ES REST suite has no folder: `GET|HEAD /`,
 * `DELETE /{index}`, `GET /{index}/_settings`, `_refresh` and `_flush`. Bodies and status
 * codes as ES 5.6 answers them.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode({ settings: { 'cluster.name': 'admin-tests', 'node.name': 'n1' } });
});

test.after.always(async () => {
  await node?.close();
});

async function create(name: string, body: unknown = { settings: { number_of_shards: 1, number_of_replicas: 0 } }): Promise<void> {
  const r = await node.request('PUT', `/${name}`, body);
  if (r.status !== 200) throw new Error(`create ${name}: ${r.text}`);
}

async function exists(name: string): Promise<boolean> {
  return (await node.request('HEAD', `/${name}`)).status === 200;
}

function indexNotFound(name: string): unknown {
  const cause = { type: 'index_not_found_exception', reason: 'no such index', 'resource.type': 'index_or_alias', 'resource.id': name, index_uuid: '_na_', index: name };
  return { error: { root_cause: [cause], ...cause }, status: 404 };
}

test.serial('GET / answers name, cluster, uuid, version and tagline; HEAD / is 200 without a body', async (t) => {
  const r = await node.request('GET', '/');
  t.is(r.status, 200);
  const state = await node.request('GET', '/_cluster/state/metadata');
  t.deepEqual(r.body, {
    name: 'n1',
    cluster_name: 'admin-tests',
    cluster_uuid: state.body.metadata.cluster_uuid,
    version: { number: '5.6.16', build_hash: '3a740d1', build_date: '2019-03-13T15:33:36.565Z', build_snapshot: false, lucene_version: '6.6.1' },
    tagline: 'You Know, for Search',
  });
  t.regex(r.body.cluster_uuid, /^[A-Za-z0-9_-]{22}$/);
  const head = await node.request('HEAD', '/');
  t.is(head.status, 200);
  t.is(head.text, '');
});

test.serial('DELETE /{index} deletes one index, a list, a wildcard and _all', async (t) => {
  for (const n of ['del-a', 'del-b', 'del-c', 'logs-1', 'logs-2', 'keep']) await create(n);
  t.deepEqual((await node.request('DELETE', '/del-a')).body, { acknowledged: true });
  t.false(await exists('del-a'));
  t.deepEqual((await node.request('DELETE', '/del-b,del-c')).body, { acknowledged: true });
  t.false(await exists('del-b'));
  t.false(await exists('del-c'));
  t.deepEqual((await node.request('DELETE', '/logs-*')).body, { acknowledged: true });
  t.false(await exists('logs-1'));
  t.false(await exists('logs-2'));
  t.true(await exists('keep'));
  // A wildcard that matches nothing is not an error (allow_no_indices defaults to true).
  const none = await node.request('DELETE', '/nothing-*');
  t.is(none.status, 200);
  t.deepEqual(none.body, { acknowledged: true });
  t.deepEqual((await node.request('DELETE', '/_all')).body, { acknowledged: true });
  t.false(await exists('keep'));
  t.deepEqual((await node.request('GET', '/_cat/indices?format=json')).body, []);
});

test.serial('DELETE /{index} of a missing name is index_not_found_exception unless ignore_unavailable', async (t) => {
  await create('present');
  const r = await node.request('DELETE', '/nope');
  t.is(r.status, 404);
  t.deepEqual(r.body, indexNotFound('nope'));
  // A list with one missing name deletes nothing.
  const list = await node.request('DELETE', '/present,nope');
  t.is(list.status, 404);
  t.deepEqual(list.body, indexNotFound('nope'));
  t.true(await exists('present'));
  const lenient = await node.request('DELETE', '/present,nope?ignore_unavailable=true');
  t.is(lenient.status, 200);
  t.deepEqual(lenient.body, { acknowledged: true });
  t.false(await exists('present'));
});

test.serial('DELETE /{index} reaches closed indices and, as in 5.x, the indices behind an alias', async (t) => {
  await create('closed-1');
  t.is((await node.request('POST', '/closed-1/_close')).status, 200);
  t.deepEqual((await node.request('DELETE', '/closed-*')).body, { acknowledged: true });
  t.false(await exists('closed-1'));
  await create('aliased-1');
  t.is((await node.request('PUT', '/aliased-1/_alias/via')).status, 200);
  t.deepEqual((await node.request('DELETE', '/via')).body, { acknowledged: true });
  t.false(await exists('aliased-1'));
});

test.serial('GET /{index}/_settings: nested or flat, filtered by name, human dates, defaults', async (t) => {
  await create('settings-a', { settings: { number_of_shards: 2, number_of_replicas: 0, refresh_interval: '5s' } });
  await create('settings-b');
  const nested = await node.request('GET', '/settings-a/_settings');
  t.is(nested.status, 200);
  const idx = nested.body['settings-a'].settings.index;
  t.deepEqual(Object.keys(nested.body), ['settings-a']);
  t.is(idx.number_of_shards, '2');
  t.is(idx.number_of_replicas, '0');
  t.is(idx.refresh_interval, '5s');
  t.is(idx.provided_name, 'settings-a');
  t.is(idx.version.created, '5061699');
  t.regex(idx.uuid, /^[A-Za-z0-9_-]{22}$/);
  t.regex(idx.creation_date, /^\d{13}$/);

  const flat = await node.request('GET', '/settings-a/_settings?flat_settings=true');
  const fs = flat.body['settings-a'].settings;
  t.is(fs['index.number_of_shards'], '2');
  t.is(fs['index.refresh_interval'], '5s');
  t.is(fs.index, undefined);

  // Name filters: full keys, wildcards and names without the `index.` prefix.
  const byName = await node.request('GET', '/settings-*/_settings/index.number_*?flat_settings=true');
  t.deepEqual(byName.body, {
    'settings-a': { settings: { 'index.number_of_replicas': '0', 'index.number_of_shards': '2' } },
    'settings-b': { settings: { 'index.number_of_replicas': '0', 'index.number_of_shards': '1' } },
  });
  const short = await node.request('GET', '/settings-*/_settings/refresh_interval?flat_settings=true');
  t.deepEqual(short.body, { 'settings-a': { settings: { 'index.refresh_interval': '5s' } } });

  const human = await node.request('GET', '/settings-a/_settings?human=true&flat_settings=true');
  const hs = human.body['settings-a'].settings;
  t.is(hs['index.version.created_string'], '5.6.16');
  t.is(hs['index.creation_date_string'], new Date(Number(hs['index.creation_date'])).toISOString());
  t.is(fs['index.creation_date_string'], undefined);

  const defaults = await node.request('GET', '/settings-a/_settings?include_defaults=true&flat_settings=true');
  const d = defaults.body['settings-a'].defaults;
  t.is(d['index.max_result_window'], '10000');
  t.is(d['index.refresh_interval'], undefined, 'a setting the index sets is not a default');
  t.is(d['index.number_of_shards'], undefined);
  const bDefaults = await node.request('GET', '/settings-b/_settings/index.refresh_interval?include_defaults=true&flat_settings=true');
  t.deepEqual(bDefaults.body, { 'settings-b': { settings: {}, defaults: { 'index.refresh_interval': '1s' } } });

  const missing = await node.request('GET', '/nope/_settings');
  t.is(missing.status, 404);
  t.deepEqual(missing.body, indexNotFound('nope'));
});

test.serial('_refresh and _flush make buffered writes searchable and report every shard copy', async (t) => {
  await create('rf', { settings: { number_of_shards: 2, number_of_replicas: 1, refresh_interval: -1 } });
  await create('rf2', { settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: -1 } });
  const count = async (index: string): Promise<number> => (await node.request('GET', `/${index}/_count`)).body.count;
  t.is((await node.request('PUT', '/rf/t/1', { a: 1 })).status, 201);
  t.is(await count('rf'), 0, 'not refreshed yet');
  // ES 5 flush commits and refreshes, so flushed writes become visible to search.
  const flushed = await node.request('POST', '/rf/_flush');
  t.is(flushed.status, 200);
  t.deepEqual(flushed.body, { _shards: { total: 4, successful: 2, failed: 0 } });
  t.is(await count('rf'), 1);

  t.is((await node.request('PUT', '/rf/t/2', { a: 2 })).status, 201);
  t.is(await count('rf'), 1);
  const refreshed = await node.request('POST', '/rf/_refresh');
  t.deepEqual(refreshed.body, { _shards: { total: 4, successful: 2, failed: 0 } });
  t.is(await count('rf'), 2);

  // GET /_refresh and GET /_flush reach every index.
  await node.request('PUT', '/rf/t/3', { a: 3 });
  await node.request('PUT', '/rf2/t/1', { a: 1 });
  const all = await node.request('GET', '/rf,rf2/_refresh');
  t.deepEqual(all.body, { _shards: { total: 5, successful: 3, failed: 0 } });
  t.is(await count('rf'), 3);
  t.is(await count('rf2'), 1);
  const everything = await node.request('GET', '/_flush');
  t.is(everything.status, 200);
  t.is(everything.body._shards.failed, 0);
  t.true(everything.body._shards.successful >= 3);

  const stats = await node.request('GET', '/rf/_stats/refresh,flush');
  t.true(stats.body._all.primaries.flush.total >= 2, 'each shard flushed at least once');
  t.true(stats.body._all.primaries.refresh.total >= 4, JSON.stringify(stats.body._all.primaries));

  const missing = await node.request('POST', '/nope/_refresh');
  t.is(missing.status, 404);
  t.deepEqual(missing.body, indexNotFound('nope'));
});

test.serial('GET _mapping names missing types as ES 5.6 does: type_missing_exception, or a 404 with what was found', async (t) => {
  await create('mapped', { settings: { number_of_shards: 1 }, mappings: { doc: { properties: { title: { type: 'keyword' } } } } });
  const none = await node.request('GET', '/mapped/_mapping/nope');
  t.is(none.status, 404);
  const cause = { type: 'type_missing_exception', reason: 'type[[nope]] missing', index_uuid: '_na_', index: '_all' };
  t.deepEqual(none.body, { error: { root_cause: [cause], ...cause }, status: 404 });
  const some = await node.request('GET', '/mapped/_mapping/doc,nope,zip');
  t.is(some.status, 404);
  t.deepEqual(some.body, {
    error: 'types [nope,zip] missing',
    status: 404,
    mapped: { mappings: { doc: { properties: { title: { type: 'keyword' } } } } },
  });
  // A pattern that matches a type is not missing.
  const pattern = await node.request('GET', '/mapped/_mapping/do*');
  t.is(pattern.status, 200);
  t.deepEqual(Object.keys(pattern.body.mapped.mappings), ['doc']);
  // Field mappings: a missing field of one index/type/field is `{}`, a missing type a 404.
  t.deepEqual((await node.request('GET', '/mapped/_mapping/doc/field/nofield')).body, {});
  const noType = await node.request('GET', '/mapped/_mapping/nope/field/title');
  t.is(noType.status, 404);
  t.deepEqual(noType.body, {});
});

test.serial('GET /_cat lists every cat endpoint served', async (t) => {
  const r = await node.request('GET', '/_cat');
  t.is(r.status, 200);
  t.is(r.headers.get('content-type'), 'text/plain; charset=UTF-8');
  t.is(
    r.text,
    // in the order ES 5.6 registers its cat handlers
    [
      '=^.^=', '/_cat/allocation', '/_cat/allocation/{node_id}', '/_cat/shards', '/_cat/shards/{index}', '/_cat/master', '/_cat/nodes',
      '/_cat/tasks', '/_cat/indices', '/_cat/indices/{index}', '/_cat/segments', '/_cat/segments/{index}', '/_cat/count', '/_cat/count/{index}',
      '/_cat/recovery', '/_cat/recovery/{index}', '/_cat/health', '/_cat/pending_tasks', '/_cat/aliases', '/_cat/aliases/{alias}',
      '/_cat/thread_pool', '/_cat/thread_pool/{thread_pool_patterns}', '/_cat/plugins', '/_cat/fielddata', '/_cat/fielddata/{fields}',
      '/_cat/nodeattrs', '/_cat/repositories', '/_cat/snapshots', '/_cat/snapshots/{repository}', '/_cat/templates', '/_cat/templates/{name}', '',
    ].join('\n'),
  );
});

test.serial('a closed index is out of cluster health and has no health, pri or rep in _cat/indices', async (t) => {
  await create('shut', { settings: { number_of_shards: 2, number_of_replicas: 0 } });
  await create('up', { settings: { number_of_shards: 1, number_of_replicas: 0 } });
  t.is((await node.request('POST', '/shut/_close')).status, 200);
  const health = await node.request('GET', '/_cluster/health/shut,up?wait_for_status=green&timeout=1s');
  t.is(health.status, 200);
  t.is(health.body.status, 'green');
  t.is(health.body.active_primary_shards, 1);
  t.is(health.body.unassigned_shards, 0);
  const rows = (await node.request('GET', '/_cat/indices/shut,up?format=json&h=health,status,index,pri,rep&s=index')).body;
  t.deepEqual(rows, [
    { health: null, status: 'close', index: 'shut', pri: null, rep: null },
    { health: 'green', status: 'open', index: 'up', pri: '1', rep: '0' },
  ]);
  const green = (await node.request('GET', '/_cat/indices/shut,up?format=json&h=index&health=green')).body;
  t.deepEqual(green, [{ index: 'up' }]);
  await node.request('DELETE', '/shut,up');
});

test.serial('_stats fielddata and completion: requested per-field breakdowns, human sizes', async (t) => {
  await create('fd', { settings: { number_of_shards: 1, number_of_replicas: 0 }, mappings: { t: { properties: { body: { type: 'text', fielddata: true } } } } });
  await node.request('PUT', '/fd/t/1?refresh=true', { body: 'hello' });
  const plain = await node.request('GET', '/fd/_stats/fielddata,completion');
  t.deepEqual(plain.body._all.primaries, { fielddata: { memory_size_in_bytes: 0, evictions: 0 }, completion: { size_in_bytes: 0 } });
  const fields = await node.request('GET', '/fd/_stats/fielddata,completion?fields=body');
  t.deepEqual(fields.body.indices.fd.total, {
    fielddata: { memory_size_in_bytes: 0, evictions: 0, fields: {} },
    completion: { size_in_bytes: 0, fields: {} },
  });
  const onlyFd = await node.request('GET', '/fd/_stats/fielddata,completion?fielddata_fields=body&human=true');
  t.deepEqual(onlyFd.body._all.total, { fielddata: { memory_size: '0b', memory_size_in_bytes: 0, evictions: 0, fields: {} }, completion: { size: '0b', size_in_bytes: 0 } });
  await node.request('DELETE', '/fd');
});
