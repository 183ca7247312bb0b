/**
 * `wait_for_active_shards` on one node, where only primaries are ever active: a write asking
 * for more copies than that fails after its `timeout` with ES 5.6's `unavailable_shards_exception`
 * (the shard's primary waits, as in cluster mode); `index.write.wait_for_active_shards` is the
 * default when the request does not say; a reindex's bulks wait the same way.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
test.before(async () => {
  node = await startTestNode();
});
test.after.always(() => node.stop());

const REASON = (index: string, wanted: number, items: number, timeout: string) =>
  new RegExp(`^\\[${index}\\]\\[0\\] Not enough active copies to meet shard count of \\[${wanted}\\] \\(have 1, needed ${wanted}\\)\\. Timeout: \\[${timeout}\\], request: \\[BulkShardRequest to \\[${index}\\] containing \\[${items}\\] requests\\]$`);

test('index.write.wait_for_active_shards is the default of a write; the request overrides it', async (t) => {
  t.is((await node.request('PUT', '/wfas', { settings: { number_of_shards: 1, number_of_replicas: 1, 'index.write.wait_for_active_shards': 2 } })).status, 200);
  const started = Date.now();
  const refused = await node.request('PUT', '/wfas/doc/1?timeout=200ms', { n: 1 });
  t.true(Date.now() - started >= 200, 'the primary waited out the timeout');
  t.is(refused.status, 503);
  t.is(refused.body.error.type, 'unavailable_shards_exception');
  t.regex(refused.body.error.reason, REASON('wfas', 2, 1, '200ms'));
  t.is((await node.request('GET', '/wfas/doc/1')).body.found, false, 'nothing was written');
  const one = await node.request('PUT', '/wfas/doc/1?wait_for_active_shards=1', { n: 1 });
  t.is(one.status, 201);
  t.deepEqual(one.body._shards, { total: 2, successful: 1, failed: 0 });
  // the setting changed live to 1: writes go through without a parameter
  t.is((await node.request('PUT', '/wfas/_settings', { 'index.write.wait_for_active_shards': 1 })).status, 200);
  t.is((await node.request('PUT', '/wfas/doc/2', { n: 2 })).status, 201);
  // a bad value is refused as ES parses ActiveShardCount
  const bad = await node.request('PUT', '/wfas/_settings', { 'index.write.wait_for_active_shards': 'most' });
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, 'cannot parse ActiveShardCount[most]');
});

test("reindex's wait_for_active_shards is waited for by each shard's primary", async (t) => {
  t.is((await node.request('PUT', '/src/doc/1?refresh=true', { n: 1 })).status, 201);
  t.is((await node.request('PUT', '/dest', { settings: { number_of_shards: 1, number_of_replicas: 3 } })).status, 200);
  const res = await node.request('POST', '/_reindex?wait_for_active_shards=4&timeout=150ms', { source: { index: 'src' }, dest: { index: 'dest' } });
  t.is(res.status, 503, 'the status of its failures, as ES');
  t.is(res.body.failures.length, 1);
  t.is(res.body.failures[0].status, 503);
  t.is(res.body.failures[0].cause.type, 'unavailable_shards_exception');
  t.regex(res.body.failures[0].cause.reason, REASON('dest', 4, 1, '150ms'));
  const ok = await node.request('POST', '/_reindex?wait_for_active_shards=1&refresh=true', { source: { index: 'src' }, dest: { index: 'dest' } });
  t.is(ok.body.created, 1);
});
