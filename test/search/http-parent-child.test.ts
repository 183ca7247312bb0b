/**
 * `_parent` joins over HTTP (every shard message through JSON): children routed to their
 * parent's shard, `has_child` with each score mode and min/max_children, `has_parent` with and
 * without score, `parent_id`, their inner hits, and ES 5.6's errors. Child scores come from
 * `function_score` on a child field so every expected value is exact.
 */
import test from 'ava';
import { ndjson, startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'json' });
  const mappings = {
    blog: { properties: { title: { type: 'keyword' }, likes: { type: 'long' } } },
    comment: { _parent: { type: 'blog' }, properties: { author: { type: 'keyword' }, n: { type: 'long' } } },
    other: { properties: { x: { type: 'keyword' } } },
  };
  const r = await node.request('PUT', '/pc', { settings: { number_of_shards: 3 }, mappings });
  if (r.status !== 200) throw new Error(r.text);
  const lines = [
    { index: { _type: 'blog', _id: 'b1' } },
    { title: 'first', likes: 3 },
    { index: { _type: 'blog', _id: 'b2' } },
    { title: 'second', likes: 8 },
    { index: { _type: 'blog', _id: 'b3' } },
    { title: 'third', likes: 1 },
    { index: { _type: 'comment', _id: 'c1', parent: 'b1' } },
    { author: 'kim', n: 1 },
    { index: { _type: 'comment', _id: 'c2', parent: 'b1' } },
    { author: 'kim', n: 4 },
    { index: { _type: 'comment', _id: 'c3', parent: 'b1' } },
    { author: 'lee', n: 2 },
    { index: { _type: 'comment', _id: 'c4', parent: 'b2' } },
    { author: 'kim', n: 7 },
  ];
  const bulk = await node.request('POST', '/pc/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (body: unknown) => node.request('POST', '/pc/_search', body);
const scoreByN = { function_score: { query: { term: { author: 'kim' } }, field_value_factor: { field: 'n' }, boost_mode: 'replace' } };
const hitsOf = (r: any): Array<[string, number]> => r.body.hits.hits.map((h: any) => [h._id, h._score]);

test.serial('has_child joins children scores by score_mode', async (t) => {
  const expected: Record<string, Array<[string, number]>> = {
    none: [['b1', 1], ['b2', 1]],
    avg: [['b2', 7], ['b1', 2.5]],
    sum: [['b2', 7], ['b1', 5]],
    min: [['b2', 7], ['b1', 1]],
    max: [['b2', 7], ['b1', 4]],
  };
  for (const [mode, want] of Object.entries(expected)) {
    const r = await search({ query: { has_child: { type: 'comment', score_mode: mode, query: scoreByN } }, sort: mode === 'none' ? ['_score', '_uid'] : undefined, track_scores: true });
    t.is(r.status, 200, r.text);
    t.deepEqual(hitsOf(r), want, mode);
  }
  // a boost applies to the joined score
  const boosted = await search({ query: { has_child: { type: 'comment', score_mode: 'max', boost: 2, query: scoreByN } } });
  t.deepEqual(hitsOf(boosted), [['b2', 14], ['b1', 8]]);
});

test.serial('has_child min_children and max_children count matching children', async (t) => {
  const ids = async (min: number, max?: number): Promise<string[]> =>
    (await search({ query: { has_child: { type: 'comment', min_children: min, ...(max !== undefined ? { max_children: max } : {}), query: { match_all: {} } } }, sort: ['_uid'] })).body.hits.hits.map((h: any) => h._id);
  t.deepEqual(await ids(2), ['b1']);
  t.deepEqual(await ids(1, 1), ['b2']);
  t.deepEqual(await ids(0, 0), ['b1', 'b2'], 'max_children 0 means unbounded');
  t.deepEqual(await ids(4), []);
  const bad = await search({ query: { has_child: { type: 'comment', min_children: 3, max_children: 2, query: { match_all: {} } } } });
  t.is(bad.status, 400);
  t.is(bad.body.error.root_cause[0].reason, "[has_child] 'max_children' is less than 'min_children'");
});

test.serial('has_parent matches children of matching parents, scored with score: true', async (t) => {
  const q = { function_score: { query: { range: { likes: { gte: 2 } } }, field_value_factor: { field: 'likes' }, boost_mode: 'replace' } };
  const scored = await search({ query: { has_parent: { parent_type: 'blog', score: true, query: q } }, sort: ['_score', '_uid'], track_scores: true });
  t.deepEqual(hitsOf(scored), [['c4', 8], ['c1', 3], ['c2', 3], ['c3', 3]]);
  const plain = await search({ query: { has_parent: { parent_type: 'blog', query: { term: { title: 'second' } } } } });
  t.deepEqual(hitsOf(plain), [['c4', 1]]);
  t.deepEqual(plain.body.hits.hits[0]._parent, 'b2');
  t.deepEqual(plain.body.hits.hits[0]._routing, 'b2');
});

test.serial('parent_id finds the children of one parent', async (t) => {
  const r = await search({ query: { parent_id: { type: 'comment', id: 'b1' } }, sort: ['_uid'] });
  t.deepEqual(hitsOf(r), [['c1', null as unknown as number], ['c2', null as unknown as number], ['c3', null as unknown as number]]);
  t.is((await search({ query: { parent_id: { type: 'comment', id: 'b3' } } })).body.hits.total, 0);
});

test.serial('inner hits of has_child and has_parent', async (t) => {
  const r = await search({ query: { has_child: { type: 'comment', score_mode: 'max', query: scoreByN, inner_hits: { size: 1 } } }, _source: false });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.hits.hits[1], {
    _index: 'pc',
    _type: 'blog',
    _id: 'b1',
    _score: 4,
    inner_hits: {
      comment: { hits: { total: 2, max_score: 4, hits: [{ _type: 'comment', _id: 'c2', _score: 4, _routing: 'b1', _parent: 'b1', _source: { author: 'kim', n: 4 } }] } },
    },
  });
  const named = await search({
    query: { has_parent: { parent_type: 'blog', query: { constant_score: { filter: { term: { title: 'second' } } } }, inner_hits: { name: 'p', _source: ['title'], version: true, docvalue_fields: ['likes'] } } },
    _source: false,
  });
  t.deepEqual(named.body.hits.hits[0].inner_hits, {
    p: { hits: { total: 1, max_score: 1, hits: [{ _type: 'blog', _id: 'b2', _version: 1, _score: 1, _source: { title: 'second' }, fields: { likes: [8] } }] } },
  });
});

test.serial('join errors as ES 5.6 reports them', async (t) => {
  const reason = async (q: unknown): Promise<string> => {
    const r = await search({ query: q });
    t.is(r.status, 400, r.text);
    t.is(r.body.error.root_cause[0].type, 'query_shard_exception');
    return r.body.error.root_cause[0].reason;
  };
  const all = { match_all: {} };
  t.is(await reason({ has_child: { type: 'x', query: all } }), '[has_child] no mapping found for type [x]');
  t.is(await reason({ has_child: { type: 'other', query: all } }), '[has_child] _parent field has no parent type configured');
  t.is(await reason({ has_parent: { parent_type: 'x', query: all } }), "[has_parent] query configured 'parent_type' [x] is not a valid type");
  t.is(await reason({ has_parent: { parent_type: 'comment', query: all } }), '[has_parent] no child types found for type [comment]');
  t.is(await reason({ parent_id: { type: 'x', id: '1' } }), '[parent_id] no mapping found for type [x]');
  t.is(await reason({ parent_id: { type: 'blog', id: '1' } }), '[parent_id] _parent field has no parent type configured');
  const ignored = await search({ query: { has_child: { type: 'x', ignore_unmapped: true, query: all } } });
  t.is(ignored.body.hits.total, 0);
});
