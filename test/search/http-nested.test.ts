/**
 * Nested documents over HTTP (every shard message through JSON): the `nested` query as a block
 * join with each score mode, inner hits rendered as ES 5.6 renders them (`_nested` identity,
 * the nested object as `_source`, paging, sort, version, docvalue and script fields, inner hits
 * of nested queries inside nested queries), nested sorts, `include_in_parent`/`include_in_root`,
 * Lucene-style document counts, block replacement on update and delete, and ES's errors.
 * Scores come from `function_score` on a nested field so every expected value is exact.
 */
import test from 'ava';
import { ndjson, startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

const MAPPING = {
  d: {
    properties: {
      title: { type: 'keyword' },
      obj: { properties: { a: { type: 'keyword' } } },
      comments: {
        type: 'nested',
        properties: {
          author: { type: 'keyword' },
          n: { type: 'long' },
          replies: { type: 'nested', include_in_root: true, properties: { who: { type: 'keyword' } } },
        },
      },
      tags: { type: 'nested', include_in_parent: true, properties: { name: { type: 'keyword' } } },
    },
  },
};

const DOC1 = {
  title: 'one',
  comments: [
    { author: 'kim', n: 1, replies: [{ who: 'a' }, { who: 'b' }] },
    { author: 'lee', n: 2, replies: [{ who: 'b' }] },
    { author: 'kim', n: 4 },
  ],
  tags: [{ name: 'x' }],
};
const DOC2 = { title: 'two', comments: [{ author: 'lee', n: 5 }], tags: { name: 'y' } };

test.before(async () => {
  node = await startTestNode({ shardClientMode: 'json' });
  const r = await node.request('PUT', '/nest', { settings: { number_of_shards: 2 }, mappings: MAPPING });
  if (r.status !== 200) throw new Error(r.text);
  const lines = [{ index: { _id: '1' } }, DOC1, { index: { _id: '2' } }, DOC2, { index: { _id: '3' } }, { title: 'three' }];
  const bulk = await node.request('POST', '/nest/d/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const search = (body: unknown, index = 'nest') => node.request('POST', `/${index}/_search`, body);
/** The score of a comment: its `n` (function_score replacing the term query's score). */
const byN = (author: string) => ({ function_score: { query: { term: { 'comments.author': author } }, field_value_factor: { field: 'comments.n' }, boost_mode: 'replace' } });

test.serial('nested query joins child scores by score_mode', async (t) => {
  const expected: Record<string, number> = { avg: 2.5, sum: 5, min: 1, max: 4, none: 0 };
  for (const [mode, score] of Object.entries(expected)) {
    const r = await search({ query: { nested: { path: 'comments', score_mode: mode, query: byN('kim') } } });
    t.is(r.status, 200, r.text);
    t.is(r.body.hits.total, 1);
    t.is(r.body.hits.hits[0]._id, '1');
    t.is(r.body.hits.hits[0]._score, score, mode);
  }
  // the default is avg; `total` is the legacy name of sum
  t.is((await search({ query: { nested: { path: 'comments', query: byN('kim') } } })).body.hits.hits[0]._score, 2.5);
  t.is((await search({ query: { nested: { path: 'comments', score_mode: 'total', query: byN('kim') } } })).body.hits.hits[0]._score, 5);
});

test.serial('top-level searches see root documents only; counts include nested documents as ES counts them', async (t) => {
  t.is((await search({ query: { match_all: {} } })).body.hits.total, 3);
  t.is((await node.request('GET', '/nest/_count')).body.count, 3);
  // a nested field is not on the root document (no include_in_parent)
  t.is((await search({ query: { term: { 'comments.author': 'kim' } } })).body.hits.total, 0);
  // doc 1: root + 3 comments + 3 replies + 1 tag; doc 2: root + comment + tag; doc 3: root
  const cat = await node.request('GET', '/_cat/indices/nest?h=docs.count');
  t.is(cat.text.trim(), '12');
});

test.serial('include_in_parent and include_in_root copy nested fields up', async (t) => {
  const ids = async (q: unknown): Promise<string[]> => (await search({ query: q })).body.hits.hits.map((h: { _id: string }) => h._id);
  t.deepEqual(await ids({ term: { 'tags.name': 'x' } }), ['1']);
  t.deepEqual(await ids({ term: { 'comments.replies.who': 'a' } }), ['1']);
  // still searchable as nested documents
  t.deepEqual(await ids({ nested: { path: 'tags', query: { term: { 'tags.name': 'y' } } } }), ['2']);
});

test.serial('inner hits render the nested objects as ES 5.6 does', async (t) => {
  const r = await search({ query: { nested: { path: 'comments', query: byN('kim'), inner_hits: {} } }, _source: false });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.hits.hits[0], {
    _index: 'nest',
    _type: 'd',
    _id: '1',
    _score: 2.5,
    inner_hits: {
      comments: {
        hits: {
          total: 2,
          max_score: 4,
          hits: [
            { _nested: { field: 'comments', offset: 2 }, _score: 4, _source: { author: 'kim', n: 4 } },
            { _nested: { field: 'comments', offset: 0 }, _score: 1, _source: { author: 'kim', n: 1, replies: [{ who: 'a' }, { who: 'b' }] } },
          ],
        },
      },
    },
  });
});

test.serial('inner hits options: name, from/size, sort, _source, version, docvalue and script fields', async (t) => {
  const inner = {
    name: 'c',
    from: 1,
    size: 1,
    sort: [{ 'comments.n': 'desc' }],
    _source: ['author'],
    version: true,
    docvalue_fields: ['comments.n'],
    script_fields: { ten: { script: { lang: 'painless', inline: "doc['comments.n'].value * 10" } } },
  };
  const r = await search({ query: { nested: { path: 'comments', query: { match_all: {} }, inner_hits: inner } }, _source: false, sort: ['title'] });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.hits.hits[0].inner_hits, {
    c: {
      hits: {
        total: 3,
        max_score: null,
        hits: [{ _nested: { field: 'comments', offset: 1 }, _version: 1, _score: null, _source: { author: 'lee' }, fields: { 'comments.n': [2], ten: [20] }, sort: [2] }],
      },
    },
  });
  // a hit without nested objects of the path still gets its (empty) inner hits
  const either = { bool: { should: [{ nested: { path: 'comments', query: { match_all: {} }, inner_hits: {} } }, { term: { title: 'three' } }] } };
  const three = (await search({ query: either, _source: false, sort: ['title'] })).body.hits.hits[1];
  t.is(three._id, '3');
  t.deepEqual(three.inner_hits, { comments: { hits: { total: 0, max_score: null, hits: [] } } });
  const ex = await search({ query: { nested: { path: 'tags', query: { match_all: {} }, inner_hits: { explain: true } } }, _source: false, size: 1, sort: ['title'] });
  const hit = ex.body.hits.hits[0].inner_hits.tags.hits.hits[0];
  t.deepEqual(Object.keys(hit), ['_shard', '_node', '_nested', '_score', '_source', '_explanation']);
  t.is(hit._explanation.value, 1);
});

test.serial('inner hits of a nested query inside a nested query', async (t) => {
  const q = {
    nested: {
      path: 'comments',
      query: { nested: { path: 'comments.replies', query: { constant_score: { filter: { term: { 'comments.replies.who': 'b' } } } }, inner_hits: { name: 'r' } } },
      inner_hits: { _source: false, sort: [{ 'comments.n': 'asc' }] },
    },
  };
  const r = await search({ query: q, _source: false });
  t.is(r.status, 200, r.text);
  const comments = r.body.hits.hits[0].inner_hits.comments.hits;
  t.is(comments.total, 2);
  t.deepEqual(
    comments.hits.map((h: any) => [h._nested, h.inner_hits.r.hits.hits]),
    [
      [{ field: 'comments', offset: 0 }, [{ _nested: { field: 'comments', offset: 0, _nested: { field: 'replies', offset: 1 } }, _score: 1, _source: { who: 'b' } }]],
      [{ field: 'comments', offset: 1 }, [{ _nested: { field: 'comments', offset: 1, _nested: { field: 'replies', offset: 0 } }, _score: 1, _source: { who: 'b' } }]],
    ],
  );
});

test.serial('nested sorts pick from the nested objects (nested_path, nested_filter, mode)', async (t) => {
  // `_uid` breaks ties (the docs are on two shards)
  const sorted = async (sort: unknown): Promise<unknown[]> => (await search({ sort: [sort, '_uid'], _source: false })).body.hits.hits.map((h: any) => [h._id, h.sort[0]]);
  t.deepEqual(await sorted({ 'comments.n': { order: 'asc', nested_path: 'comments' } }), [['1', 1], ['2', 5], ['3', 9223372036854775807]]);
  t.deepEqual(await sorted({ 'comments.n': { order: 'desc', nested_path: 'comments' } }), [['2', 5], ['1', 4], ['3', -9223372036854775808]]);
  t.deepEqual(await sorted({ 'comments.n': { order: 'asc', mode: 'sum', nested_path: 'comments', nested_filter: { term: { 'comments.author': 'kim' } } } }), [['1', 5], ['2', 9223372036854775807], ['3', 9223372036854775807]]);
  t.deepEqual(await sorted({ 'comments.author': { order: 'asc', nested_path: 'comments' } }), [['1', 'kim'], ['2', 'lee'], ['3', null]]);
  // without nested_path ES 5.6 reads the root documents, which hold no value
  t.deepEqual(await sorted({ 'comments.n': { order: 'asc' } }), [['1', 9223372036854775807], ['2', 9223372036854775807], ['3', 9223372036854775807]]);
  const bad = await search({ sort: [{ 'comments.n': { nested_path: 'obj' } }] });
  t.is(bad.status, 400);
  t.is(bad.body.error.root_cause[0].type, 'query_shard_exception');
  t.is(bad.body.error.root_cause[0].reason, '[nested] nested object under path [obj] is not of nested type');
});

test.serial('nested query errors and ignore_unmapped', async (t) => {
  const missing = await search({ query: { nested: { path: 'nope', query: { match_all: {} } } } });
  t.is(missing.status, 400);
  t.is(missing.body.error.type, 'search_phase_execution_exception');
  t.is(missing.body.error.failed_shards[0].reason.type, 'query_shard_exception');
  t.deepEqual(missing.body.error.failed_shards[0].reason.caused_by, { type: 'illegal_state_exception', reason: '[nested] failed to find nested object under path [nope]' });
  const notNested = await search({ query: { nested: { path: 'obj', query: { match_all: {} } } } });
  t.is(notNested.body.error.failed_shards[0].reason.caused_by.reason, '[nested] nested object under path [obj] is not of nested type');
  const ignored = await search({ query: { nested: { path: 'nope', ignore_unmapped: true, query: { match_all: {} } } } });
  t.is(ignored.status, 200);
  t.is(ignored.body.hits.total, 0);
  const dup = await search({ query: { bool: { should: [{ nested: { path: 'tags', query: { match_all: {} }, inner_hits: {} } }, { nested: { path: 'tags', query: { match_all: {} }, inner_hits: {} } }] } } });
  t.is(dup.status, 400);
  t.is(dup.body.error.root_cause[0].reason, '[inner_hits] already contains an entry for key [tags]');
  const limit = await node.request('PUT', '/limited', { settings: { 'index.mapping.nested_fields.limit': 1 }, mappings: MAPPING });
  t.is(limit.status, 400);
  t.is(limit.body.error.root_cause[0].reason, 'Limit of nested fields [1] in index [limited] has been exceeded');
});

test.serial('an update or delete replaces the whole block', async (t) => {
  const put = await node.request('PUT', '/blocks', { settings: { number_of_shards: 1 }, mappings: MAPPING });
  t.is(put.status, 200, put.text);
  await node.request('PUT', '/blocks/d/1?refresh=true', DOC1);
  await node.request('PUT', '/blocks/d/2?refresh=true', DOC2);
  await node.request('PUT', '/blocks/d/1?refresh=true', { title: 'one', comments: [{ author: 'zed', n: 9 }] });
  const count = async (author: string): Promise<number> => (await search({ query: { nested: { path: 'comments', query: { term: { 'comments.author': author } } } } }, 'blocks')).body.hits.total;
  t.is(await count('kim'), 0);
  t.is(await count('zed'), 1);
  t.is((await node.request('GET', '/_cat/indices/blocks?h=docs.count')).text.trim(), '5');
  await node.request('DELETE', '/blocks/d/2?refresh=true');
  t.is(await count('lee'), 0);
  t.is((await node.request('GET', '/_cat/indices/blocks?h=docs.count')).text.trim(), '2');
  // a merge keeps blocks together
  await node.request('POST', '/blocks/_forcemerge?max_num_segments=1');
  const r = await search({ query: { nested: { path: 'comments', query: { match_all: {} }, inner_hits: {} } } }, 'blocks');
  t.is(r.body.hits.total, 1);
  t.deepEqual(r.body.hits.hits[0].inner_hits.comments.hits.hits[0]._source, { author: 'zed', n: 9 });
});
