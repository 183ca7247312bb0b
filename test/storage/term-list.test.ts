import test from 'ava';
import { PackedTermList, termListOf } from '../../storage/codecs/term-list.js';
import { decodeTermDict, encodeTermDict } from '../../storage/codecs/term-dict.js';

/** A deterministic generator (tests must not depend on Math.random's sequence). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Characters on every side of the orders' disagreements: ASCII, 2- and 3-byte UTF-8, the
// U+E000–U+FFFF block (sorts above surrogates in UTF-8, below in UTF-16) and surrogate pairs.
const ALPHABET = ['a', 'b', 'z', '0', ' ', '\u00e9', '\u00ff', '\u0100', '\u4e2d', '\ud7ff', '\ue000', '\uffff', '\ud83d\ude00', '\ud800\udc00'];

function randomTerms(next: () => number, n: number, alphabet: readonly string[]): string[] {
  const set = new Set<string>();
  while (set.size < n) {
    const len = Math.floor(next() * 6);
    let t = '';
    for (let i = 0; i < len; i++) t += alphabet[Math.floor(next() * alphabet.length)] as string;
    set.add(t);
  }
  return [...set].sort();
}

function lowerBound(terms: readonly string[], key: string): number {
  let i = 0;
  while (i < terms.length && (terms[i] as string) < key) i++;
  return i;
}

for (const [name, alphabet] of [
  ['ASCII', ALPHABET.slice(0, 5)],
  ['below U+E000 (bytes compared)', ALPHABET.slice(0, 10)],
  ['any UTF-16 (strings compared)', ALPHABET],
] as const) {
  test(`packed term lists agree with sorted string arrays: ${name}`, (t) => {
    const next = rng(name.length * 7919);
    for (let round = 0; round < 30; round++) {
      const terms = randomTerms(next, 1 + Math.floor(next() * 60), alphabet);
      const blockStart = [0];
      const dicts = [
        PackedTermList.of(terms),
        decodeTermDict(encodeTermDict({ terms, blockStart, docFreq: terms.map(() => 1), totalTermFreq: terms.map(() => 1) })).terms,
      ];
      for (const list of dicts) {
        t.is(list.length, terms.length);
        t.deepEqual([...list], terms);
        t.deepEqual(list.slice(1, 4), terms.slice(1, 4));
        for (let i = 0; i < terms.length; i++) t.is(list.at(i), terms[i] as string);
        const keys = [...terms, ...randomTerms(next, 20, ALPHABET), '\ud83d', 'a\udc00', ''];
        for (const k of keys) {
          t.is(list.lowerBound(k), lowerBound(terms, k), `lowerBound ${JSON.stringify(k)}`);
          t.is(list.indexOf(k), terms.indexOf(k), `indexOf ${JSON.stringify(k)}`);
        }
      }
    }
  });
}

test('a plain array as a term list answers the same', (t) => {
  const terms = ['a', 'ab', 'b'];
  const list = termListOf(terms);
  t.is(list.lowerBound('aa'), 1);
  t.is(list.indexOf('b'), 2);
  t.is(list.indexOf('c'), -1);
  t.deepEqual([...list], terms);
  t.throws(() => list.at(3), { instanceOf: RangeError });
  t.throws(() => PackedTermList.of(terms).at(-1), { instanceOf: RangeError });
});

test('the empty list', (t) => {
  const list = decodeTermDict(encodeTermDict({ terms: [], blockStart: [], docFreq: [], totalTermFreq: [] })).terms;
  t.is(list.length, 0);
  t.is(list.lowerBound('x'), 0);
  t.is(list.indexOf(''), -1);
  t.deepEqual(list.slice(), []);
});

test('indexOf answers the same when asked again, in runs and interleaved beyond the answers a list keeps', (t) => {
  const next = rng(7);
  const terms = randomTerms(next, 300, ['a', 'b', 'c', '\u00e9']);
  const list = PackedTermList.of(terms);
  const keys = [...terms.slice(0, 20), 'absent', 'zz', '', 'a\u00e9b'];
  for (let round = 0; round < 3; round++) {
    // the same key three times in a row (a term query's lookups), then keys cycling past the kept ones
    for (const k of keys) for (let r = 0; r < 3; r++) t.is(list.indexOf(k), terms.indexOf(k), `${JSON.stringify(k)} in a run`);
    for (let i = 0; i < 200; i++) {
      const k = keys[Math.floor(next() * keys.length)] as string;
      t.is(list.indexOf(k), terms.indexOf(k), JSON.stringify(k));
    }
  }
  t.is(PackedTermList.EMPTY.indexOf('a'), -1);
  t.is(PackedTermList.EMPTY.indexOf('a'), -1);
});
