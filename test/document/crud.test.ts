import test from 'ava';
import { startTestNode, fixture, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const created = await node.request('PUT', '/twitter', await fixture('twitter.index.json'));
  if (created.status !== 200) throw new Error(created.text);
});

test.after.always(async () => {
  await node?.close();
});

test('index creates a document with ES 5.6 response fields', async (t) => {
  const r = await node.request('PUT', '/twitter/tweet/a1', { user: 'kimchy', message: 'hello' });
  t.is(r.status, 201);
  t.deepEqual(r.body, {
    _index: 'twitter',
    _type: 'tweet',
    _id: 'a1',
    _version: 1,
    result: 'created',
    _shards: { total: 2, successful: 1, failed: 0 },
    created: true,
  });
  const again = await node.request('PUT', '/twitter/tweet/a1', { user: 'kimchy', message: 'hello again' });
  t.is(again.status, 200);
  t.is(again.body._version, 2);
  t.is(again.body.result, 'updated');
  t.is(again.body.created, false);
});

test('realtime get sees unrefreshed writes; missing docs are found:false 404', async (t) => {
  await node.request('PUT', '/twitter/tweet/g1', { user: 'x', message: 'realtime' });
  const r = await node.request('GET', '/twitter/tweet/g1');
  t.is(r.status, 200);
  t.deepEqual(r.body, { _index: 'twitter', _type: 'tweet', _id: 'g1', _version: 1, found: true, _source: { user: 'x', message: 'realtime' } });
  const missing = await node.request('GET', '/twitter/tweet/nope');
  t.is(missing.status, 404);
  t.deepEqual(missing.body, { _index: 'twitter', _type: 'tweet', _id: 'nope', found: false });
  t.is((await node.request('HEAD', '/twitter/tweet/g1')).status, 200);
  t.is((await node.request('HEAD', '/twitter/tweet/nope')).status, 404);
  const src = await node.request('GET', '/twitter/tweet/g1/_source');
  t.deepEqual(src.body, { user: 'x', message: 'realtime' });
  const filtered = await node.request('GET', '/twitter/tweet/g1?_source_include=user');
  t.deepEqual(filtered.body._source, { user: 'x' });
  const anyType = await node.request('GET', '/twitter/_all/g1');
  t.is(anyType.body._type, 'tweet');
});

test('get on a missing index is index_not_found_exception', async (t) => {
  const r = await node.request('GET', '/nosuchindex/t/1');
  t.is(r.status, 404);
  t.is(r.body.error.type, 'index_not_found_exception');
  t.is(r.body.error.reason, 'no such index');
  t.is(r.body.error.index, 'nosuchindex');
  t.is(r.body.status, 404);
});

test('op_type=create conflicts on an existing document', async (t) => {
  await node.request('PUT', '/twitter/tweet/c1', { user: 'a' });
  const r = await node.request('PUT', '/twitter/tweet/c1/_create', { user: 'b' });
  t.is(r.status, 409);
  t.is(r.body.error.type, 'version_conflict_engine_exception');
  t.is(r.body.error.reason, '[tweet][c1]: version conflict, document already exists (current version [1])');
  const r2 = await node.request('PUT', '/twitter/tweet/c1?op_type=create', { user: 'b' });
  t.is(r2.status, 409);
});

test('internal and external versioning', async (t) => {
  await node.request('PUT', '/twitter/tweet/v1', { n: 1 });
  const bad = await node.request('PUT', '/twitter/tweet/v1?version=5', { n: 2 });
  t.is(bad.status, 409);
  t.is(bad.body.error.reason, '[tweet][v1]: version conflict, current version [1] is different than the one provided [5]');
  const ok = await node.request('PUT', '/twitter/tweet/v1?version=1', { n: 2 });
  t.is(ok.body._version, 2);
  const ext = await node.request('PUT', '/twitter/tweet/e1?version=10&version_type=external', { n: 1 });
  t.is(ext.body._version, 10);
  const lower = await node.request('PUT', '/twitter/tweet/e1?version=9&version_type=external', { n: 1 });
  t.is(lower.status, 409);
  t.is(lower.body.error.reason, '[tweet][e1]: version conflict, current version [10] is higher or equal to the one provided [9]');
});

test('delete reports found and not_found', async (t) => {
  await node.request('PUT', '/twitter/tweet/d1', { user: 'a' });
  const r = await node.request('DELETE', '/twitter/tweet/d1');
  t.is(r.status, 200);
  t.is(r.body.result, 'deleted');
  t.is(r.body.found, true);
  t.is(r.body._version, 2);
  const again = await node.request('DELETE', '/twitter/tweet/d1');
  t.is(again.status, 404);
  t.is(again.body.result, 'not_found');
  t.is(again.body.found, false);
  t.is((await node.request('GET', '/twitter/tweet/d1')).status, 404);
});

test('partial update merges, detects no-ops and upserts', async (t) => {
  await node.request('PUT', '/twitter/tweet/u1', { user: 'a', nested: { x: 1 } });
  const r = await node.request('POST', '/twitter/tweet/u1/_update', { doc: { nested: { y: 2 } } });
  t.is(r.status, 200);
  t.is(r.body.result, 'updated');
  t.is(r.body._version, 2);
  const got = await node.request('GET', '/twitter/tweet/u1');
  t.deepEqual(got.body._source, { user: 'a', nested: { x: 1, y: 2 } });
  const noop = await node.request('POST', '/twitter/tweet/u1/_update', { doc: { user: 'a' } });
  t.is(noop.body.result, 'noop');
  t.deepEqual(noop.body._shards, { total: 0, successful: 0, failed: 0 });
  const missing = await node.request('POST', '/twitter/tweet/u404/_update', { doc: { a: 1 } });
  t.is(missing.status, 404);
  t.is(missing.body.error.type, 'document_missing_exception');
  t.is(missing.body.error.reason, '[tweet][u404]: document missing');
  const upsert = await node.request('POST', '/twitter/tweet/u2/_update', { doc: { a: 1 }, upsert: { a: 0, b: 1 } });
  t.is(upsert.status, 201);
  t.is(upsert.body.result, 'created');
  t.deepEqual((await node.request('GET', '/twitter/tweet/u2')).body._source, { a: 0, b: 1 });
  const asUpsert = await node.request('POST', '/twitter/tweet/u3/_update', { doc: { a: 5 }, doc_as_upsert: true });
  t.is(asUpsert.status, 201);
  t.deepEqual((await node.request('GET', '/twitter/tweet/u3')).body._source, { a: 5 });
});

test('routing places and finds documents', async (t) => {
  await node.request('PUT', '/twitter/tweet/r1?routing=user1', { user: 'a' });
  const withRouting = await node.request('GET', '/twitter/tweet/r1?routing=user1');
  t.is(withRouting.body.found, true);
  t.is(withRouting.body._routing, 'user1');
});

test('refresh=wait_for replies after a refresh; forced when no listener slot is left', async (t) => {
  await node.request('PUT', '/waitfor', { settings: { number_of_shards: 1, 'index.max_refresh_listeners': 0 } });
  const r = await node.request('PUT', '/waitfor/t/1?refresh=wait_for', { a: 1 });
  t.is(r.status, 201);
  t.is(r.body.forced_refresh, true);
  await node.request('PUT', '/waitfor2', { settings: { number_of_shards: 1 } });
  const r2 = await node.request('PUT', '/waitfor2/t/1?refresh=wait_for', { a: 1 });
  t.is(r2.status, 201);
  t.is(r2.body.forced_refresh, undefined);
});

test('unknown refresh value is refused', async (t) => {
  const r = await node.request('PUT', '/twitter/tweet/x?refresh=sometimes', { a: 1 });
  t.is(r.status, 400);
  t.is(r.body.error.type, 'illegal_argument_exception');
});

test('get, _source and mget return the stored _source bytes as they were sent', async (t) => {
  // `raw_n`, not `n`: tests of this file run concurrently, and another maps `n` as a long first
  const raw = '{"user": "kimchy",  "raw_n": 1.0, "big": 1e3, "s": "x\\u00e9"}';
  const put = await node.request('PUT', '/twitter/tweet/raw1', raw);
  t.is(put.status, 201);
  const get = await node.request('GET', '/twitter/tweet/raw1');
  t.true(get.text.endsWith(`"_source":${raw}}`), get.text);
  t.is((await node.request('GET', '/twitter/tweet/raw1/_source')).text, raw);
  const mget = await node.request('POST', '/_mget', { docs: [{ _index: 'twitter', _type: 'tweet', _id: 'raw1' }] });
  t.true(mget.text.includes(`"_source":${raw}}`), mget.text);
  // Filtering parses and re-renders, as ES does.
  t.deepEqual((await node.request('GET', '/twitter/tweet/raw1?_source_include=s')).body._source, { s: 'xé' });
});

test('concurrent writes that auto-create one index all find it (a request never sees an index before its shards open)', async (t) => {
  const later = <T>(ms: number, f: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => f().then(resolve, reject), ms));
  for (let round = 0; round < 3; round++) {
    const index = `auto-race-${round}`;
    // staggered: the later ones arrive while the first is creating the index and opening its shards
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => later(i, () => node.request('PUT', `/${index}/t/${i}`, { n: i }))));
    t.deepEqual(answers.map((a) => a.status), Array(12).fill(201), answers.map((a) => a.text).join('\n'));
  }
});
