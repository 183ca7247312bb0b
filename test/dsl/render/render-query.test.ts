/**
 * ES 5.6's rendering of every parsed query type (`QueryBuilder.toXContent`), compact. Each
 * expectation follows the builder's `doXContent` in elastic/elasticsearch 5.6 (named per case);
 * the bool/match/match_phrase/prefix forms also match a 5.x `failed to create query` reason
 * quoted in medcl/elasticsearch-analysis-mmseg#36.
 */
import test from 'ava';
import { parseQuery } from '../../../lib/dsl/parse-query.js';
import { queryToCompactString, queryToString } from '../../../lib/dsl/render/query.js';

const r = (q: unknown): string => queryToCompactString(parseQuery(q));
const B = '"boost":1.0';
const T = (f: string, v: string): string => `{"span_term":{"${f}":{"value":"${v}",${B}}}}`;

test('term-level (BaseTermQueryBuilder, TermsQueryBuilder, RangeQueryBuilder, Exists/Prefix/Wildcard/Regexp/Fuzzy/Type/Ids builders)', (t) => {
  t.is(r({ term: { f: 'x' } }), `{"term":{"f":{"value":"x",${B}}}}`);
  t.is(r({ term: { f: { value: 7, boost: 2, _name: 'n' } } }), '{"term":{"f":{"value":7,"boost":2.0,"_name":"n"}}}');
  t.is(r({ match_all: {} }), `{"match_all":{${B}}}`);
  t.is(r({ match_none: {} }), `{"match_none":{${B}}}`);
  t.is(r({ terms: { f: ['a', 2] } }), `{"terms":{"f":["a",2],${B}}}`);
  t.is(r({ terms: { f: { type: 't', id: '1', path: 'p' } } }), `{"terms":{"f":{"type":"t","id":"1","path":"p"},${B}}}`);
  t.is(r({ range: { f: { gte: 1, lt: '5' } } }), `{"range":{"f":{"from":1,"to":"5","include_lower":true,"include_upper":false,${B}}}}`);
  t.is(r({ exists: { field: 'f' } }), `{"exists":{"field":"f",${B}}}`);
  t.is(r({ prefix: { f: 'ab' } }), `{"prefix":{"f":{"value":"ab",${B}}}}`);
  t.is(r({ wildcard: { f: 'a*' } }), `{"wildcard":{"f":{"wildcard":"a*",${B}}}}`);
  t.is(r({ regexp: { f: 'a.*' } }), `{"regexp":{"f":{"value":"a.*","flags_value":65535,"max_determinized_states":10000,${B}}}}`);
  t.is(r({ fuzzy: { f: 'abc' } }), `{"fuzzy":{"f":{"value":"abc","fuzziness":"AUTO","prefix_length":0,"max_expansions":50,"transpositions":false,${B}}}}`);
  t.is(r({ type: { value: 't' } }), `{"type":{"value":"t",${B}}}`);
  // a HashSet: Java's iteration order, not the request's
  t.is(r({ ids: { values: ['c', 'a', 'b', '1'] } }), `{"ids":{"type":[],"values":["a","1","b","c"],${B}}}`);
});

test('full text (Match, MatchPhrase, MatchPhrasePrefix, MultiMatch, CommonTerms, QueryString, SimpleQueryString, MoreLikeThis builders)', (t) => {
  t.is(
    r({ match: { f: 'hello' } }),
    `{"match":{"f":{"query":"hello","operator":"OR","prefix_length":0,"max_expansions":50,"fuzzy_transpositions":true,"lenient":false,"zero_terms_query":"NONE",${B}}}}`,
  );
  t.is(
    r({ match: { f: { query: 'h', type: 'phrase', slop: 2, fuzziness: 1, cutoff_frequency: 0.5 } } }),
    `{"match":{"f":{"query":"h","type":"phrase","operator":"OR","slop":2,"fuzziness":"1","prefix_length":0,"max_expansions":50,"fuzzy_transpositions":true,"lenient":false,"zero_terms_query":"NONE","cutoff_frequency":0.5,${B}}}}`,
  );
  t.is(r({ match_phrase: { f: 'a b' } }), `{"match_phrase":{"f":{"query":"a b","slop":0,${B}}}}`);
  t.is(r({ match_phrase_prefix: { f: 'a b' } }), `{"match_phrase_prefix":{"f":{"query":"a b","slop":0,"max_expansions":50,${B}}}}`);
  t.is(
    r({ multi_match: { query: 'x', fields: ['b', 'a^2'] } }),
    `{"multi_match":{"query":"x","fields":["a^2.0","b^1.0"],"type":"best_fields","operator":"OR","slop":0,"prefix_length":0,"max_expansions":50,"lenient":false,"zero_terms_query":"NONE",${B}}}`,
  );
  t.true(r({ multi_match: { query: 'x', fields: ['a'], use_dis_max: false, tie_breaker: 0.3 } }).includes('"use_dis_max":false,"tie_breaker":0.3,"lenient":false'));
  t.is(
    r({ common: { f: { query: 'x', minimum_should_match: { low_freq: 2 } } } }),
    `{"common":{"f":{"query":"x","disable_coord":true,"high_freq_operator":"OR","low_freq_operator":"OR","cutoff_frequency":0.01,"minimum_should_match":{"low_freq":"2"},${B}}}}`,
  );
  t.is(
    r({ query_string: { query: 'x', analyze_wildcard: true } }),
    '{"query_string":{"query":"x","fields":[],"use_dis_max":true,"tie_breaker":0.0,"default_operator":"or","auto_generate_phrase_queries":false,' +
      '"max_determinized_states":10000,"enable_position_increments":true,"fuzziness":"AUTO","fuzzy_prefix_length":0,"fuzzy_max_expansions":50,' +
      `"phrase_slop":0,"analyze_wildcard":true,"escape":false,"split_on_whitespace":true,${B}}}`,
  );
  t.is(r({ simple_query_string: { query: 'x' } }), `{"simple_query_string":{"query":"x","flags":-1,"default_operator":"or","analyze_wildcard":false,${B}}}`);
  t.is(
    r({ simple_query_string: { query: 'x', fields: ['f'], lenient: true } }),
    `{"simple_query_string":{"query":"x","fields":["f^1.0"],"flags":-1,"default_operator":"or","lenient":true,"analyze_wildcard":false,${B}}}`,
  );
  t.is(
    r({ more_like_this: { fields: ['f'], like: ['text', { _index: 'i', _type: 't', _id: '1' }] } }),
    '{"more_like_this":{"fields":["f"],"like":["text",{"_index":"i","_type":"t","_id":"1"}],"max_query_terms":25,"min_term_freq":2,"min_doc_freq":5,' +
      `"max_doc_freq":2147483647,"min_word_length":0,"max_word_length":0,"minimum_should_match":"30%","boost_terms":0.0,"include":false,"fail_on_unsupported_field":true,${B}}}`,
  );
});

test('compound and joining (Bool, ConstantScore, DisMax, Boosting, FunctionScore, Nested, HasChild, HasParent, ParentId, Script builders)', (t) => {
  t.is(
    r({ bool: { must: [{ term: { a: 1 } }], should: { match_all: { boost: 2 } }, minimum_should_match: 1 } }),
    `{"bool":{"must":[{"term":{"a":{"value":1,${B}}}}],"should":[{"match_all":{"boost":2.0}}],"disable_coord":false,"adjust_pure_negative":true,"minimum_should_match":"1",${B}}}`,
  );
  t.is(r({ constant_score: { filter: { exists: { field: 'f' } } } }), `{"constant_score":{"filter":{"exists":{"field":"f",${B}}},${B}}}`);
  t.is(r({ dis_max: { queries: [{ match_all: {} }] } }), `{"dis_max":{"tie_breaker":0.0,"queries":[{"match_all":{${B}}}],${B}}}`);
  t.is(
    r({ boosting: { positive: { match_all: {} }, negative: { match_none: {} }, negative_boost: 0.2 } }),
    `{"boosting":{"positive":{"match_all":{${B}}},"negative":{"match_none":{${B}}},"negative_boost":0.2,${B}}}`,
  );
  t.is(
    r({ function_score: { functions: [{ weight: 2 }, { field_value_factor: { field: 'n' } }, { gauss: { d: { origin: 0, scale: 10 } } }], boost_mode: 'sum' } }),
    `{"function_score":{"query":{"match_all":{${B}}},"functions":[{"filter":{"match_all":{${B}}},"weight":2.0},` +
      `{"filter":{"match_all":{${B}}},"field_value_factor":{"field":"n","factor":1.0,"modifier":"none"}},` +
      `{"filter":{"match_all":{${B}}},"gauss":{"d":{"origin":0,"scale":10},"multi_value_mode":"MIN"}}],"score_mode":"multiply","boost_mode":"sum","max_boost":3.4028235E38,${B}}}`,
  );
  t.is(
    r({ nested: { path: 'p', query: { match_all: {} }, inner_hits: {} } }),
    `{"nested":{"query":{"match_all":{${B}}},"path":"p","ignore_unmapped":false,"score_mode":"avg",${B},` +
      '"inner_hits":{"name":"p","ignore_unmapped":false,"from":0,"size":3,"version":false,"explain":false,"track_scores":false}}}',
  );
  t.is(
    r({ has_child: { type: 'c', query: { match_all: {} } } }),
    `{"has_child":{"query":{"match_all":{${B}}},"type":"c","score_mode":"none","min_children":0,"max_children":2147483647,"ignore_unmapped":false,${B}}}`,
  );
  t.is(r({ has_parent: { parent_type: 'p', query: { match_all: {} } } }), `{"has_parent":{"query":{"match_all":{${B}}},"parent_type":"p","score":false,"ignore_unmapped":false,${B}}}`);
  t.is(r({ parent_id: { type: 'c', id: '1' } }), `{"parent_id":{"type":"c","id":"1","ignore_unmapped":false,${B}}}`);
  // Script.toXContent; params is a HashMap (hash order)
  t.is(r({ script: { script: { inline: 'doc.x', params: { b: 1, a: 2 } } } }), `{"script":{"script":{"inline":"doc.x","lang":"painless","params":{"a":2,"b":1}},${B}}}`);
});

test('geo and span (GeoDistance, GeoBoundingBox, GeoPolygon, Span* and FieldMaskingSpan builders)', (t) => {
  t.is(
    r({ geo_distance: { distance: '1km', loc: { lat: 1, lon: 2 } } }),
    `{"geo_distance":{"loc":[2.0,1.0],"distance":1000.0,"distance_type":"arc","optimize_bbox":"memory","validation_method":"STRICT","ignore_unmapped":false,${B}}}`,
  );
  t.is(
    r({ geo_bounding_box: { loc: { top_left: [0, 10], bottom_right: [10, 0] } } }),
    `{"geo_bounding_box":{"loc":{"top_left":[0.0,10.0],"bottom_right":[10.0,0.0]},"validation_method":"STRICT","type":"MEMORY","ignore_unmapped":false,${B}}}`,
  );
  t.is(
    r({ geo_polygon: { loc: { points: [[0, 0], [1, 0], [1, 1]] } } }),
    `{"geo_polygon":{"loc":{"points":[[0.0,0.0],[1.0,0.0],[1.0,1.0],[0.0,0.0]]},"validation_method":"STRICT","ignore_unmapped":false,${B}}}`,
  );
  t.is(r({ span_term: { f: 'x' } }), T('f', 'x'));
  t.is(r({ span_first: { match: { span_term: { f: 'x' } }, end: 3 } }), `{"span_first":{"match":${T('f', 'x')},"end":3,${B}}}`);
  t.is(r({ span_near: { clauses: [{ span_term: { f: 'x' } }], slop: 1 } }), `{"span_near":{"clauses":[${T('f', 'x')}],"slop":1,"in_order":true,${B}}}`);
  t.is(r({ span_or: { clauses: [{ span_term: { f: 'x' } }] } }), `{"span_or":{"clauses":[${T('f', 'x')}],${B}}}`);
  t.is(
    r({ span_not: { include: { span_term: { f: 'x' } }, exclude: { span_term: { f: 'y' } } } }),
    `{"span_not":{"include":${T('f', 'x')},"exclude":${T('f', 'y')},"pre":0,"post":0,${B}}}`,
  );
  t.is(r({ span_within: { big: { span_term: { f: 'x' } }, little: { span_term: { f: 'y' } } } }), `{"span_within":{"big":${T('f', 'x')},"little":${T('f', 'y')},${B}}}`);
  t.is(r({ span_multi: { match: { prefix: { f: 'a' } } } }), `{"span_multi":{"match":{"prefix":{"f":{"value":"a",${B}}}},${B}}}`);
  t.is(r({ field_masking_span: { query: { span_term: { f: 'x' } }, field: 'g' } }), `{"field_masking_span":{"query":${T('f', 'x')},"field":"g",${B}}}`);
});

test('toString(): Jackson pretty print as ES configures it (" : ", arrays indented, no trailing line feed)', (t) => {
  t.is(
    queryToString(parseQuery({ bool: { must: [{ prefix: { f: 'ab' } }] } })),
    '{\n  "bool" : {\n    "must" : [\n      {\n        "prefix" : {\n          "f" : {\n            "value" : "ab",\n            "boost" : 1.0\n          }\n        }\n      }\n    ],\n' +
      '    "disable_coord" : false,\n    "adjust_pure_negative" : true,\n    "boost" : 1.0\n  }\n}',
  );
  t.is(queryToString(parseQuery({ query_string: { query: 'x\u0001' } })).split('\n')[2], '    "query" : "x\\u0001",');
  t.true(queryToString(parseQuery({ query_string: { query: 'x' } })).includes('"fields" : [ ],'));
});
