/** Built-in analyzers, as ES 5.6 configures the Lucene analyzers. */
import test from 'ava';
import { analyze, analyzeCustom, positions, terms } from './helpers.js';
import { globalRegistry } from './helpers.js';

const sentence = "The 2 QUICK Brown-Foxes jumped over the lazy dog's bone.";

test('simple, whitespace, keyword, stop', (t) => {
  t.deepEqual(terms(analyze('simple', sentence)), ['the', 'quick', 'brown', 'foxes', 'jumped', 'over', 'the', 'lazy', 'dog', 's', 'bone']);
  t.deepEqual(terms(analyze('whitespace', sentence)), ['The', '2', 'QUICK', 'Brown-Foxes', 'jumped', 'over', 'the', 'lazy', "dog's", 'bone.']);
  t.deepEqual(terms(analyze('keyword', sentence)), [sentence]);
  const stop = analyze('stop', sentence);
  t.deepEqual(terms(stop), ['quick', 'brown', 'foxes', 'jumped', 'over', 'lazy', 'dog', 's', 'bone']);
  t.deepEqual(positions(stop), [1, 2, 3, 4, 5, 7, 8, 9, 10]);
});

test('pattern and fingerprint analyzers', (t) => {
  t.deepEqual(terms(analyze('pattern', sentence)), ['the', '2', 'quick', 'brown', 'foxes', 'jumped', 'over', 'the', 'lazy', 'dog', 's', 'bone']);
  t.deepEqual(terms(analyze('fingerprint', 'Yes yes, Gödel said this sentence is consistent and.')), ['and consistent godel is said sentence this yes']);
});

test('english analyzer: possessive, stop words, porter', (t) => {
  const tokens = analyze('english', sentence);
  t.deepEqual(terms(tokens), ['2', 'quick', 'brown', 'fox', 'jump', 'over', 'lazi', 'dog', 'bone']);
  t.deepEqual(positions(tokens), [1, 2, 3, 4, 5, 6, 8, 9, 10]);
});

test('snowball-backed language analyzers', (t) => {
  t.deepEqual(terms(analyze('russian', 'Вместе с тем о силе электромагнитной энергии')), ['вмест', 'сил', 'электромагнитн', 'энерг']);
  t.deepEqual(terms(analyze('dutch', 'lichamelijk fiets kind de')), ['licham', 'fiets', 'kinder']);
  t.deepEqual(terms(analyze('french', "l'avion des chats")), ['avion', 'chat']);
  t.deepEqual(terms(analyze('swedish', 'och klockorna')), ['klock']);
  t.deepEqual(terms(analyze('snowball', 'The troubled foxes')), ['troubl', 'fox']);
  for (const name of ['german', 'spanish', 'italian', 'portuguese', 'norwegian', 'danish', 'finnish']) t.truthy(globalRegistry.analyzer(name), name);
});

test('configured analyzer types take their settings', (t) => {
  const settings = {
    analyzer: {
      my: { type: 'standard', stopwords: '_english_', max_token_length: '5' },
      eng: { type: 'english', stem_exclusion: ['running'] },
      pat: { type: 'pattern', pattern: ',', lowercase: false },
    },
  };
  t.deepEqual(terms(analyzeCustom(settings, 'The Quickest fox')), ['quick', 'est', 'fox']);
  t.deepEqual(terms(analyzeCustom(settings, 'running jumping', 'eng')), ['running', 'jump']);
  t.deepEqual(terms(analyzeCustom(settings, 'A,b C', 'pat')), ['A', 'b C']);
});
