/**
 * Highlighting over HTTP (ES 5.6 HighlightPhase): the plain, postings and fvh highlighters with
 * their options. Expected fragments are ES's (the YAML suite's) or derived by hand from the
 * Lucene 6.6 algorithms for short texts (the derivation is in each test's comment).
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

const TEN = 'one two three four five six seven eight nine ten';

test.before(async () => {
  node = await startTestNode();
  const text = { type: 'text', fields: { fvh: { type: 'text', term_vector: 'with_positions_offsets' }, postings: { type: 'text', index_options: 'offsets' } } };
  const r = await node.request('PUT', '/hl', {
    settings: { number_of_shards: 1 },
    mappings: { doc: { properties: { text: text, title: { type: 'text' }, tag: { type: 'keyword' }, n: { type: 'long' } } } },
  });
  if (r.status !== 200) throw new Error(r.text);
  const lines: unknown[] = [];
  const docs: Record<string, unknown> = {
    '1': { text: 'The quick brown fox is brown.', title: 'fox news', tag: 'fox', n: 1 },
    '2': { text: TEN },
    '3': { text: 'The fox runs. A dog sleeps. Another fox.' },
    '4': { text: ['fox here', 'quick fox there'] },
    '5': { text: '<b>fox</b> & co' },
    '6': { text: 'nothing to see in this first sentence. And more text.' },
  };
  for (const [id, d] of Object.entries(docs)) lines.push({ index: { _index: 'hl', _type: 'doc', _id: id } }, d);
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const hl = async (id: string, query: unknown, highlight: unknown): Promise<any> => {
  const r = await node.request('POST', '/hl/_search', { query: { bool: { must: query, filter: { ids: { values: [id] } } } }, highlight });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.hits.hits[0]?.highlight;
};

test('every highlighter marks each query term (the search.highlight YAML answer)', async (t) => {
  const q = { multi_match: { query: 'quick brown fox', fields: ['text*'] } };
  const expected = 'The <em>quick</em> <em>brown</em> <em>fox</em> is <em>brown</em>.';
  const r = await node.request('POST', '/hl/_search', { query: q, highlight: { fields: { 'text*': {} } } });
  t.deepEqual(r.body.hits.hits[0].highlight, { text: [expected], 'text.fvh': [expected], 'text.postings': [expected] });
  // only the postings highlighter warns (deprecated in 5.6)
  t.regex(r.headers.get('warning') ?? '', /\[postings\] highlighter is deprecated, please use \[unified\] instead/);
  const plain = await node.request('POST', '/hl/_search', { query: q, highlight: { type: 'plain', fields: { '*': {} } } });
  t.is(plain.headers.get('warning'), null);
  // `*` picks only text and keyword fields (not n); without require_field_match every field
  // holding a query term is marked, the keyword as one token
  t.deepEqual(plain.body.hits.hits[0].highlight, { text: [expected], 'text.fvh': [expected], 'text.postings': [expected], tag: ['<em>fox</em>'], title: ['<em>fox</em> news'] });
  const kw = await hl('1', { term: { tag: 'fox' } }, { fields: { '*': {} } });
  t.deepEqual(kw, { tag: ['<em>fox</em>'], text: ['The quick brown <em>fox</em> is brown.'], 'text.fvh': ['The quick brown <em>fox</em> is brown.'], title: ['<em>fox</em> news'] });
});

test('plain: span and simple fragmenters cut as Lucene does', async (t) => {
  // span fragmenter, size 20, text length 48: a new fragment starts at "five" (end 23 >= 20,
  // 48 - 23 >= 10); "nine" (44 >= 40) is refused because only 4 chars would follow.
  t.deepEqual(await hl('2', { match: { text: 'five' } }, { fields: { text: { fragment_size: 20 } } }), { text: [' <em>five</em> six seven eight nine ten'] });
  // simple fragmenter: new fragments at "five" (23 >= 20) and at "nine" (44 >= 40)
  t.deepEqual(await hl('2', { match: { text: 'five' } }, { fields: { text: { fragment_size: 20, fragmenter: 'simple' } } }), { text: [' <em>five</em> six seven eight'] });
  const bad = await node.request('POST', '/hl/_search', { query: { match: { text: 'five' } }, highlight: { fields: { text: { fragmenter: 'nope' } } } });
  t.is(bad.status, 400);
  t.is(bad.body.error.root_cause[0].reason, 'unknown fragmenter option [nope] for the field [text]');
});

test('plain: values in order, order score re-sorts, number_of_fragments 0 gives whole values', async (t) => {
  const q = { match: { text: 'quick fox' } };
  t.deepEqual(await hl('4', q, { fields: { text: { type: 'plain' } } }), { text: ['<em>fox</em> here', '<em>quick</em> <em>fox</em> there'] });
  // the second value scores 2 (two distinct terms), the first 1
  t.deepEqual(await hl('4', q, { order: 'score', fields: { text: { type: 'plain' } } }), { text: ['<em>quick</em> <em>fox</em> there', '<em>fox</em> here'] });
  t.deepEqual(await hl('4', q, { fields: { text: { number_of_fragments: 0 } } }), { text: ['<em>fox</em> here', '<em>quick</em> <em>fox</em> there'] });
  t.deepEqual(await hl('4', q, { fields: { text: { number_of_fragments: 1, order: 'score' } } }), { text: ['<em>quick</em> <em>fox</em> there'] });
});

test('tags, tags_schema styled and the html encoder', async (t) => {
  const q = { match: { text: 'fox' } };
  t.deepEqual(await hl('5', q, { pre_tags: ['['], post_tags: [']'], fields: { text: {} } }), { text: ['<b>[fox]</b> & co'] });
  t.deepEqual(await hl('5', q, { encoder: 'html', fields: { text: {} } }), { text: ['&lt;b&gt;<em>fox</em>&lt;&#x2F;b&gt; &amp; co'] });
  t.deepEqual(await hl('5', q, { tags_schema: 'styled', fields: { text: {} } }), { text: ['<b><em class="hlt1">fox</em></b> & co'] });
  const bad = await node.request('POST', '/hl/_search', { query: q, highlight: { tags_schema: 'bold', fields: { text: {} } } });
  t.is(bad.status, 400);
  t.is(bad.body.error.type, 'illegal_argument_exception');
  t.is(bad.body.error.reason, 'Unknown tag schema [bold]');
  const pre = await node.request('POST', '/hl/_search', { query: q, highlight: { pre_tags: ['['], fields: { text: {} } } });
  t.is(pre.body.error.reason, 'pre_tags are set but post_tags are not set');
});

test('require_field_match, highlight_query and no_match_size', async (t) => {
  // the query is on title only: without require_field_match its terms also mark text
  t.deepEqual(await hl('1', { match: { title: 'fox' } }, { fields: { text: { type: 'plain' } } }), { text: ['The quick brown <em>fox</em> is brown.'] });
  t.is(await hl('1', { match: { title: 'fox' } }, { require_field_match: true, fields: { text: { type: 'plain' } } }), undefined);
  t.deepEqual(await hl('1', { match: { title: 'fox' } }, { fields: { text: { type: 'plain', highlight_query: { match: { text: 'quick' } } } } }), {
    text: ['The <em>quick</em> brown fox is brown.'],
  });
  // no match: the start of the first value, cut at the last token ending within 12 chars ("nothing to")
  t.deepEqual(await hl('6', { match_all: {} }, { fields: { text: { type: 'plain', no_match_size: 12 } } }), { text: ['nothing to'] });
  // postings: the first sentence, whatever the size
  t.deepEqual(await hl('6', { match_all: {} }, { fields: { 'text.postings': { no_match_size: 12 } } }), { 'text.postings': ['nothing to see in this first sentence.'] });
});

test('phrases: plain marks the terms inside the matching span only; fvh marks the phrase as one', async (t) => {
  const q = { match_phrase: { text: 'brown fox' } };
  t.deepEqual(await hl('1', q, { fields: { text: {}, 'text.fvh': {} } }), {
    text: ['The quick <em>brown</em> <em>fox</em> is brown.'],
    'text.fvh': ['The quick <em>brown fox</em> is brown.'],
  });
});

test('postings: sentences, text order by default, BM25-like passage scores with order score', async (t) => {
  const q = { match: { 'text.postings': 'fox' } };
  t.deepEqual(await hl('3', q, { fields: { 'text.postings': {} } }), { 'text.postings': ['The <em>fox</em> runs.', 'Another <em>fox</em>.'] });
  // passage 1 "The fox runs. " (start 0, length 14): tf 0.6921 * norm 1.2239 = 0.8471;
  // passage 3 "Another fox." (start 28, length 12): tf 0.7022 * norm 1.2107 = 0.8501, so it leads
  t.deepEqual(await hl('3', q, { order: 'score', fields: { 'text.postings': {} } }), { 'text.postings': ['Another <em>fox</em>.', 'The <em>fox</em> runs.'] });
  t.deepEqual(await hl('3', q, { fields: { 'text.postings': { number_of_fragments: 1 } } }), { 'text.postings': ['Another <em>fox</em>.'] });
  const bad = await node.request('POST', '/hl/_search', { query: { match: { text: 'fox' } }, highlight: { fields: { text: { type: 'postings' } } } });
  t.is(bad.status, 400);
  t.is(bad.body.error.root_cause[0].reason, 'the field [text] should be indexed with positions and offsets in the postings list to be used with postings highlighter');
});

test('fvh: fragments centred on the match and moved to boundary characters', async (t) => {
  // phrase "five" [19,23); fragment size 18: margin (18-4)/2 = 7 → [12,30); the start scans back
  // to the space at 7 (offset 8), the end forward to the space at 33
  t.deepEqual(await hl('2', { match: { text: 'five' } }, { fields: { 'text.fvh': { fragment_size: 18 } } }), { 'text.fvh': ['three four <em>five</em> six seven'] });
  const small = await node.request('POST', '/hl/_search', { query: { match: { text: 'five' } }, highlight: { fields: { 'text.fvh': { fragment_size: 10 } } } });
  t.is(small.status, 400);
  t.is(small.body.error.root_cause[0].reason, 'fragCharSize(10) is too small. It must be 18 or higher.');
  const bad = await node.request('POST', '/hl/_search', { query: { match: { text: 'fox' } }, highlight: { fields: { text: { type: 'fvh' } } } });
  t.is(bad.status, 400);
  t.is(bad.body.error.root_cause[0].reason, 'the field [text] should be indexed with term vector with position offsets to be used with fast vector highlighter');
  // styled tags cycle with the query's term number
  t.deepEqual(await hl('1', { match: { text: 'quick fox' } }, { tags_schema: 'styled', fields: { 'text.fvh': {} } }), {
    'text.fvh': ['The <em class="hlt1">quick</em> brown <em class="hlt2">fox</em> is brown.'],
  });
  // matched_fields: terms found in text.postings also mark text.fvh
  t.deepEqual(await hl('1', { match: { 'text.postings': 'quick' } }, { require_field_match: true, fields: { 'text.fvh': { matched_fields: ['text.fvh', 'text.postings'] } } }), {
    'text.fvh': ['The <em>quick</em> brown fox is brown.'],
  });
});

test('bad highlight bodies get ES parse errors', async (t) => {
  const r = await node.request('POST', '/hl/_search', { highlight: { fields: { text: { foo: 1 } } } });
  t.is(r.status, 400);
  t.is(r.body.error.type, 'parsing_exception');
  t.is(r.body.error.reason, '[highlight_field] unknown field [foo], parser not found');
  const u = await node.request('POST', '/hl/_search', { query: { match: { text: 'fox' } }, highlight: { fields: { text: { type: 'magic' } } } });
  t.is(u.status, 400);
  t.is(u.body.error.root_cause[0].reason, 'unknown highlighter type [magic] for the field [text]');
});
