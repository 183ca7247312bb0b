/**
 * `more_like_this` over HTTP (ES 5.6 `XMoreLikeThis`): which terms are selected follows from
 * the term and document frequencies by hand (each test's comment); the liked documents are
 * fetched by the coordinator and excluded from the hits unless `include`.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/mlt', { settings: { number_of_shards: 1 }, mappings: { doc: { properties: { t: { type: 'text' }, n: { type: 'long' } } } } });
  if (r.status !== 200) throw new Error(r.text);
  const docs = ['apple banana apple', 'apple cherry', 'banana cherry', 'durian', 'apple banana', 'cherry cherry durian'];
  const lines: unknown[] = [];
  docs.forEach((t, i) => lines.push({ index: { _index: 'mlt', _type: 'doc', _id: String(i + 1) } }, { t, n: i }));
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const ids = async (mlt: Record<string, unknown>): Promise<string[]> => {
  const r = await node.request('POST', '/mlt/_search', { query: { more_like_this: { fields: ['t'], ...mlt } } });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.hits.hits.map((h: any) => h._id).sort();
};

test('liked texts: terms seen min_term_freq times and in min_doc_freq docs', async (t) => {
  // defaults: min_term_freq 2, min_doc_freq 5 — no term of "apple banana" qualifies
  t.deepEqual(await ids({ like: 'apple banana' }), []);
  // apple twice, in 3 docs
  t.deepEqual(await ids({ like: 'apple apple banana', min_doc_freq: 1 }), ['1', '2', '5']);
  // min_term_freq 1: apple and banana, one of two needed (30% of 2 rounds down to 0 → 1 clause is enough)
  t.deepEqual(await ids({ like: 'apple banana', min_term_freq: 1, min_doc_freq: 1 }), ['1', '2', '3', '5']);
  t.deepEqual(await ids({ like: 'apple banana', min_term_freq: 1, min_doc_freq: 1, minimum_should_match: '100%' }), ['1', '5']);
  // unlike removes a term; stop words and max_doc_freq too
  t.deepEqual(await ids({ like: 'apple banana', unlike: 'apple', min_term_freq: 1, min_doc_freq: 1 }), ['1', '3', '5']);
  t.deepEqual(await ids({ like: 'apple banana', stop_words: ['banana'], min_term_freq: 1, min_doc_freq: 1 }), ['1', '2', '5']);
  t.deepEqual(await ids({ like: 'apple banana', max_doc_freq: 2, min_term_freq: 1, min_doc_freq: 1 }), []);
  // max_query_terms 1 keeps the rarer (higher idf) term: banana (3 docs) ties apple (3 docs), so the first by text
  t.deepEqual(await ids({ like: 'apple banana', max_query_terms: 1, min_term_freq: 1, min_doc_freq: 1 }), ['1', '2', '5']);
});

test('liked documents are read and excluded unless include; the Basic mlt YAML answer', async (t) => {
  // doc 6: cherry twice → cherry docs 2, 3, 6; doc 6 itself excluded
  t.deepEqual(await ids({ like: [{ _id: '6' }], min_doc_freq: 1 }), ['2', '3']);
  t.deepEqual(await ids({ like: [{ _index: 'mlt', _type: 'doc', _id: '6' }], min_doc_freq: 1, include: true }), ['2', '3', '6']);
  // a single occurrence of each term: nothing reaches min_term_freq 2
  t.deepEqual(await ids({ like: [{ _id: '2' }] }), []);
  // artificial documents
  t.deepEqual(await ids({ like: [{ doc: { t: 'durian durian' } }], min_doc_freq: 1 }), ['4', '6']);
  const bad = await node.request('POST', '/mlt/_search', { query: { more_like_this: { fields: ['n'], like: 'x' } } });
  t.is(bad.status, 400);
  t.regex(JSON.stringify(bad.body), /more_like_this only supports text\/keyword fields: \[n\]/);
});
