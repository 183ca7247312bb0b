/**
 * Search request options over HTTP, against a two-shard index with multi-valued fields:
 * sort modes and sort value rendering, track_scores, search_after, sliced scroll, stored_fields
 * and docvalue_fields, terminate_after, timeout (per request and the cluster default), min_score,
 * post_filter, indices_boost, max_result_window, and dfs_query_then_fetch against one shard.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

const DOCS = [1, 2, 3, 4, 5, 6].map((i) => ({ n: [i, i * 10], x: i + 0.5, f: i, tag: `t${i % 2}`, body: `alpha beta ${i}`, obj: { a: 'x' } }));

test.before(async () => {
  node = await startTestNode();
  const mapping = { d: { properties: { n: { type: 'long' }, x: { type: 'double' }, f: { type: 'float' }, tag: { type: 'keyword' }, body: { type: 'text' }, obj: { properties: { a: { type: 'keyword' } } } } } };
  for (const [name, shards] of [['opts', 2], ['other', 1]] as const) {
    const r = await node.request('PUT', `/${name}`, { settings: { number_of_shards: shards }, mappings: mapping });
    if (r.status !== 200) throw new Error(r.text);
  }
  const lines: unknown[] = [];
  DOCS.forEach((d, i) => lines.push({ index: { _index: 'opts', _type: 'd', _id: String(i + 1) } }, d));
  lines.push({ index: { _index: 'opts', _type: 'd', _id: '7' } }, { body: 'alpha' });
  lines.push({ index: { _index: 'other', _type: 'd', _id: 'o1' } }, { body: 'alpha' });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (body: unknown, qs = '') => node.request('POST', `/opts/_search${qs}`, body);
const ids = (r: any): string[] => r.body.hits.hits.map((h: any) => h._id);

test.serial('multi-valued sort modes pick as ES MultiValueMode (long avg/median round)', async (t) => {
  const sortOf = async (mode: string, order = 'asc') =>
    (await search({ query: { ids: { values: ['1'] } }, sort: [{ n: { order, mode } }] })).body.hits.hits[0].sort[0];
  t.is(await sortOf('min'), 1);
  t.is(await sortOf('max'), 10);
  t.is(await sortOf('sum'), 11);
  t.is(await sortOf('avg'), 6); // Math.round(5.5) on a long
  t.is(await sortOf('median'), 6);
  const bad = await search({ sort: [{ tag: { mode: 'avg' } }] });
  t.is(bad.status, 400);
  t.is(bad.body.error.type, 'search_phase_execution_exception');
  t.deepEqual(bad.body.error.root_cause[0].type, 'query_shard_exception');
  t.is(bad.body.error.root_cause[0].reason, 'we only support AVG, MEDIAN and SUM on number based fields');
});

test.serial('sort values render as the Java type of the comparator', async (t) => {
  // Missing long values sort with Long.MIN/MAX_VALUE, printed exactly.
  const desc = await search({ sort: [{ n: 'desc' }], _source: false });
  t.deepEqual(ids(desc), ['6', '5', '4', '3', '2', '1', '7']);
  t.true(desc.text.includes('"_id":"7","_score":null,"sort":[-9223372036854775808]'), desc.text);
  const first = await search({ sort: [{ n: { order: 'asc', missing: '_first' } }], size: 1, _source: false });
  t.true(first.text.includes('"sort":[-9223372036854775808]'), first.text);
  // Doubles as Double.toString, floats as Float.toString, infinities quoted by Jackson.
  const dbl = await search({ sort: [{ x: 'asc' }], _source: false });
  t.true(dbl.text.includes('"_id":"1","_score":null,"sort":[1.5]'), dbl.text);
  t.deepEqual(dbl.body.hits.hits[6].sort, ['Infinity']);
  const flt = await search({ sort: [{ f: 'desc' }], _source: false, size: 1 });
  t.true(flt.text.includes('"sort":[6.0]'), flt.text);
  const lastDesc = await search({ sort: [{ f: 'desc' }], _source: false });
  t.deepEqual(lastDesc.body.hits.hits[6].sort, ['-Infinity']);
});

test.serial('track_scores keeps scores when sorting by a field', async (t) => {
  const without = await search({ query: { match: { body: 'alpha' } }, sort: ['_doc'], size: 1 });
  t.is(without.body.hits.hits[0]._score, null);
  t.is(without.body.hits.max_score, null);
  const withScores = await search({ query: { match: { body: 'alpha' } }, sort: [{ n: 'asc' }], size: 1, track_scores: true });
  t.true(withScores.body.hits.hits[0]._score > 0);
  t.true(withScores.body.hits.max_score >= withScores.body.hits.hits[0]._score);
});

test.serial('search_after pages and its errors', async (t) => {
  const page = await search({ sort: [{ n: 'asc' }, { _uid: 'asc' }], size: 2, search_after: [2, 'd#2'] });
  t.deepEqual(ids(page), ['3', '4']);
  const count = await search({ sort: [{ n: 'asc' }], search_after: [1, 2] });
  t.is(count.status, 400);
  t.is(count.body.error.root_cause[0].reason, 'search_after has 2 value(s) but sort has 1.');
  const from = await search({ sort: [{ n: 'asc' }], search_after: [1], from: 1 });
  t.is(from.status, 500);
  t.is(from.body.error.type, 'search_phase_execution_exception');
  t.is(from.body.error.root_cause[0].type, 'search_context_exception');
  t.is(from.body.error.root_cause[0].reason, '`from` parameter must be set to 0 when `search_after` is used.');
});

test.serial('sliced scroll splits by shard, then by _uid hash; slices partition the hits', async (t) => {
  for (const max of [2, 3, 4]) {
    const seen: string[] = [];
    for (let id = 0; id < max; id++) {
      const r = await search({ slice: { id, max }, size: 100 }, '?scroll=1m');
      t.is(r.status, 200, r.text);
      t.is(r.body.hits.total, r.body.hits.hits.length);
      seen.push(...ids(r));
      await node.request('DELETE', '/_search/scroll', { scroll_id: [r.body._scroll_id] });
    }
    t.deepEqual(seen.sort(), ['1', '2', '3', '4', '5', '6', '7'], `max ${max}`);
  }
  const outside = await search({ slice: { id: 0, max: 2 } });
  t.is(outside.status, 500);
  t.is(outside.body.error.root_cause[0].reason, '`slice` cannot be used outside of a scroll context');
  await node.request('PUT', '/opts/_settings', { 'index.max_slices_per_scroll': 2 });
  const tooMany = await search({ slice: { id: 0, max: 3 } }, '?scroll=1m');
  t.is(tooMany.status, 500);
  t.regex(tooMany.body.error.root_cause[0].reason, /^The number of slices \[3\] is too large\. It must be less than \[2\]\./);
  await node.request('PUT', '/opts/_settings', { 'index.max_slices_per_scroll': null });
});

test.serial('stored_fields and docvalue_fields, with their errors', async (t) => {
  const none = await search({ query: { ids: { values: ['1'] } }, stored_fields: '_none_' });
  t.deepEqual(Object.keys(none.body.hits.hits[0]), ['_index', '_score']);
  const star = await search({ query: { ids: { values: ['1'] } }, stored_fields: '*' });
  t.deepEqual(Object.keys(star.body.hits.hits[0]), ['_index', '_type', '_id', '_score']);
  const withSource = await search({ stored_fields: '_none_', _source: true });
  t.is(withSource.status, 500);
  t.is(withSource.body.error.reason, 'all shards failed');
  t.is(withSource.body.error.root_cause[0].type, 'search_context_exception');
  t.is(withSource.body.error.root_cause[0].reason, '`stored_fields` cannot be disabled if _source is requested');
  const withVersion = await search({ stored_fields: '_none_', version: true });
  t.is(withVersion.body.error.root_cause[0].reason, '`stored_fields` cannot be disabled if version is requested');
  const combined = await search({ stored_fields: ['_none_', 'n'] });
  t.is(combined.status, 400);
  t.is(combined.body.error.reason, 'cannot combine _none_ with other fields');
  // An object field fails the fetch of the shard holding the hit (ES's fetch phase), not the query.
  const obj = await search({ query: { ids: { values: ['1'] } }, stored_fields: 'obj' });
  t.is(obj.status, 200);
  t.is(obj.body.hits.total, 1);
  t.deepEqual(obj.body.hits.hits, []);
  t.deepEqual({ ...obj.body._shards, failures: undefined }, { total: 2, successful: 1, failed: 1, failures: undefined });
  t.deepEqual(obj.body._shards.failures[0].reason, { type: 'illegal_argument_exception', reason: "field [obj] isn't a leaf field" });
  const dv = await search({ query: { ids: { values: ['2'] } }, docvalue_fields: ['n', 'tag', 'nope'], _source: false });
  t.deepEqual(dv.body.hits.hits[0].fields, { n: [2, 20], tag: ['t0'] });
  const text = await search({ docvalue_fields: ['body'] });
  t.is(text.status, 400);
  t.regex(text.text, /Fielddata is disabled on text fields by default/);
});

test.serial('terminate_after, min_score and post_filter', async (t) => {
  const term = await search({ terminate_after: 1, size: 0 });
  t.is(term.body.terminated_early, true);
  t.is(term.body.hits.total, 2); // one doc per shard
  const uri = await node.request('GET', '/opts/_search?terminate_after=100&size=0');
  t.is(uri.body.terminated_early, false);
  t.is(uri.body.hits.total, 7);
  const plain = await search({ size: 0 });
  t.false('terminated_early' in plain.body);
  const all = await search({ query: { match: { body: 'alpha 3' } } });
  const best = all.body.hits.hits[0];
  const min = await search({ query: { match: { body: 'alpha 3' } }, min_score: best._score - 1e-6 });
  t.deepEqual(ids(min), [best._id]);
  t.is(min.body.hits.total, 1);
  const post = await search({ query: { match: { body: 'alpha' } }, post_filter: { term: { tag: 't1' } } });
  t.is(post.body.hits.total, 3);
  t.deepEqual(ids(post).sort(), ['1', '3', '5']);
});

test.serial('timeout per request and from search.default_search_timeout', async (t) => {
  const timed = await search({ timeout: '1nanos' });
  t.is(timed.status, 200);
  t.is(timed.body.timed_out, true);
  const fine = await search({ timeout: '1m' });
  t.is(fine.body.timed_out, false);
  t.is(fine.body.hits.total, 7);
  const bad = await node.request('GET', '/opts/_search?timeout=5');
  t.is(bad.status, 400);
  const put = await node.request('PUT', '/_cluster/settings', { transient: { 'search.default_search_timeout': '1nanos' } });
  t.is(put.status, 200);
  t.is((await search({})).body.timed_out, true);
  // A request's own timeout wins; -1 means none.
  t.is((await search({}, '?timeout=-1')).body.timed_out, false);
  await node.request('PUT', '/_cluster/settings', { transient: { 'search.default_search_timeout': '-1' } });
  t.is((await search({})).body.timed_out, false);
  await node.request('PUT', '/_cluster/settings', { transient: { 'search.default_search_timeout': null } });
  const invalid = await node.request('PUT', '/_cluster/settings', { transient: { 'search.default_search_timeout': 'soon' } });
  t.is(invalid.status, 400);
});

test.serial('indices_boost multiplies the scores of an index (object and array forms)', async (t) => {
  const base = await node.request('POST', '/opts,other/_search', { query: { match: { body: 'alpha' } }, size: 10 });
  const otherScore = base.body.hits.hits.find((h: any) => h._index === 'other')._score;
  for (const boost of [{ other: 3 }, [{ other: 3 }]]) {
    const r = await node.request('POST', '/opts,other/_search', { query: { match: { body: 'alpha' } }, indices_boost: boost, size: 1 });
    t.is(r.body.hits.hits[0]._index, 'other');
    t.true(Math.abs(r.body.hits.hits[0]._score - 3 * otherScore) < 1e-6);
  }
  const missing = await node.request('POST', '/opts/_search', { indices_boost: { nope: 2 } });
  t.is(missing.status, 404);
  t.is(missing.body.error.type, 'index_not_found_exception');
});

test.serial('index.max_result_window bounds from + size', async (t) => {
  await node.request('PUT', '/opts/_settings', { 'index.max_result_window': 5 });
  const ok = await search({ from: 2, size: 3 });
  t.is(ok.status, 200);
  const over = await search({ from: 3, size: 3 });
  t.is(over.status, 500);
  t.is(over.body.error.type, 'search_phase_execution_exception');
  t.regex(over.body.error.root_cause[0].reason, /^Result window is too large, from \+ size must be less than or equal to: \[5\] but was \[6\]\./);
  const scroll = await search({ size: 6 }, '?scroll=1m');
  t.regex(scroll.body.error.root_cause[0].reason, /^Batch size is too large, size must be less than or equal to: \[5\] but was \[6\]\./);
  await node.request('PUT', '/opts/_settings', { 'index.max_result_window': null });
  t.is((await search({ from: 3, size: 3 })).status, 200);
});

test.serial('dfs_query_then_fetch over several shards scores as one shard does', async (t) => {
  const words = ['red', 'green', 'blue', 'fox', 'dog', 'cat'];
  const lines: unknown[] = [];
  for (let i = 0; i < 40; i++) {
    const text = Array.from({ length: 1 + (i % 5) }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
    lines.push({ index: { _index: 'dfs3', _type: 'd', _id: String(i) } }, { body: text });
    lines.push({ index: { _index: 'dfs1', _type: 'd', _id: String(i) } }, { body: text });
  }
  await node.request('PUT', '/dfs3', { settings: { number_of_shards: 3 } });
  await node.request('PUT', '/dfs1', { settings: { number_of_shards: 1 } });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  t.false(bulk.body.errors);
  const query = { query: { bool: { should: [{ match: { body: 'red fox' } }, { match_phrase: { body: 'blue fox' } }] } }, size: 40 };
  const one = await node.request('POST', '/dfs1/_search', query);
  const dfs = await node.request('POST', '/dfs3/_search?search_type=dfs_query_then_fetch', query);
  const plain = await node.request('POST', '/dfs3/_search', query);
  t.is(dfs.body._shards.total, 3);
  const scores = (r: any) => new Map<string, number>(r.body.hits.hits.map((h: any) => [h._id, h._score]));
  const a = scores(one);
  const b = scores(dfs);
  t.is(dfs.body.hits.total, one.body.hits.total);
  t.deepEqual([...b.keys()].sort(), [...a.keys()].sort());
  for (const [id, s] of a) t.is(b.get(id), s, `doc ${id}`);
  t.is(dfs.body.hits.max_score, one.body.hits.max_score);
  // Without dfs, per-shard statistics give different scores.
  const c = scores(plain);
  t.true([...a].some(([id, s]) => c.get(id) !== s));
});

test.serial('wide numeric ranges verify candidates on doc values; sorted top-k skips non-competitive docs', async (t) => {
  // 400 distinct values: a range over more than 128 terms runs on doc values (IndexOrDocValues),
  // as a two-phase check of the match clause's candidates, in must/filter and post_filter.
  const lines: unknown[] = [];
  for (let i = 0; i < 400; i++) lines.push({ index: { _index: 'wide', _type: 'd', _id: String(i) } }, { v: (i * 37) % 400, body: i % 3 === 0 ? 'red fox' : 'blue dog' });
  await node.request('PUT', '/wide', { settings: { number_of_shards: 1 }, mappings: { d: { properties: { v: { type: 'long' }, body: { type: 'text' } } } } });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  t.false(bulk.body.errors);
  const expected = [...Array(400).keys()].filter((i) => i % 3 === 0 && (i * 37) % 400 >= 100 && (i * 37) % 400 < 350);
  const byFilter = await node.request('POST', '/wide/_search', { query: { bool: { must: { match: { body: 'fox' } }, filter: { range: { v: { gte: 100, lt: 350 } } } } }, size: 400, _source: false });
  t.is(byFilter.body.hits.total, expected.length);
  t.deepEqual(ids(byFilter).map(Number).sort((a, b) => a - b), expected);
  const byPost = await node.request('POST', '/wide/_search', { query: { match: { body: 'fox' } }, post_filter: { range: { v: { gte: 100, lt: 350 } } }, size: 400, _source: false });
  t.deepEqual(ids(byPost).map(Number).sort((a, b) => a - b), expected);
  // Filter-only conjunction: the range alone leads.
  const only = await node.request('POST', '/wide/_search', { query: { bool: { filter: [{ range: { v: { gte: 100, lt: 350 } } }, { range: { v: { gte: 0, lt: 300 } } }] } }, size: 0 });
  t.is(only.body.hits.total, 200);
  // Sorted top 3 by v desc among 400 docs, ties impossible; then v asc with _doc tie-break on equal values.
  const top = await node.request('POST', '/wide/_search', { sort: [{ v: 'desc' }], size: 3, _source: false });
  t.deepEqual(top.body.hits.hits.map((h: any) => h.sort[0]), [399, 398, 397]);
  const asc = await node.request('POST', '/wide/_search', { query: { match: { body: 'dog' } }, sort: [{ v: 'asc' }], size: 5, _source: false });
  const dogs = [...Array(400).keys()].filter((i) => i % 3 !== 0).map((i) => (i * 37) % 400).sort((a, b) => a - b).slice(0, 5);
  t.deepEqual(asc.body.hits.hits.map((h: any) => h.sort[0]), dogs);
});
