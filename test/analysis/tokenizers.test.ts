/** The other tokenizers, with the examples of the ES 5.6 reference and Lucene's tests. */
import test from 'ava';
import { chain, offsets, positions, terms, types } from './helpers.js';

const sentence = "The 2 QUICK Brown-Foxes jumped over the lazy dog's bone.";

test('whitespace, letter, lowercase, keyword', (t) => {
  t.deepEqual(terms(chain('whitespace', [], sentence)), ['The', '2', 'QUICK', 'Brown-Foxes', 'jumped', 'over', 'the', 'lazy', "dog's", 'bone.']);
  t.deepEqual(types(chain('whitespace', [], 'a b')), ['word', 'word']);
  t.deepEqual(terms(chain('letter', [], sentence)), ['The', 'QUICK', 'Brown', 'Foxes', 'jumped', 'over', 'the', 'lazy', 'dog', 's', 'bone']);
  t.deepEqual(terms(chain('lowercase', [], sentence)), ['the', 'quick', 'brown', 'foxes', 'jumped', 'over', 'the', 'lazy', 'dog', 's', 'bone']);
  const kw = chain('keyword', [], 'New York');
  t.deepEqual(terms(kw), ['New York']);
  t.deepEqual(offsets(kw), [[0, 8]]);
  t.deepEqual(chain('keyword', [], ''), []);
});

test('whitespace tokenizer splits at 255 chars', (t) => {
  t.deepEqual(chain('whitespace', [], 'x'.repeat(256)).map((x) => x.term.length), [255, 1]);
});

test('ngram tokenizer defaults (min 1, max 2)', (t) => {
  t.deepEqual(terms(chain('ngram', [], 'Quick Fox')), ['Q', 'Qu', 'u', 'ui', 'i', 'ic', 'c', 'ck', 'k', 'k ', ' ', ' F', 'F', 'Fo', 'o', 'ox', 'x']);
});

test('ngram tokenizer with token_chars', (t) => {
  const tokens = chain({ type: 'ngram', min_gram: 3, max_gram: '3', token_chars: ['letter', 'digit'] }, [], '2 Quick Foxes.');
  t.deepEqual(terms(tokens), ['Qui', 'uic', 'ick', 'Fox', 'oxe', 'xes']);
  t.deepEqual(offsets(tokens)[0], [2, 5]);
});

test('edge_ngram tokenizer', (t) => {
  t.deepEqual(terms(chain('edge_ngram', [], 'Quick Fox')), ['Q', 'Qu']);
  const tokens = chain({ type: 'edge_ngram', min_gram: 2, max_gram: 10, token_chars: 'letter,digit' }, [], '2 Quick Foxes.');
  t.deepEqual(terms(tokens), ['Qu', 'Qui', 'Quic', 'Quick', 'Fo', 'Fox', 'Foxe', 'Foxes']);
  t.deepEqual(offsets(tokens).slice(4, 5), [[8, 10]]);
});

test('pattern tokenizer: split and group', (t) => {
  t.deepEqual(terms(chain('pattern', [], "The foo_bar_size's default is 5.")), ['The', 'foo_bar_size', 's', 'default', 'is', '5']);
  t.deepEqual(terms(chain({ type: 'pattern', pattern: ',' }, [], 'comma,separated,values')), ['comma', 'separated', 'values']);
  const quoted = chain({ type: 'pattern', pattern: '"((?:\\\\"|[^"]|\\\\")+)"', group: 1 }, [], '"value", "value with embedded \\" quote"');
  t.deepEqual(terms(quoted), ['value', 'value with embedded \\" quote']);
});

test('path_hierarchy tokenizer', (t) => {
  const tokens = chain('path_hierarchy', [], '/one/two/three');
  t.deepEqual(terms(tokens), ['/one', '/one/two', '/one/two/three']);
  t.deepEqual(positions(tokens), [0, 0, 0]);
  t.deepEqual(offsets(tokens), [[0, 4], [0, 8], [0, 14]]);
  t.deepEqual(terms(chain({ type: 'path_hierarchy', delimiter: '-', replacement: '/', skip: 2 }, [], 'one-two-three-four-five')), ['/three', '/three/four', '/three/four/five']);
  t.deepEqual(terms(chain({ type: 'path_hierarchy', reverse: true }, [], '/one/two/three')), ['/one/two/three', 'one/two/three', 'two/three', 'three']);
});

test('uax_url_email keeps urls and emails whole', (t) => {
  const tokens = chain('uax_url_email', [], 'Email me at john.smith@global-international.com or see https://www.elastic.co/guide?x=1.');
  t.deepEqual(terms(tokens), ['Email', 'me', 'at', 'john.smith@global-international.com', 'or', 'see', 'https://www.elastic.co/guide?x=1']);
  t.deepEqual(types(tokens).slice(3, 4), ['<EMAIL>']);
  t.deepEqual(types(tokens).slice(6), ['<URL>']);
});

test('classic tokenizer types', (t) => {
  const tokens = chain('classic', [], "O'Reilly AT&T I.B.M. joe@mail.com www.abc.com 1-2");
  t.deepEqual(terms(tokens), ["O'Reilly", 'AT&T', 'I.B.M.', 'joe@mail.com', 'www.abc.com', '1-2']);
  t.deepEqual(types(tokens), ['<APOSTROPHE>', '<COMPANY>', '<ACRONYM>', '<EMAIL>', '<HOST>', '<NUM>']);
});
