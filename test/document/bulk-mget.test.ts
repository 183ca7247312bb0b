import test from 'ava';
import { startTestNode, fixture, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
});

test.after.always(async () => {
  await node?.close();
});

test('bulk loads a fixture with per-item results', async (t) => {
  const r = await node.request('POST', '/twitter/tweet/_bulk?refresh=true', await fixture('twitter.ndjson'));
  t.is(r.status, 200);
  t.is(r.body.errors, false);
  t.is(r.body.items.length, 5);
  t.deepEqual(r.body.items[0], {
    // refresh=true: every item of a refreshed shard reports `forced_refresh` (ES BulkShardResponse).
    index: { _index: 'twitter', _type: 'tweet', _id: '1', _version: 1, result: 'created', forced_refresh: true, _shards: { total: 2, successful: 1, failed: 0 }, created: true, status: 201 },
  });
  const stats = await node.request('GET', '/twitter/_stats/docs');
  t.is(stats.body._all.primaries.docs.count, 5);
});

test('bulk mixes index, create, update and delete with item errors', async (t) => {
  const body = ndjson([
    { index: { _index: 'mix', _type: 't', _id: '1' } },
    { a: 1 },
    { create: { _index: 'mix', _type: 't', _id: '1' } },
    { a: 2 },
    { update: { _index: 'mix', _type: 't', _id: '1' } },
    { doc: { b: 2 } },
    { update: { _index: 'mix', _type: 't', _id: 'missing' } },
    { doc: { b: 2 } },
    { delete: { _index: 'mix', _type: 't', _id: '1' } },
    { delete: { _index: 'mix', _type: 't', _id: '1' } },
  ]);
  const r = await node.request('POST', '/_bulk', body);
  t.is(r.status, 200);
  t.is(r.body.errors, true);
  const [idx, create, update, missing, del, del2] = r.body.items;
  t.is(idx.index.status, 201);
  t.is(create.create.status, 409);
  t.is(create.create.error.type, 'version_conflict_engine_exception');
  t.is(create.create.error.reason, '[t][1]: version conflict, document already exists (current version [1])');
  t.is(create.create.error.index, 'mix');
  t.is(update.update.status, 200);
  t.is(update.update._version, 2);
  t.is(missing.update.status, 404);
  t.is(missing.update.error.type, 'document_missing_exception');
  t.is(del.delete.status, 200);
  t.is(del.delete.found, true);
  t.is(del2.delete.status, 404);
  t.is(del2.delete.result, 'not_found');
});

test('bulk refuses malformed action lines', async (t) => {
  const r = await node.request('POST', '/_bulk', '{"foo":{"_index":"x"}}\n{}\n');
  t.is(r.status, 400);
  t.is(r.body.error.type, 'illegal_argument_exception');
  t.is(r.body.error.reason, 'Malformed action/metadata line [1], expected field [create], [delete], [index] or [update] but found [foo]');
  const empty = await node.request('POST', '/_bulk', '\n');
  t.is(empty.status, 400);
  t.is(empty.body.error.type, 'action_request_validation_exception');
  // ActionRequestValidationException is an IllegalArgumentException, not an ES exception:
  // Java prints it as `package.Class: message`
  const traced = await node.request('POST', '/_bulk?error_trace=true', '\n');
  t.regex(traced.body.error.stack_trace, /^org\.elasticsearch\.action\.ActionRequestValidationException: Validation Failed: 1: no requests added;\n\tat /);
});

test('mget with docs and ids, defaults from the path', async (t) => {
  await node.request('POST', '/m/t/_bulk?refresh=true', ndjson([{ index: { _id: '1' } }, { a: 1, b: 2 }, { index: { _id: '2' } }, { a: 3 }]));
  const r = await node.request('POST', '/_mget', { docs: [{ _index: 'm', _type: 't', _id: '1', _source: ['a'] }, { _index: 'm', _type: 't', _id: '9' }] });
  t.is(r.status, 200);
  t.deepEqual(r.body.docs[0], { _index: 'm', _type: 't', _id: '1', _version: 1, found: true, _source: { a: 1 } });
  t.deepEqual(r.body.docs[1], { _index: 'm', _type: 't', _id: '9', found: false });
  const ids = await node.request('POST', '/m/t/_mget', { ids: ['1', '2'] });
  t.deepEqual(ids.body.docs.map((d: any) => d._source), [{ a: 1, b: 2 }, { a: 3 }]);
  const noIndex = await node.request('POST', '/_mget', { docs: [{ _type: 't', _id: '1' }] });
  t.is(noIndex.status, 400);
  t.is(noIndex.body.error.type, 'action_request_validation_exception');
  t.is(noIndex.body.error.reason, 'Validation Failed: 1: index is missing for doc 0;');
  const missingIndex = await node.request('POST', '/_mget', { docs: [{ _index: 'nope', _type: 't', _id: '1' }] });
  t.is(missingIndex.body.docs[0].error.type, 'index_not_found_exception');
});
