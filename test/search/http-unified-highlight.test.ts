/**
 * The unified highlighter over HTTP as ES 5.6 runs it (Lucene 6.6 `UnifiedHighlighter` under
 * ES's `CustomUnifiedHighlighter`): phrases and span queries by position, sentences cut at
 * `fragment_size` (`BoundedBreakIteratorScanner`), `boundary_scanner: word`, `no_match_size`.
 * Expected fragments are derived by hand from those algorithms (each test says how).
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

const TEN = 'one two three four five six seven eight nine ten';
const SPANS = 'quick fox jumps over the quick dog and the lazy fox';

test.before(async () => {
  node = await startTestNode();
  const text = { type: 'text', fields: { fvh: { type: 'text', term_vector: 'with_positions_offsets' }, postings: { type: 'text', index_options: 'offsets' } } };
  const r = await node.request('PUT', '/uh', { settings: { number_of_shards: 1 }, mappings: { doc: { properties: { text } } } });
  if (r.status !== 200) throw new Error(r.text);
  const docs: Record<string, unknown> = {
    '1': { text: 'The quick brown fox is brown.' },
    '2': { text: TEN },
    '3': { text: SPANS },
    '4': { text: ['fox here', 'quick fox there'] },
  };
  const lines: unknown[] = [];
  for (const [id, d] of Object.entries(docs)) lines.push({ index: { _index: 'uh', _type: 'doc', _id: id } }, d);
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const hl = async (id: string, query: unknown, field: unknown = {}, name = 'text'): Promise<string[] | undefined> => {
  const r = await node.request('POST', '/uh/_search', {
    query: { bool: { must: query, filter: { ids: { values: [id] } } } },
    highlight: { type: 'unified', fields: { [name]: field } },
  });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.hits.hits[0]?.highlight?.[name];
};

test('a phrase highlights only the occurrences where it matches; a term query on the same term all', async (t) => {
  const phrase = { match_phrase: { text: 'quick brown' } };
  // "brown" at position 2 is inside the phrase's span [1, 2]; at position 5 it is not
  for (const f of ['text', 'text.postings', 'text.fvh']) {
    t.deepEqual(await hl('1', { match_phrase: { [f]: 'quick brown' } }, {}, f), ['The <em>quick</em> <em>brown</em> fox is brown.'], f);
  }
  // PhraseHelper's position-insensitive terms: a term query's term is never filtered
  t.deepEqual(await hl('1', { bool: { must: phrase, should: { term: { text: 'brown' } } } }), ['The <em>quick</em> <em>brown</em> fox is <em>brown</em>.']);
  // sloppy: any order within the slop ("brown quick" matches "quick brown" with slop 2)
  t.deepEqual(await hl('1', { match_phrase: { text: { query: 'brown quick', slop: 2 } } }), ['The <em>quick</em> <em>brown</em> fox is brown.']);
  // the values are apart by the position gap: the phrase matches in the second value only
  t.deepEqual(await hl('4', { match_phrase: { text: 'quick fox' } }), ['<em>quick</em> <em>fox</em> there']);
});

test('span queries highlight by position; re-analyzed text keeps only the query terms', async (t) => {
  const st = (v: string, f = 'text'): unknown => ({ span_term: { [f]: v } });
  const near = (f = 'text'): unknown => ({ span_near: { clauses: [st('quick', f), st('fox', f)], slop: 0, in_order: true } });
  t.deepEqual(await hl('3', near()), ['<em>quick</em> <em>fox</em> jumps over the quick dog and the lazy fox']);
  t.deepEqual(await hl('3', near('text.postings'), {}, 'text.postings'), ['<em>quick</em> <em>fox</em> jumps over the quick dog and the lazy fox']);
  t.deepEqual(await hl('3', { span_first: { match: st('fox'), end: 3 } }), ['quick <em>fox</em> jumps over the quick dog and the lazy fox']);
  t.deepEqual(await hl('3', { span_or: { clauses: [st('quick'), st('lazy')] } }), ['<em>quick</em> fox jumps over the <em>quick</em> dog and the <em>lazy</em> fox']);
  // span_not(quick, quick dog): its weight extracts `quick` only. A field read from its
  // postings (index_options: offsets) or term vectors has `dog`, so the second quick is
  // excluded; a re-analyzed field (Lucene's MemoryIndexOffsetStrategy) indexes only the
  // query's terms, so `quick dog` cannot match and excludes nothing
  const not = (f: string): unknown => ({ span_not: { include: st('quick', f), exclude: { span_near: { clauses: [st('quick', f), st('dog', f)], slop: 0, in_order: true } } } });
  t.deepEqual(await hl('3', not('text.postings'), {}, 'text.postings'), ['<em>quick</em> fox jumps over the quick dog and the lazy fox']);
  t.deepEqual(await hl('3', not('text.fvh'), {}, 'text.fvh'), ['<em>quick</em> fox jumps over the quick dog and the lazy fox']);
  t.deepEqual(await hl('3', not('text')), ['<em>quick</em> fox jumps over the <em>quick</em> dog and the lazy fox']);
  // multi-term queries mark every term they accept
  t.deepEqual(await hl('3', { prefix: { text: 'qu' } }), ['<em>quick</em> fox jumps over the <em>quick</em> dog and the lazy fox']);
});

test('sentences longer than fragment_size are cut at word boundaries around the match', async (t) => {
  // BoundedBreakIteratorScanner, fragment_size 20, one 48-char sentence. `six` [24, 27):
  // preceding(25) = 4 (the word boundary before 25 - 20), remaining = max(0, 20 - 21) = 0,
  // following(25) = 27. `nine` [40, 44) continues the window from 27: 48 - 27 > 20,
  // remaining = 20 - 14 = 6, following(47) = 48
  t.deepEqual(await hl('2', { match: { text: 'six nine' } }, { fragment_size: 20 }), ['two three four five <em>six</em>', 'seven eight <em>nine</em> ten']);
  // the default fragment_size (100) leaves the sentence whole, and 0 never cuts
  t.deepEqual(await hl('2', { match: { text: 'six nine' } }), ['one two three four five <em>six</em> seven eight <em>nine</em> ten']);
  t.deepEqual(await hl('2', { match: { text: 'six nine' } }, { fragment_size: 0 }), ['one two three four five <em>six</em> seven eight <em>nine</em> ten']);
  // boundary_scanner word: every word is a passage
  t.deepEqual(await hl('1', { match: { text: 'brown' } }, { boundary_scanner: 'word' }), ['<em>brown</em>', '<em>brown</em>']);
  // number_of_fragments 0 ignores the scanner: one passage per value
  t.deepEqual(await hl('4', { match: { text: 'fox' } }, { boundary_scanner: 'word', number_of_fragments: 0 }), ['<em>fox</em> here', 'quick <em>fox</em> there']);
  // `chars` is the fvh's: ES's UnifiedHighlighter refuses it
  const r = await node.request('POST', '/uh/_search', { query: { match: { text: 'fox' } }, highlight: { type: 'unified', fields: { text: { boundary_scanner: 'chars' } } } });
  t.is(r.status, 400);
  t.is(r.body.error.root_cause[0].type, 'illegal_argument_exception');
  t.is(r.body.error.root_cause[0].reason, 'Invalid boundary scanner type: chars');
});

test('no_match_size: the text up to the word boundary after that many characters', async (t) => {
  // CustomFieldHighlighter.getSummaryPassagesNoHighlight: following(10) = 13
  t.deepEqual(await hl('2', { match: { text: 'one' } }, { no_match_size: 10, highlight_query: { match: { text: 'zzz' } } }), ['one two three']);
  // larger than the first value: the whole first value
  t.deepEqual(await hl('4', { match: { text: 'fox' } }, { no_match_size: 100, highlight_query: { match: { text: 'zzz' } } }), ['fox here']);
  t.is(await hl('4', { match: { text: 'fox' } }, { highlight_query: { match: { text: 'zzz' } } }), undefined);
});
