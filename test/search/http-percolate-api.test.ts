/**
 * The deprecated percolate APIs of ES 5.6 (`_percolate`, `_percolate/count`, `_mpercolate`):
 * a search with the `percolate` query on the indices' `query` percolator field, answered as
 * `{took, _shards, total, matches, aggregations}`.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/perc', {
    settings: { number_of_shards: 2 },
    mappings: { queries: { properties: { query: { type: 'percolator' }, tag: { type: 'keyword' } } }, doc: { properties: { body: { type: 'text' } } } },
  });
  if (r.status !== 200) throw new Error(r.text);
  const lines: unknown[] = [];
  for (const [id, query, tag] of [
    ['quick', { match: { body: 'quick' } }, 'a'],
    ['fox', { match: { body: 'fox' } }, 'b'],
    ['zebra', { match: { body: 'zebra' } }, 'a'],
  ] as const) {
    lines.push({ index: { _index: 'perc', _type: 'queries', _id: id } }, { query, tag });
  }
  lines.push({ index: { _index: 'perc', _type: 'doc', _id: 'd1' } }, { body: 'quick brown fox' });
  lines.push({ index: { _index: 'other', _type: 'doc', _id: 'o1' } }, { body: 'a zebra' });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const ids = (matches: Array<{ _id: string }>): string[] => matches.map((m) => m._id).sort();

test('_percolate answers with the matching queries, unscored without a query', async (t) => {
  const r = await node.request('POST', '/perc/doc/_percolate', { doc: { body: 'the quick fox' } });
  t.is(r.status, 200, r.text);
  t.deepEqual(Object.keys(r.body), ['took', '_shards', 'total', 'matches']);
  t.deepEqual(r.body._shards, { total: 2, successful: 2, failed: 0 });
  t.is(r.body.total, 2);
  t.deepEqual(r.body.matches.map((m: any) => Object.keys(m)), [['_index', '_id'], ['_index', '_id']]);
  t.deepEqual(ids(r.body.matches), ['fox', 'quick']);
  t.is(r.body.matches[0]._index, 'perc');
  // a query on the query documents: scored, and the percolate query filters
  const q = await node.request('POST', '/perc/doc/_percolate', { doc: { body: 'the quick fox zebra' }, query: { term: { tag: 'a' } }, size: 5 });
  t.deepEqual(ids(q.body.matches), ['quick', 'zebra']);
  t.true(q.body.matches.every((m: any) => typeof m._score === 'number' && m._score > 0));
  const aggs = await node.request('POST', '/perc/doc/_percolate', { doc: { body: 'quick fox zebra' }, aggregations: { tags: { terms: { field: 'tag' } } } });
  t.deepEqual(aggs.body.aggregations.tags.buckets, [{ key: 'a', doc_count: 2 }, { key: 'b', doc_count: 1 }]);
});

test('_percolate/count answers the total only', async (t) => {
  const r = await node.request('POST', '/perc/doc/_percolate/count', { doc: { body: 'quick' } });
  t.is(r.status, 200, r.text);
  t.deepEqual(Object.keys(r.body), ['took', '_shards', 'total']);
  t.is(r.body.total, 1);
  const size = await node.request('POST', '/perc/doc/_percolate/count', { doc: { body: 'quick' }, size: 1 });
  t.is(size.status, 400);
  t.is(size.body.error.type, 'illegal_argument_exception');
  t.is(size.body.error.reason, 'Cannot set size if onlyCount == true');
});

test('a stored document is percolated, where it is or against percolate_index', async (t) => {
  const r = await node.request('GET', '/perc/doc/d1/_percolate');
  t.is(r.status, 200, r.text);
  t.deepEqual(ids(r.body.matches), ['fox', 'quick']);
  const other = await node.request('GET', '/other/doc/o1/_percolate?percolate_index=perc&percolate_type=doc');
  t.deepEqual(ids(other.body.matches), ['zebra']);
  // the body's doc replaces the stored one; its filter narrows the queries
  const filtered = await node.request('POST', '/perc/doc/d1/_percolate', { filter: { term: { tag: 'b' } } });
  t.deepEqual(ids(filtered.body.matches), ['fox']);
  const count = await node.request('GET', '/perc/doc/d1/_percolate/count?version=1');
  t.is(count.body.total, 2);
  const conflict = await node.request('GET', '/perc/doc/d1/_percolate?version=2');
  t.is(conflict.status, 409);
  t.is(conflict.body.error.type, 'version_conflict_engine_exception');
  const missing = await node.request('GET', '/perc/doc/nope/_percolate');
  t.is(missing.status, 404);
  t.is(missing.body.error.type, 'resource_not_found_exception');
  t.is(missing.body.error.reason, "percolate document [perc/doc/nope] doesn't exist");
});

test('request errors as ES 5.6 words them', async (t) => {
  const unknown = await node.request('POST', '/perc/doc/_percolate', { doc: { body: 'x' }, aggs: {} });
  t.is(unknown.status, 400);
  t.is(unknown.body.error.reason, 'Unknown field [aggs]');
  const noDoc = await node.request('POST', '/perc/doc/_percolate', { size: 3 });
  t.is(noDoc.body.error.reason, '[document] is a required argument');
  const noBody = await node.request('POST', '/perc/doc/_percolate');
  t.is(noBody.status, 400);
  t.is(noBody.body.error.reason, 'Validation Failed: 1: source or get is missing;');
  // the percolate APIs read the `query` field: an index without one cannot be percolated
  const noField = await node.request('POST', '/other/doc/_percolate', { doc: { body: 'x' } });
  t.is(noField.status, 400);
  t.is(noField.body.error.root_cause[0].type, 'query_shard_exception');
  t.is(noField.body.error.root_cause[0].reason, 'field [query] does not exist');
});

test('_mpercolate answers every item in order, failures in place', async (t) => {
  const body = ndjson([
    { percolate: { index: 'perc', type: 'doc' } },
    { doc: { body: 'quick' } },
    { percolate: { index: 'no_such_index', type: 'doc' } },
    { doc: { body: 'quick' } },
    { count: { index: 'perc', type: 'doc', id: 'd1' } },
    {},
    { percolate: { index: 'other', type: 'doc', id: 'o1', percolate_index: 'perc' } },
    {},
  ]);
  const r = await node.request('POST', '/_mpercolate', body);
  t.is(r.status, 200, r.text);
  const [a, b, c, d] = r.body.responses;
  t.deepEqual(ids(a.matches), ['quick']);
  t.deepEqual(Object.keys(b), ['error']);
  t.is(b.error.root_cause[0].type, 'index_not_found_exception');
  t.is(b.error.root_cause[0].index, 'no_such_index');
  t.deepEqual([c.total, c.matches], [2, undefined]);
  t.deepEqual(ids(d.matches), ['zebra']);
  const bad = await node.request('POST', '/perc/_mpercolate', ndjson([{ search: {} }, {}]));
  t.is(bad.status, 400);
  t.is(bad.body.error.type, 'parse_exception');
  t.is(bad.body.error.reason, "[search] isn't a supported percolate operation");
});

test('_percolate highlights the document with each matching query', async (t) => {
  const r = await node.request('POST', '/perc/doc/_percolate', { doc: { body: 'the quick fox' }, highlight: { fields: { body: {} } }, sort: 'tag' });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.matches, [
    { _index: 'perc', _id: 'quick', highlight: { body: ['the <em>quick</em> fox'] } },
    { _index: 'perc', _id: 'fox', highlight: { body: ['the quick <em>fox</em>'] } },
  ]);
});
