import test from 'ava';
import { parseQuery } from '../../lib/dsl/parse-query.js';

test('term short and long forms', (t) => {
  t.deepEqual(parseQuery({ term: { user: 'kimchy' } }), { kind: 'term', field: 'user', value: 'kimchy', boost: 1 });
  t.deepEqual(parseQuery({ term: { user: { value: 'kimchy', boost: 2, _name: 'q' } } }), {
    kind: 'term',
    field: 'user',
    value: 'kimchy',
    boost: 2,
    queryName: 'q',
  });
  t.deepEqual(parseQuery({ term: { age: { term: 5 } } }), { kind: 'term', field: 'age', value: 5, boost: 1 });
});

test('terms values and lookup', (t) => {
  t.deepEqual(parseQuery({ terms: { tags: ['a', 1, true], boost: 3 } }), { kind: 'terms', field: 'tags', values: ['a', 1, true], boost: 3 });
  t.deepEqual(parseQuery({ terms: { user: { index: 'users', type: 'user', id: '2', path: 'followers' } } }), {
    kind: 'terms',
    field: 'user',
    lookup: { index: 'users', type: 'user', id: '2', path: 'followers' },
    boost: 1,
  });
});

test('range with gt/gte/lt/lte and legacy from/to', (t) => {
  t.deepEqual(parseQuery({ range: { age: { gte: 10, lt: 20 } } }), {
    kind: 'range',
    field: 'age',
    from: 10,
    to: 20,
    includeLower: true,
    includeUpper: false,
    boost: 1,
  });
  t.like(parseQuery({ range: { d: { from: 'now-1d', to: null, include_lower: false, format: 'yyyy', time_zone: 'Europe/Paris', relation: 'WITHIN' } } }), {
    from: 'now-1d',
    to: null,
    includeLower: false,
    includeUpper: true,
    format: 'yyyy',
    timeZone: 'Europe/Paris',
    relation: 'within',
  });
  t.like(parseQuery({ range: { age: { gt: 1 }, _name: 'r' } }), { from: 1, includeLower: false, queryName: 'r' });
});

test('exists, prefix, wildcard, regexp, fuzzy, type, ids', (t) => {
  t.deepEqual(parseQuery({ exists: { field: 'user' } }), { kind: 'exists', field: 'user', boost: 1 });
  t.deepEqual(parseQuery({ prefix: { user: 'ki' } }), { kind: 'prefix', field: 'user', value: 'ki', boost: 1 });
  t.deepEqual(parseQuery({ prefix: { user: { prefix: 'ki', rewrite: 'top_terms_2', boost: 2 } } }), {
    kind: 'prefix',
    field: 'user',
    value: 'ki',
    rewrite: 'top_terms_2',
    boost: 2,
  });
  t.deepEqual(parseQuery({ wildcard: { user: { wildcard: 'ki*y' } } }), { kind: 'wildcard', field: 'user', value: 'ki*y', boost: 1 });
  t.deepEqual(parseQuery({ regexp: { name: 's.*y' } }), {
    kind: 'regexp',
    field: 'name',
    value: 's.*y',
    flags: 0xffff,
    maxDeterminizedStates: 10000,
    boost: 1,
  });
  t.like(parseQuery({ regexp: { name: { value: 's.*y', flags: 'INTERSECTION|COMPLEMENT|EMPTY', max_determinized_states: 20000 } } }), {
    flags: 7,
    maxDeterminizedStates: 20000,
  });
  t.deepEqual(parseQuery({ fuzzy: { user: 'ki' } }), {
    kind: 'fuzzy',
    field: 'user',
    value: 'ki',
    fuzziness: { kind: 'auto' },
    prefixLength: 0,
    maxExpansions: 50,
    transpositions: false,
    boost: 1,
  });
  t.like(parseQuery({ fuzzy: { user: { value: 'ki', fuzziness: 2, transpositions: true } } }), {
    fuzziness: { kind: 'edits', edits: 2 },
    transpositions: true,
  });
  t.deepEqual(parseQuery({ type: { value: 'doc' } }), { kind: 'type', type: 'doc', boost: 1 });
  t.deepEqual(parseQuery({ ids: { type: 'my_type', values: ['1', 4, '100'] } }), {
    kind: 'ids',
    types: ['my_type'],
    values: ['1', '4', '100'],
    boost: 1,
  });
  t.like(parseQuery({ ids: { types: ['a', 'b'], values: [] } }), { types: ['a', 'b'], values: [] });
});

test('match_all and match_none', (t) => {
  t.deepEqual(parseQuery({ match_all: {} }), { kind: 'match_all', boost: 1 });
  t.deepEqual(parseQuery({ match_all: { boost: 1.2, _name: 'all' } }), { kind: 'match_all', boost: Math.fround(1.2), queryName: 'all' });
  t.deepEqual(parseQuery({ match_none: {} }), { kind: 'match_none', boost: 1 });
  t.deepEqual(parseQuery({}), { kind: 'match_all', boost: 1 });
});
