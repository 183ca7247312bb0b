import test from 'ava';
import { parseQuery } from '../../lib/dsl/parse-query.js';
import { throwsEs } from './helpers.js';

const P = 'parsing_exception';
const IAE = 'illegal_argument_exception';

test('unknown query names the query with the position of its body', (t) => {
  // {"foo":{}}: the START_OBJECT after "foo" is at column 8
  throwsEs(t, () => parseQuery({ foo: {} }), P, 'no [query] registered for [foo]', { line: 1, col: 8 });
});

test('positions come from the source text when given', (t) => {
  const src = '{\n  "query": {\n    "bool": {\n      "must": { "foo": {} }\n    }\n  }\n}';
  const body = JSON.parse(src);
  throwsEs(t, () => parseQuery(body.query, { source: src, sourceRoot: body }), P, 'no [query] registered for [foo]', { line: 4, col: 24 });
});

test('malformed clause structure', (t) => {
  throwsEs(t, () => parseQuery({ term: 'x' }), P, '[term] query malformed, no start_object after query name', { line: 1, col: 9 });
  throwsEs(t, () => parseQuery('x'), P, '[_na] query malformed, must start with start_object');
  throwsEs(t, () => parseQuery({ bool: { must: ['x'] } }), P, '[_na] query malformed, must start with start_object');
  throwsEs(t, () => parseQuery({ term: { a: 1 }, match: { b: 2 } }), P, '[term] malformed query, expected [END_OBJECT] but found [FIELD_NAME]', {
    line: 1,
    col: 17,
  });
});

test('single-field queries reject a second field', (t) => {
  throwsEs(t, () => parseQuery({ match: { a: 'x', b: 'y' } }), P, "[match] query doesn't support multiple fields, found [a] and [b]", { line: 1, col: 23 });
  throwsEs(t, () => parseQuery({ term: { a: { value: 1 }, b: { value: 2 } } }), P, "[term] query doesn't support multiple fields, found [a] and [b]");
  throwsEs(t, () => parseQuery({ range: { a: { gt: 1 }, b: { gt: 2 } } }), P, "[range] query doesn't support multiple fields, found [a] and [b]");
  throwsEs(t, () => parseQuery({ prefix: { a: 'x', b: 'y' } }), P, "[prefix] query doesn't support multiple fields, found [a] and [b]");
});

test('unsupported parameters', (t) => {
  throwsEs(t, () => parseQuery({ bool: { foo: {} } }), P, '[bool] query does not support [foo]', { line: 1, col: 16 });
  throwsEs(t, () => parseQuery({ bool: { foo: [{}] } }), P, 'bool query does not support [foo]');
  throwsEs(t, () => parseQuery({ bool: { foo: 1 } }), P, '[bool] query does not support [foo]');
  throwsEs(t, () => parseQuery({ match: { a: { foo: 1 } } }), P, '[match] query does not support [foo]');
  throwsEs(t, () => parseQuery({ match: { a: { query: [1] } } }), P, '[match] unknown token [START_ARRAY] after [query]');
  throwsEs(t, () => parseQuery({ match: { a: { query: null } } }), P, '[match] unknown token [VALUE_NULL] after [query]');
  throwsEs(t, () => parseQuery({ match: { a: { query: 'x', type: 'foo' } } }), P, '[match] query does not support type foo');
  throwsEs(t, () => parseQuery({ match: { a: { query: 'x', zero_terms_query: 'some' } } }), P, 'Unsupported zero_terms_docs value [some]');
  throwsEs(t, () => parseQuery({ term: { a: ['x'] } }), P, '[term] query does not support array of values');
  throwsEs(t, () => parseQuery({ exists: { foo: 'x' } }), P, '[exists] query does not support [foo]');
  throwsEs(t, () => parseQuery({ match_none: { foo: {} } }), P, '[match_none] unknown token [START_OBJECT] after [foo]');
  throwsEs(t, () => parseQuery({ range: { a: { foo: 1 } } }), P, '[range] query does not support [foo]');
  throwsEs(t, () => parseQuery({ type: { foo: 'x' } }), P, "[type] filter doesn't support [foo]");
  throwsEs(t, () => parseQuery({ simple_query_string: { query: 'x', foo: 1 } }), P, '[simple_query_string] unsupported field [foo]');
  throwsEs(t, () => parseQuery({ terms: { a: { id: '1', type: 't', path: 'p', foo: 1 } } }), P, '[terms] query does not support [foo] within lookup element');
});

test('match_all uses the ObjectParser wording', (t) => {
  const e = throwsEs(t, () => parseQuery({ match_all: { foo: 1 } }), P, '[match_all] unknown field [foo], parser not found', { line: 1, col: 15 });
  t.is(e.causedBy?.type, IAE);
});

test('required parts', (t) => {
  throwsEs(t, () => parseQuery({ match: {} }), P, 'No text specified for text query');
  throwsEs(t, () => parseQuery({ match: { a: null } }), P, 'No text specified for text query');
  throwsEs(t, () => parseQuery({ multi_match: { fields: ['a'] } }), P, 'No text specified for multi_match query');
  throwsEs(t, () => parseQuery({ multi_match: { query: 'x' } }), P, 'No fields specified for multi_match query');
  throwsEs(t, () => parseQuery({ multi_match: { query: 'x', fields: 'a', type: 'phrase', fuzziness: 1 } }), P, 'Fuzziness not allowed for type [phrase]');
  throwsEs(t, () => parseQuery({ common: {} }), P, '[common] query malformed, no field');
  throwsEs(t, () => parseQuery({ exists: {} }), P, '[exists] must be provided with a [field]');
  throwsEs(t, () => parseQuery({ query_string: {} }), P, '[query_string] must be provided with a [query]');
  throwsEs(t, () => parseQuery({ query_string: { query: 'x', all_fields: true, default_field: 'a' } }), P, 'cannot use [all_fields] parameter in conjunction with [default_field] or [fields]');
  throwsEs(t, () => parseQuery({ simple_query_string: {} }), P, '[simple_query_string] query text missing');
  throwsEs(t, () => parseQuery({ ids: {} }), P, '[ids] query, no ids values provided');
  throwsEs(t, () => parseQuery({ type: {} }), P, '[type] filter needs to be provided with a value for the type');
  throwsEs(t, () => parseQuery({ terms: {} }), P, '[terms] query requires a field name, followed by array of terms or a document lookup specification');
  throwsEs(t, () => parseQuery({ constant_score: {} }), P, "[constant_score] requires a 'filter' element");
  throwsEs(t, () => parseQuery({ dis_max: {} }), P, "[dis_max] requires 'queries' field");
  throwsEs(t, () => parseQuery({ boosting: { positive: { match_all: {} }, negative: { match_all: {} } } }), P, "[boosting] query requires 'negative_boost' to be set to be a positive value'");
  throwsEs(t, () => parseQuery({ script: {} }), P, 'script must be provided with a [script] filter');
  throwsEs(t, () => parseQuery({ wildcard: { a: { boost: 1 } } }), P, 'No value specified for wildcard query');
  throwsEs(t, () => parseQuery({ fuzzy: { a: { boost: 1 } } }), P, 'no value specified for fuzzy query');
  throwsEs(t, () => parseQuery({ geo_distance: { loc: [1, 2] } }), P, "geo_distance requires 'distance' to be specified");
  throwsEs(t, () => parseQuery({ more_like_this: { fields: ['a'] } }), P, "more_like_this requires 'like' to be specified");
  // a null short-form value is skipped entirely, so the field is missing too
  throwsEs(t, () => parseQuery({ term: { a: null } }), IAE, 'field name is null or empty');
  throwsEs(t, () => parseQuery({ term: { a: { value: null } } }), IAE, 'value cannot be null');
  throwsEs(t, () => parseQuery({ term: {} }), IAE, 'field name is null or empty');
  throwsEs(t, () => parseQuery({ nested: { path: 'a' } }), IAE, "[nested] requires 'query' field");
  throwsEs(t, () => parseQuery({ terms: { a: { id: '1', type: 't' } } }), IAE, '[terms] query lookup element requires specifying the path.');
});

test('value errors escape as ES lets them', (t) => {
  throwsEs(t, () => parseQuery({ match: { a: { query: 'x', operator: 'xor' } } }), IAE, 'operator needs to be either [OR, AND], but not [xor]');
  throwsEs(t, () => parseQuery({ match: { a: { query: 'x', boost: 'abc' } } }), 'number_format_exception', 'For input string: "abc"');
  throwsEs(t, () => parseQuery({ multi_match: { query: 'x', fields: 'a', type: 'foo' } }), 'parse_exception', 'failed to parse [multi_match] query type [foo]. unknown type.');
  throwsEs(t, () => parseQuery({ range: { a: { gt: 1, time_zone: 'Mars/Base' } } }), IAE, "The datetime zone id 'Mars/Base' is not recognised");
  throwsEs(t, () => parseQuery({ regexp: { a: { value: 'x', flags: 'FOO' } } }), IAE, 'Unknown regexp flag [FOO]');
  throwsEs(t, () => parseQuery({ simple_query_string: { query: 'x', flags: 'AND|FOO' } }), IAE, 'Unknown simple_query_string flag [FOO]');
  throwsEs(t, () => parseQuery({ nested: { path: 'a', query: { match_all: {} }, score_mode: 'foo' } }), IAE, 'No score mode for child query [foo] found');
  throwsEs(t, () => parseQuery({ query_string: { query: 'x', time_zone: 'nowhere' } }), IAE, "The datetime zone id 'nowhere' is not recognised");
});

test('function_score errors', (t) => {
  const fs = (body: object) => () => parseQuery({ function_score: body });
  throwsEs(t, fs({ foo: {} }), 'unknown_named_object_exception', 'Unknown ScoreFunctionBuilder [foo]');
  throwsEs(
    t,
    fs({ gauss: { a: { origin: 1, scale: 1 } }, linear: { a: { origin: 1, scale: 1 } } }),
    P,
    'failed to parse [function_score] query. already found function [gauss], now encountering [linear]. use [functions] array if you want to define several functions.',
  );
  throwsEs(
    t,
    fs({ functions: [{ weight: 1 }], gauss: { a: { origin: 1, scale: 1 } } }),
    P,
    'failed to parse [function_score] query. [you can either define [functions] array or a single function, not both. already found [functions] array, now encountering [gauss].]',
  );
  throwsEs(t, fs({ functions: [{ filter: { match_all: {} } }] }), P, 'failed to parse [function_score] query. an entry in functions list is missing a function.');
  throwsEs(t, fs({ foo: 1 }), P, 'failed to parse [function_score] query. field [foo] is not supported');
  throwsEs(t, fs({ foo: [] }), P, 'failed to parse [function_score] query. array [foo] is not supported');
  throwsEs(t, fs({ score_mode: 'foo' }), IAE, 'No enum constant org.elasticsearch.common.lucene.search.function.FiltersFunctionScoreQuery.ScoreMode.FOO');
  throwsEs(t, fs({ field_value_factor: {} }), P, "[field_value_factor] required field 'field' missing");
  throwsEs(t, fs({ gauss: { multi_value_mode: 'min' } }), P, 'malformed score function score parameters.');
});

test('span clauses must be span queries', (t) => {
  throwsEs(t, () => parseQuery({ span_near: { clauses: [{ term: { a: 'x' } }], slop: 1 } }), P, 'spanNear [clauses] must be of type span query');
  throwsEs(t, () => parseQuery({ span_or: {} }), P, 'spanOr must include [clauses]');
});
