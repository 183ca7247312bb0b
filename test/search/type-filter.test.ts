/**
 * Mapping types in search: `/{index}/{type}/_search`, type lists, the `type` query and `_type`
 * terms select root documents by type (answered from each segment's per-type doc lists), never
 * nested documents, and deleted documents stay out.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

const ids = (r: { body: { hits: { hits: Array<{ _type: string; _id: string }> } } }): string[] =>
  r.body.hits.hits.map((h) => `${h._type}/${h._id}`).sort();

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/zoo', {
    settings: { number_of_shards: 1 },
    mappings: { cat: { properties: { kittens: { type: 'nested' } } }, dog: {}, bird: {} },
  });
  if (r.status !== 200) throw new Error(r.text);
  const lines: unknown[] = [];
  for (const [type, id] of [['cat', 'c1'], ['dog', 'd1'], ['cat', 'c2'], ['bird', 'b1'], ['dog', 'd2'], ['cat', 'c3']]) {
    lines.push({ index: { _index: 'zoo', _type: type, _id: id } }, { name: `${type} ${id}`, kittens: type === 'cat' ? [{ n: 1 }, { n: 2 }] : undefined });
  }
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
  // A second segment, and a delete in the first.
  await node.request('PUT', '/zoo/dog/d3?refresh=true', { name: 'dog d3' });
  await node.request('DELETE', '/zoo/cat/c2?refresh=true');
});

test.after.always(async () => {
  await node?.close();
});

test('a type in the path selects its root documents only', async (t) => {
  const r = await node.request('GET', '/zoo/cat/_search');
  t.is(r.body.hits.total, 2);
  t.deepEqual(ids(r), ['cat/c1', 'cat/c3']);
  const dogs = await node.request('GET', '/zoo/dog/_search?q=name:dog');
  t.deepEqual(ids(dogs), ['dog/d1', 'dog/d2', 'dog/d3']);
});

test('type lists, the type query and _type terms', async (t) => {
  t.deepEqual(ids(await node.request('GET', '/zoo/bird,dog/_search')), ['bird/b1', 'dog/d1', 'dog/d2', 'dog/d3']);
  t.deepEqual(ids(await node.request('POST', '/zoo/_search', { query: { type: { value: 'bird' } } })), ['bird/b1']);
  t.deepEqual(ids(await node.request('POST', '/zoo/_search', { query: { terms: { _type: ['cat', 'bird'] } } })), ['bird/b1', 'cat/c1', 'cat/c3']);
  const none = await node.request('GET', '/zoo/fish/_search');
  t.is(none.status, 200);
  t.is(none.body.hits.total, 0);
  t.is((await node.request('GET', '/zoo/_count?q=_type:cat')).body.count, 2);
});
