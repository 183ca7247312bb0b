/**
 * Java regex syntax on RE2 (lib/analysis/java-regex.ts): translation of Java-only syntax,
 * flags, refused constructs, Java split semantics; and the linear `*` glob (simpleMatch).
 */
import test from 'ava';
import { compileJavaRegex, deriveRegex, javaSplit } from '../../lib/analysis/java-regex.js';
import { simpleMatch } from '../../lib/units/simple-match.js';

const whole = (pattern: string, s: string, flags?: string): boolean => {
  const re = compileJavaRegex(pattern, flags);
  return deriveRegex(re, re.flags.replace('g', ''), true).test(s);
};

test('Java syntax translated for RE2', (t) => {
  t.true(whole('\\p{Alpha}+', 'abc'));
  t.false(whole('\\p{Alpha}+', 'ab1'));
  t.true(whole('\\P{Digit}+', 'ab'));
  t.true(whole('[\\p{Lower}0-9]+', 'a1b2'));
  t.true(whole('\\p{IsAlphabetic}+', 'été'));
  t.true(whole('\\p{IsLatin}+', 'abc'));
  t.true(whole('\\p{L}+', 'ÄÖü'));
  t.true(whole('a\\sb', 'a\u000bb')); // Java \s includes \x0B
  t.false(whole('a\\sb', 'a\u00a0b')); // ...but not Unicode spaces
  t.true(whole('\\Qa.b*\\E', 'a.b*'));
  t.false(whole('\\Qa.b*\\E', 'axbb'));
  t.true(whole('a++b', 'aab')); // possessive → greedy
  t.true(whole('(?>a|ab)c', 'ac')); // atomic group → plain group
  t.true(whole('(?<year>\\d{4})', '2017'));
  t.true(whole('a]', 'a]'));
  t.true(whole('[]a]+', ']a'));
});

test('Java Pattern flags map to RE2 flags', (t) => {
  t.true(whole('abc', 'ABC', 'CASE_INSENSITIVE'));
  t.false(whole('abc', 'ABC'));
  t.true(whole('a.b', 'a\nb', 'DOTALL'));
  t.false(whole('a.b', 'a\nb'));
  t.is('x\ny'.replace(compileJavaRegex('^y', 'MULTILINE'), 'z'), 'x\nz');
  t.true(whole('a b # comment\n c', 'abc', 'COMMENTS'));
  t.true(whole('a.b', 'a.b', 'LITERAL'));
  t.false(whole('a.b', 'axb', 'LITERAL'));
  t.true(whole('abc', 'ABC', 'CASE_INSENSITIVE|UNICODE_CASE'));
  const e = t.throws(() => compileJavaRegex('a', 'NOPE')) as { type?: string; message: string };
  t.is(e.message, 'Unknown regex flag [NOPE]');
});

test('constructs that need backtracking are refused', (t) => {
  const reason = (p: string) => (t.throws(() => compileJavaRegex(p)) as Error).message;
  t.is(reason('(a)\\1'), 'Invalid regex pattern [(a)\\1]: the backreference \\1 is not supported (regular expressions run in linear time, without backtracking)');
  t.regex(reason('(?<n>a)\\k<n>'), /the named backreference \\k is not supported/);
  t.regex(reason('a(?=b)'), /the lookahead \(\?= is not supported/);
  t.regex(reason('a(?!b)'), /the lookahead \(\?! is not supported/);
  t.regex(reason('(?<=a)b'), /the lookbehind \(\?<= is not supported/);
  t.regex(reason('(?<!a)b'), /the lookbehind \(\?<! is not supported/);
  t.regex(reason('\\Ga'), /\\G is not supported/);
  t.regex(reason('(ab'), /^Invalid regex pattern \[\(ab\]: /);
  // inside a class these are ordinary characters
  t.true(whole('[(?=]+', '(?='));
});

test('catastrophic patterns run in linear time', (t) => {
  const long = 'a'.repeat(50000);
  const started = performance.now();
  t.false(whole('(a+)+b', long));
  t.false(compileJavaRegex('(a|aa)+c').test(long));
  t.true(performance.now() - started < 1000);
});

test('Java split: no captured groups, Java empty-string rules', (t) => {
  t.deepEqual(javaSplit(compileJavaRegex('(,)'), 'a,b'), ['a', 'b']);
  t.deepEqual(javaSplit(compileJavaRegex(','), 'a,,b,,'), ['a', '', 'b']);
  t.deepEqual(javaSplit(compileJavaRegex(','), ',a'), ['', 'a']);
  t.deepEqual(javaSplit(compileJavaRegex(''), 'ab'), ['a', 'b']);
  t.deepEqual(javaSplit(compileJavaRegex(','), 'a,b,c', 2), ['a', 'b,c']);
  t.deepEqual(javaSplit(compileJavaRegex(','), 'abc'), ['abc']);
  t.deepEqual(javaSplit(compileJavaRegex(','), ','), []);
});

test('simpleMatch: * globs in linear time', (t) => {
  t.true(simpleMatch('*', ''));
  t.true(simpleMatch('a*', 'abc'));
  t.true(simpleMatch('*c', 'abc'));
  t.true(simpleMatch('a*c', 'abbc'));
  t.true(simpleMatch('a**c', 'ac'));
  t.false(simpleMatch('a*c', 'abcd'));
  t.true(simpleMatch('*b*d*', 'abcde'));
  t.false(simpleMatch('*b*d*', 'adcb'));
  t.true(simpleMatch('abc', 'abc'));
  t.false(simpleMatch('abc', 'abd'));
  t.true(simpleMatch('a.b', 'a.b'));
  t.false(simpleMatch('a.b', 'axb'));
  const started = performance.now();
  t.false(simpleMatch('*a*a*a*a*a*a*a*b', 'a'.repeat(5000)));
  t.true(performance.now() - started < 1000);
});
