/**
 * Value scripts (`field` with `script`, ES 5.6 `ValuesSource.WithScript`) over HTTP: the script
 * runs on each value of the field with `_value`, its results replace the value; numeric sources
 * become floating point (terms `dterms`), `missing` applies to docs without values.
 * Docs (two shards): n = 1, 2, [3, 4], none; k = "a", "b", "a", "c"; d = 2017-01-01 ... 04.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
type Json = Record<string, any>;

test.before(async () => {
  node = await startTestNode();
  const put = await node.request('PUT', '/v', { settings: { number_of_shards: 2 }, mappings: { t: { properties: { n: { type: 'long' }, f: { type: 'double' }, k: { type: 'keyword' }, d: { type: 'date' } } } } });
  if (put.status !== 200) throw new Error(put.text);
  const docs: Json[] = [
    { n: 1, f: 0.5, k: 'a', d: '2017-01-01' },
    { n: 2, f: 1.5, k: 'b', d: '2017-01-02' },
    { n: [3, 4], f: 2.5, k: 'a', d: '2017-01-03' },
    { k: 'c', d: '2017-01-04' },
  ];
  const body = docs.map((d, i) => `{"index":{"_index":"v","_type":"t","_id":"${i + 1}"}}\n${JSON.stringify(d)}\n`).join('');
  const r = await node.request('POST', '/_bulk?refresh=true', body);
  if (r.status !== 200 || r.body.errors) throw new Error(r.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (aggs: Json, qs = '') => node.request('POST', `/v/_search${qs}`, { size: 0, aggs });

test('metrics over a value script: each value replaced, painless and expressions', async (t) => {
  const r = await search({
    s: { sum: { field: 'n', script: '_value * 10' } },
    m: { max: { field: 'n', script: { inline: '_value + params.k', params: { k: 0.5 } } } },
    e: { avg: { field: 'f', script: { inline: '_value * 2', lang: 'expression' } } },
    c: { value_count: { field: 'k', script: "_value == 'a' ? null : _value" } },
    miss: { sum: { field: 'n', missing: 100, script: '_value * 10' } },
  });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations.s, { value: 100 });
  t.deepEqual(r.body.aggregations.m, { value: 4.5 });
  t.deepEqual(r.body.aggregations.e, { value: 3 });
  // a null result gives no value
  t.deepEqual(r.body.aggregations.c, { value: 2 });
  // missing is not scripted (ValuesSourceConfig applies it after the script)
  t.deepEqual(r.body.aggregations.miss, { value: 200 });
});

test('terms over a value script: strings stay sterms, numbers become dterms', async (t) => {
  const r = await search({ k: { terms: { field: 'k', script: "_value.toUpperCase() + '!'" } }, n: { terms: { field: 'n', script: '_value % 2' } } }, '?typed_keys');
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations['sterms#k'].buckets, [
    { key: 'A!', doc_count: 2 },
    { key: 'B!', doc_count: 1 },
    { key: 'C!', doc_count: 1 },
  ]);
  // doc 3 has 3 and 4: one value in each bucket (a tie: by key); keys render as doubles
  t.deepEqual(r.body.aggregations['dterms#n'].buckets, [
    { key: 0, doc_count: 2 },
    { key: 1, doc_count: 2 },
  ]);
  t.true(r.text.includes('"key":0.0,'), r.text);
});

test('histogram over a value script; date values are epoch millis', async (t) => {
  const r = await search({
    h: { histogram: { field: 'n', script: '_value * 3', interval: 5 } },
    day: { terms: { field: 'd', script: '_value / 86400000L - 17167' } },
  });
  t.is(r.status, 200, r.text);
  // 3, 6, 9, 12
  t.deepEqual(r.body.aggregations.h.buckets, [
    { key: 0, doc_count: 1 },
    { key: 5, doc_count: 2 },
    { key: 10, doc_count: 1 },
  ]);
  t.deepEqual(r.body.aggregations.day.buckets.map((b: Json) => b.key), [0, 1, 2, 3]);
});

test('a value script that fails is the script error of every shard', async (t) => {
  const r = await search({ s: { sum: { field: 'n', script: '_value.foo()' } } });
  t.true(r.status >= 400, r.text);
  t.is(r.body.error.type, 'search_phase_execution_exception');
});
