/**
 * The shard request cache over HTTP (ES 5.6 `IndicesRequestCache`): which requests it serves,
 * invalidation by refresh, `POST /_cache/clear?request=true`, the `request_cache` figures of
 * `_stats` and `_nodes/stats`, and evictions under a small `indices.requests.cache.size`.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
type Json = Record<string, any>;

test.before(async () => {
  node = await startTestNode({ settings: { 'indices.requests.cache.size': '4kb' } });
});

test.after.always(async () => {
  await node?.close();
});

let n = 0;
/** A fresh one-shard index with three docs. */
async function makeIndex(settings: Json = {}): Promise<string> {
  const name = `rc${n++}`;
  const put = await node.request('PUT', `/${name}`, { settings: { number_of_shards: 1, ...settings }, mappings: { t: { properties: { k: { type: 'keyword' }, d: { type: 'date' }, v: { type: 'long' } } } } });
  if (put.status !== 200) throw new Error(put.text);
  const body = ['a', 'b', 'a'].map((k, i) => `{"index":{"_index":"${name}","_type":"t","_id":"${i}"}}\n${JSON.stringify({ k, d: '2017-01-0' + (i + 1), v: i })}\n`).join('');
  const r = await node.request('POST', '/_bulk?refresh=true', body);
  if (r.status !== 200 || r.body.errors) throw new Error(r.text);
  return name;
}

const stats = async (index: string): Promise<Json> => (await node.request('GET', `/${index}/_stats/request_cache`)).body._all.total.request_cache;
const counts = async (index: string): Promise<[number, number]> => {
  const s = await stats(index);
  return [s.hit_count, s.miss_count];
};
const aggs = { by: { terms: { field: 'k' } } };

test.serial('size 0 requests are cached: a miss, then hits with the same answer', async (t) => {
  const idx = await makeIndex();
  t.deepEqual(await stats(idx), { memory_size_in_bytes: 0, evictions: 0, hit_count: 0, miss_count: 0 });
  const first = await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  t.is(first.status, 200, first.text);
  t.deepEqual(await counts(idx), [0, 1]);
  const s = await stats(idx);
  t.true(s.memory_size_in_bytes > 0);
  const second = await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  t.deepEqual(second.body.aggregations, first.body.aggregations);
  t.deepEqual(second.body.hits, first.body.hits);
  t.deepEqual(await counts(idx), [1, 1]);
  // another request is another entry
  await node.request('POST', `/${idx}/_search`, { size: 0, query: { term: { k: 'a' } }, aggs });
  t.deepEqual(await counts(idx), [1, 2]);
  const human = (await node.request('GET', `/${idx}/_stats/request_cache?human`)).body._all.total.request_cache;
  t.deepEqual(Object.keys(human), ['memory_size', 'memory_size_in_bytes', 'evictions', 'hit_count', 'miss_count']);
});

test.serial('request_cache and index.requests.cache.enable decide as ES 5.6', async (t) => {
  const idx = await makeIndex();
  // size > 0 is not cached by default, but is when asked for
  await node.request('POST', `/${idx}/_search`, { size: 1, aggs });
  t.deepEqual(await counts(idx), [0, 0]);
  await node.request('POST', `/${idx}/_search?request_cache=true`, { size: 1 });
  await node.request('POST', `/${idx}/_search?request_cache=true`, { size: 1 });
  t.deepEqual(await counts(idx), [1, 1]);
  await node.request('POST', `/${idx}/_search?request_cache=false`, { size: 0, aggs });
  t.deepEqual(await counts(idx), [1, 1]);
  const off = await makeIndex({ 'index.requests.cache.enable': false });
  await node.request('POST', `/${off}/_search`, { size: 0, aggs });
  t.deepEqual(await counts(off), [0, 0]);
  await node.request('POST', `/${off}/_search?request_cache=true`, { size: 0, aggs });
  t.deepEqual(await counts(off), [0, 1]);
  // scroll requests never are
  await node.request('POST', `/${idx}/_search?scroll=1m&request_cache=true`, { size: 0 });
  t.deepEqual(await counts(idx), [1, 1]);
});

test.serial('requests depending on more than the documents are not cached: now, scripts, random scores', async (t) => {
  const idx = await makeIndex();
  const bodies: Json[] = [
    { size: 0, query: { range: { d: { lte: 'now' } } } },
    { size: 0, aggs: { s: { sum: { script: "doc['v'].value" } } } },
    { size: 0, query: { function_score: { functions: [{ random_score: {} }] } } },
    { size: 0, aggs: { r: { date_range: { field: 'd', ranges: [{ to: 'now-1d' }] } } } },
  ];
  for (const b of bodies) {
    const r = await node.request('POST', `/${idx}/_search`, b);
    t.is(r.status, 200, r.text);
  }
  t.deepEqual(await counts(idx), [0, 0]);
  // a seeded random score is deterministic
  await node.request('POST', `/${idx}/_search`, { size: 0, query: { function_score: { functions: [{ random_score: { seed: 3 } }] } } });
  t.deepEqual(await counts(idx), [0, 1]);
});

test.serial('a refresh with changes invalidates; a refresh without changes does not', async (t) => {
  const idx = await makeIndex();
  await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  await node.request('POST', `/${idx}/_refresh`);
  await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  t.deepEqual(await counts(idx), [1, 1]);
  await node.request('PUT', `/${idx}/t/9?refresh=true`, { k: 'c' });
  const r = await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  t.deepEqual(await counts(idx), [1, 2]);
  t.deepEqual(r.body.aggregations.by.buckets.map((b: Json) => b.key), ['a', 'b', 'c']);
  t.is(r.body.hits.total, 4);
});

test.serial('POST /_cache/clear?request=true empties the cache; _nodes/stats sums it', async (t) => {
  const idx = await makeIndex();
  await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  t.true((await stats(idx)).memory_size_in_bytes > 0);
  const nodes = (await node.request('GET', '/_nodes/stats/indices/request_cache')).body;
  const rc = (Object.values(nodes.nodes)[0] as Json).indices.request_cache;
  t.true(rc.hit_count >= 1 && rc.miss_count >= 1, JSON.stringify(rc));
  const clear = await node.request('POST', `/${idx}/_cache/clear?request=true`);
  t.is(clear.status, 200, clear.text);
  t.is((await stats(idx)).memory_size_in_bytes, 0);
  await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  t.deepEqual(await counts(idx), [1, 2]);
  // the query cache flag alone leaves it
  await node.request('POST', `/${idx}/_cache/clear?query=true`);
  await node.request('POST', `/${idx}/_search`, { size: 0, aggs });
  t.deepEqual(await counts(idx), [2, 2]);
});

test.serial('past indices.requests.cache.size the least recently used entries are evicted', async (t) => {
  const idx = await makeIndex();
  // each entry holds its request and result: well over 400 bytes, so 4kb keeps a handful
  for (let i = 0; i < 20; i++) await node.request('POST', `/${idx}/_search`, { size: 0, query: { range: { v: { gte: i } } }, aggs });
  const s = await stats(idx);
  t.is(s.miss_count, 20);
  t.true(s.evictions > 0, JSON.stringify(s));
  t.true(s.memory_size_in_bytes <= 4096, JSON.stringify(s));
  // the latest is still there; the first is gone
  await node.request('POST', `/${idx}/_search`, { size: 0, query: { range: { v: { gte: 19 } } }, aggs });
  await node.request('POST', `/${idx}/_search`, { size: 0, query: { range: { v: { gte: 0 } } }, aggs });
  t.deepEqual(await counts(idx), [1, 21]);
});

test.serial('a cached query phase with hits: the second answer keeps its sort values and explanations', async (t) => {
  const idx = await makeIndex();
  const body = { size: 2, sort: [{ v: 'desc' }], explain: true, query: { term: { k: 'a' } }};
  const first = await node.request('POST', `/${idx}/_search?request_cache=true`, body);
  const second = await node.request('POST', `/${idx}/_search?request_cache=true`, body);
  t.deepEqual(await counts(idx), [1, 1]);
  const view = (r: { body: Json }) => r.body.hits.hits.map((h: Json) => ({ id: h._id, sort: h.sort, explained: typeof h._explanation?.description }));
  t.deepEqual(view(first), [
    { id: '2', sort: [2], explained: 'string' },
    { id: '0', sort: [0], explained: 'string' },
  ]);
  t.deepEqual(view(second), view(first));
  t.deepEqual(second.body.hits.hits.map((h: Json) => h._explanation), first.body.hits.hits.map((h: Json) => h._explanation));
});
