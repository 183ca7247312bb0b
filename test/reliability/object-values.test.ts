/**
 * A request that sends an object (or array) where a string or number belongs gets ES 5.6's
 * answer, which prints the value as Java's `toString` (`{a=1}`, `[1, {b=2.5}]`) or reads it as
 * ES's flattened settings do; never JavaScript's `[object Object]`. Each class was found by the
 * fuzzer (docs/reliability.md, "What bad input gets").
 */
import test from 'ava';
import { startTestNode, type TestNode, type HttpResult } from '../helpers/node.js';

let node: TestNode;
test.before(async () => {
  node = await startTestNode();
  await node.request('PUT', '/i', { mappings: { t: { properties: { title: { type: 'text' } } } } });
});
test.after.always(() => node.close());

/** The whole error body, with the status ES would send. */
function errorBody(type: string, reason: string, status = 400, extra: Record<string, unknown> = {}): unknown {
  return { error: { root_cause: [{ type, reason, ...extra }], type, reason, ...extra }, status };
}

function answer(r: HttpResult): { status: number; body: unknown } {
  t0(r);
  return { status: r.status, body: r.body };
}

/** Every answer of this file is checked for the JavaScript text first. */
function t0(r: HttpResult): void {
  if (r.text.includes('[object Object]')) throw new Error(`[object Object] in ${r.text}`);
}

test('index template order: an object or array is Integer.parseInt of its toString', async (t) => {
  const obj = await node.request('PUT', '/_template/t1', { template: 'x*', order: { u09tvw: 'x' } });
  t.deepEqual(answer(obj), { status: 400, body: errorBody('number_format_exception', 'For input string: "{u09tvw=x}"') });
  const arr = await node.request('PUT', '/_template/t1', { template: 'x*', order: [1, { b: 2.5 }] });
  t.deepEqual(answer(arr), { status: 400, body: errorBody('number_format_exception', 'For input string: "[1, {b=2.5}]"') });
  // Integer.parseInt does not trim; a fraction is cut to an int.
  const spaced = await node.request('PUT', '/_template/t1', { template: 'x*', order: ' 1' });
  t.deepEqual(answer(spaced), { status: 400, body: errorBody('number_format_exception', 'For input string: " 1"') });
  t.is((await node.request('PUT', '/_template/t1', { template: 'x*', order: 2.9 })).status, 200);
  t.is((await node.request('GET', '/_template/t1')).body.t1.order, 2);
  // `template` is read with toString too: a number is a pattern.
  t.is((await node.request('PUT', '/_template/t2', { template: 5 })).status, 200);
  t.is((await node.request('GET', '/_template/t2')).body.t2.template, '5');
});

test('settings given as objects are flattened into keys, as ES Settings do', async (t) => {
  const tpl = await node.request('PUT', '/_template/t3', { template: 'y*', settings: { number_of_shards: { a: 1 } } });
  const unknown = 'unknown setting [index.number_of_shards.a] please check that any required plugins are installed, or check the breaking changes documentation for removed settings';
  t.deepEqual(answer(tpl), { status: 400, body: errorBody('invalid_index_template_exception', `index_template [t3] invalid, cause [${unknown}]`) });
  const idx = await node.request('PUT', '/s1', { settings: { analysis: { tokenizer: { pt: { type: { a: 'pattern' } } } } } });
  t.deepEqual(answer(idx), { status: 400, body: errorBody('illegal_argument_exception', 'tokenizer [pt] must specify either an analyzer type, or a tokenizer') });
});

test('mapping names and formats given as objects print as Java maps', async (t) => {
  const put = await node.request('PUT', '/s2', { mappings: { t: { properties: { 'a.b': { type: 'text', analyzer: { '2017-13-45': 'standard' } } } } } });
  t.deepEqual(answer(put), { status: 400, body: errorBody('mapper_parsing_exception', 'analyzer [{2017-13-45=standard}] not found for field [a.b]') });
  const mapping = await node.request('PUT', '/i/_mapping/t', { properties: { s: { type: 'text', search_analyzer: ['standard'] } } });
  t.deepEqual(answer(mapping), { status: 400, body: errorBody('mapper_parsing_exception', 'analyzer [[standard]] not found for field [s]') });
  const tpl = await node.request('PUT', '/_template/t4', { template: 'z*', mappings: { t: { properties: { title: { type: 'text', analyzer: { '10h': 'nope' } } } } } });
  t.deepEqual(answer(tpl), { status: 400, body: errorBody('mapper_parsing_exception', 'analyzer [{10h=nope}] not found for field [title]') });
  const format = await node.request('PUT', '/s3', { mappings: { t: { properties: { d: { type: 'date', format: { a: 1 } } } } } });
  t.deepEqual(answer(format), { status: 400, body: errorBody('illegal_argument_exception', 'Invalid format: [{a=1}]: expected string value') });
  const dynamic = await node.request('PUT', '/s3', { mappings: { t: { dynamic_date_formats: ['yyyy', [1, 2]] } } });
  t.deepEqual(answer(dynamic), { status: 400, body: errorBody('illegal_argument_exception', 'Invalid format: [[1, 2]]: expected string value') });
});

test('_analyze: an inline type that is an object or list is a missing type; an object setting is unset', async (t) => {
  const tok = await node.request('POST', '/i/_analyze', { text: 'Foo', tokenizer: { type: { 1: 'pattern' }, pattern: { null: 'a' } } });
  t.deepEqual(answer(tok), { status: 400, body: errorBody('illegal_argument_exception', 'Missing [type] setting for anonymous tokenizer: {"type":{"1":"pattern"},"pattern":{"null":"a"}}') });
  const list = await node.request('POST', '/_analyze', { text: 'Foo', tokenizer: { type: [{ tag: {} }, [[2]]] } });
  t.deepEqual(answer(list), { status: 400, body: errorBody('illegal_argument_exception', 'Missing [type] setting for anonymous tokenizer: {"type":[{"tag":{}},[[2]]]}') });
  const filter = await node.request('POST', '/_analyze', { text: 'Foo', tokenizer: 'standard', filter: [{ type: { x: 'lowercase' } }] });
  t.deepEqual(answer(filter), { status: 400, body: errorBody('illegal_argument_exception', 'Missing [type] setting for anonymous token filter: {"type":{"x":"lowercase"}}') });
  const charFilter = await node.request('POST', '/_analyze', { text: 'Foo', tokenizer: 'standard', char_filter: [{ type: ['mapping'] }] });
  t.deepEqual(answer(charFilter), { status: 400, body: errorBody('illegal_argument_exception', 'Missing [type] setting for anonymous char filter: {"type":["mapping"]}') });
  // `max_gram: {...}` is stored as `max_gram.x`: `max_gram` keeps its default (2).
  const gram = await node.request('POST', '/_analyze', { text: 'ab', tokenizer: { type: 'ngram', min_gram: 1, max_gram: { 'now-1d/d': 1000 } } });
  t.is(gram.status, 200);
  t.deepEqual(gram.body.tokens.map((x: { token: string }) => x.token), ['a', 'ab', 'b']);
  // A list ends before its first object: `stopwords: [{...}]` is no list, so the defaults apply.
  const stop = await node.request('POST', '/_analyze', { text: 'the fox', tokenizer: 'standard', filter: [{ type: 'stop', stopwords: [{ a: 1 }] }] });
  t.deepEqual(stop.body.tokens.map((x: { token: string }) => x.token), ['fox']);
});

test('ingest: list items and values of the wrong type are named, never read as text', async (t) => {
  const header = (type: string, property: string): Record<string, unknown> => ({ header: { processor_type: type, property_name: property } });
  const date = await node.request('PUT', '/_ingest/pipeline/p1', { processors: [{ date: { field: 'f', formats: ['yyyy', { 'Math.pow(2,2000)': 'x' }] } }] });
  t.deepEqual(answer(date), {
    status: 400,
    body: errorBody('parse_exception', `[formats] property isn't a list of strings: item [{"Math.pow(2,2000)":"x"}] is of type [java.util.LinkedHashMap]`, 400, header('date', 'formats')),
  });
  const simulate = await node.request('POST', '/_ingest/pipeline/_simulate', { pipeline: { processors: [{ date_index_name: { field: 'f', date_rounding: 'd', date_formats: [2015] } }] }, docs: [{ _source: { f: '2015' } }] });
  t.deepEqual(answer(simulate), {
    status: 400,
    body: errorBody('parse_exception', `[date_formats] property isn't a list of strings: item [2015] is of type [java.lang.Integer]`, 400, header('date_index_name', 'date_formats')),
  });
  const grok = await node.request('PUT', '/_ingest/pipeline/p2', { processors: [{ grok: { field: 'm', patterns: ['%{WORD:w}', { a: 1 }] } }] });
  t.deepEqual(answer(grok), {
    status: 400,
    body: errorBody('parse_exception', '[patterns] Invalid regex pattern found in: [%{WORD:w}, {a=1}]. java.util.LinkedHashMap cannot be cast to java.lang.String', 400, header('grok', 'patterns')),
  });
  const definition = await node.request('PUT', '/_ingest/pipeline/p3', { processors: [{ grok: { field: 'm', patterns: ['%{X:y}'], pattern_definitions: { X: [1] } } }] });
  t.deepEqual(answer(definition), {
    status: 400,
    body: errorBody('parse_exception', '[patterns] Invalid regex pattern found in: [%{X:y}]. java.util.ArrayList cannot be cast to java.lang.String', 400, header('grok', 'patterns')),
  });
  const version = await node.request('PUT', '/_ingest/pipeline/p4', { version: { a: 1 }, processors: [] });
  t.deepEqual(answer(version), { status: 400, body: errorBody('parse_exception', '[version] property cannot be converted to an int [{a=1}]', 400, { header: { property_name: 'version' } }) });
  // A date field holding an object is ES's cast error (per document), not "unable to parse date [[object Object]]".
  const doc = await node.request('POST', '/_ingest/pipeline/_simulate', { pipeline: { processors: [{ date: { field: 'd', formats: ['yyyy'] } }] }, docs: [{ _source: { d: { y: 2015 } } }] });
  t0(doc);
  t.is(doc.status, 200);
  const cast = 'field [d] of type [java.util.LinkedHashMap] cannot be cast to [java.lang.String]';
  t.deepEqual(doc.body.docs[0].error, {
    type: 'exception',
    reason: `java.lang.IllegalArgumentException: java.lang.IllegalArgumentException: ${cast}`,
    header: { processor_type: 'date' },
    caused_by: { type: 'illegal_argument_exception', reason: `java.lang.IllegalArgumentException: ${cast}`, caused_by: { type: 'illegal_argument_exception', reason: cast } },
  });
});

test('ingest: templates, join and convert print objects as Java; metadata and tags must be strings', async (t) => {
  const render = await node.request('POST', '/_ingest/pipeline/_simulate', {
    pipeline: { processors: [{ set: { field: 'x', value: '{{y}}' } }, { join: { field: 'z', separator: '-' } }] },
    docs: [{ _source: { y: { b: 2 }, z: [1, { c: 3 }] } }],
  });
  t0(render);
  t.deepEqual(render.body.docs[0].doc._source, { y: { b: 2 }, z: '1-{c=3}', x: '{b=2}' });
  const convert = await node.request('POST', '/_ingest/pipeline/_simulate', { pipeline: { processors: [{ convert: { field: 'w', type: 'integer' } }] }, docs: [{ _source: { w: { e: 1 } } }] });
  t0(convert);
  t.is(convert.body.docs[0].error.caused_by.caused_by.reason, 'unable to convert [{e=1}] to integer');
  const tag = await node.request('PUT', '/_ingest/pipeline/p5', { processors: [{ set: { field: 'x', value: 1, tag: { t: 1 } } }] });
  t.deepEqual(answer(tag), { status: 400, body: errorBody('parse_exception', "[tag] property isn't a string, but of type [java.util.LinkedHashMap]", 400, { header: { property_name: 'tag' } }) });
  const meta = await node.request('POST', '/_ingest/pipeline/_simulate', { pipeline: { processors: [] }, docs: [{ _index: { a: 1 }, _source: {} }] });
  t.deepEqual(answer(meta), { status: 400, body: errorBody('parse_exception', "[_index] property isn't a string, but of type [java.util.LinkedHashMap]", 400, { header: { property_name: '_index' } }) });
  t.is((await node.request('PUT', '/_ingest/pipeline/p6', { processors: [{ set: { field: '_index', value: { a: 1 } } }] })).status, 200);
  const write = await node.request('PUT', '/j/t/1?pipeline=p6', { a: 1 });
  t.deepEqual(answer(write), { status: 400, body: errorBody('illegal_argument_exception', 'field [_index] of type [java.util.LinkedHashMap] cannot be cast to [java.lang.String]') });
});

test('mget ids, sort missing, reroute and allocation explain refuse objects by token', async (t) => {
  const mget = await node.request('POST', '/i/_mget', { ids: [{ toString: '1' }, '2'] });
  t.deepEqual(answer(mget), { status: 400, body: errorBody('illegal_argument_exception', 'ids array element should only contain ids') });
  const sort = await node.request('POST', '/i/_search', { sort: [{ title: { missing: { a: 1 } } }] });
  t.deepEqual(answer(sort), { status: 400, body: errorBody('illegal_argument_exception', "[field_sort] missing doesn't support values of type: START_OBJECT") });
  const at = { line: 1, col: 1 };
  const reroute = await node.request('POST', '/_cluster/reroute', { commands: [{ cancel: { index: { a: 1 }, shard: 0, node: 'x' } }] });
  t.deepEqual(answer(reroute), { status: 400, body: errorBody('parsing_exception', "[cancel] index doesn't support values of type: START_OBJECT", 400, at) });
  const explain = await node.request('POST', '/_cluster/allocation/explain', { index: { a: 1 }, shard: 0, primary: true });
  t.deepEqual(answer(explain), { status: 400, body: errorBody('parsing_exception', "[cluster/allocation/explain] index doesn't support values of type: START_OBJECT", 400, at) });
  const shard = await node.request('POST', '/_cluster/allocation/explain', { index: 'i', shard: [0], primary: true });
  t.deepEqual(answer(shard), { status: 400, body: errorBody('parsing_exception', "[cluster/allocation/explain] shard doesn't support values of type: START_ARRAY", 400, at) });
});
