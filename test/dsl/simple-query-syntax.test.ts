import test from 'ava';
import { parseSimpleQuery, SIMPLE_FLAGS } from '../../lib/dsl/lucene-query-syntax/index.js';

const term = (text: string) => ({ type: 'term', text });

test('default operator between terms', (t) => {
  t.deepEqual(parseSimpleQuery('a b'), { type: 'boolean', clauses: [{ occur: 'should', node: term('a') }, { occur: 'should', node: term('b') }] });
  t.deepEqual(parseSimpleQuery('a b', { defaultOperator: 'and' }), {
    type: 'boolean',
    clauses: [{ occur: 'must', node: term('a') }, { occur: 'must', node: term('b') }],
  });
});

test('operator changes nest the previous tree', (t) => {
  t.deepEqual(parseSimpleQuery('a | b + c'), {
    type: 'boolean',
    clauses: [
      { occur: 'must', node: { type: 'boolean', clauses: [{ occur: 'should', node: term('a') }, { occur: 'should', node: term('b') }] } },
      { occur: 'must', node: term('c') },
    ],
  });
});

test('negation, phrases, prefix, fuzzy, precedence', (t) => {
  t.deepEqual(parseSimpleQuery('-a'), { type: 'boolean', clauses: [{ occur: 'must_not', node: term('a') }, { occur: 'should', node: { type: 'match_all' } }] });
  t.deepEqual(parseSimpleQuery('"a b"~3'), { type: 'phrase', text: 'a b', slop: 3 });
  t.deepEqual(parseSimpleQuery('"a b"'), { type: 'phrase', text: 'a b', slop: 0 });
  t.deepEqual(parseSimpleQuery('qu*'), { type: 'prefix', text: 'qu' });
  t.deepEqual(parseSimpleQuery('foo~'), { type: 'fuzzy', text: 'foo', edits: 2 });
  t.deepEqual(parseSimpleQuery('foo~5'), { type: 'fuzzy', text: 'foo', edits: 2 });
  t.deepEqual(parseSimpleQuery('foo~0'), term('foo'));
  t.deepEqual(parseSimpleQuery('(a)'), term('a'));
  t.deepEqual(parseSimpleQuery('a\\+b'), term('a+b'));
  t.deepEqual(parseSimpleQuery('"unclosed'), term('unclosed'));
  t.deepEqual(parseSimpleQuery(' * '), { type: 'match_all' });
  t.deepEqual(parseSimpleQuery(''), { type: 'match_none' });
});

test('flags disable operators', (t) => {
  t.deepEqual(parseSimpleQuery('a+b', { flags: SIMPLE_FLAGS.NONE }), term('a+b'));
  t.deepEqual(parseSimpleQuery('qu*', { flags: SIMPLE_FLAGS.AND | SIMPLE_FLAGS.WHITESPACE }), term('qu*'));
});
