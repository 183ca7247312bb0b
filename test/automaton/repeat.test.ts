/**
 * Repeats (`?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`) built as Lucene's `Operations.repeat` builds
 * them (lib/automaton/repeat.ts): the language of every repeat shape, checked string by string
 * against a JavaScript RegExp of the same meaning (small alphabet, every string up to length 6);
 * large counted repeats compile quickly to the automaton Lucene keeps; the state limit still
 * refuses what Lucene refuses, and only that.
 */
import test from 'ava';
import { compileRegexp, compileRegexpAsync, RegexpSyntax, TermMatcher } from '../../lib/automaton/index.js';

const ALL = RegexpSyntax.ALL;

/** Every string over `alphabet` of length 0..`max`. */
function allStrings(alphabet: string, max: number): string[] {
  const out = [''];
  let level = [''];
  for (let len = 1; len <= max; len++) {
    level = level.flatMap((s) => [...alphabet].map((c) => s + c));
    out.push(...level);
  }
  return out;
}

// Lucene syntax and a JavaScript RegExp that means the same (these shapes are spelled alike)
const shapes = [
  'a{2}',
  'a{0,2}',
  'a{2,4}',
  'a{2,}',
  '(ab){1,3}',
  '(ab?){2,3}',
  '(a?){2,3}', // a part matching the empty string, in the mandatory copies too
  '(a?b?){3}',
  '(a|b?){0,2}',
  '(a*b){1,2}',
  '([ab]*a){2,3}',
  '(b|ab*){2,}',
  '(a{1,2}b){2,3}',
  '((ab){0,2}c?){1,2}',
  '(){2,5}a',
  'a?b*c+',
  '(a+b?)*',
  'a?b?a?c?', // concatenations of parts matching the empty string: epsilon closures
  '(a?|b)(b?|c)*a?',
];

test('every repeat shape matches exactly the strings a JavaScript RegExp of the same meaning matches', (t) => {
  const strings = allStrings('abc', 6);
  for (const src of shapes) {
    const matcher = new TermMatcher(compileRegexp(src, ALL));
    const reference = new RegExp(`^(?:${src})$`);
    const wrong = strings.filter((s) => matcher.test(s) !== reference.test(s));
    t.deepEqual(wrong, [], `/${src}/`);
  }
  // min > max: the empty language (JavaScript refuses the quantifier)
  t.deepEqual(strings.filter((s) => new TermMatcher(compileRegexp('a{3,2}', ALL)).test(s)), []);
});

test('large counted repeats compile to the automaton Lucene keeps, in milliseconds', (t) => {
  const cases: Array<[string, string[], string[]]> = [
    ['a{1,1000}', ['a', 'aaa', 'a'.repeat(1000)], ['', 'a'.repeat(1001), 'b']],
    ['(ab){2,500}', ['abab', 'ab'.repeat(500)], ['ab', 'ab'.repeat(501), 'aba']],
    ['[a-z]{3,800}', ['abc', 'x'.repeat(800)], ['ab', 'x'.repeat(801), 'abC']],
    ['.{1,1000}', ['😀', 'x'.repeat(1000)], ['', 'x'.repeat(1001)]],
    ['(a|ab){1,1000}', ['aab', 'ab'.repeat(1000), 'a'.repeat(1000)], ['b', 'a'.repeat(1001)]],
  ];
  for (const [src, yes, no] of cases) {
    const started = performance.now();
    const matcher = new TermMatcher(compileRegexp(src, ALL));
    const ms = performance.now() - started;
    for (const s of yes) t.true(matcher.test(s), `/${src}/ on ${s.slice(0, 20)}… (${s.length})`);
    for (const s of no) t.false(matcher.test(s), `/${src}/ on ${s.slice(0, 20)}… (${s.length})`);
    // seconds (and a refusal) before the change; tens of ms now, with room for a loaded machine
    t.true(ms < 1500, `/${src}/ took ${ms.toFixed(0)} ms`);
  }
  // deterministic: kept whole past the limit, as in Lucene (not timed: 15000 states)
  const long = new TermMatcher(compileRegexp('a{15000}', ALL));
  t.true(long.test('a'.repeat(15000)));
  t.false(long.test('a'.repeat(14999)));
  // a repeat of a repeat is a real subset construction (quadratic, as in Lucene): right, not timed
  const nested = new TermMatcher(compileRegexp('x(a{1,1000}|b{1,1000})+', ALL));
  t.true(nested.test('xab' + 'a'.repeat(1000) + 'b'.repeat(999)));
  t.false(nested.test('x'));
  // `a?` written 1000 times: closures followed while subsets expand, never copied out (n^2)
  const optionals = new TermMatcher(compileRegexp('a?'.repeat(1000), ALL));
  t.true(optionals.test('a'.repeat(1000)));
  t.true(optionals.test(''));
  t.false(optionals.test('a'.repeat(1001)));
  // the automaton is the minimal one, as Lucene minimizes after every operator
  t.is(compileRegexp('a{1,1000}', ALL).accept.length, 1001);
  t.is(compileRegexp('[a-z]{3,800}', ALL).accept.length, 801);
  t.is(compileRegexp('(a|b|c|d|e|f){1,2000}x', ALL).accept.length, 2002);
  t.is(compileRegexp('[ab]*', ALL).accept.length, 1);
  t.is(compileRegexp('(a|aa){1,3000}', ALL).accept.length, 6001);
});

test('the state limit refuses the exponential subset construction at the same place as Lucene', async (t) => {
  const tooComplex = (src: string, n: number) => ({ type: 'too_complex_to_determinize_exception', reason: `Determinizing ${src} would result in more than ${n} states.` });
  const refusal = async (src: string, limit?: number) =>
    compileRegexpAsync(src, ALL, limit).then(
      () => null,
      (e: { type: string; message: string }) => ({ type: e.type, reason: e.message }),
    );
  // [ab]*a[ab]{n} determinizes to 2^(n+1) states: 8192 fit in 10000, 16384 do not
  t.is(await refusal('[ab]*a[ab]{12}'), null);
  t.is((await compileRegexpAsync('[ab]*a[ab]{12}', ALL)).accept.length, 8192);
  t.deepEqual(await refusal('[ab]*a[ab]{13}'), tooComplex('[ab]*a[ab]{13}', 10000));
  t.deepEqual(await refusal('[ab]*a[ab]{20}'), tooComplex('[ab]*a[ab]{20}', 10000));
  // the limit applies to the subset construction only: a deterministic repeat past it is kept
  t.is(await refusal('a{1,900}', 500), null);
  t.deepEqual(await refusal('[ab]*a[ab]{8}', 500), tooComplex('[ab]*a[ab]{8}', 500));
  // a repeat too large to build at all (Lucene runs out of memory) is refused before any work
  t.deepEqual(await refusal('a{1000000000}'), tooComplex('a{1000000000}', 10000));
  t.deepEqual(await refusal('(.{1,1000}){1,1000}'), tooComplex('(.{1,1000}){1,1000}', 10000));
});
