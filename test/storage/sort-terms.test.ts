import test from 'ava';
import { sortTerms, sortTermsWith } from '../../storage/sort-terms.js';

function randomTerms(seed: number, n: number): string[] {
  const rnd = (k: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % k;
  const alphabet = ['a', 'b', 'ab', 'ä', '\ud83d\ude00', 'Z', '0', '\uffff', ''];
  return Array.from({ length: n }, () => Array.from({ length: rnd(6) }, () => alphabet[rnd(alphabet.length)]).join(''));
}

test('sortTerms sorts in UTF-16 code unit order, as Array#sort does', (t) => {
  for (const n of [0, 1, 5, 13, 200, 3000]) {
    const terms = randomTerms(n + 1, n);
    t.deepEqual(sortTerms(terms.slice()), terms.slice().sort());
  }
});

test('sortTermsWith carries each term\'s ordinal along', (t) => {
  for (const n of [0, 1, 12, 13, 500, 4000]) {
    const terms = randomTerms(n + 7, n);
    const original = terms.slice();
    const ords = Int32Array.from(terms, (_, i) => i);
    sortTermsWith(terms, ords);
    t.deepEqual(terms, original.slice().sort());
    t.deepEqual(terms, Array.from(ords, (o) => original[o]));
    t.deepEqual([...ords].sort((a, b) => a - b), original.map((_, i) => i));
  }
  t.throws(() => sortTermsWith(['a'], new Int32Array(2)));
});
