/**
 * ES 5.6 `SearchSourceBuilder.toXContent` of a parsed body, compact (the form of a search task's
 * `source[...]` description): only the parts set, in innerToXContent's order.
 */
import test from 'ava';
import { parseSearchSource } from '../../../lib/dsl/search-source.js';
import { renderSearchSource } from '../../../lib/dsl/render/search-source.js';

const r = (body: unknown): string => renderSearchSource(parseSearchSource(body));

test('parts in ES order, defaults filled in the query, floats as Java prints them', (t) => {
  t.is(r({}), '{}');
  t.is(r({ query: {} }), '{}');
  t.is(
    r({ sort: ['_score', { n: { order: 'asc', missing: '_first' } }], size: 5, query: { term: { f: 'x' } }, from: 2, timeout: '10s', min_score: 1, version: true }),
    '{"from":2,"size":5,"timeout":"10s","query":{"term":{"f":{"value":"x","boost":1.0}}},"min_score":1.0,"version":true,' +
      '"sort":[{"_score":{"order":"desc"}},{"n":{"order":"asc","missing":"_first"}}]}',
  );
  t.is(
    r({ _source: ['a*'], stored_fields: 'f', docvalue_fields: ['d'], post_filter: { match_all: {} }, track_scores: true, terminate_after: 3 }),
    '{"terminate_after":3,"post_filter":{"match_all":{"boost":1.0}},"_source":{"includes":["a*"],"excludes":[]},"stored_fields":"f","docvalue_fields":["d"],"track_scores":true}',
  );
  t.is(
    r({ script_fields: { s: { script: 'doc.x' } }, search_after: [1, 'a'], sort: ['n', 'k'], indices_boost: [{ i: 2 }], stats: ['g'] }),
    '{"script_fields":{"s":{"script":{"inline":"doc.x","lang":"painless"},"ignore_failure":false}},"sort":[{"n":{"order":"asc"}},{"k":{"order":"asc"}}],' +
      '"search_after":[1,"a"],"indices_boost":[{"i":2.0}],"stats":["g"]}',
  );
  t.is(r({ _source: false, stored_fields: '_none_' }), '{"_source":false,"stored_fields":"_none_"}');
});

test('aggregations: AbstractAggregationBuilder layout, ValuesSource fields, 5.6 terms order and defaults', (t) => {
  t.is(
    r({ aggs: { t: { terms: { field: 'f', order: { _count: 'asc' } }, aggs: { m: { max: { field: 'n' } } } }, g: { global: {} } } }),
    '{"aggregations":{"t":{"terms":{"field":"f","size":10,"min_doc_count":1,"shard_min_doc_count":0,"show_term_doc_count_error":false,' +
      '"order":[{"_count":"asc"},{"_term":"asc"}],"collect_mode":"depth_first"},"aggregations":{"m":{"max":{"field":"n"}}}},"g":{"global":{}}}}',
  );
  t.is(
    r({ aggs: { r: { range: { field: 'n', ranges: [{ to: 5 }, { from: 5 }] } }, f: { filters: { filters: { b: { match_all: {} }, a: { exists: { field: 'x' } } } } } } }),
    '{"aggregations":{"r":{"range":{"field":"n","ranges":[{"to":5.0},{"from":5.0}],"keyed":false}},' +
      '"f":{"filters":{"filters":{"a":{"exists":{"field":"x","boost":1.0}},"b":{"match_all":{"boost":1.0}}},"other_bucket":false,"other_bucket_key":"_other_"}}}}',
  );
});

test('rescore (RescoreBuilder + QueryRescorerBuilder) and collapse (CollapseBuilder)', (t) => {
  t.is(
    r({ rescore: { query: { rescore_query: { match_all: {} } } } }),
    '{"rescore":[{"query":{"rescore_query":{"match_all":{"boost":1.0}},"query_weight":1.0,"rescore_query_weight":1.0,"score_mode":"total"}}]}',
  );
  t.is(
    r({ rescore: [{ window_size: 20, query: { rescore_query: { match_all: {} }, query_weight: 0.7, score_mode: 'max' } }] }),
    '{"rescore":[{"window_size":20,"query":{"rescore_query":{"match_all":{"boost":1.0}},"query_weight":0.7,"rescore_query_weight":1.0,"score_mode":"max"}}]}',
  );
  t.is(r({ collapse: { field: 'k' } }), '{"collapse":{"field":"k"}}');
});
