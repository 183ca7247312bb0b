import test from 'ava';
import { parseLuceneQuery, resolveOccurs, queryStringShardException } from '../../lib/dsl/lucene-query-syntax/index.js';
import type { LuceneNode } from '../../lib/dsl/lucene-query-syntax/index.js';
import type { EsError } from '../../lib/errors/errors.js';

const p = (q: string): LuceneNode => parseLuceneQuery(q);
const term = (text: string, field?: string): LuceneNode => ({ type: 'term', ...(field !== undefined ? { field } : {}), text });

test('single term and fielded term', (t) => {
  t.deepEqual(p('foo'), term('foo'));
  t.deepEqual(p('title:foo'), term('foo', 'title'));
  t.deepEqual(p('a\\:b'), term('a:b'));
  t.deepEqual(p('title\\ x:foo'), term('foo', 'title x'));
  t.deepEqual(p('*:*'), { type: 'wildcard', field: '*', pattern: '*' });
  t.deepEqual(p('  '), { type: 'match_none' });
});

test('boolean operators keep conjunctions and modifiers', (t) => {
  t.deepEqual(p('a AND b OR c'), {
    type: 'boolean',
    clauses: [
      { conj: 'none', mod: 'none', node: term('a') },
      { conj: 'and', mod: 'none', node: term('b') },
      { conj: 'or', mod: 'none', node: term('c') },
    ],
  });
  t.deepEqual(p('+a -b !c NOT d'), {
    type: 'boolean',
    clauses: [
      { conj: 'none', mod: 'req', node: term('a') },
      { conj: 'none', mod: 'not', node: term('b') },
      { conj: 'none', mod: 'not', node: term('c') },
      { conj: 'none', mod: 'not', node: term('d') },
    ],
  });
  t.deepEqual(p('a && b || c'), p('a AND b OR c'));
  // a lone "+ " is a bare operator term
  t.deepEqual(p('a + b'), {
    type: 'boolean',
    clauses: [
      { conj: 'none', mod: 'none', node: term('a') },
      { conj: 'none', mod: 'none', node: term('+') },
      { conj: 'none', mod: 'none', node: term('b') },
    ],
  });
  // "ANDY" is a term, "AND" alone an operator
  t.deepEqual(p('ANDY'), term('ANDY'));
  t.deepEqual(p('-a'), { type: 'boolean', clauses: [{ conj: 'none', mod: 'not', node: term('a') }] });
});

test('groups, field groups and boosts', (t) => {
  t.deepEqual(p('title:(quick brown)^2'), {
    type: 'boost',
    boost: 2,
    node: {
      type: 'boolean',
      clauses: [
        { conj: 'none', mod: 'none', node: term('quick', 'title') },
        { conj: 'none', mod: 'none', node: term('brown', 'title') },
      ],
    },
  });
  t.deepEqual(p('(a)'), term('a'));
  t.deepEqual(p('foo^1.5'), { type: 'boost', boost: 1.5, node: term('foo') });
});

test('phrases, slop, fuzzy', (t) => {
  t.deepEqual(p('"a b"'), { type: 'phrase', text: 'a b' });
  t.deepEqual(p('f:"a \\"b"~2^3'), { type: 'boost', boost: 3, node: { type: 'phrase', field: 'f', text: 'a "b', slop: 2 } });
  t.deepEqual(p('"a b"~x'), { type: 'phrase', text: 'a b' });
  t.deepEqual(p('foo~'), { type: 'fuzzy', text: 'foo', similarity: '' });
  t.deepEqual(p('foo~1'), { type: 'fuzzy', text: 'foo', similarity: '1' });
  t.deepEqual(p('foo~0.8^2'), { type: 'boost', boost: 2, node: { type: 'fuzzy', text: 'foo', similarity: '0.8' } });
});

test('wildcards, prefixes, regexps', (t) => {
  t.deepEqual(p('qu*'), { type: 'prefix', text: 'qu' });
  t.deepEqual(p('qu?ck'), { type: 'wildcard', pattern: 'qu?ck' });
  t.deepEqual(p('*ck'), { type: 'wildcard', pattern: '*ck' });
  t.deepEqual(p('q\\*u*'), { type: 'prefix', text: 'q*u' });
  t.deepEqual(p('name:/joh?n(ath[oa]n)/'), { type: 'regexp', field: 'name', pattern: 'joh?n(ath[oa]n)' });
  t.deepEqual(p('/a\\/b/'), { type: 'regexp', pattern: 'a\\/b' });
});

test('ranges in all forms', (t) => {
  t.deepEqual(p('age:[1 TO 5]'), { type: 'range', field: 'age', lower: '1', upper: '5', includeLower: true, includeUpper: true });
  t.deepEqual(p('age:{1 TO 5}'), { type: 'range', field: 'age', lower: '1', upper: '5', includeLower: false, includeUpper: false });
  t.deepEqual(p('age:[* TO 5}'), { type: 'range', field: 'age', lower: null, upper: '5', includeLower: true, includeUpper: false });
  t.deepEqual(p('d:["2012-01-01" TO now]'), { type: 'range', field: 'd', lower: '2012-01-01', upper: 'now', includeLower: true, includeUpper: true });
  t.deepEqual(p('age:>=10'), { type: 'range', field: 'age', lower: '10', upper: null, includeLower: true, includeUpper: true });
  t.deepEqual(p('age:>10'), { type: 'range', field: 'age', lower: '10', upper: null, includeLower: false, includeUpper: true });
  t.deepEqual(p('age:<=10'), { type: 'range', field: 'age', lower: null, upper: '10', includeLower: true, includeUpper: true });
  t.deepEqual(p('date:<now'), { type: 'range', field: 'date', lower: null, upper: 'now', includeLower: true, includeUpper: false });
  t.deepEqual(p('a:[1 TO 2]^3'), { type: 'boost', boost: 3, node: { type: 'range', field: 'a', lower: '1', upper: '2', includeLower: true, includeUpper: true } });
});

test('_exists_', (t) => {
  t.deepEqual(p('_exists_:title'), { type: 'exists', field: 'title' });
});

function parseError(q: string): EsError {
  try {
    parseLuceneQuery(q);
  } catch (e) {
    return e as EsError;
  }
  throw new Error('expected a parse error for ' + q);
}

const CLAUSE_START =
  '    <BAREOPER> ...\n    "(" ...\n    "*" ...\n    <QUOTED> ...\n    <TERM> ...\n    <PREFIXTERM> ...\n    <WILDTERM> ...\n    <REGEXPTERM> ...\n    "[" ...\n    "{" ...\n    <NUMBER> ...\n    ';

test('syntax errors carry Lucene/JavaCC messages', (t) => {
  const e = parseError('foo:');
  t.is(e.type, 'parse_exception');
  const inner = `Encountered "<EOF>" at line 1, column 4.\nWas expecting one of:\n${CLAUSE_START}`;
  t.is(e.reason, `Cannot parse 'foo:': ${inner}`);
  t.is(e.causedBy?.type, 'parse_exception');
  t.is(e.causedBy?.reason, inner);

  t.is(
    parseError('foo AND').causedBy?.reason,
    'Encountered "<EOF>" at line 1, column 7.\nWas expecting one of:\n    <NOT> ...\n    "+" ...\n    "-" ...\n' +
      CLAUSE_START.replace(/ {4}$/, '') +
      '    <TERM> ...\n    "*" ...\n    ',
  );
  t.is(parseError('foo^').causedBy?.reason, 'Encountered "<EOF>" at line 1, column 4.\nWas expecting:\n    <NUMBER> ...\n    ');
  t.true(parseError('foo)').causedBy?.reason.startsWith('Encountered " ")" ") "" at line 1, column 3.\nWas expecting one of:\n    <EOF> \n    <AND> ...\n'));
  t.is(parseError('a:[1 TO 2').causedBy?.reason, 'Encountered "<EOF>" at line 1, column 9.\nWas expecting one of:\n    "]" ...\n    "}" ...\n    ');
});

test('lexical errors are token_mgr_errors', (t) => {
  const e = parseError('"abc');
  t.is(e.reason, `Cannot parse '"abc': Lexical error at line 1, column 5.  Encountered: <EOF> after : "\\"abc"`);
  t.is(e.causedBy?.type, 'token_mgr_error');
});

test('query_shard_exception wrapper', (t) => {
  const cause = parseError('foo:');
  const e = queryStringShardException('foo:', cause, 'test', 'uuid1');
  t.is(e.type, 'query_shard_exception');
  t.is(e.reason, 'Failed to parse query [foo:]');
  t.deepEqual(e.metadata, { index_uuid: 'uuid1', index: 'test' });
  t.is(e.causedBy, cause);
});

test('resolveOccurs applies default_operator like QueryParserBase.addClause', (t) => {
  const clauses = (p('a AND b c -d') as Extract<LuceneNode, { type: 'boolean' }>).clauses;
  t.deepEqual(resolveOccurs(clauses, 'or'), ['must', 'must', 'should', 'must_not']);
  t.deepEqual(resolveOccurs(clauses, 'and'), ['must', 'must', 'must', 'must_not']);
  const or = (p('a OR b c') as Extract<LuceneNode, { type: 'boolean' }>).clauses;
  t.deepEqual(resolveOccurs(or, 'and'), ['should', 'should', 'must']);
  // a clause that analysed to nothing still makes its neighbour required
  t.deepEqual(resolveOccurs(clauses, 'or', [true, false, true, true]), ['must', null, 'should', 'must_not']);
});
