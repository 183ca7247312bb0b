/** Token filters, with expectations from Lucene's tests and the ES 5.6 reference examples. */
import test from 'ava';
import { chain, offsets, positions, terms, types } from './helpers.js';

test('lowercase (java semantics) and uppercase', (t) => {
  t.deepEqual(terms(chain('whitespace', ['lowercase'], 'ÉCOLE İstanbul ΣΟΦΟΣ')), ['école', 'istanbul', 'σοφοσ']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'lowercase', language: 'greek' }], 'ΆΛΦΑ ΟΔΌΣ')), ['αλφα', 'οδοσ']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'lowercase', language: 'turkish' }], 'ISTANBUL İzmir')), ['ıstanbul', 'izmir']);
  t.deepEqual(terms(chain('whitespace', ['uppercase'], 'straße abc')), ['STRAßE', 'ABC']);
});

test('stop filter keeps the position gap of removed words', (t) => {
  const tokens = chain('standard', ['lowercase', 'stop'], 'The quick fox is in the box');
  t.deepEqual(terms(tokens), ['quick', 'fox', 'box']);
  t.deepEqual(positions(tokens), [1, 2, 6]);
  const custom = chain('whitespace', [{ type: 'stop', stopwords: ['and', 'is'], ignore_case: true }], 'Fox AND dog Is here');
  t.deepEqual(terms(custom), ['Fox', 'dog', 'here']);
  const french = chain('standard', [{ type: 'stop', stopwords: '_french_' }], 'le chat est sur la table');
  t.deepEqual(terms(french), ['chat', 'table']);
  const trailing = chain('whitespace', [{ type: 'stop', remove_trailing: false }], 'pizza with the');
  t.deepEqual(terms(trailing), ['pizza', 'the']);
  t.deepEqual(positions(trailing), [0, 2]);
});

test('asciifolding', (t) => {
  t.deepEqual(terms(chain('standard', ['asciifolding'], 'Ærøskøbing Straße ﬁnal naïve Łódź “quoted”')), ['AEroskobing', 'Strasse', 'final', 'naive', 'Lodz', 'quoted']);
  const tokens = chain('whitespace', [{ type: 'asciifolding', preserve_original: true }], 'açaí à');
  t.deepEqual(terms(tokens), ['acai', 'açaí', 'a', 'à']);
  t.deepEqual(positions(tokens), [0, 0, 1, 1]);
});

test('porter_stem (original Porter) and snowball (Porter2)', (t) => {
  const words = 'caresses ponies relational generously hopefully running skies';
  t.deepEqual(terms(chain('whitespace', ['porter_stem'], words)), ['caress', 'poni', 'relat', 'gener', 'hopefulli', 'run', 'ski']);
  t.deepEqual(terms(chain('whitespace', ['snowball'], words)), ['caress', 'poni', 'relat', 'generous', 'hope', 'run', 'sky']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'snowball', language: 'German' }], 'häuser aufeinanderfolgenden')), ['haus', 'aufeinanderfolg']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'stemmer', language: 'light_english' }, 'porter_stem'], 'x')), ['x']);
});

test('stemmer filter languages', (t) => {
  t.deepEqual(terms(chain('whitespace', [{ type: 'stemmer', language: 'english' }], 'jumping')), ['jump']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'stemmer', language: 'minimal_english' }], 'ponies cats glasses')), ['pony', 'cat', 'glasse']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'stemmer', name: 'possessive_english' }], "John's")), ['John']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'stemmer', language: 'russian' }], 'книгами')), ['книг']);
});

test('keyword_marker protects words from stemming', (t) => {
  const tokens = chain('whitespace', [{ type: 'keyword_marker', keywords: ['running'] }, 'porter_stem'], 'running jumping');
  t.deepEqual(terms(tokens), ['running', 'jump']);
  t.deepEqual(tokens.map((x) => x.keyword === true), [true, false]);
});

test('synonym: equivalent terms expand, explicit mappings replace', (t) => {
  const syn = { type: 'synonym', synonyms: ['i-pod, i pod => ipod', 'universe, cosmos', 'ny => new york'] };
  const a = chain('whitespace', [syn], 'the universe');
  t.deepEqual(terms(a), ['the', 'universe', 'cosmos']);
  t.deepEqual(types(a), ['word', 'word', 'SYNONYM']);
  t.deepEqual(positions(a), [0, 1, 1]);
  t.deepEqual(offsets(a), [[0, 3], [4, 12], [4, 12]]);
  const b = chain('whitespace', [syn], 'my i pod');
  t.deepEqual(terms(b), ['my', 'ipod']);
  t.deepEqual(positions(b), [0, 1]);
  t.deepEqual(offsets(b), [[0, 2], [3, 8]]);
  const c = chain('whitespace', [syn], 'ny city');
  // Lucene's SynonymFilter puts a multi-word output's later words on the following positions.
  t.deepEqual(terms(c), ['new', 'city', 'york']);
  t.deepEqual(positions(c), [0, 1, 1]);
  const noExpand = chain('whitespace', [{ type: 'synonym', synonyms: ['universe, cosmos'], expand: false }], 'cosmos');
  t.deepEqual(terms(noExpand), ['universe']);
  t.deepEqual(types(noExpand), ['SYNONYM']);
  const ci = chain('whitespace', [{ type: 'synonym', synonyms: ['Foo, Bar'], ignore_case: true }], 'FOO');
  t.deepEqual(terms(ci), ['FOO', 'bar']);
});

test('shingle', (t) => {
  const tokens = chain('whitespace', ['shingle'], 'please divide this');
  t.deepEqual(terms(tokens), ['please', 'please divide', 'divide', 'divide this', 'this']);
  t.deepEqual(positions(tokens), [0, 0, 1, 1, 2]);
  t.deepEqual(types(tokens), ['word', 'shingle', 'word', 'shingle', 'word']);
  t.deepEqual(tokens.map((x) => x.positionLength ?? 1), [1, 2, 1, 2, 1]);
  t.deepEqual(offsets(tokens)[1], [0, 13]);
  const noUni = chain('whitespace', [{ type: 'shingle', output_unigrams: false, max_shingle_size: 3 }], 'a b c');
  t.deepEqual(terms(noUni), ['a b', 'a b c', 'b c']);
  t.deepEqual(positions(noUni), [0, 0, 1]);
  const filler = chain('whitespace', ['stop', { type: 'shingle', output_unigrams: false }], 'hello the world');
  t.deepEqual(terms(filler), ['hello _', '_ world']);
});

test('ngram and edge_ngram token filters', (t) => {
  const tokens = chain('whitespace', [{ type: 'ngram', min_gram: 1, max_gram: 2 }], 'abc de');
  t.deepEqual(terms(tokens), ['a', 'ab', 'b', 'bc', 'c', 'd', 'de', 'e']);
  t.deepEqual(positions(tokens), [0, 0, 0, 0, 0, 1, 1, 1]);
  t.deepEqual(offsets(tokens)[3], [0, 3]);
  t.deepEqual(terms(chain('standard', [{ type: 'edge_ngram', min_gram: 1, max_gram: 3 }], 'quick fox')), ['q', 'qu', 'qui', 'f', 'fo', 'fox']);
});

test('length, trim, truncate, unique, reverse, limit', (t) => {
  t.deepEqual(terms(chain('whitespace', [{ type: 'length', min: 2, max: 4 }], 'a bb ccc ddddd')), ['bb', 'ccc']);
  t.deepEqual(terms(chain('keyword', ['trim'], '  spaced  ')), ['spaced']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'truncate', length: 3 }], 'abcdef ab')), ['abc', 'ab']);
  t.deepEqual(terms(chain('whitespace', ['unique'], 'a b a c b')), ['a', 'b', 'c']);
  t.deepEqual(terms(chain('whitespace', ['reverse'], 'hello')), ['olleh']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'limit', max_token_count: 2 }], 'a b c')), ['a', 'b']);
  t.deepEqual(terms(chain('whitespace', ['limit'], 'a b c')), ['a']);
});

test('word_delimiter', (t) => {
  t.deepEqual(terms(chain('whitespace', ['word_delimiter'], 'Super-Duper-XL500-42-AutoCoder!')), ['Super', 'Duper', 'XL', '500', '42', 'Auto', 'Coder']);
  const pos = chain('whitespace', ['word_delimiter'], "PowerShot O'Neil's wi-fi");
  t.deepEqual(terms(pos), ['Power', 'Shot', 'O', 'Neil', 'wi', 'fi']);
  t.deepEqual(offsets(pos).slice(0, 2), [[0, 5], [5, 9]]);
  const cat = chain('whitespace', [{ type: 'word_delimiter', catenate_words: true, preserve_original: true }], 'wi-fi');
  t.deepEqual(terms(cat), ['wi-fi', 'wi', 'wifi', 'fi']);
  t.deepEqual(positions(cat), [0, 0, 0, 1]);
});

test('elision, pattern_replace, keep, keep_types, apostrophe, decimal_digit, classic', (t) => {
  t.deepEqual(terms(chain('standard', ['elision'], "l'avion j'aime")), ['avion', 'aime']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'pattern_replace', pattern: '(\\d+)-(\\d+)', replacement: '$2_$1' }], '12-34 x')), ['34_12', 'x']);
  t.deepEqual(terms(chain('whitespace', [{ type: 'keep', keep_words: ['one', 'two'] }], 'one three two')), ['one', 'two']);
  t.deepEqual(terms(chain('standard', [{ type: 'keep_types', types: ['<NUM>'] }], 'a 1 b 2')), ['1', '2']);
  t.deepEqual(terms(chain('whitespace', ['apostrophe'], "Türkiye'de")), ['Türkiye']);
  t.deepEqual(terms(chain('whitespace', ['decimal_digit'], '١٢٣ ४५')), ['123', '45']);
  t.deepEqual(terms(chain('classic', ['classic'], "I.B.M. O'Reilly's")), ['IBM', "O'Reilly"]);
});
