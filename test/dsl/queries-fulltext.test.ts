import test from 'ava';
import { parseQuery } from '../../lib/dsl/parse-query.js';

test('match short form fills ES 5.6 defaults', (t) => {
  t.deepEqual(parseQuery({ match: { title: 'quick fox' } }), {
    kind: 'match',
    field: 'title',
    query: 'quick fox',
    type: 'boolean',
    operator: 'or',
    slop: 0,
    prefixLength: 0,
    maxExpansions: 50,
    fuzzyTranspositions: true,
    lenient: false,
    zeroTermsQuery: 'none',
    boost: 1,
  });
});

test('match long form reads every option', (t) => {
  const q = parseQuery({
    match: {
      title: {
        query: 'quick',
        operator: 'AND',
        minimum_should_match: '75%',
        fuzziness: 'auto',
        prefix_length: '2',
        max_expansions: 10,
        fuzzy_transpositions: 'false',
        fuzzy_rewrite: 'constant_score',
        zero_terms_query: 'ALL',
        analyzer: 'standard',
        lenient: 'yes',
        cutoff_frequency: 0.001,
        type: 'phrase_prefix',
        slop: 3,
        boost: 2.5,
        _name: 'm1',
      },
    },
  });
  t.like(q, {
    kind: 'match',
    operator: 'and',
    minimumShouldMatch: '75%',
    fuzziness: { kind: 'auto' },
    prefixLength: 2,
    maxExpansions: 10,
    fuzzyTranspositions: false,
    fuzzyRewrite: 'constant_score',
    zeroTermsQuery: 'all',
    analyzer: 'standard',
    lenient: true,
    type: 'phrase_prefix',
    slop: 3,
    boost: 2.5,
    queryName: 'm1',
  });
  t.is((q as { cutoffFrequency: number }).cutoffFrequency, Math.fround(0.001));
});

test('match keeps numeric and boolean query values typed', (t) => {
  t.like(parseQuery({ match: { n: 5 } }), { query: 5 });
  t.like(parseQuery({ match: { b: { query: true } } }), { query: true });
});

test('match_phrase and match_phrase_prefix', (t) => {
  t.deepEqual(parseQuery({ match_phrase: { body: 'a b' } }), { kind: 'match_phrase', field: 'body', query: 'a b', slop: 0, boost: 1 });
  t.deepEqual(parseQuery({ match_phrase: { body: { query: 'a b', slop: 2, analyzer: 'x', _name: 'n' } } }), {
    kind: 'match_phrase',
    field: 'body',
    query: 'a b',
    analyzer: 'x',
    slop: 2,
    boost: 1,
    queryName: 'n',
  });
  t.deepEqual(parseQuery({ match_phrase_prefix: { body: { query: 'a b', max_expansions: 5 } } }), {
    kind: 'match_phrase_prefix',
    field: 'body',
    query: 'a b',
    slop: 0,
    maxExpansions: 5,
    boost: 1,
  });
});

test('multi_match parses field boosts sorted by name and types', (t) => {
  t.deepEqual(parseQuery({ multi_match: { query: 'x', fields: ['title^3', 'body', 'a*^0.5'] } }), {
    kind: 'multi_match',
    query: 'x',
    fields: [
      { field: 'a*', boost: 0.5 },
      { field: 'body', boost: 1 },
      { field: 'title', boost: 3 },
    ],
    type: 'best_fields',
    operator: 'or',
    slop: 0,
    prefixLength: 0,
    maxExpansions: 50,
    useDisMax: true,
    lenient: false,
    zeroTermsQuery: 'none',
    boost: 1,
  });
  t.like(parseQuery({ multi_match: { query: 'x', fields: 'title', type: 'cross_fields', tie_breaker: 0.3 } }), {
    type: 'cross_fields',
    fields: [{ field: 'title', boost: 1 }],
    tieBreaker: Math.fround(0.3),
  });
});

test('common terms query long and short forms', (t) => {
  t.deepEqual(parseQuery({ common: { body: 'this is bonsai' } }), {
    kind: 'common',
    field: 'body',
    query: 'this is bonsai',
    cutoffFrequency: Math.fround(0.01),
    highFreqOperator: 'or',
    lowFreqOperator: 'or',
    disableCoord: true,
    boost: 1,
  });
  t.like(
    parseQuery({
      common: {
        body: {
          query: 'nelly the elephant',
          cutoff_frequency: 0.001,
          low_freq_operator: 'and',
          minimum_should_match: { low_freq: 2, high_freq: '3' },
        },
      },
    }),
    { lowFreqOperator: 'and', lowFreqMinimumShouldMatch: '2', highFreqMinimumShouldMatch: '3', cutoffFrequency: Math.fround(0.001) },
  );
});

test('query_string defaults and options', (t) => {
  const q = parseQuery({ query_string: { query: 'a AND b', fields: ['t^2', 'b'], default_operator: 'and', phrase_slop: 1 } });
  t.like(q, {
    kind: 'query_string',
    query: 'a AND b',
    fields: [
      { field: 'b', boost: 1 },
      { field: 't', boost: 2 },
    ],
    defaultOperator: 'and',
    allowLeadingWildcard: true,
    autoGeneratePhraseQueries: false,
    maxDeterminizedStates: 10000,
    lowercaseExpandedTerms: true,
    enablePositionIncrements: true,
    fuzziness: { kind: 'auto' },
    fuzzyPrefixLength: 0,
    fuzzyMaxExpansions: 50,
    phraseSlop: 1,
    analyzeWildcard: false,
    splitOnWhitespace: true,
    useDisMax: true,
    tieBreaker: 0,
    boost: 1,
  });
});

test('simple_query_string flags', (t) => {
  t.like(parseQuery({ simple_query_string: { query: 'a' } }), { flags: -1, defaultOperator: 'or', fields: [] });
  t.like(parseQuery({ simple_query_string: { query: 'a', flags: 'OR|AND|PREFIX' } }), { flags: 4 | 1 | 8 });
  t.like(parseQuery({ simple_query_string: { query: 'a', flags: 'NONE' } }), { flags: 0 });
  t.like(parseQuery({ simple_query_string: { query: 'a', flags: -5 } }), { flags: -1 });
  t.like(parseQuery({ simple_query_string: { query: 'a', flags: 12 } }), { flags: 12 });
});
