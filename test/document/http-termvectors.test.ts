/**
 * `_termvectors` / `_mtermvectors` over HTTP (ES 5.6 TermVectorsResponse): stored-vector fields
 * by default, other fields generated when named, artificial documents, statistics from the
 * shard, `filter` tf-idf scores, realtime, version checks and the deprecated `_termvector`.
 */
import test from 'ava';
import { startTestNode, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/tv', {
    settings: { number_of_shards: 1, refresh_interval: -1 },
    mappings: { doc: { properties: { text: { type: 'text', term_vector: 'with_positions_offsets' }, pos: { type: 'text', term_vector: 'with_positions' }, plain: { type: 'text' }, kw: { type: 'keyword' } } } },
  });
  if (r.status !== 200) throw new Error(r.text);
  await node.request('PUT', '/tv/doc/1', { text: 'foo bar foo', pos: 'a b', plain: 'Hello world', kw: 'Key' });
  await node.request('PUT', '/tv/doc/2', { text: 'bar baz' });
  await node.request('POST', '/tv/_refresh');
});

test.after.always(async () => {
  await node?.close();
});

test('stored term vectors: terms in order, positions and offsets as the mapping keeps them', async (t) => {
  const r = await node.request('GET', '/tv/doc/1/_termvectors?term_statistics=true');
  t.is(r.status, 200);
  const { took, ...rest } = r.body;
  t.true(Number.isInteger(took));
  t.deepEqual(rest, {
    _index: 'tv',
    _type: 'doc',
    _id: '1',
    _version: 1,
    found: true,
    term_vectors: {
      pos: {
        field_statistics: { sum_doc_freq: 2, doc_count: 1, sum_ttf: 2 },
        terms: { a: { doc_freq: 1, ttf: 1, term_freq: 1, tokens: [{ position: 0 }] }, b: { doc_freq: 1, ttf: 1, term_freq: 1, tokens: [{ position: 1 }] } },
      },
      text: {
        field_statistics: { sum_doc_freq: 4, doc_count: 2, sum_ttf: 5 },
        terms: {
          bar: { doc_freq: 2, ttf: 2, term_freq: 1, tokens: [{ position: 1, start_offset: 4, end_offset: 7 }] },
          foo: { doc_freq: 1, ttf: 2, term_freq: 2, tokens: [{ position: 0, start_offset: 0, end_offset: 3 }, { position: 2, start_offset: 8, end_offset: 11 }] },
        },
      },
    },
  });
});

test('named fields (wildcards) are generated on the fly; flags and field_statistics switch parts off', async (t) => {
  const r = await node.request('POST', '/tv/doc/1/_termvectors', { fields: ['pl*', 'kw'], positions: false, field_statistics: false });
  t.deepEqual(r.body.term_vectors, {
    kw: { terms: { Key: { term_freq: 1, tokens: [{ start_offset: 0, end_offset: 3 }] } } },
    plain: { terms: { hello: { term_freq: 1, tokens: [{ start_offset: 0, end_offset: 5 }] }, world: { term_freq: 1, tokens: [{ start_offset: 6, end_offset: 11 }] } } },
  });
  const noTokens = await node.request('GET', '/tv/doc/1/_termvectors?fields=text&positions=false&offsets=false&field_statistics=false');
  t.deepEqual(noTokens.body.term_vectors, { text: { terms: { bar: { term_freq: 1 }, foo: { term_freq: 2 } } } });
  const analyzer = await node.request('POST', '/tv/doc/1/_termvectors', { fields: ['plain'], per_field_analyzer: { plain: 'keyword' }, field_statistics: false, offsets: false });
  t.deepEqual(analyzer.body.term_vectors, { plain: { terms: { 'Hello world': { term_freq: 1, tokens: [{ position: 0 }] } } } });
});

test('artificial documents and the filter', async (t) => {
  const r = await node.request('POST', '/tv/doc/_termvectors', { doc: { text: 'foo foo qux' }, fields: ['text'], filter: { max_num_terms: 1 }, field_statistics: false, positions: false, offsets: false });
  // foo: tf 2 * idf(df 1, docCount 2) = 2 * (ln(2/2) + 1) = 2; qux: 1 * (ln(2/1) + 1) = 1.6931472
  t.deepEqual(r.body, { _index: 'tv', _type: 'doc', _version: 0, found: true, took: r.body.took, term_vectors: { text: { terms: { foo: { term_freq: 2, score: 2.0 } } } } });
  const two = await node.request('POST', '/tv/doc/_termvectors', { doc: { text: 'foo foo qux' }, fields: ['text'], filter: { max_num_terms: 2 }, field_statistics: false, positions: false, offsets: false });
  t.true(two.text.includes('"qux":{"term_freq":1,"score":1.6931472}'), two.text);
  const bad = await node.request('POST', '/tv/doc/_termvectors', { doc: { text: 'x' }, filter: { nope: 1 } });
  t.is(bad.status, 400);
  t.is(bad.body.error.reason, 'failed to parse term vectors request. the field [nope] is not supported for filter');
  const unknown = await node.request('POST', '/tv/doc/1/_termvectors', { foo: 1 });
  t.is(unknown.body.error.reason, 'failed to parse term vectors request. unknown field [foo]');
});

test('realtime, versions, missing documents and the _termvector spelling', async (t) => {
  await node.request('PUT', '/tv/doc/3', { text: 'fresh' });
  t.false((await node.request('GET', '/tv/doc/3/_termvectors?realtime=false')).body.found);
  t.true((await node.request('GET', '/tv/doc/3/_termvectors')).body.found);
  const missing = await node.request('GET', '/tv/doc/9/_termvectors');
  t.deepEqual({ ...missing.body, took: 0 }, { _index: 'tv', _type: 'doc', _id: '9', _version: 0, found: false, took: 0 });
  const conflict = await node.request('GET', '/tv/doc/1/_termvectors?version=7');
  t.is(conflict.status, 409);
  t.is(conflict.body.error.reason, '[doc][1]: version conflict, current version [1] is different than the one provided [7]');
  const old = await node.request('GET', '/tv/doc/1/_termvector?fields=pos&field_statistics=false&offsets=false');
  t.deepEqual(old.body.term_vectors, { pos: { terms: { a: { term_freq: 1, tokens: [{ position: 0 }] }, b: { term_freq: 1, tokens: [{ position: 1 }] } } } });
  t.regex(old.headers.get('warning') ?? '', /\[GET \/\{index\}\/\{type\}\/\{id\}\/_termvector\] is deprecated! Use \[GET \/\{index\}\/\{type\}\/\{id\}\/_termvectors\] instead\./);
});

test('_mtermvectors: docs and ids, one failure per item', async (t) => {
  const r = await node.request('POST', '/tv/doc/_mtermvectors?fields=pos&field_statistics=false', { docs: [{ _id: '1', offsets: false }, { _index: 'nope', _id: '1' }] });
  t.is(r.status, 200);
  t.deepEqual(r.body.docs[0].term_vectors, { pos: { terms: { a: { term_freq: 1, tokens: [{ position: 0 }] }, b: { term_freq: 1, tokens: [{ position: 1 }] } } } });
  t.is(r.body.docs[1].error.type, 'index_not_found_exception');
  const ids = await node.request('POST', '/tv/doc/_mtermvectors', { ids: ['1', '2'], parameters: { fields: ['text'], field_statistics: false, positions: false, offsets: false } });
  t.deepEqual(
    ids.body.docs.map((d: any) => d.term_vectors),
    [{ text: { terms: { bar: { term_freq: 1 }, foo: { term_freq: 2 } } } }, { text: { terms: { bar: { term_freq: 1 }, baz: { term_freq: 1 } } } }],
  );
});
