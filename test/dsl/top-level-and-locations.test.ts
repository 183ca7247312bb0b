import test from 'ava';
import { parseQuery, parseTopLevelQuery } from '../../lib/dsl/parse-query.js';
import { locateJson } from '../../lib/dsl/json-locations.js';
import { parseSearchSource } from '../../lib/dsl/search-source.js';
import { throwsEs } from './helpers.js';

test('parseTopLevelQuery accepts only "query"', (t) => {
  t.deepEqual(parseTopLevelQuery({ query: { match_all: {} } }), { kind: 'match_all', boost: 1 });
  t.is(parseTopLevelQuery({}), null);
  throwsEs(t, () => parseTopLevelQuery({ query: { match_all: {} }, size: 1 }), 'parsing_exception', 'request does not support [size]', { line: 1, col: 27 });
});

test('locateJson maps objects, keys and items to 1-based positions', (t) => {
  const text = '{\n  "a": [1, {"b": 2}],\r\n  "c" : {}\n}';
  const value = JSON.parse(text) as { a: [number, object]; c: object };
  const locs = locateJson(text, value);
  const root = locs.get(value) as { keys: Map<string, { name: { line: number; col: number }; value: { line: number; col: number } }> };
  t.deepEqual(root.keys.get('a'), { name: { line: 2, col: 3 }, value: { line: 2, col: 8 } });
  t.deepEqual(root.keys.get('c'), { name: { line: 3, col: 3 }, value: { line: 3, col: 9 } });
  t.deepEqual((locs.get(value.a) as { items: unknown[] }).items, [
    { line: 2, col: 9 },
    { line: 2, col: 12 },
  ]);
  t.deepEqual((locs.get(value.a[1]) as { start: unknown }).start, { line: 2, col: 12 });
});

test('search body errors point into the original text', (t) => {
  const src = '{\n  "query": {\n    "match": {\n      "a": "x",\n      "b": "y"\n    }\n  }\n}';
  throwsEs(t, () => parseSearchSource(JSON.parse(src), { source: src }), 'parsing_exception', "[match] query doesn't support multiple fields, found [a] and [b]", {
    line: 5,
    col: 12,
  });
});

test('sourceRoot without source gives compact-JSON positions relative to the whole body', (t) => {
  const body = { size: 1, query: { foo: {} } };
  // {"size":1,"query":{"foo":{}}}: the START_OBJECT after "foo" is at column 26
  throwsEs(t, () => parseQuery(body.query, { sourceRoot: body }), 'parsing_exception', 'no [query] registered for [foo]', { line: 1, col: 26 });
});
