import test from 'ava';
import { parseOptionalQuery, parseQuery } from '../../lib/dsl/parse-query.js';
import { throwsEs } from './helpers.js';

const term = (field: string, value: string) => ({ kind: 'term', field, value, boost: 1 });

test('bool accepts objects and arrays and drops empty clauses', (t) => {
  t.deepEqual(
    parseQuery({
      bool: {
        must: { term: { a: 'x' } },
        should: [{ term: { b: 'y' } }, {}, { term: { c: 'z' } }],
        must_not: [],
        filter: { term: { d: 'w' } },
        minimum_should_match: 1,
        boost: 2,
      },
    }),
    {
      kind: 'bool',
      must: [term('a', 'x')],
      should: [term('b', 'y'), term('c', 'z')],
      mustNot: [],
      filter: [term('d', 'w')],
      minimumShouldMatch: '1',
      disableCoord: false,
      adjustPureNegative: true,
      boost: 2,
    },
  );
  t.like(parseQuery({ bool: { mustNot: { term: { a: 'x' } }, disable_coord: true, adjust_pure_negative: false } }), {
    mustNot: [term('a', 'x')],
    disableCoord: true,
    adjustPureNegative: false,
  });
});

test('constant_score, dis_max, boosting', (t) => {
  t.deepEqual(parseQuery({ constant_score: { filter: { term: { a: 'x' } }, boost: 1.5 } }), {
    kind: 'constant_score',
    filter: term('a', 'x'),
    boost: 1.5,
  });
  t.is(parseOptionalQuery({ constant_score: { filter: {} } }), null);
  t.deepEqual(parseQuery({ dis_max: { queries: [{ term: { a: 'x' } }, { term: { b: 'y' } }], tie_breaker: 0.7 } }), {
    kind: 'dis_max',
    queries: [term('a', 'x'), term('b', 'y')],
    tieBreaker: Math.fround(0.7),
    boost: 1,
  });
  t.deepEqual(parseQuery({ boosting: { positive: { term: { a: 'x' } }, negative: { term: { b: 'y' } }, negative_boost: 0.2 } }), {
    kind: 'boosting',
    positive: term('a', 'x'),
    negative: term('b', 'y'),
    negativeBoost: Math.fround(0.2),
    boost: 1,
  });
});

test('function_score with functions array', (t) => {
  const q = parseQuery({
    function_score: {
      query: { match_all: {} },
      functions: [
        { filter: { term: { a: 'x' } }, weight: 23 },
        { random_score: { seed: 'abc' } },
        { field_value_factor: { field: 'likes', factor: 1.2, modifier: 'sqrt', missing: 1 }, weight: 2 },
        { gauss: { date: { origin: 'now', scale: '10d', offset: '5d', decay: 0.5 }, multi_value_mode: 'avg' } },
        { script_score: { script: { inline: "doc['x'].value", lang: 'painless', params: { a: 1 } } } },
      ],
      score_mode: 'sum',
      boost_mode: 'replace',
      max_boost: 42,
      min_score: 3,
    },
  });
  t.deepEqual(q, {
    kind: 'function_score',
    query: { kind: 'match_all', boost: 1 },
    functions: [
      { filter: term('a', 'x'), function: { type: 'weight', weight: 23 } },
      { filter: { kind: 'match_all', boost: 1 }, function: { type: 'random_score', seed: 96354 } },
      {
        filter: { kind: 'match_all', boost: 1 },
        function: { type: 'field_value_factor', field: 'likes', factor: Math.fround(1.2), modifier: 'sqrt', missing: 1, weight: 2 },
      },
      {
        filter: { kind: 'match_all', boost: 1 },
        function: { type: 'gauss', field: 'date', params: { origin: 'now', scale: '10d', offset: '5d', decay: 0.5 }, multiValueMode: 'avg' },
      },
      {
        filter: { kind: 'match_all', boost: 1 },
        function: { type: 'script_score', script: { type: 'inline', idOrCode: "doc['x'].value", lang: 'painless', params: { a: 1 } } },
      },
    ],
    scoreMode: 'sum',
    boostMode: 'replace',
    boostModeSet: true,
    maxBoost: 42,
    minScore: 3,
    boost: 1,
  });
});

test('function_score single-function shorthand and defaults', (t) => {
  t.deepEqual(parseQuery({ function_score: { weight: 2 } }), {
    kind: 'function_score',
    query: { kind: 'match_all', boost: 1 },
    functions: [{ filter: { kind: 'match_all', boost: 1 }, function: { type: 'weight', weight: 2 } }],
    scoreMode: 'multiply',
    boostMode: 'multiply',
    maxBoost: 3.4028234663852886e38,
    boost: 1,
  });
  t.like(parseQuery({ function_score: { query: { term: { a: 'x' } }, random_score: {} } }), {
    query: term('a', 'x'),
    functions: [{ function: { type: 'random_score' } }],
  });
});

test('nested, has_child, has_parent, parent_id', (t) => {
  t.like(parseQuery({ nested: { path: 'obj', query: { term: { 'obj.a': 'x' } } } }), {
    kind: 'nested',
    path: 'obj',
    scoreMode: 'avg',
    ignoreUnmapped: false,
  });
  t.like(parseQuery({ nested: { path: 'obj', query: { match_all: {} }, inner_hits: { size: 5, _source: ['a'], sort: 'obj.n' } } }), {
    innerHits: { from: 0, size: 5, source: { includes: ['a'], excludes: [] }, sort: [{ field: 'obj.n', order: 'asc' }], docvalueFields: [] },
  });
  // Options Strata's inner hits cannot render yet: refused by name, not dropped.
  throwsEs(
    t,
    () => parseQuery({ nested: { path: 'obj', query: { match_all: {} }, inner_hits: { stored_fields: ['a'] } } }),
    'illegal_argument_exception',
    '[inner_hits.stored_fields] is not supported by Strata yet',
  );
  t.like(parseQuery({ nested: { path: 'obj', query: { match_all: {} }, score_mode: 'max' } }), { scoreMode: 'max' });
  t.like(parseQuery({ has_child: { type: 'c', query: { match_all: {} }, score_mode: 'sum', min_children: 2 } }), {
    kind: 'has_child',
    childType: 'c',
    scoreMode: 'sum',
    minChildren: 2,
    maxChildren: 2147483647,
  });
  t.like(parseQuery({ has_parent: { parent_type: 'p', query: { match_all: {} }, score: true } }), { kind: 'has_parent', parentType: 'p', score: true });
  t.deepEqual(parseQuery({ parent_id: { type: 'c', id: '1' } }), { kind: 'parent_id', type: 'c', id: '1', ignoreUnmapped: false, boost: 1 });
});

test('geo queries parse their shapes', (t) => {
  t.like(parseQuery({ geo_distance: { distance: '12km', 'pin.location': { lat: 40, lon: -70 } } }), {
    kind: 'geo_distance',
    field: 'pin.location',
    point: { lat: 40, lon: -70 },
    distanceMeters: 12000,
    distanceType: 'arc',
  });
  t.like(parseQuery({ geo_distance: { distance: 200, unit: 'km', loc: '40,-70' } }), { distanceMeters: 200000, point: { lat: 40, lon: -70 } });
  t.like(parseQuery({ geo_distance: { distance: '1mi', loc: [-70, 40] } }), { point: { lat: 40, lon: -70 }, distanceMeters: 1609.344 });
  t.like(parseQuery({ geo_bounding_box: { loc: { top_left: { lat: 40.73, lon: -74.1 }, bottom_right: [-71.12, 40.01] } } }), {
    kind: 'geo_bounding_box',
    top: 40.73,
    left: -74.1,
    bottom: 40.01,
    right: -71.12,
  });
  t.like(parseQuery({ geo_bbox: { loc: { top: 1, left: 2, bottom: 0, right: 3 } } }), { kind: 'geo_bounding_box', top: 1 });
  t.like(parseQuery({ geo_polygon: { loc: { points: [[-70, 40], [-80, 30], [-90, 20]] } } }), {
    kind: 'geo_polygon',
    points: [
      { lat: 40, lon: -70 },
      { lat: 30, lon: -80 },
      { lat: 20, lon: -90 },
    ],
  });
});

test('more_like_this, script, span queries', (t) => {
  t.like(parseQuery({ more_like_this: { fields: ['title'], like: ['text', { _index: 'i', _type: 't', _id: '1' }], min_term_freq: 1 } }), {
    kind: 'more_like_this',
    fields: ['title'],
    likeTexts: ['text'],
    likeItems: [{ index: 'i', type: 't', id: '1' }],
    minTermFreq: 1,
    maxQueryTerms: 25,
    minimumShouldMatch: '30%',
  });
  t.like(parseQuery({ script: { script: "doc['a'].value > 1" } }), {
    kind: 'script',
    script: { type: 'inline', idOrCode: "doc['a'].value > 1", lang: 'painless', params: {} },
  });
  t.like(parseQuery({ script: { script: { stored: 's1', params: { x: 1 } } } }), { script: { type: 'stored', idOrCode: 's1', params: { x: 1 } } });
  t.like(
    parseQuery({
      span_near: { clauses: [{ span_term: { f: 'a' } }, { span_term: { f: { value: 'b', boost: 2 } } }], slop: 3, in_order: false },
    }),
    {
      kind: 'span_near',
      clauses: [
        { kind: 'span_term', field: 'f', value: 'a' },
        { kind: 'span_term', field: 'f', value: 'b', boost: 2 },
      ],
      slop: 3,
      inOrder: false,
    },
  );
});

test('wrapper decodes its base64 query', (t) => {
  const encoded = Buffer.from('{"term":{"user":"kimchy"}}').toString('base64');
  t.deepEqual(parseQuery({ wrapper: { query: encoded } }), term('user', 'kimchy'));
});

test('deprecated aliases in, mlt, geo_bbox resolve', (t) => {
  t.like(parseQuery({ in: { a: ['x'] } }), { kind: 'terms' });
  t.like(parseQuery({ mlt: { like: 'x' } }), { kind: 'more_like_this' });
});
