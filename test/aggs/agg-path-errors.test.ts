/**
 * Paths into aggregations that do not resolve (issue 8): ES 5.6 checks them when each shard
 * builds its aggregators, so the answer does not depend on how many buckets a shard has.
 *  - terms `order` on an unknown sub-aggregation: AggregationPath.validate's
 *    aggregation_execution_exception, which has no status of its own (500);
 *  - a pipeline `buckets_path` whose first aggregation does not exist: AggregatorFactories'
 *    illegal_argument_exception `No aggregation found for path [x]` (400).
 * Both fail every shard: search_phase_execution_exception "all shards failed".
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  await node.request('PUT', '/p', { settings: { number_of_shards: 2 }, mappings: { t: { properties: { k: { type: 'keyword' }, n: { type: 'long' } } } } });
  // one term only: before the shard-side check a single bucket never compared and answered 200
  const r = await node.request('PUT', '/p/t/1?refresh=true', { k: 'x', n: 3 });
  if (r.status !== 201) throw new Error(r.text);
});

test.after.always(async () => {
  await node?.close();
});

function shardFailure(body: any, type: string, reason: string): unknown {
  return { type: body.error.type, reason: body.error.reason, root: body.error.root_cause[0], shard: body.error.failed_shards[0].reason, expected: { type, reason } };
}

test('terms order on an unknown sub-aggregation: 500 aggregation_execution_exception on every shard', async (t) => {
  for (const order of [{ nope: 'asc' }, { 'nope.value': 'desc' }, [{ _count: 'desc' }, { 'nope>x': 'asc' }]]) {
    const r = await node.request('POST', '/p/_search', { size: 0, aggs: { a: { terms: { field: 'k', order }, aggs: { m: { max: { field: 'n' } } } } } });
    t.is(r.status, 500);
    const path = Array.isArray(order) ? 'nope>x' : Object.keys(order)[0]!;
    const reason = `Invalid term-aggregator order path [${path}]. Unknown aggregation [nope]`;
    const f = shardFailure(r.body, 'aggregation_execution_exception', reason) as any;
    t.is(f.type, 'search_phase_execution_exception');
    t.is(f.reason, 'all shards failed');
    t.deepEqual(f.root, f.expected);
    t.deepEqual(f.shard, f.expected);
  }
  // a known sub-aggregation still orders
  const ok = await node.request('POST', '/p/_search', { size: 0, aggs: { a: { terms: { field: 'k', order: { m: 'asc' } }, aggs: { m: { max: { field: 'n' } } } } } });
  t.is(ok.status, 200);
  t.deepEqual(ok.body.aggregations.a.buckets, [{ key: 'x', doc_count: 1, m: { value: 3 } }]);
});

test('pipeline buckets_path naming no aggregation: 400 No aggregation found for path', async (t) => {
  const cases: Array<[unknown, string]> = [
    [{ s: { sum_bucket: { buckets_path: 'ghost>m' } }, a: { terms: { field: 'k' }, aggs: { m: { max: { field: 'n' } } } } }, 'ghost>m'],
    [{ a: { terms: { field: 'k' }, aggs: { b: { max_bucket: { buckets_path: 'x' } } } } }, 'x'],
    [{ h: { histogram: { field: 'n', interval: 1 }, aggs: { d: { derivative: { buckets_path: 'zz.value' } } } } }, 'zz.value'],
  ];
  for (const [aggs, path] of cases) {
    const r = await node.request('POST', '/p/_search', { size: 0, aggs });
    t.is(r.status, 400, JSON.stringify(r.body));
    const f = shardFailure(r.body, 'illegal_argument_exception', `No aggregation found for path [${path}]`) as any;
    t.is(f.type, 'search_phase_execution_exception');
    t.deepEqual(f.root, f.expected);
    t.deepEqual(f.shard, f.expected);
  }
  // _count and an existing sibling still work
  const ok = await node.request('POST', '/p/_search', { size: 0, aggs: { a: { terms: { field: 'k' }, aggs: { m: { max: { field: 'n' } } } }, s: { sum_bucket: { buckets_path: 'a>m' } } } });
  t.is(ok.status, 200);
  t.deepEqual(ok.body.aggregations.s, { value: 3 });
});
