import test from 'ava';
import { assertComparison, assertIsFalse, assertIsTrue, assertLength, assertMatch, firstDifference, isTruthy } from './runner/matchers.js';

test('match compares numbers numerically and maps regardless of key order', (t) => {
  t.is(assertMatch('a', 1, 1.0), undefined);
  t.is(assertMatch('a', { x: 1, y: [1, 2] }, { y: [1, 2], x: 1 }), undefined);
  t.regex(assertMatch('a', { x: 1, y: [2, 1] }, { x: 1, y: [1, 2] }) ?? '', /y\.0: expected 1 but was 2/);
  t.regex(assertMatch('a', { x: 1, z: 2 }, { x: 1 }) ?? '', /unexpected key\(s\) \[z\]/);
  t.regex(assertMatch('a', { x: 1 }, { x: 1, z: 2 }) ?? '', /z: expected 2 but the key is missing/);
});

test('match does not equate strings and numbers (Java equals)', (t) => {
  t.truthy(assertMatch('_version', '1', 1));
  t.truthy(assertMatch('found', 'true', true));
  t.is(assertMatch('found', true, true), undefined);
});

test('match with a regex requires a string and uses COMMENTS + find()', (t) => {
  t.is(assertMatch('$body', 'green 1 \n', '/^ green \\s+ \\d+ \\s+ $/'), undefined);
  t.regex(assertMatch('count', 12, '/\\d+/') ?? '', /expected to be of type String/);
  t.regex(assertMatch('s', 'red', '/green/') ?? '', /didn't/);
});

test('match on a missing field fails with "is null", null expected matches missing', (t) => {
  t.is(assertMatch('x', undefined, 'a'), 'field [x] is null');
  t.is(assertMatch('x', undefined, null), undefined);
  t.truthy(assertMatch('x', 0, null));
});

test('is_true / is_false follow the Java toString rules', (t) => {
  t.false(isTruthy(undefined));
  t.false(isTruthy(null));
  t.false(isTruthy(''));
  t.false(isTruthy('FALSE'));
  t.false(isTruthy(0));
  t.false(isTruthy('0'));
  t.true(isTruthy({}));
  t.true(isTruthy([]));
  t.true(isTruthy('no'));
  t.true(isTruthy(1));
  t.is(assertIsTrue('acknowledged', true), undefined);
  t.regex(assertIsTrue('acknowledged', false) ?? '', /doesn't have a true value/);
  t.is(assertIsFalse('found', undefined), undefined);
  t.truthy(assertIsFalse('found', 'yes'));
});

test('length counts string characters, list elements and map keys', (t) => {
  t.is(assertLength('_id', 'abcdefghijklmnopqrstuv', 22), undefined);
  t.is(assertLength('hits', [1, 2, 3], 3), undefined);
  t.is(assertLength('_source', { a: 1, b: 2 }, 2), undefined);
  t.is(assertLength('_source', { a: 1, b: 2 }, '2'), undefined);
  t.regex(assertLength('hits', [1], 2) ?? '', /doesn't have length \[2\]: it has \[1\]/);
  t.truthy(assertLength('n', 5, 1));
});

test('gt/gte/lt/lte compare numbers and strings, and refuse mixed types', (t) => {
  t.is(assertComparison('gt', 'took', 5, 0), undefined);
  t.truthy(assertComparison('gt', 'took', 0, 0));
  t.is(assertComparison('gte', 'took', 0, 0), undefined);
  t.is(assertComparison('lt', 'n', 1, 2.5), undefined);
  t.truthy(assertComparison('lte', 'n', 3, 2));
  t.is(assertComparison('lt', 's', 'abc', 'abd'), undefined);
  t.regex(assertComparison('lt', 'n', '1', 2) ?? '', /cannot be compared/);
  t.regex(assertComparison('lt', 'n', undefined, 2) ?? '', /not comparable/);
});

test('firstDifference reports the first differing path', (t) => {
  t.is(firstDifference({ a: { b: [1, { c: 'x' }] } }, { a: { b: [1, { c: 'y' }] } }), 'a.b.1.c: expected "y" but was "x"');
  t.is(firstDifference([], []), undefined);
});
