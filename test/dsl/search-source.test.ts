import test from 'ava';
import { parseSearchSource, validateSearchSource } from '../../lib/dsl/search-source.js';
import { throwsEs } from './helpers.js';
import { TimeValue } from '../../lib/units/time-value.js';

const P = 'parsing_exception';

test('paging and flags', (t) => {
  t.deepEqual(
    parseSearchSource({ from: 5, size: '20', timeout: '10s', terminate_after: 3, min_score: 0.5, version: true, explain: 'false', track_scores: true, profile: false }),
    {
      from: 5,
      size: 20,
      timeout: new TimeValue(10, 's'),
      terminateAfter: 3,
      minScore: 0.5,
      version: true,
      explain: false,
      trackScores: true,
      profile: false,
    },
  );
});

test('query and post_filter; empty query is null', (t) => {
  const s = parseSearchSource({ query: { term: { a: 'x' } }, post_filter: { term: { b: 'y' } } });
  t.deepEqual(s.query, { kind: 'term', field: 'a', value: 'x', boost: 1 });
  t.deepEqual(s.postFilter, { kind: 'term', field: 'b', value: 'y', boost: 1 });
  t.is(parseSearchSource({ query: {} }).query, null);
});

test('_source in every form', (t) => {
  t.deepEqual(parseSearchSource({ _source: false }).source, { fetchSource: false, includes: [], excludes: [] });
  t.deepEqual(parseSearchSource({ _source: 'obj.*' }).source, { fetchSource: true, includes: ['obj.*'], excludes: [] });
  t.deepEqual(parseSearchSource({ _source: ['a', 'b'] }).source, { fetchSource: true, includes: ['a', 'b'], excludes: [] });
  t.deepEqual(parseSearchSource({ _source: { includes: ['a'], excludes: 'b' } }).source, { fetchSource: true, includes: ['a'], excludes: ['b'] });
  t.deepEqual(parseSearchSource({ _source: { include: 'a', exclude: ['b'] } }).source, { fetchSource: true, includes: ['a'], excludes: ['b'] });
  throwsEs(t, () => parseSearchSource({ _source: 1 }), P, 'Expected one of [VALUE_BOOLEAN, START_OBJECT] but found [VALUE_NUMBER]');
  throwsEs(t, () => parseSearchSource({ _source: { foo: ['a'] } }), P, 'Unknown key for a START_ARRAY in [foo].');
});

test('stored_fields, docvalue_fields, script_fields', (t) => {
  t.deepEqual(parseSearchSource({ stored_fields: '_none_' }).storedFields, { fetchFields: false });
  t.deepEqual(parseSearchSource({ stored_fields: ['a', 'b'] }).storedFields, { fetchFields: true, fields: ['a', 'b'] });
  throwsEs(t, () => parseSearchSource({ stored_fields: ['_none_', 'a'] }), 'illegal_argument_exception', 'cannot combine _none_ with other fields');
  t.deepEqual(parseSearchSource({ docvalue_fields: ['a'] }).docvalueFields, ['a']);
  t.deepEqual(parseSearchSource({ script_fields: { f: { script: { inline: '1', lang: 'expression' } }, g: { script: 'doc.x' } } }).scriptFields, [
    { name: 'f', script: { type: 'inline', idOrCode: '1', lang: 'expression', params: {} }, ignoreFailure: false },
    { name: 'g', script: { type: 'inline', idOrCode: 'doc.x', lang: 'painless', params: {} }, ignoreFailure: false },
  ]);
});

test('_none_ stored fields conflict with _source and version', (t) => {
  t.is(validateSearchSource(parseSearchSource({ stored_fields: '_none_' })), undefined);
  t.is(validateSearchSource(parseSearchSource({ stored_fields: '_none_', _source: true }))?.reason, '`stored_fields` cannot be disabled if _source is requested');
  t.is(validateSearchSource(parseSearchSource({ stored_fields: '_none_', version: true }))?.reason, '`stored_fields` cannot be disabled if version is requested');
});

test('sort in all forms', (t) => {
  t.deepEqual(parseSearchSource({ sort: 'a' }).sort, [{ type: 'field', field: 'a', order: 'asc' }]);
  t.deepEqual(
    parseSearchSource({
      sort: [
        '_score',
        { _doc: 'desc' },
        { _uid: { order: 'asc' } },
        { price: { order: 'desc', mode: 'avg', missing: '_first', unmapped_type: 'long' } },
        { _score: { order: 'asc' } },
        { _script: { type: 'number', script: { inline: '1' }, order: 'desc' } },
        { _geo_distance: { 'pin.location': [-70, 40], order: 'asc', unit: 'km', mode: 'min', distance_type: 'plane' } },
      ],
    }).sort,
    [
      { type: 'score', order: 'desc' },
      { type: 'field', field: '_doc', order: 'desc' },
      { type: 'field', field: '_uid', order: 'asc' },
      { type: 'field', field: 'price', order: 'desc', mode: 'avg', missing: '_first', unmappedType: 'long' },
      { type: 'score', order: 'asc' },
      { type: 'script', script: { type: 'inline', idOrCode: '1', lang: 'painless', params: {} }, scriptType: 'number', order: 'desc' },
      {
        type: 'geo_distance',
        field: 'pin.location',
        points: [{ lat: 40, lon: -70 }],
        order: 'asc',
        unit: 'km',
        distanceType: 'plane',
        validationMethod: 'strict',
        mode: 'min',
      },
    ],
  );
  const nested = parseSearchSource({ sort: { 'offer.price': { nested_path: 'offer', nested_filter: { term: { 'offer.color': 'blue' } } } } }).sort;
  t.like(nested?.[0], { type: 'field', nestedPath: 'offer', nestedFilter: { kind: 'term', field: 'offer.color' } });
  throwsEs(t, () => parseSearchSource({ sort: { a: 'up' } }), 'illegal_argument_exception', 'Unknown SortOrder [up]');
  throwsEs(t, () => parseSearchSource({ sort: [1] }), 'illegal_argument_exception', 'malformed sort format, within the sort array, an object, or an actual string are allowed');
  throwsEs(t, () => parseSearchSource({ sort: { a: { foo: 1 } } }), P, '[field_sort] unknown field [foo], parser not found');
});

test('search_after, indices_boost, stats, slice, raw sections', (t) => {
  const s = parseSearchSource({
    search_after: [1, 'a', null],
    indices_boost: [{ i1: 1.4 }, { i2: 1.3 }],
    stats: [],
    slice: { id: 0, max: 2 },
    aggs: { a: { terms: { field: 'x' } } },
    rescore: { query: { rescore_query: { match_all: {} }, score_mode: 'max' } },
    ext: {},
  });
  t.deepEqual(s.searchAfter, [1, 'a', null]);
  t.deepEqual(s.indicesBoost, [
    { index: 'i1', boost: Math.fround(1.4) },
    { index: 'i2', boost: Math.fround(1.3) },
  ]);
  t.deepEqual(s.stats, []);
  t.deepEqual(s.slice, { field: '_uid', id: 0, max: 2 });
  t.like(s.aggregations?.[0], { type: 'terms', name: 'a', field: 'x', size: 10 });
  t.deepEqual(s.rescore, [{ windowSize: 10, query: { kind: 'match_all', boost: 1 }, queryWeight: 1, rescoreQueryWeight: 1, scoreMode: 'max' }] as never);
  t.deepEqual(parseSearchSource({ indices_boost: { i1: 2 } }).indicesBoost, [{ index: 'i1', boost: 2 }]);
  throwsEs(t, () => parseSearchSource({ slice: { id: 2, max: 2 } }), 'illegal_argument_exception', 'max must be greater than id');
});

test('elements not built yet are refused by name', (t) => {
  const iae = 'illegal_argument_exception';
  t.deepEqual(parseSearchSource({ highlight: { fields: { a: {} } } }).highlight, { global: {}, fields: [{ name: 'a' }] });
  // a stored collate template is resolved through the parse options' template source (none here)
  throwsEs(t, () => parseSearchSource({ suggest: { s: { text: 'x', phrase: { field: 'f', collate: { query: { id: 'x' } } } } } }), 'illegal_state_exception', 'stored templates cannot be resolved here');
  throwsEs(t, () => parseSearchSource({ profile: true }), iae, '[profile] is not supported by Strata yet');
  t.deepEqual(parseSearchSource({ stats: ['g1', 'g2'] }).stats, ['g1', 'g2']);
  throwsEs(t, () => parseSearchSource({ ext: { my_plugin: {} } }), iae, '[ext] is not supported by Strata yet');
});

test('unknown keys and wrong tokens', (t) => {
  throwsEs(t, () => parseSearchSource({ foo: {} }), P, 'Unknown key for a START_OBJECT in [foo].', { line: 1, col: 8 });
  throwsEs(t, () => parseSearchSource({ foo: 1 }), P, 'Unknown key for a VALUE_NUMBER in [foo].');
  throwsEs(t, () => parseSearchSource({ foo: [] }), P, 'Unknown key for a START_ARRAY in [foo].');
  throwsEs(t, () => parseSearchSource({ size: null }), P, 'Unknown key for a VALUE_NULL in [size].');
  throwsEs(t, () => parseSearchSource({ query: 'x' }), P, 'Unknown key for a VALUE_STRING in [query].');
  throwsEs(t, () => parseSearchSource({ fields: ['a'] }), P, 'The field [fields] is no longer supported, please use [stored_fields] to retrieve stored fields or _source filtering if the field is not stored');
  throwsEs(t, () => parseSearchSource({ docvalue_fields: [1] }), P, 'Expected [VALUE_STRING] in [docvalue_fields] but found [VALUE_NUMBER]');
  throwsEs(t, () => parseSearchSource({ query: { match: { a: 'x', b: 'y' } } }), P, "[match] query doesn't support multiple fields, found [a] and [b]", { line: 1, col: 32 });
  throwsEs(t, () => parseSearchSource({ timeout: '10' }), 'parse_exception', 'failed to parse setting [timeout] with value [10] as a time value: unit is missing or unrecognized');
});
