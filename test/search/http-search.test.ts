/**
 * `_search` over HTTP against a one-shard index of four books (fixtures/search/books.*).
 *
 * Hand computation (Lucene 6.6 BM25, k1 = 1.2, b = 0.75) for `title`:
 *   lengths 3, 2, 2, 5 → one-byte norms decode to fieldLength 4, 2.56, 2.56, 5.2244897
 *   (1/sqrt(len) truncated to 3 mantissa bits: 0.5, 0.625, 0.625, 0.4375; fieldLength = 1/f²);
 *   avgFieldLength = 12 / 4 = 3.
 *   "quick" (docFreq 3, docCount 4): idf = ln(1 + 1.5/3.5) = 0.35667494
 *     doc 1: tfNorm = 2.2 / (1 + 1.2·(0.25 + 0.75·4/3))         = 0.88      → 0.31387
 *     doc 2: tfNorm = 2.2 / (1 + 1.2·(0.25 + 0.75·2.56/3))      = 1.0638298 → 0.37944
 *     doc 4: tfNorm = 4.4 / (2 + 1.2·(0.25 + 0.75·5.2244897/3)) = 1.1377309 → 0.40580
 *   "dog" (docFreq 2): idf = ln(1 + 2.5/2.5) = ln 2 = 0.69314718
 *     doc 3: tfNorm = 1.0638298 → 0.73739;  doc 4: tfNorm = 2.2/(1 + 1.2·1.5561224) = 0.76725 → 0.53182
 *   match "quick dog" (OR, coord 1 under BM25): doc 4 = 0.40580 + 0.53182 = 0.93762
 */
import test from 'ava';
import { startTestNode, fixture, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const created = await node.request('PUT', '/books', await fixture('search/books.index.json'));
  if (created.status !== 200) throw new Error(created.text);
  const bulk = await node.request('POST', '/_bulk?refresh=true', await fixture('search/books.ndjson'));
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

function close(t: { true(v: boolean, m?: string): void }, actual: number, expected: number): void {
  t.true(Math.abs(actual - expected) <= Math.abs(expected) * 1e-4, `${actual} ≈ ${expected}`);
}

const search = (body: unknown, qs = '') => node.request('POST', `/books/_search${qs}`, body);

test.serial('match scores are Lucene 6.6 BM25', async (t) => {
  const r = await search({ query: { match: { title: 'quick' } } });
  t.is(r.status, 200);
  t.is(r.body.hits.total, 3);
  t.deepEqual(r.body.hits.hits.map((h: any) => h._id), ['4', '2', '1']);
  close(t, r.body.hits.hits[0]._score, 0.4058);
  close(t, r.body.hits.hits[1]._score, 0.37944);
  close(t, r.body.hits.hits[2]._score, 0.31387);
  close(t, r.body.hits.max_score, 0.4058);
  t.deepEqual(Object.keys(r.body), ['took', 'timed_out', '_shards', 'hits']);
  t.deepEqual(r.body._shards, { total: 1, successful: 1, failed: 0 });
  t.deepEqual(Object.keys(r.body.hits.hits[0]), ['_index', '_type', '_id', '_score', '_source']);
});

test.serial('bool of two terms sums the clause scores', async (t) => {
  const r = await search({ query: { match: { title: 'quick dog' } } });
  t.deepEqual(r.body.hits.hits.map((h: any) => h._id), ['4', '3', '2', '1']);
  close(t, r.body.hits.hits[0]._score, 0.93762);
  close(t, r.body.hits.hits[1]._score, 0.73739);
  const and = await search({ query: { match: { title: { query: 'quick dog', operator: 'and' } } } });
  t.deepEqual(and.body.hits.hits.map((h: any) => h._id), ['4']);
});

test.serial('scores equal the hand-computed BM25 figures to 5 significant digits', async (t) => {
  // The figures of the header comment, from the formula (ES 5.6 would print these rounded).
  const expected: Array<[unknown, Record<string, string>]> = [
    [{ match: { title: 'quick' } }, { '1': '0.31387', '2': '0.37944', '4': '0.40580' }],
    [{ term: { title: 'dog' } }, { '3': '0.73739', '4': '0.53182' }],
    [{ match: { title: 'quick dog' } }, { '1': '0.31387', '2': '0.37944', '3': '0.73739', '4': '0.93762' }],
  ];
  for (const [query, scores] of expected) {
    const r = await search({ query });
    const got = Object.fromEntries(r.body.hits.hits.map((h: any) => [h._id, (h._score as number).toPrecision(5)]));
    t.deepEqual(got, scores, JSON.stringify(query));
  }
});

test.serial('explanation tree has Lucene 6.6 descriptions and the hit score', async (t) => {
  const r = await search({ query: { term: { title: 'dog' } }, explain: true });
  const hit = r.body.hits.hits[0];
  t.is(hit._id, '3');
  t.is(hit._shard, '[books][0]');
  const e = hit._explanation;
  t.is(e.description, 'weight(title:dog in 2) [PerFieldSimilarity], result of:');
  close(t, e.value, hit._score);
  t.is(e.details[0].description, 'score(doc=2,freq=1.0 = termFreq=1.0\n), product of:');
  t.deepEqual(
    e.details[0].details[1].details.map((d: any) => [d.description, d.value]),
    [['termFreq=1.0', 1], ['parameter k1', 1.2], ['parameter b', 0.75], ['avgFieldLength', 3], ['fieldLength', 2.56]],
  );
});

test.serial('phrase, prefix, wildcard, range, terms and exists', async (t) => {
  const ids = async (query: unknown) => (await search({ query, sort: ['_doc'] })).body.hits.hits.map((h: any) => h._id);
  t.deepEqual(await ids({ match_phrase: { title: 'quick fox' } }), ['2']);
  t.deepEqual(await ids({ match_phrase: { title: { query: 'quick fox', slop: 1 } } }), ['1', '2']);
  t.deepEqual(await ids({ prefix: { 'title.raw': 'quick' } }), ['1', '2']);
  t.deepEqual(await ids({ wildcard: { tags: 's*w' } }), ['3']);
  t.deepEqual(await ids({ range: { year: { gt: 2001, lte: 2010 } } }), ['2', '3']);
  t.deepEqual(await ids({ range: { price: { gte: 10.5, lt: 20 } } }), ['1', '4']);
  t.deepEqual(await ids({ range: { published: { gte: '2005||/y', lt: '2011' } } }), ['2', '3']);
  t.deepEqual(await ids({ terms: { tags: ['slow', 'fast'] } }), ['1', '3']);
  t.deepEqual(await ids({ bool: { must_not: { exists: { field: 'tags' } } } }), ['4']);
  t.deepEqual(await ids({ ids: { values: ['3', '1'] } }), ['1', '3']);
  t.deepEqual(await ids({ fuzzy: { title: 'quack' } }), ['1', '2', '4']);
});

test.serial('constant_score, filter context and boosts', async (t) => {
  const r = await search({ query: { constant_score: { filter: { term: { tags: 'animal' } }, boost: 2.5 } } });
  t.is(r.body.hits.total, 3);
  t.deepEqual(r.body.hits.hits.map((h: any) => h._score), [2.5, 2.5, 2.5]);
  const f = await search({ query: { bool: { filter: { term: { tags: 'animal' } } } } });
  t.deepEqual(f.body.hits.hits.map((h: any) => h._score), [0, 0, 0]);
  const b = await search({ query: { term: { title: { value: 'dog', boost: 2 } } } });
  close(t, b.body.hits.hits[0]._score, 2 * 0.73739);
});

test.serial('sorting by fields, paging and search_after', async (t) => {
  const r = await search({ sort: [{ year: 'desc' }], size: 2 });
  t.deepEqual(r.body.hits.hits.map((h: any) => [h._id, h.sort, h._score]), [['4', [2015], null], ['3', [2010], null]]);
  t.is(r.body.hits.max_score, null);
  const page2 = await search({ sort: [{ year: 'desc' }], size: 2, from: 2 });
  t.deepEqual(page2.body.hits.hits.map((h: any) => h._id), ['2', '1']);
  const after = await search({ sort: [{ year: 'desc' }], size: 2, search_after: [2010] });
  t.deepEqual(after.body.hits.hits.map((h: any) => h._id), ['2', '1']);
  const tags = await search({ sort: [{ tags: { order: 'asc', missing: '_first' } }, '_uid'] });
  t.deepEqual(tags.body.hits.hits.map((h: any) => h.sort), [[null, 'book#4'], ['animal', 'book#1'], ['animal', 'book#2'], ['animal', 'book#3']]);
  const uri = await node.request('GET', '/books/_search?sort=price:asc&size=1');
  t.deepEqual(uri.body.hits.hits[0].sort, [5]);
  // RestSearchAction adds the URI's sorts after the body's (SearchSourceBuilder#sort appends)
  const both = await node.request('POST', '/books/_search?sort=price:asc&size=2', { sort: [{ tags: { order: 'asc', missing: '_first' } }] });
  t.deepEqual(both.body.hits.hits.map((h: any) => h.sort), [[null, 15.25], ['animal', 5]]);
});

test.serial('errors as ES 5.6', async (t) => {
  const window = await search({ from: 9995, size: 10 });
  t.is(window.body.error.type, 'search_phase_execution_exception');
  t.regex(window.body.error.root_cause[0].reason, /^Result window is too large, from \+ size must be less than or equal to: \[10000\] but was \[10005\]/);
  const unmapped = await search({ sort: ['nope'] });
  t.is(unmapped.status, 400);
  t.is(unmapped.body.error.root_cause[0].type, 'query_shard_exception');
  t.is(unmapped.body.error.root_cause[0].reason, 'No mapping found for [nope] in order to sort on');
  const ok = await search({ sort: [{ nope: { unmapped_type: 'long' } }] });
  t.is(ok.body.hits.total, 4);
  const geo = await search({ query: { term: { location: 'x' } } });
  t.is(geo.status, 400);
  t.is(geo.body.error.root_cause[0].reason, 'Geo fields do not support exact searching, use dedicated geo queries instead: [location]');
});

test.serial('count, source filtering, stored fields and version', async (t) => {
  const c = await node.request('GET', '/books/_count?q=tags:animal');
  t.deepEqual(c.body, { count: 3, _shards: { total: 1, successful: 1, failed: 0 } });
  const s = await search({ query: { ids: { values: ['1'] } }, _source: ['title'], version: true });
  t.deepEqual(s.body.hits.hits[0]._source, { title: 'quick brown fox' });
  t.is(s.body.hits.hits[0]._version, 1);
  const none = await search({ query: { ids: { values: ['1'] } }, stored_fields: [] });
  t.deepEqual(Object.keys(none.body.hits.hits[0]), ['_index', '_type', '_id', '_score']);
  const dv = await search({ query: { ids: { values: ['1'] } }, docvalue_fields: ['year', 'tags'], _source: false });
  t.deepEqual(dv.body.hits.hits[0].fields, { year: [2001], tags: ['animal', 'fast'] });
});

test.serial('scroll pages through a fixed point in time', async (t) => {
  const first = await node.request('POST', '/books/_search?scroll=1m', { size: 3, sort: ['_doc'] });
  t.is(first.body.hits.hits.length, 3);
  const id = first.body._scroll_id;
  await node.request('PUT', '/books/book/5?refresh=true', { title: 'late' });
  const second = await node.request('POST', '/_search/scroll', { scroll_id: id, scroll: '1m' });
  t.deepEqual(second.body.hits.hits.map((h: any) => h._id), ['4']);
  t.is(second.body.hits.total, 4);
  const cleared = await node.request('DELETE', '/_search/scroll', { scroll_id: [id] });
  t.is(cleared.body.succeeded, true);
  const gone = await node.request('POST', '/_search/scroll', { scroll_id: id });
  t.is(gone.status, 404);
  await node.request('DELETE', '/books/book/5?refresh=true');
});

test.serial('clear-scroll bodies are read as ES 5.6 reads them: scroll_id is an array of values, nothing else', async (t) => {
  const first = await node.request('POST', '/books/_search?scroll=1m', { size: 1 });
  const id = first.body._scroll_id as string;
  const refused = async (body: unknown): Promise<string> => {
    const r = await node.request('DELETE', '/_search/scroll', body);
    t.is(r.status, 400);
    t.is(r.body.error.type, 'illegal_argument_exception');
    return r.body.error.reason;
  };
  // a single string is 6.0's API (scroll/11_clear.yaml skips that test below 6.0)
  t.is(await refused({ scroll_id: id }), 'Unknown parameter [scroll_id] in request body or parameter is of the wrong type[VALUE_STRING] ');
  // an object whose own `toString` is not a function once reached String() (a 500)
  t.is(await refused({ scroll_id: { toString: ['a'] } }), 'Unknown parameter [scroll_id] in request body or parameter is of the wrong type[START_OBJECT] ');
  t.is(await refused({ ids: [id] }), 'Unknown parameter [ids] in request body or parameter is of the wrong type[START_ARRAY] ');
  t.is(await refused({ scroll_id: [id, { toString: 1 }] }), 'scroll_id array element should only contain scroll_id');
  t.is(await refused({ scroll_id: [null] }), 'scroll_id array element should only contain scroll_id');
  // nothing was cleared by the refused bodies
  t.is((await node.request('POST', '/_search/scroll', { scroll_id: id })).status, 200);
  t.deepEqual((await node.request('DELETE', '/_search/scroll', { scroll_id: [id] })).body, { succeeded: true, num_freed: 1 });
});

test.serial('geo queries and function_score', async (t) => {
  const ids = async (query: unknown) => (await search({ query })).body.hits.hits.map((h: any) => h._id);
  t.deepEqual(await ids({ geo_distance: { distance: '10km', location: { lat: 40.71, lon: -74.01 } } }), ['1']);
  t.deepEqual(await ids({ geo_distance: { distance: '1km', location: { lat: 41, lon: -74 } } }), []);
  t.deepEqual(await ids({ geo_bounding_box: { location: { top_left: { lat: 41, lon: -75 }, bottom_right: { lat: 40, lon: -73 } } } }), ['1']);
  // field_value_factor: score = match score · log1p(2 · year) — doc 4: 0.40580 · log10(4031)
  const r = await search({
    query: { function_score: { query: { match: { title: 'quick' } }, field_value_factor: { field: 'year', factor: 2, modifier: 'log1p' } } },
  });
  t.is(r.body.hits.hits[0]._id, '4');
  close(t, r.body.hits.hits[0]._score, 0.4058 * Math.log10(4031));
  // linear decay on price around 15 with scale 10 (decay 0.5 → s = 20): doc 4 (15.25) → 0.9875
  const d = await search({ query: { function_score: { linear: { price: { origin: 15, scale: 10 } }, boost_mode: 'replace' } } });
  t.is(d.body.hits.hits[0]._id, '4');
  close(t, d.body.hits.hits[0]._score, 0.9875);
  const g = await search({ query: { function_score: { gauss: { location: { origin: '40.7,-74.0', scale: '1km' } }, boost_mode: 'replace' } } });
  t.is(g.body.hits.hits[0]._id, '1');
  close(t, g.body.hits.hits[0]._score, 1);
});
