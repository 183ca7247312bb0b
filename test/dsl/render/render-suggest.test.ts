/**
 * ES 5.6 `SuggestBuilder.toXContent` of a parsed `suggest`: the global text, then the
 * suggestions in Java HashMap order of their names, each `SuggestionBuilder.toXContent`
 * (text/prefix/regex as given, then the suggester object: analyzer, field, size and shard_size
 * when given, then the suggester's innerToXContent).
 */
import test from 'ava';
import { parseSearchSource } from '../../../lib/dsl/search-source.js';
import { renderSearchSource } from '../../../lib/dsl/render/search-source.js';

const r = (body: unknown): string => renderSearchSource(parseSearchSource(body));
const TERM_DEFAULTS = '"sort":"SCORE","string_distance":"INTERNAL","max_edits":2,"max_inspections":5,"max_term_freq":0.01,"prefix_length":1,"min_word_length":4,"min_doc_freq":0.0';

test('term: TermSuggestionBuilder.innerToXContent prints every option (enum constant names, floats); size only when given', (t) => {
  t.is(
    r({ suggest: { text: 'tset', b: { term: { field: 'f' } }, a: { text: 'x', term: { field: 'g', size: 3, suggest_mode: 'popular', accuracy: 0.7, analyzer: 'simple' } } } }),
    '{"suggest":{"text":"tset",' +
      `"a":{"text":"x","term":{"analyzer":"simple","field":"g","size":3,"suggest_mode":"POPULAR","accuracy":0.7,${TERM_DEFAULTS}}},` +
      `"b":{"term":{"field":"f","suggest_mode":"MISSING","accuracy":0.5,${TERM_DEFAULTS}}}}}`,
  );
});

test('completion: FuzzyOptions (AUTO as 1 edit) and RegexOptions (flags as their int value), contexts as given', (t) => {
  t.is(
    r({ suggest: { c: { prefix: 'ni', completion: { field: 's', shard_size: 7, fuzzy: { fuzziness: 'AUTO' }, contexts: { genre: ['a', { context: 'b', boost: 2 }] } } }, d: { regex: 'n.*', completion: { field: 's', regex: { flags: 'INTERSECTION|EMPTY' } } } } }),
    '{"suggest":{"c":{"prefix":"ni","completion":{"field":"s","shard_size":7,' +
      '"fuzzy":{"fuzziness":1,"transpositions":true,"min_length":3,"prefix_length":1,"unicode_aware":false,"max_determinized_states":10000},' +
      '"contexts":{"genre":["a",{"context":"b","boost":2}]}}},' +
      '"d":{"regex":"n.*","completion":{"field":"s","regex":{"flags_value":5,"max_determinized_states":10000}}}}}',
  );
});

test('phrase: PhraseSuggestionBuilder.innerToXContent (floats, gram_size and smoothing only when given); suggest sits after highlight', (t) => {
  t.is(
    r({ suggest: { p: { text: 'x y', phrase: { field: 'f', gram_size: 2, smoothing: { laplace: { alpha: 0.7 } }, highlight: { pre_tag: '<b>', post_tag: '</b>' } } } }, highlight: { fields: { f: {} } } }),
    '{"highlight":{"fields":{"f":{}}},"suggest":{"p":{"text":"x y","phrase":{"field":"f","real_word_error_likelihood":0.95,"confidence":1.0,"separator":" ","max_errors":1.0,' +
      '"gram_size":2,"force_unigrams":true,"token_limit":10,"smoothing":{"laplace":{"alpha":0.7}},"highlight":{"pre_tag":"<b>","post_tag":"</b>"}}}}}',
  );
  t.is(
    r({ suggest: { p: { text: 'x', phrase: { field: 'f' } } } }),
    '{"suggest":{"p":{"text":"x","phrase":{"field":"f","real_word_error_likelihood":0.95,"confidence":1.0,"separator":" ","max_errors":1.0,"force_unigrams":true,"token_limit":10}}}}',
  );
});
