/**
 * Terms lookups are fetched by the coordinator (lib/action/search/terms-lookups.ts) and travel
 * to the shards inside the request message, wherever the lookup sits: the query (also deep in a
 * bool), the post filter, a filter aggregation, an alias filter, `_count`, `_explain` and
 * `_validate/query`. The node runs with every shard message through the protobuf schema, so the
 * fetched sources cross it too.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'protobuf' });
  const lines: unknown[] = [
    { index: { _index: 'users', _type: 'user', _id: '1' } },
    { follows: ['a', 'c'], nested: { deep: ['b'] } },
    { index: { _index: 'users', _type: 'user', _id: 'r', routing: 'x' } },
    { follows: ['d'] },
  ];
  for (const [id, tag] of [['a', 'red'], ['b', 'blue'], ['c', 'red'], ['d', 'green']]) lines.push({ index: { _index: 'docs', _type: 'd', _id: id } }, { tag, id });
  lines.push({ index: { _index: 'docs', _type: 'list', _id: 'mine' } }, { ids: ['b', 'd'] });
  const r = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (r.body.errors) throw new Error(r.text);
  const alias = await node.request('POST', '/_aliases', { actions: [{ add: { index: 'docs', alias: 'followed', filter: { terms: { id: { index: 'users', type: 'user', id: '1', path: 'follows' } } } } }] });
  if (alias.status !== 200) throw new Error(alias.text);
});

test.after.always(async () => {
  await node?.close();
});

const ids = (body: { hits: { hits: Array<{ _id: string }> } }): string[] => body.hits.hits.map((h) => h._id).sort();
const lookup = (id: string, path: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ terms: { id: { index: 'users', type: 'user', id, path, ...extra } } });

test('a lookup in the query, deep in a bool, with routing, or in the searched index itself', async (t) => {
  t.deepEqual(ids((await node.request('POST', '/docs/d/_search', { query: lookup('1', 'follows') })).body), ['a', 'c']);
  t.deepEqual(ids((await node.request('POST', '/docs/d/_search', { query: { bool: { should: [lookup('1', 'nested.deep'), { bool: { filter: lookup('r', 'follows', { routing: 'x' }) } }] } } })).body), ['b', 'd']);
  // no index named: the searched one
  t.deepEqual(ids((await node.request('POST', '/docs/d/_search', { query: { terms: { id: { type: 'list', id: 'mine', path: 'ids' } } } })).body), ['b', 'd']);
  t.deepEqual(ids((await node.request('POST', '/docs/d/_search', { query: lookup('nobody', 'follows') })).body), []);
});

test('a lookup in the post filter, an aggregation, an alias filter and _count', async (t) => {
  const r = await node.request('POST', '/docs/d/_search', { post_filter: lookup('1', 'follows'), aggs: { f: { filter: lookup('r', 'follows', { routing: 'x' }), aggs: { t: { terms: { field: 'tag.keyword' } } } } } });
  t.deepEqual(ids(r.body), ['a', 'c']);
  t.like(r.body.aggregations, { f: { doc_count: 1, t: { buckets: [{ key: 'green', doc_count: 1 }] } } });
  t.deepEqual(ids((await node.request('POST', '/followed/_search', { query: { match_all: {} } })).body), ['a', 'c']);
  t.is((await node.request('POST', '/docs/_count', { query: lookup('1', 'follows') })).body.count, 2);
});

test('_explain and _validate/query resolve their lookups too', async (t) => {
  const e = await node.request('POST', '/docs/d/c/_explain', { query: lookup('1', 'follows') });
  t.is(e.status, 200, e.text);
  t.true(e.body.matched);
  t.false((await node.request('POST', '/docs/d/b/_explain', { query: lookup('1', 'follows') })).body.matched);
  const v = await node.request('POST', '/docs/_validate/query?explain=true', { query: lookup('1', 'follows') });
  t.true(v.body.valid, v.text);
  t.regex(v.body.explanations[0].explanation, /id:\(a c\)|id:a id:c|a c/);
});

test('a lookup of a missing index fails as the shards would', async (t) => {
  const r = await node.request('POST', '/docs/d/_search', { query: { terms: { id: { index: 'no_such', type: 'user', id: '1', path: 'follows' } } } });
  // the get's failure is the shard's, as ES's rewrite on the shard fails
  t.is(r.status, 400, r.text);
  t.like(r.body.error, { type: 'search_phase_execution_exception', root_cause: [{ type: 'index_not_found_exception', index: 'no_such' }] });
  t.like(r.body.error.failed_shards[0].reason, { type: 'query_shard_exception', caused_by: { type: 'index_not_found_exception', index: 'no_such' } });
});
