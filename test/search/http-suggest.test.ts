/**
 * Suggesters over HTTP: `suggest` in `_search` and the deprecated `_suggest` API, with the
 * `term` suggester (Lucene's DirectSpellChecker: the similarity is 1 - edits / the shorter
 * length, transpositions count one edit) and the `completion` suggester (prefix, fuzzy, regex,
 * category and geo contexts, weights, `_source`). Bodies are ES 5.6's shapes; scores derived by
 * hand in each test's comment.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const mappings = {
    doc: {
      properties: {
        body: { type: 'text' },
        tag: { type: 'keyword' },
        color: { type: 'keyword' },
        loc: { type: 'geo_point' },
        sug: { type: 'completion' },
        ctx: {
          type: 'completion',
          contexts: [
            { name: 'color', type: 'category', path: 'color' },
            { name: 'place', type: 'geo', precision: 4, path: 'loc' },
          ],
        },
      },
    },
  };
  const r = await node.request('PUT', '/sg', { settings: { number_of_shards: 2 }, mappings });
  if (r.status !== 200) throw new Error(r.text);
  const docs: Array<[string, Record<string, unknown>]> = [
    ['1', { body: 'Amsterdam meetup', tag: 'amsterdam', sug: { input: ['Nirvana', 'Nevermind'], weight: 34 }, ctx: 'Hoodie red', color: 'red', loc: { lat: 52.37, lon: 4.9 } }],
    ['2', { body: 'amsterdam is nice', sug: { input: 'Nirvana Live', weight: 10 }, ctx: 'Hoodie blue', color: 'blue', loc: { lat: 52.52, lon: 13.4 } }],
    ['3', { body: 'a meeting in amsterdam', sug: 'Nickelback', ctx: { input: 'Hat red', weight: 5 }, color: 'red', loc: { lat: 52.37, lon: 4.9 } }],
  ];
  const lines: unknown[] = [];
  for (const [id, d] of docs) lines.push({ index: { _index: 'sg', _type: 'doc', _id: id } }, d);
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const suggest = async (body: unknown): Promise<any> => {
  const r = await node.request('POST', '/sg/_search', { size: 0, suggest: body });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.suggest;
};

test('term: a correction per misspelt token, with offsets (the suggest/10_basic answer)', async (t) => {
  const s = await suggest({ my: { text: 'The Amsterdma meetpu', term: { field: 'body' } } });
  // "the" is shorter than min_word_length 4; amsterdma → amsterdam is one transposition over 9
  // letters (1 - 1/9), meetpu → meetup one over 6 (1 - 1/6); freq sums over both shards
  t.deepEqual(s, {
    my: [
      { text: 'the', offset: 0, length: 3, options: [] },
      { text: 'amsterdma', offset: 4, length: 9, options: [{ text: 'amsterdam', score: 0.8888889, freq: 3 }] },
      { text: 'meetpu', offset: 14, length: 6, options: [{ text: 'meetup', score: 0.8333333, freq: 1 }] },
    ],
  });
});

test('term: suggest_mode, sort, string_distance, max_edits, prefix_length, size', async (t) => {
  // `missing` (default) suggests nothing for a term in the index; `always` does
  const missing = await suggest({ s: { text: 'meeting', term: { field: 'body' } } });
  t.deepEqual(missing.s[0].options, []);
  // meetinp → meeting: one edit over 7 letters; → meetup: two over 6 (1 - 2/6)
  const always = await suggest({ s: { text: 'meetinp', term: { field: 'body', suggest_mode: 'always' } } });
  t.deepEqual(always.s[0].options, [{ text: 'meeting', score: 0.85714287, freq: 1 }, { text: 'meetup', score: 0.6666667, freq: 1 }]);
  // max_edits 1: amstrdma needs 2 (a deletion and a transposition)
  t.deepEqual((await suggest({ s: { text: 'amstrdma', term: { field: 'body', max_edits: 1 } } })).s[0].options, []);
  t.is((await suggest({ s: { text: 'amstrdma', term: { field: 'body' } } })).s[0].options[0].text, 'amsterdam');
  // prefix_length 2: the first two letters must match
  t.deepEqual((await suggest({ s: { text: 'nmsterdam', term: { field: 'body', prefix_length: 0 } } })).s[0].options.map((o: any) => o.text), ['amsterdam']);
  t.deepEqual((await suggest({ s: { text: 'nmsterdam', term: { field: 'body' } } })).s[0].options, []);
  // levenshtein: 1 - edits / the longer length, a transposition being two edits: 1 - 2/9
  const lev = await suggest({ s: { text: 'amsterdma', term: { field: 'body', string_distance: 'levenshtein' } } });
  t.deepEqual(lev.s[0].options, [{ text: 'amsterdam', score: 0.7777778, freq: 3 }]);
  // sort by frequency: equal frequencies fall back to the score
  const freq = await suggest({ s: { text: 'meetinp', term: { field: 'body', sort: 'frequency' } } });
  t.deepEqual(freq.s[0].options.map((o: any) => o.text), ['meeting', 'meetup']);
  const one = await suggest({ s: { text: 'meetinp', term: { field: 'body', size: 1 } } });
  t.deepEqual(one.s[0].options.map((o: any) => o.text), ['meeting']);
});

test('term: errors are ES 5.6 errors', async (t) => {
  const bad = async (body: unknown): Promise<any> => (await node.request('POST', '/sg/_search', { suggest: body })).body;
  t.like((await bad({ s: { text: 'x', term: { field: 'body', max_edits: 3 } } })).error, { type: 'illegal_argument_exception', reason: 'Illegal max_edits value 3' });
  t.like((await bad({ s: { text: 'x', term: { field: 'body', suggest_mode: 'nope' } } })).error, { type: 'illegal_argument_exception', reason: 'Illegal suggest mode nope' });
  t.like((await bad({ s: { text: 'x', term: { field: 'body', nope: 1 } } })).error, { type: 'parsing_exception', reason: "suggester[term] doesn't support field [nope]" });
  t.like((await bad({ s: { text: 'x', term: {} } })).error, { type: 'parse_exception', reason: 'the required field option [field] is missing' });
  t.like((await bad({ s: { term: { field: 'body' } } })).error, { type: 'illegal_argument_exception', reason: 'The required text option is missing' });
  const unmapped = await bad({ s: { text: 'x', term: { field: 'nope' } } });
  t.is(unmapped.error.type, 'search_phase_execution_exception');
  t.deepEqual(unmapped.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'no mapping found for field [nope]' }]);
  // the global text serves every suggestion without its own
  const global = await suggest({ text: 'meetpu', a: { term: { field: 'body' } } });
  t.is(global.a[0].options[0].text, 'meetup');
});

test('completion: prefix, weights and the suggested documents', async (t) => {
  // one option per document (its best input), by weight; the default weight is 1
  const s = await suggest({ song: { prefix: 'n', completion: { field: 'sug' } } });
  t.deepEqual(s.song[0].options.map((o: any) => [o.text, o._id, o._score]), [
    ['Nirvana', '1', 34],
    ['Nirvana Live', '2', 10],
    ['Nickelback', '3', 1],
  ]);
  t.deepEqual(s.song[0].options[2], {
    text: 'Nickelback',
    _index: 'sg',
    _type: 'doc',
    _id: '3',
    _score: 1,
    _source: { body: 'a meeting in amsterdam', sug: 'Nickelback', ctx: { input: 'Hat red', weight: 5 }, color: 'red', loc: { lat: 52.37, lon: 4.9 } },
  });
  t.deepEqual(Object.keys(s.song[0]), ['text', 'offset', 'length', 'options']);
  t.like(s.song[0], { text: 'n', offset: 0, length: 1 });
  // the simple analyzer: case does not matter, and "nirvana l" reaches into the second token
  const two = await suggest({ s: { text: 'NIRVANA L', completion: { field: 'sug', size: 1 } } });
  t.deepEqual(two.s[0].options.map((o: any) => o.text), ['Nirvana Live']);
});

test('completion: fuzzy and regex', async (t) => {
  // one edit from "nirv" (a substitution) and from "nev" (a deletion)
  const fuzzy = await suggest({ s: { prefix: 'nerv', completion: { field: 'sug', fuzzy: { fuzziness: 1 } } } });
  t.deepEqual(fuzzy.s[0].options.map((o: any) => o.text), ['Nevermind', 'Nirvana Live']);
  t.deepEqual((await suggest({ s: { prefix: 'nerv', completion: { field: 'sug' } } })).s[0].options, []);
  const regex = await suggest({ s: { regex: 'n[ie]c?k', completion: { field: 'sug' } } });
  t.deepEqual(regex.s[0].options.map((o: any) => o.text), ['Nickelback']);
});

test('completion: category and geo contexts', async (t) => {
  const red = await suggest({ s: { prefix: 'h', completion: { field: 'ctx', contexts: { color: 'red' } } } });
  t.deepEqual(red.s[0].options.map((o: any) => [o.text, o._score, o.contexts]), [
    ['Hat red', 5, { color: ['red'] }],
    ['Hoodie red', 1, { color: ['red'] }],
  ]);
  // a boost multiplies the weight; several values match any of them
  const boosted = await suggest({ s: { prefix: 'h', completion: { field: 'ctx', contexts: { color: [{ context: 'blue', boost: 10 }, 'red'] } } } });
  t.deepEqual(boosted.s[0].options.map((o: any) => [o.text, o._score]), [['Hoodie blue', 10], ['Hat red', 5], ['Hoodie red', 1]]);
  // Berlin's cell (and its neighbours) at precision 4
  const geo = await suggest({ s: { prefix: 'h', completion: { field: 'ctx', contexts: { place: { lat: 52.5, lon: 13.38 } } } } });
  t.deepEqual(geo.s[0].options.map((o: any) => [o.text, o.contexts]), [['Hoodie blue', { place: ['u33d'] }]]);
  const err = await node.request('POST', '/sg/_search', { suggest: { s: { prefix: 'h', completion: { field: 'ctx', contexts: { size: 'x' } } } } });
  t.deepEqual(err.body.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'Unknown context name [size], must be one of [color, place]' }]);
  const notCompletion = await node.request('POST', '/sg/_search', { suggest: { s: { prefix: 'h', completion: { field: 'body' } } } });
  t.deepEqual(notCompletion.body.error.root_cause, [{ type: 'illegal_argument_exception', reason: 'Field [body] is not a completion suggest field' }]);
});

test('completion mapping: parameters ES 5.6 does not know are refused; document values are checked', async (t) => {
  const r = await node.request('PUT', '/sg2', { mappings: { doc: { properties: { s: { type: 'completion', context: { color: { type: 'category' } } } } } } });
  t.is(r.status, 400);
  t.is(r.body.error.reason, 'Mapping definition for [s] has unsupported parameters:  [context : {color={type=category}}]');
  const doc = await node.request('PUT', '/sg/doc/9', { sug: { input: 'x', weight: 1.5 } });
  t.is(doc.status, 400);
  t.like(doc.body.error.caused_by, { type: 'illegal_argument_exception', reason: 'weight must be an integer, but was [1.5]' });
});

test('the deprecated _suggest API answers _shards and the suggestions, with its warning', async (t) => {
  const r = await node.request('POST', '/sg/_suggest', { my: { text: 'meetpu', term: { field: 'body' } } });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body, {
    _shards: { total: 2, successful: 2, failed: 0 },
    my: [{ text: 'meetpu', offset: 0, length: 6, options: [{ text: 'meetup', score: 0.8333333, freq: 1 }] }],
  });
  t.regex(r.headers.get('warning') ?? '', /\[POST \/\{index\}\/_suggest\] is deprecated! Use \[POST \/\{index\}\/_search\] instead\./);
  const all = await node.request('POST', '/_suggest', { my: { text: 'n', completion: { field: 'sug', size: 1 } } });
  t.is(all.body.my[0].options[0].text, 'Nirvana');
  t.regex(all.headers.get('warning') ?? '', /\[POST \/_suggest\] is deprecated! Use \[POST \/_search\] instead\./);
  // typed_keys names the suggester type
  const typed = await node.request('POST', '/sg/_search?typed_keys', { size: 0, suggest: { my: { text: 'meetpu', term: { field: 'body' } } } });
  t.deepEqual(Object.keys(typed.body.suggest), ['term#my']);
});

test.serial('phrase: corrections scored by the noisy channel and the language model', async (t) => {
  const settings = {
    number_of_shards: 1,
    analysis: {
      analyzer: { trigram: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'shingle'] } },
      filter: { shingle: { type: 'shingle', min_shingle_size: 2, max_shingle_size: 3 } },
    },
  };
  const mappings = { doc: { properties: { title: { type: 'text', fields: { trigram: { type: 'text', analyzer: 'trigram' } } } } } };
  t.is((await node.request('PUT', '/ph', { settings, mappings })).status, 200);
  const lines: unknown[] = [];
  ['noble warriors', 'nobel prize', 'nobel prize winners', 'the noble prize'].forEach((title, i) => lines.push({ index: { _index: 'ph', _type: 'doc', _id: String(i) } }, { title }));
  t.false((await node.request('POST', '/_bulk?refresh=true', ndjson(lines))).body.errors);
  const phrase = async (text: string, body: unknown): Promise<any> => {
    const r = await node.request('POST', '/ph/_search', { size: 0, suggest: { s: { text, phrase: body } } });
    t.is(r.status, 200, r.text);
    return r.body.suggest.s;
  };
  // unigrams (gram_size 1) on `title`: 10 tokens, 6 distinct terms (one segment). "prixe" is
  // unknown: (1 + 0) / 16 × 0.95 (real word likelihood); "prize" (3 occurrences) is one edit
  // away: (1 + 3) / 16 × (1 - 1/5). ES sums log10 and raises with exp.
  // exp(log10(0.8f × 4/16)) = 0.497097..., printed as a Java float
  const score = 0.49709705;
  t.deepEqual(await phrase('prixe', { field: 'title' }), [{ text: 'prixe', offset: 0, length: 5, options: [{ text: 'prize', score }] }]);
  // a known word is no error in the default `missing` mode
  t.deepEqual((await phrase('noble prize', { field: 'title' }))[0].options, []);
  // shingles give bigram statistics; highlight marks the corrected terms
  const hl = await phrase('nobel prixe', { field: 'title.trigram', gram_size: 3, direct_generator: [{ field: 'title.trigram', suggest_mode: 'always' }], highlight: { pre_tag: '<em>', post_tag: '</em>' } });
  t.deepEqual(hl[0].options.map((o: any) => [o.text, o.highlighted]), [['nobel prize', 'nobel <em>prize</em>']]);
  // collate: only corrections the query finds (prune keeps them all, with collate_match)
  const collate = (prune: boolean): unknown => ({ field: 'title', max_errors: 2, collate: { query: { inline: { match_phrase: { title: '{{suggestion}}' } } }, prune } });
  const pruned = await phrase('nobel warriorz', collate(true));
  t.true(pruned[0].options.every((o: any) => typeof o.collate_match === 'boolean'), JSON.stringify(pruned));
  t.true(pruned[0].options.some((o: any) => o.collate_match === false));
  const kept = await phrase('nobel warriorz', collate(false));
  t.deepEqual(kept[0].options.map((o: any) => o.text), pruned[0].options.filter((o: any) => o.collate_match).map((o: any) => o.text));
  t.true(kept[0].options.every((o: any) => !('collate_match' in o)));
  // a stored template collates like the same template inline, in _search and in _suggest
  const put = await node.request('POST', '/_search/template/collate_tpl', { template: { match_phrase: { title: '{{suggestion}}' } } });
  t.is(put.status, 200, put.text);
  const stored = await phrase('nobel warriorz', { field: 'title', max_errors: 2, collate: { query: { stored: 'collate_tpl' }, prune: true } });
  t.deepEqual(stored, pruned);
  const viaSuggest = await node.request('POST', '/ph/_suggest', { s: { text: 'nobel warriorz', phrase: { field: 'title', max_errors: 2, collate: { query: { stored: 'collate_tpl' }, prune: true } } } });
  t.deepEqual(viaSuggest.body.s, pruned);
  const missing = await node.request('POST', '/ph/_search', { suggest: { s: { text: 'x', phrase: { field: 'title', collate: { query: { stored: 'no_such_tpl' } } } } } });
  t.is(missing.status, 404, missing.text);
  // smoothing models change the scores, not the shape
  for (const smoothing of [{ laplace: { alpha: 0.7 } }, { linear_interpolation: { trigram_lambda: 0.5, bigram_lambda: 0.3, unigram_lambda: 0.2 } }, { stupid_backoff: { discount: 0.5 } }]) {
    const s = await phrase('nobel prixe', { field: 'title.trigram', smoothing });
    t.is(s[0].options[0]?.text, 'nobel prize', JSON.stringify(smoothing));
  }
  const err = await node.request('POST', '/ph/_search', { suggest: { s: { text: 'x', phrase: { field: 'title', highlight: { pre_tag: '<b>' } } } } });
  t.like(err.body.error, { type: 'illegal_argument_exception', reason: 'Pre and post tag must both be null or both not be null.' });
  const model = await node.request('POST', '/ph/_search', { suggest: { s: { text: 'x', phrase: { field: 'title', smoothing: { nope: {} } } } } });
  t.like(model.body.error, { type: 'parsing_exception', reason: "suggester[phrase] doesn't support field [nope]" });
});
