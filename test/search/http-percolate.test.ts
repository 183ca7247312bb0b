/**
 * The `percolator` field type and the `percolate` query over HTTP (ES 5.6 percolator module).
 * Scores are the stored query's BM25 score on a one-document index (Lucene's MemoryIndex): one
 * document, so a term's idf is ln(1 + 0.5/1.5) = 0.2876821, and a field whose length equals the
 * average gives tfNorm 1 for one occurrence.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

const MAPPINGS = {
  queries: { properties: { query: { type: 'percolator' }, tag: { type: 'keyword' } } },
  doc: {
    properties: {
      body: { type: 'text' },
      color: { type: 'keyword' },
      n: { type: 'long' },
      employee: { type: 'nested', properties: { name: { type: 'text' } } },
    },
  },
};

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/perc', { settings: { number_of_shards: 2 }, mappings: MAPPINGS });
  if (r.status !== 200) throw new Error(r.text);
  const queries: Record<string, unknown> = {
    quick: { match: { body: 'quick' } },
    quickfox: { match: { body: 'quick fox' } },
    zebra: { match: { body: 'zebra' } },
    red: { bool: { filter: [{ term: { color: 'red' } }, { range: { n: { gte: 5 } } }] } },
    potts: { nested: { path: 'employee', query: { match: { 'employee.name': { query: 'virginia potts', operator: 'and' } } } } },
  };
  const lines: unknown[] = [];
  for (const [id, query] of Object.entries(queries)) lines.push({ index: { _index: 'perc', _type: 'queries', _id: id } }, { query, tag: id.length > 4 ? 'long' : 'short' });
  lines.push({ index: { _index: 'perc', _type: 'doc', _id: 'd1' } }, { body: 'the quick brown fox', color: 'red', n: 7 });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

async function percolate(percolateBody: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return node.request('POST', '/perc/_search', { query: { percolate: { field: 'query', document_type: 'doc', ...percolateBody } }, ...extra });
}

const hitsOf = (r: { body: any }): Array<[string, number]> => r.body.hits.hits.map((h: any) => [h._id, h._score]);

test('an inline document matches the stored queries it satisfies, scored on the one-document index', async (t) => {
  const r = await percolate({ document: { body: 'the quick brown fox', color: 'red', n: 7 } });
  t.is(r.status, 200, r.text);
  t.is(r.body.hits.total, 3);
  // quickfox: two terms of idf 0.2876821; quick: one; red: filters only (score 0)
  t.deepEqual(hitsOf(r), [
    ['quickfox', 0.5753642],
    ['quick', 0.2876821],
    ['red', 0],
  ]);
  const none = await percolate({ document: { body: 'slow', color: 'red', n: 2 } });
  t.is(none.body.hits.total, 0);
});

test('the query can sit in a filter and next to other clauses on the query documents', async (t) => {
  const r = await node.request('POST', '/perc/_search', {
    query: { bool: { must: { term: { tag: 'long' } }, filter: { percolate: { field: 'query', document_type: 'doc', document: { body: 'quick zebra', color: 'red', n: 9 } } } } },
  });
  t.is(r.status, 200, r.text);
  // `red` matches the document too, but its tag is short
  t.deepEqual(r.body.hits.hits.map((h: any) => h._id).sort(), ['quick', 'quickfox', 'zebra']);
});

test('nested documents match through nested queries only', async (t) => {
  const no = await percolate({ document: { employee: [{ name: 'virginia stark' }, { name: 'tony potts' }] } });
  t.is(no.body.hits.total, 0);
  const yes = await percolate({ document: { employee: [{ name: 'virginia potts' }, { name: 'tony stark' }] } });
  t.deepEqual(yes.body.hits.hits.map((h: any) => h._id), ['potts']);
});

test('a stored document is fetched by index/type/id, with its version checked', async (t) => {
  const r = await percolate({ index: 'perc', type: 'doc', id: 'd1' });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.hits.hits.map((h: any) => h._id), ['quickfox', 'quick', 'red']);
  const v = await percolate({ index: 'perc', type: 'doc', id: 'd1', version: 1 });
  t.is(v.body.hits.total, 3);
  const conflict = await percolate({ index: 'perc', type: 'doc', id: 'd1', version: 2 });
  t.is(conflict.status, 409, conflict.text);
  t.is(conflict.body.error.root_cause[0].type, 'version_conflict_engine_exception');
  const missing = await percolate({ index: 'perc', type: 'doc', id: 'nope' });
  t.is(missing.status, 404, missing.text);
  t.is(missing.body.error.root_cause[0].type, 'resource_not_found_exception');
  t.is(missing.body.error.root_cause[0].reason, 'indexed document [perc/doc/nope] couldn\'t be found');
});

test('a stored document is read with the query\'s preference (ES 5.6 GetRequest#preference)', async (t) => {
  const custom = await percolate({ index: 'perc', type: 'doc', id: 'd1', preference: 'session-1' });
  t.is(custom.status, 200, custom.text);
  t.deepEqual(custom.body.hits.hits.map((h: any) => h._id), ['quickfox', 'quick', 'red']);
  // the get refuses a preference ES does not know; the shards report its failure
  const bad = await percolate({ index: 'perc', type: 'doc', id: 'd1', preference: '_nearest' });
  t.is(bad.status, 400, bad.text);
  t.is(bad.body.error.root_cause[0].type, 'illegal_argument_exception');
  t.is(bad.body.error.root_cause[0].reason, 'no Preference for [_nearest]');
});

test('percolate query errors as ES 5.6 words them', async (t) => {
  const noType = await node.request('POST', '/perc/_search', { query: { percolate: { field: 'query', document: {} } } });
  t.is(noType.status, 400);
  t.is(noType.body.error.type, 'illegal_argument_exception');
  t.is(noType.body.error.reason, '[percolate] query is missing required [document_type] parameter');
  const nothing = await percolate({});
  t.is(nothing.body.error.reason, '[percolate] query, nothing to percolate');
  const noField = await node.request('POST', '/perc/_search', { query: { percolate: { document_type: 'doc', document: {} } } });
  t.is(noField.body.error.reason, '[field] is a required argument');
  const unknown = await percolate({ document: {}, foo: 1 });
  t.is(unknown.body.error.type, 'parsing_exception');
  t.is(unknown.body.error.reason, '[percolate] query does not support [foo]');
  const missingField = await node.request('POST', '/perc/_search', { query: { percolate: { field: 'nope', document_type: 'doc', document: {} } } });
  t.is(missingField.status, 400);
  t.is(missingField.body.error.root_cause[0].type, 'query_shard_exception');
  t.is(missingField.body.error.root_cause[0].reason, 'field [nope] does not exist');
  const direct = await node.request('POST', '/perc/_search', { query: { term: { query: 'x' } } });
  t.is(direct.status, 400);
  t.is(direct.body.error.root_cause[0].reason, 'Percolator fields are not searchable directly, use a percolate query instead');
  const wrongType = await node.request('POST', '/perc/_search', { query: { percolate: { field: 'tag', document_type: 'doc', document: {} } } });
  t.is(wrongType.body.error.root_cause[0].reason, 'expected field [tag] to be of type [percolator], but is of type [keyword]');
});

test('the percolator field refuses what ES 5.6 refuses when a query is indexed', async (t) => {
  const put = (body: unknown) => node.request('PUT', '/perc/queries/bad', body);
  for (const [query, cause, reason] of [
    [{ has_child: { type: 'doc', query: { match_all: {} } } }, 'illegal_argument_exception', 'the [has_child] query is unsupported inside a percolator query'],
    [{ bool: { should: [{ has_parent: { parent_type: 'doc', query: { match_all: {} } } }] } }, 'illegal_argument_exception', 'the [has_parent] query is unsupported inside a percolator query'],
    [{ constant_score: { filter: { range: { n: { gte: 'now-1d' } } } } }, 'illegal_argument_exception', 'percolator queries containing time range queries based on the current time is unsupported'],
    [[{ match_all: {} }, { match_all: {} }], 'illegal_argument_exception', 'a document can only contain one percolator query'],
    [{ no_such_query: {} }, 'parsing_exception', 'no [query] registered for [no_such_query]'],
  ] as const) {
    const r = await put({ query });
    t.is(r.status, 400, r.text);
    t.is(r.body.error.type, 'mapper_parsing_exception');
    t.is(r.body.error.reason, 'failed to parse');
    t.is(r.body.error.caused_by.type, cause);
    t.is(r.body.error.caused_by.reason, reason);
  }
  const get = await node.request('GET', '/perc/queries/bad');
  t.is(get.body.found, false);
});

test('highlighting marks the percolated document with each hit\'s own query', async (t) => {
  const r = await percolate({ document: { body: 'the quick brown fox', color: 'red', n: 7 } }, { highlight: { fields: { body: {} } } });
  t.is(r.status, 200, r.text);
  const hl = Object.fromEntries(r.body.hits.hits.map((h: any) => [h._id, h.highlight]));
  t.deepEqual(hl, {
    quickfox: { body: ['the <em>quick</em> brown <em>fox</em>'] },
    quick: { body: ['the <em>quick</em> brown fox'] },
    red: undefined,
  });
  // a highlight_query replaces the stored query, as for any hit
  const hq = await percolate({ document: { body: 'the quick brown fox' } }, { highlight: { fields: { body: { highlight_query: { match: { body: 'brown' } } } } } });
  t.deepEqual(hq.body.hits.hits.map((h: any) => h.highlight), [{ body: ['the quick <em>brown</em> fox'] }, { body: ['the quick <em>brown</em> fox'] }]);
});
