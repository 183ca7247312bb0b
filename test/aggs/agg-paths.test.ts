/**
 * Aggregation paths as ES 5.6's `AggregationPath` reads them, over HTTP: terms `order` through
 * single-bucket aggregations to a metric (`f>st.avg`, `pct[99.9]`), `AggregationPath.validate`'s
 * errors on every shard, and pipeline `buckets_path` forms (`agg>agg.metric`, `name[99.9]`,
 * `agg[key]>...`). Docs (two shards): k = a: n 1, 2, 3; b: n 10, 20; c: n 5.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
type Json = Record<string, any>;

test.before(async () => {
  node = await startTestNode();
  await node.request('PUT', '/p', { settings: { number_of_shards: 2 }, mappings: { t: { properties: { k: { type: 'keyword' }, n: { type: 'long' } } } } });
  const docs = [['a', 1], ['a', 2], ['a', 3], ['b', 10], ['b', 20], ['c', 5]];
  const body = docs.map(([k, n], i) => `{"index":{"_index":"p","_type":"t","_id":"${i}"}}\n${JSON.stringify({ k, n })}\n`).join('');
  const r = await node.request('POST', '/_bulk?refresh=true', body);
  if (r.status !== 200 || r.body.errors) throw new Error(r.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (aggs: Json) => node.request('POST', '/p/_search', { size: 0, aggs });
const keys = (r: { body: Json }, name = 'by'): string[] => r.body.aggregations[name].buckets.map((b: Json) => b.key);
const subs = {
  pct: { percentiles: { field: 'n', percents: [50, 99.9] } },
  st: { extended_stats: { field: 'n' } },
  f: { filter: { range: { n: { gte: 2 } } }, aggs: { st: { stats: { field: 'n' } }, m: { max: { field: 'n' } } } },
  m: { min: { field: 'n' } },
  h: { histogram: { field: 'n', interval: 5 } },
};

test('terms order: [key] holding a dot, paths through single buckets, doc_count and value keys', async (t) => {
  const cases: Array<[Json, string[]]> = [
    [{ 'pct[99.9]': 'desc' }, ['b', 'c', 'a']],
    [{ 'f>st.avg': 'asc' }, ['a', 'c', 'b']],
    [{ 'f>m': 'desc' }, ['b', 'c', 'a']],
    [{ 'f.doc_count': 'asc' }, ['c', 'a', 'b']],
    [{ 'm.value': 'asc' }, ['a', 'c', 'b']],
    [{ 'st.std_upper': 'desc' }, ['b', 'c', 'a']],
    [{ 'st.variance': 'asc' }, ['c', 'a', 'b']],
  ];
  for (const [order, expected] of cases) {
    const r = await search({ by: { terms: { field: 'k', order }, aggs: subs } });
    t.is(r.status, 200, r.text);
    t.deepEqual(keys(r), expected, JSON.stringify(order));
  }
});

test('terms order: AggregationPath.validate errors on every shard', async (t) => {
  const pre = 'Invalid terms aggregation order path';
  const sentence = 'Terms buckets can only be sorted on a sub-aggregator path that is built out of zero or more single-bucket aggregations within the path and a final single-bucket or a metrics aggregation at the path end';
  const cases: Array<[string, string]> = [
    // ES splits the last element at its last dot: `pct.99` is no aggregation
    ['pct.99.9', 'Invalid term-aggregator order path [pct.99.9]. Unknown aggregation [pct.99]'],
    ['pct[75]', `${pre} [pct[75]]. Unknown metric name [75] on multi-value metrics aggregation [pct]`],
    ['st', `${pre} [st]. When ordering on a multi-value metrics aggregation a metric name must be specified`],
    ['st.median', `${pre} [st.median]. Unknown metric name [median] on multi-value metrics aggregation [st]`],
    ['f._count', `${pre} [f._count]. Ordering on a single-bucket aggregation can only be done on its doc_count. Either drop the key (a la "f") or change it to "doc_count" (a la "f.doc_count")`],
    ['m.max', `${pre} [m.max]. Ordering on a single-value metrics aggregation can only be done on its value. Either drop the key (a la "m") or change it to "value" (a la "m.value")`],
    ['h>x', `${pre} [h>x]. ${sentence}. Sub-path [h] points to non single-bucket aggregation`],
    ['h', `${pre} [h]. ${sentence}.`],
  ];
  for (const [path, reason] of cases) {
    const r = await search({ by: { terms: { field: 'k', order: { [path]: 'asc' } }, aggs: subs } });
    t.is(r.status, 500, r.text);
    t.is(r.body.error.type, 'search_phase_execution_exception');
    t.deepEqual(r.body.error.root_cause[0], { type: 'aggregation_execution_exception', reason }, path);
  }
});

test('buckets_path: agg>agg.metric, name[99.9] and a derivative over a percent', async (t) => {
  const r = await search({
    by: { terms: { field: 'k' }, aggs: subs },
    hi: { max_bucket: { buckets_path: 'by>pct[99.9]' } },
    avg2: { avg_bucket: { buckets_path: 'by>f>st.avg' } },
    cnt: { sum_bucket: { buckets_path: 'by>f._count' } },
    hist: { histogram: { field: 'n', interval: 10 }, aggs: { pct: { percentiles: { field: 'n', percents: [50] } }, d: { derivative: { buckets_path: 'pct[50.0]' } } } },
  });
  t.is(r.status, 200, r.text);
  const agg = r.body.aggregations;
  const p999 = agg.by.buckets.map((b: Json) => b.pct.values['99.9']);
  t.deepEqual(agg.hi, { value: Math.max(...p999), keys: ['b'] });
  // f>st.avg per bucket: a (2,3) 2.5, b 15, c 5
  t.deepEqual(agg.avg2, { value: (2.5 + 15 + 5) / 3 });
  t.deepEqual(agg.cnt, { value: 5 });
  // histogram buckets 0 (1,2,3,5), 10 (10), 20 (20): medians 2.5, 10, 20
  t.deepEqual(agg.hist.buckets.map((b: Json) => b.d?.value ?? null), [null, 7.5, 10]);
});

test('buckets_path: ES errors for paths that end on no number or are malformed', async (t) => {
  const objects = await search({ by: { terms: { field: 'k' }, aggs: subs }, x: { max_bucket: { buckets_path: 'by>h>m' } } });
  t.is(objects.status, 500, objects.text);
  t.is(objects.body.error.reason, 'buckets_path must reference either a number value or a single value numeric metric aggregation, got: java.lang.Object[]');
  // 5.6 reads a bucket key in brackets as one more aggregation name: it names nothing, every bucket is a gap
  const keyed = await search({ by: { terms: { field: 'k' }, aggs: subs }, x: { max_bucket: { buckets_path: 'by[a]>m' } } });
  t.is(keyed.status, 200, keyed.text);
  t.deepEqual(keyed.body.aggregations.x, { value: null, keys: [] });
  const count = await search({ by: { terms: { field: 'k' }, aggs: subs }, x: { max_bucket: { buckets_path: 'by>h._bucket_count' } } });
  t.deepEqual(count.body.aggregations.x, { value: 3, keys: ['b'] });
  const malformed = await search({ by: { terms: { field: 'k' }, aggs: subs }, x: { max_bucket: { buckets_path: 'by>pct[]' } } });
  t.is(malformed.status, 500, malformed.text);
  t.is(malformed.body.error.reason, 'Invalid path element [pct[]] in path [by>pct[]]');
  const multi = await search({ by: { terms: { field: 'k' }, aggs: subs }, x: { max_bucket: { buckets_path: 'by>st' } } });
  t.is(multi.status, 500, multi.text);
  t.is(multi.body.error.reason, 'buckets_path must reference either a number value or a single value numeric metric aggregation, got: org.elasticsearch.search.aggregations.metrics.stats.extended.InternalExtendedStats');
});
