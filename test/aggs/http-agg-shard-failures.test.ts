/**
 * An aggregation that fails on some shards only (ES 5.6: the aggregator is created in each
 * shard's query phase, so the failure is that shard's): the answer keeps the other shards'
 * aggregations and lists the failed shards in `_shards.failures`, as `SearchResponse` does.
 * Index `nums` maps `v` as a long (two shards), `words` as a keyword (one shard).
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
type Json = Record<string, any>;

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'protobuf' });
  for (const [name, type, shards] of [['nums', 'long', 2], ['words', 'keyword', 1]] as const) {
    const r = await node.request('PUT', `/${name}`, { settings: { number_of_shards: shards }, mappings: { d: { properties: { v: { type } } } } });
    if (r.status !== 200) throw new Error(r.text);
  }
  const lines = ['{"index":{"_index":"nums","_type":"d","_id":"1"}}', '{"v":2}', '{"index":{"_index":"nums","_type":"d","_id":"2"}}', '{"v":4}', '{"index":{"_index":"nums","_type":"d","_id":"3"}}', '{"v":9}', '{"index":{"_index":"words","_type":"d","_id":"1"}}', '{"v":"x"}'];
  const bulk = await node.request('POST', '/_bulk?refresh=true', lines.join('\n') + '\n');
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

test('a numeric aggregation over a keyword on one index: that shard fails, the others answer', async (t) => {
  const r = await node.request('POST', '/nums,words/_search?typed_keys', { size: 0, aggs: { s: { sum: { field: 'v' } }, n: { value_count: { field: 'v' } } } });
  t.is(r.status, 200, r.text);
  t.deepEqual({ total: r.body._shards.total, successful: r.body._shards.successful, failed: r.body._shards.failed }, { total: 3, successful: 2, failed: 1 });
  const [f] = r.body._shards.failures as Json[];
  t.deepEqual([f?.index, f?.shard, f?.reason], ['words', 0, { type: 'illegal_argument_exception', reason: 'Expected numeric type on field [v], but got [keyword]' }]);
  t.is(typeof f?.node, 'string');
  // the hits and aggregations of the shards that answered
  t.is(r.body.hits.total, 3);
  t.deepEqual(r.body.aggregations, { 'sum#s': { value: 15 }, 'value_count#n': { value: 3 } });
  // every shard failing: search_phase_execution_exception with the shard's cause
  const all = await node.request('POST', '/words/_search', { size: 0, aggs: { s: { sum: { field: 'v' } } } });
  t.is(all.status, 400, all.text);
  t.deepEqual([all.body.error.type, all.body.error.reason, all.body.error.phase], ['search_phase_execution_exception', 'all shards failed', 'query']);
  t.deepEqual(all.body.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'Expected numeric type on field [v], but got [keyword]' }]);
});
