/**
 * Lucene `RegExp` syntax compiled to automata (lib/automaton): each operator, each optional
 * operator with its flag on and off (off: the character is literal, as in Lucene), Lucene's
 * error messages, the state limit, and wildcard syntax.
 */
import test from 'ava';
import { compileRegexp, compileRegexpAsync, compileWildcard, RegexpSyntax, TermMatcher } from '../../lib/automaton/index.js';

const ALL = RegexpSyntax.ALL;
const NONE = RegexpSyntax.NONE;

function matches(src: string, flags: number, term: string): boolean {
  return new TermMatcher(compileRegexp(src, flags)).test(term);
}

function errorOf(f: () => unknown): { type: string; reason: string } {
  try {
    f();
  } catch (e) {
    const err = e as { type: string; message: string };
    return { type: err.type, reason: err.message };
  }
  throw new Error('expected an error');
}

const cases: Array<[string, string, boolean]> = [
  ['abc', 'abc', true],
  ['abc', 'abcd', false], // whole-term match, no implicit anchors needed
  ['a.c', 'a😀c', true], // `.` is one code point, not one UTF-16 unit
  ['ab?c', 'ac', true],
  ['ab?c', 'abbc', false],
  ['ab*c', 'abbbc', true],
  ['ab+c', 'ac', false],
  ['ab+c', 'abbc', true],
  ['a{2}', 'aa', true],
  ['a{2}', 'aaa', false],
  ['a{2,}', 'aaaaa', true],
  ['a{2,}', 'a', false],
  ['a{2,3}', 'aaa', true],
  ['a{2,3}', 'aaaa', false],
  ['a{3,2}', 'aa', false], // min > max: the empty language
  ['[a-c]+', 'cab', true],
  ['[a-c]+', 'cad', false],
  ['[^a-c]x', 'dx', true],
  ['[^a-c]x', 'bx', false],
  ['[^a-c]x', 'x', false], // a negated class is still exactly one char
  ['ab|cd', 'cd', true],
  ['a(b|c)d', 'acd', true],
  ['a(b|c)d', 'ad', false],
  ['a()b', 'ab', true],
  ['"a.b*"', 'a.b*', true],
  ['"a.b*"', 'axbb', false],
  ['a\\.b', 'a.b', true],
  ['a\\.b', 'axb', false],
  ['\\\\', '\\', true],
  ['^a$', '^a$', true], // no anchors in Lucene syntax: ^ and $ are literal
  ['*a', '*a', true], // a leading repeat operator is a literal char
  ['(a+)+b', 'a'.repeat(40), false],
  ['(a+)+b', 'a'.repeat(40) + 'b', true],
];

test('each operator of the Lucene RegExp syntax', (t) => {
  for (const [src, term, want] of cases) t.is(matches(src, ALL, term), want, `/${src}/ on ${term}`);
});

test('optional operators with their flag on', (t) => {
  t.false(matches('~(ab)', ALL, 'ab'));
  t.true(matches('~(ab)', ALL, 'abc'));
  t.true(matches('~(ab)', ALL, ''));
  t.true(matches('a~b', RegexpSyntax.COMPLEMENT, 'ac'));
  t.true(matches('a~b', RegexpSyntax.COMPLEMENT, 'abb'));
  t.false(matches('a~b', RegexpSyntax.COMPLEMENT, 'ab'));
  t.true(matches('.*a.*&.*b.*', RegexpSyntax.INTERSECTION, 'xbya'));
  t.false(matches('.*a.*&.*b.*', RegexpSyntax.INTERSECTION, 'xya'));
  t.true(matches('a@', RegexpSyntax.ANYSTRING, 'a'));
  t.true(matches('a@', RegexpSyntax.ANYSTRING, 'abc'));
  t.false(matches('a@', RegexpSyntax.ANYSTRING, 'ba'));
  t.false(matches('#', RegexpSyntax.EMPTY, ''));
  t.false(matches('#', RegexpSyntax.EMPTY, '#'));
  t.true(matches('a|#', RegexpSyntax.EMPTY, 'a'));
  // <n-m>: any number of leading zeros when the bounds' lengths differ, fixed width when equal
  t.true(matches('<1-10>', RegexpSyntax.INTERVAL, '7'));
  t.true(matches('<1-10>', RegexpSyntax.INTERVAL, '10'));
  t.true(matches('<1-10>', RegexpSyntax.INTERVAL, '007'));
  t.false(matches('<1-10>', RegexpSyntax.INTERVAL, '11'));
  t.false(matches('<1-10>', RegexpSyntax.INTERVAL, '0'));
  t.true(matches('<01-10>', RegexpSyntax.INTERVAL, '05'));
  t.false(matches('<01-10>', RegexpSyntax.INTERVAL, '5'));
  t.true(matches('<20-5>', RegexpSyntax.INTERVAL, '12')); // bounds swap
  t.true(matches('id<0-255>', ALL, 'id255'));
  t.false(matches('id<0-255>', ALL, 'id256'));
});

test('optional operators with their flag off are literal characters', (t) => {
  t.true(matches('~a', NONE, '~a'));
  t.false(matches('~a', NONE, 'b'));
  t.true(matches('a&b', NONE, 'a&b'));
  t.true(matches('a@', NONE, 'a@'));
  t.false(matches('a@', NONE, 'abc'));
  t.true(matches('#', NONE, '#'));
  t.true(matches('<1-2>', NONE, '<1-2>'));
  // one flag does not enable another
  t.true(matches('~a&b', RegexpSyntax.INTERSECTION, '~a&b') === false && matches('~a&~a', RegexpSyntax.INTERSECTION, '~a'));
  t.true(matches('a&b', RegexpSyntax.COMPLEMENT, 'a&b'));
});

test('syntax errors carry Lucene messages', (t) => {
  const iae = (reason: string) => ({ type: 'illegal_argument_exception', reason });
  t.deepEqual(errorOf(() => compileRegexp('(a', ALL)), iae("expected ')' at position 2"));
  t.deepEqual(errorOf(() => compileRegexp('a)', ALL)), iae('end-of-string expected at position 1'));
  t.deepEqual(errorOf(() => compileRegexp('[ab', ALL)), iae("expected ']' at position 3"));
  t.deepEqual(errorOf(() => compileRegexp('[a-', ALL)), iae('unexpected end-of-string'));
  t.deepEqual(errorOf(() => compileRegexp('a|', ALL)), iae('unexpected end-of-string'));
  t.deepEqual(errorOf(() => compileRegexp('"ab', ALL)), iae('expected \'"\' at position 3'));
  t.deepEqual(errorOf(() => compileRegexp('a{x}', ALL)), iae('integer expected at position 2'));
  t.deepEqual(errorOf(() => compileRegexp('a{2', ALL)), iae("expected '}' at position 3"));
  t.deepEqual(errorOf(() => compileRegexp('[b-a]', ALL)), iae('invalid range: from (98) cannot be > to (97)'));
  t.deepEqual(errorOf(() => compileRegexp('<1-x>', ALL)), iae('interval syntax error at position 4'));
  t.deepEqual(errorOf(() => compileRegexp('<1-2>', RegexpSyntax.AUTOMATON)), iae('illegal identifier at position 4'));
  t.deepEqual(errorOf(() => compileRegexp('<name>', RegexpSyntax.INTERVAL)), iae('interval syntax error at position 5'));
  t.deepEqual(errorOf(() => compileRegexp('<name>', ALL)), iae("'name' not found"));
  t.deepEqual(errorOf(() => compileRegexp('('.repeat(5000) + ')'.repeat(5000), ALL)).type, 'illegal_argument_exception');
});

test('past max_determinized_states: too_complex_to_determinize_exception, before work explodes', async (t) => {
  const tooComplex = (src: string, n: number) => ({ type: 'too_complex_to_determinize_exception', reason: `Determinizing ${src} would result in more than ${n} states.` });
  t.deepEqual(errorOf(() => compileRegexp('[ab]*a[ab]{20}', ALL)), tooComplex('[ab]*a[ab]{20}', 10000));
  t.deepEqual(errorOf(() => compileRegexp('[ab]*a[ab]{4}', ALL, 10)), tooComplex('[ab]*a[ab]{4}', 10));
  t.deepEqual(errorOf(() => compileRegexp('a{1000000000}', ALL)), tooComplex('a{1000000000}', 10000));
  t.deepEqual(errorOf(() => compileRegexp('((a{100}){100}){100}', ALL)), tooComplex('((a{100}){100}){100}', 10000));
  t.true(new TermMatcher(compileRegexp('[ab]*a[ab]{4}', ALL, 100)).test('bbabbbb'));
  const err = await compileRegexpAsync('~(.*a.{14})', ALL).then(
    () => null,
    (e: { type: string }) => e.type,
  );
  t.is(err, 'too_complex_to_determinize_exception');
});

test('the literal prefix of the automaton is found for seeking', (t) => {
  t.is(new TermMatcher(compileRegexp('abc.*', ALL)).prefix, 'abc');
  t.is(new TermMatcher(compileRegexp('ab(c|d)', ALL)).prefix, 'ab');
  t.is(new TermMatcher(compileRegexp('.*abc', ALL)).prefix, '');
});

test('wildcard syntax: * ? and \\ escapes, run as an automaton', async (t) => {
  const w = async (p: string, term: string) => new TermMatcher(await compileWildcard(p)).test(term);
  t.true(await w('a*c', 'abbbc'));
  t.true(await w('a*c', 'ac'));
  t.true(await w('a?c', 'a😀c'));
  t.false(await w('a?c', 'ac'));
  t.true(await w('a\\*c', 'a*c'));
  t.false(await w('a\\*c', 'abc'));
  t.true(await w('ab\\', 'ab\\')); // a trailing backslash is literal
  t.true(await w('a.b', 'a.b'));
  t.false(await w('a.b', 'axb')); // regexp characters are literal
  t.false(await w('*a*a*a*a*a*a*a*b', 'a'.repeat(40)));
  t.true(await w('*a*a*a*a*a*a*a*b', 'a'.repeat(40) + 'b'));
  t.is(new TermMatcher(await compileWildcard('abc*d')).prefix, 'abc');
  const err = await compileWildcard('*a' + '?'.repeat(16)).then(
    () => null,
    (e: { type: string; message: string }) => e,
  );
  t.is(err?.type, 'too_complex_to_determinize_exception');
  t.regex(err?.message ?? '', /^Determinizing automaton with \d+ states and \d+ transitions would result in more than 10000 states\.$/);
});
