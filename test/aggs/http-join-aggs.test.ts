/**
 * `nested`, `reverse_nested` and `children` aggregations over HTTP (ES 5.6 response shapes and
 * errors), with the shard results crossing the protobuf shard client.
 * Products (two shards): p1 a/10 resellers [r1/5 reviews [5, 3], r2/7], p2 b/20 resellers [r1/6],
 * p3 c/30 no resellers. Questions q1 tags [x, y], q2 tags [y]; answers a1 (q1, sam), a2 (q1, kim),
 * a3 (q2, sam) routed to their parents' shards.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;
type Json = Record<string, any>;

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'protobuf' });
  const ok = (r: { status: number; text: string; body: Json }): void => {
    if (r.status >= 300 || r.body.errors) throw new Error(r.text);
  };
  ok(
    await node.request('PUT', '/shop', {
      settings: { number_of_shards: 2 },
      mappings: {
        product: {
          properties: {
            name: { type: 'keyword' },
            price: { type: 'long' },
            maker: { properties: { country: { type: 'keyword' } } },
            resellers: { type: 'nested', properties: { name: { type: 'keyword' }, price: { type: 'long' }, reviews: { type: 'nested', properties: { stars: { type: 'long' } } } } },
          },
        },
      },
    }),
  );
  ok(await node.request('PUT', '/shop/product/p1', { name: 'a', price: 10, resellers: [{ name: 'r1', price: 5, reviews: [{ stars: 5 }, { stars: 3 }] }, { name: 'r2', price: 7 }] }));
  ok(await node.request('PUT', '/shop/product/p2', { name: 'b', price: 20, resellers: [{ name: 'r1', price: 6 }] }));
  ok(await node.request('PUT', '/shop/product/p3', { name: 'c', price: 30 }));
  ok(
    await node.request('PUT', '/qa', {
      settings: { number_of_shards: 2 },
      mappings: { question: { properties: { tags: { type: 'keyword' } } }, answer: { _parent: { type: 'question' }, properties: { owner: { type: 'keyword' } } }, note: { properties: { owner: { type: 'keyword' } } } },
    }),
  );
  ok(await node.request('PUT', '/qa/question/q1', { tags: ['x', 'y'] }));
  ok(await node.request('PUT', '/qa/question/q2', { tags: ['y'] }));
  ok(await node.request('PUT', '/qa/answer/a1?parent=q1', { owner: 'sam' }));
  ok(await node.request('PUT', '/qa/answer/a2?parent=q1', { owner: 'kim' }));
  ok(await node.request('PUT', '/qa/answer/a3?parent=q2', { owner: 'sam' }));
  ok(await node.request('POST', '/_refresh'));
});

test.after.always(async () => {
  await node?.close();
});

const search = (index: string, body: Json, qs = '') => node.request('POST', `/${index}/_search${qs}`, { size: 0, ...body });

test('nested: the nested docs of every matching root, with metrics over their fields', async (t) => {
  const r = await search('shop', { aggs: { res: { nested: { path: 'resellers' }, aggs: { low: { min: { field: 'resellers.price' } }, n: { value_count: { field: 'resellers.price' } } } } } }, '?typed_keys');
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations, { 'nested#res': { doc_count: 3, 'min#low': { value: 5 }, 'value_count#n': { value: 3 } } });
  t.is(r.body.hits.total, 3);
  // the query selects roots; nested docs follow them
  const q = await search('shop', { query: { term: { name: 'a' } }, aggs: { res: { nested: { path: 'resellers' } } } });
  t.deepEqual(q.body.aggregations.res, { doc_count: 2 });
});

test('nested under terms: per-bucket nested docs', async (t) => {
  const r = await search('shop', { aggs: { by: { terms: { field: 'name' }, aggs: { res: { nested: { path: 'resellers' }, aggs: { top: { max: { field: 'resellers.price' } } } } } } } });
  t.is(r.status, 200, r.text);
  t.deepEqual(
    r.body.aggregations.by.buckets.map((b: Json) => [b.key, b.doc_count, b.res.doc_count, b.res.top.value]),
    [
      ['a', 1, 2, 7],
      ['b', 1, 1, 6],
      ['c', 1, 0, null],
    ],
  );
});

test('nested in nested, and a deeper path straight from the roots', async (t) => {
  const r = await search('shop', {
    aggs: {
      res: { nested: { path: 'resellers' }, aggs: { rev: { nested: { path: 'resellers.reviews' }, aggs: { stars: { avg: { field: 'resellers.reviews.stars' } } } } } },
      direct: { nested: { path: 'resellers.reviews' } },
    },
  });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations.res.rev, { doc_count: 2, stars: { value: 4 } });
  t.deepEqual(r.body.aggregations.direct, { doc_count: 2 });
});

test('reverse_nested: back to the roots (counted once per bucket) or to an enclosing nested level', async (t) => {
  const r = await search(
    'shop',
    {
      aggs: {
        res: {
          nested: { path: 'resellers' },
          aggs: {
            sellers: { terms: { field: 'resellers.name' }, aggs: { back: { reverse_nested: {}, aggs: { names: { terms: { field: 'name' } }, total: { sum: { field: 'price' } } } } } },
            rev: { nested: { path: 'resellers.reviews' }, aggs: { up: { reverse_nested: { path: 'resellers' }, aggs: { who: { terms: { field: 'resellers.name' } } } }, root: { reverse_nested: {} } } },
          },
        },
      },
    },
    '?typed_keys',
  );
  t.is(r.status, 200, r.text);
  const res = r.body.aggregations['nested#res'];
  const sellers = res['sterms#sellers'].buckets.map((b: Json) => ({ key: b.key, n: b.doc_count, back: b['reverse_nested#back'].doc_count, names: b['reverse_nested#back']['sterms#names'].buckets.map((x: Json) => x.key), total: b['reverse_nested#back']['sum#total'].value }));
  t.deepEqual(sellers, [
    { key: 'r1', n: 2, back: 2, names: ['a', 'b'], total: 30 },
    { key: 'r2', n: 1, back: 1, names: ['a'], total: 10 },
  ]);
  const rev = res['nested#rev'];
  t.is(rev.doc_count, 2);
  // two reviews of one reseller: one reseller, one product
  t.is(rev['reverse_nested#up'].doc_count, 1);
  t.deepEqual(rev['reverse_nested#up']['sterms#who'].buckets, [{ key: 'r1', doc_count: 1 }]);
  t.deepEqual(rev['reverse_nested#root'], { doc_count: 1 });
});

test('nested and reverse_nested: unmapped paths are empty results; ES 5.6 errors for the rest', async (t) => {
  const u = await search('shop', { aggs: { x: { nested: { path: 'nope' }, aggs: { m: { max: { field: 'price' } } } } } });
  t.is(u.status, 200, u.text);
  t.deepEqual(u.body.aggregations.x, { doc_count: 0, m: { value: null } });
  const ur = await search('shop', { aggs: { x: { nested: { path: 'resellers' }, aggs: { y: { reverse_nested: { path: 'nope' } } } } } });
  t.deepEqual(ur.body.aggregations.x.y, { doc_count: 0 });

  const top = await search('shop', { aggs: { y: { reverse_nested: {} } } });
  t.is(top.status, 400, top.text);
  t.is(top.body.error.type, 'search_phase_execution_exception');
  t.deepEqual(top.body.error.root_cause[0], { type: 'search_parse_exception', reason: 'Reverse nested aggregation [y] can only be used inside a [nested] aggregation' });

  const obj = await search('shop', { aggs: { m: { nested: { path: 'maker' } } } });
  t.is(obj.status, 500, obj.text);
  t.deepEqual(obj.body.error.root_cause[0], { type: 'aggregation_execution_exception', reason: '[nested] nested path [maker] is not nested' });

  const missing = await search('shop', { aggs: { m: { nested: {} } } });
  t.is(missing.status, 400);
  t.is(missing.body.error.type, 'parsing_exception');
  t.is(missing.body.error.reason, 'Missing [path] field for nested aggregation [m]');
  const bad = await search('shop', { aggs: { m: { nested: { path: 'resellers', x: 'y' } } } });
  t.is(bad.body.error.reason, 'Unknown key for a VALUE_STRING in [m]: [x].');
  const num = await search('shop', { aggs: { m: { reverse_nested: { path: 3 } } } });
  t.is(num.body.error.reason, 'Unexpected token VALUE_NUMBER in [m].');
});

test('children: the child docs of the collected parents, per bucket', async (t) => {
  const r = await search('qa', { aggs: { tags: { terms: { field: 'tags' }, aggs: { answers: { children: { type: 'answer' }, aggs: { owners: { terms: { field: 'owner' } } } } } }, all: { children: { type: 'answer' } } } }, '?typed_keys');
  t.is(r.status, 200, r.text);
  const tags = r.body.aggregations['sterms#tags'].buckets.map((b: Json) => ({ key: b.key, n: b.doc_count, answers: b['children#answers'].doc_count, owners: b['children#answers']['sterms#owners'].buckets }));
  t.deepEqual(tags, [
    { key: 'y', n: 2, answers: 3, owners: [{ key: 'sam', doc_count: 2 }, { key: 'kim', doc_count: 1 }] },
    { key: 'x', n: 1, answers: 2, owners: [{ key: 'kim', doc_count: 1 }, { key: 'sam', doc_count: 1 }] },
  ]);
  t.deepEqual(r.body.aggregations['children#all'], { doc_count: 3 });
  // only the parents the query matches (children are found whatever the query)
  const q = await search('qa', { query: { term: { tags: 'x' } }, aggs: { c: { children: { type: 'answer' } } } });
  t.deepEqual(q.body.aggregations.c, { doc_count: 2 });
  const none = await search('qa', { query: { term: { owner: 'sam' } }, aggs: { c: { children: { type: 'answer' } } } });
  t.deepEqual(none.body.aggregations.c, { doc_count: 0 });
});

test('children: unknown type is empty; a type without _parent and a missing type fail as ES 5.6', async (t) => {
  const u = await search('qa', { aggs: { c: { children: { type: 'ghost' } } } });
  t.is(u.status, 200, u.text);
  t.deepEqual(u.body.aggregations.c, { doc_count: 0 });
  const np = await search('qa', { aggs: { c: { children: { type: 'note' } } } });
  t.is(np.status, 400, np.text);
  t.deepEqual(np.body.error.root_cause[0], { type: 'illegal_argument_exception', reason: '[children] no [_parent] field not configured that points to a parent type' });
  const m = await search('qa', { aggs: { c: { children: {} } } });
  t.is(m.status, 400);
  t.is(m.body.error.reason, 'Missing [child_type] field for children aggregation [c]');
});

test('buckets_path through nested and reverse_nested single buckets', async (t) => {
  const r = await search('shop', {
    aggs: {
      by: { terms: { field: 'name', order: { 'res>low': 'asc' } }, aggs: { res: { nested: { path: 'resellers' }, aggs: { low: { min: { field: 'resellers.price' } } } } } },
      cheapest: { min_bucket: { buckets_path: 'by>res>low' } },
      docs: { sum_bucket: { buckets_path: 'by>res._count' } },
    },
  });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.aggregations.by.buckets.map((b: Json) => b.key), ['a', 'b', 'c']);
  t.deepEqual(r.body.aggregations.cheapest, { value: 5, keys: ['a'] });
  t.deepEqual(r.body.aggregations.docs, { value: 3 });
});

test('top_hits under nested: nested hits with _nested identity and the nested object as _source', async (t) => {
  const r = await search('shop', { query: { term: { name: 'a' } }, aggs: { res: { nested: { path: 'resellers' }, aggs: { th: { top_hits: { _source: ['name'] } } } } } });
  t.is(r.status, 200, r.text);
  const hits = r.body.aggregations.res.th.hits;
  t.is(hits.total, 2);
  // equal scores: doc order, and ES's block puts the last nested object first
  t.deepEqual(
    hits.hits.map((h: Json) => [h._id, h._nested, h._source]),
    [
      ['p1', { field: 'resellers', offset: 1 }, { name: 'r2' }],
      ['p1', { field: 'resellers', offset: 0 }, { name: 'r1' }],
    ],
  );
});
