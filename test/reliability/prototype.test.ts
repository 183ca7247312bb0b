/**
 * The prototype chain is never reachable from input (issue 8): the names `constructor`,
 * `__proto__`, `toString`, `hasOwnProperty` and `valueOf` go through every API that takes a
 * name or a key, and each answers as for any other name — ES's error where ES refuses the name,
 * an exact round trip where ES keeps it. The node runs in this process, so after every request
 * `Object.prototype` must still be untouched.
 */
import test, { type ExecutionContext } from 'ava';
import { ndjson, startTestNode, type TestNode } from '../helpers/node.js';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const PROTO_BASELINE = Object.getOwnPropertyNames(Object.prototype).sort();

/** The in-process node did not write to `Object.prototype`. */
function assertClean(t: ExecutionContext): void {
  t.deepEqual(Object.keys(Object.prototype), []);
  t.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), PROTO_BASELINE);
  t.is(({} as Record<string, unknown>)['dynamic'], undefined);
  t.is(({} as Record<string, unknown>)['x'], undefined);
}

async function withNode(t: ExecutionContext, fn: (n: TestNode) => Promise<void>): Promise<void> {
  const n = await startTestNode();
  try {
    await fn(n);
  } finally {
    await n.close();
  }
  assertClean(t);
}

function errorOf(body: any): { type: string; reason: string } {
  return { type: body.error.type, reason: body.error.reason };
}

test('index names: only `constructor` is a valid index name, and it behaves like any other', async (t) => {
  await withNode(t, async (n) => {
    for (const name of NAMES) {
      t.is((await n.request('HEAD', `/${name}`)).status, 404, name);
      const get = await n.request('GET', `/${name}`);
      t.is(get.status, 404, name);
      t.is(get.body.error.type, 'index_not_found_exception');
      t.is((await n.request('DELETE', `/${name}`)).status, 404, name);
    }
    const protoSetting = await n.request('PUT', '/s', '{"settings":{"__proto__":{"x":1}}}');
    t.deepEqual(errorOf(protoSetting.body), {
      type: 'illegal_argument_exception',
      reason: 'unknown setting [index.__proto__.x] please check that any required plugins are installed, or check the breaking changes documentation for removed settings',
    });
    t.deepEqual(errorOf((await n.request('PUT', '/__proto__')).body), { type: 'invalid_index_name_exception', reason: "Invalid index name [__proto__], must not start with '_', '-', or '+'" });
    t.deepEqual(errorOf((await n.request('PUT', '/toString')).body), { type: 'invalid_index_name_exception', reason: 'Invalid index name [toString], must be lowercase' });
    const created = await n.request('PUT', '/constructor', { settings: { number_of_shards: 1 } });
    t.deepEqual(created.body, { acknowledged: true, shards_acknowledged: true });
    t.is((await n.request('HEAD', '/constructor')).status, 200);
    const again = await n.request('PUT', '/constructor');
    t.is(again.status, 400);
    t.is(again.body.error.type, 'index_already_exists_exception');
    t.regex(again.body.error.reason, /^index \[constructor\/[\w-]{22}\] already exists$/);
    const got = await n.request('GET', '/constructor');
    t.deepEqual(Object.keys(got.body), ['constructor']);
    t.is(got.body.constructor.settings.index.number_of_shards, '1');
    t.is((await n.request('GET', '/constructor/_search')).body.hits.total, 0);
    t.deepEqual((await n.request('DELETE', '/constructor')).body, { acknowledged: true });
    t.is((await n.request('HEAD', '/constructor')).status, 404);
  });
});

test('aliases: lookups see defined aliases only; `constructor` works as an alias', async (t) => {
  await withNode(t, async (n) => {
    await n.request('PUT', '/idx/d/1?refresh=true', { a: 1 });
    for (const name of NAMES) {
      const r = await n.request('GET', `/_alias/${name}`);
      t.is(r.status, 404, name);
      t.deepEqual(r.body, { error: `alias [${name}] missing`, status: 404 });
      t.is((await n.request('GET', `/${name}/_search`)).status, 404, name);
    }
    t.deepEqual((await n.request('POST', '/_aliases', { actions: [{ add: { index: 'idx', alias: 'constructor' } }] })).body, { acknowledged: true });
    t.deepEqual((await n.request('GET', '/_alias/constructor')).body, { idx: { aliases: { constructor: {} } } });
    t.is((await n.request('GET', '/constructor/_search')).body.hits.total, 1);
    const proto = await n.request('POST', '/_aliases', { actions: [{ add: { index: 'idx', alias: '__proto__' } }] });
    t.is(proto.status, 400);
    t.is(proto.body.error.type, 'invalid_alias_name_exception');
    t.deepEqual((await n.request('GET', '/idx/_alias')).body, { idx: { aliases: { constructor: {} } } });
  });
});

const SOURCE = '{"__proto__":{"a":1},"constructor":"x","toString":"y","valueOf":{"hasOwnProperty":2},"hasOwnProperty":[1,2]}';

test('documents: such keys round-trip exactly in _source and map as ordinary fields; types named so', async (t) => {
  await withNode(t, async (n) => {
    const put = await n.request('PUT', '/docs/constructor/1?refresh=true', SOURCE);
    t.is(put.status, 201);
    const got = await n.request('GET', '/docs/constructor/1');
    t.true(got.text.includes(`"_source":${SOURCE}`), got.text);
    t.true(Object.hasOwn(got.body._source, '__proto__'));
    t.deepEqual(got.body._source['__proto__'], { a: 1 });
    const mapping = (await n.request('GET', '/docs/_mapping')).body.docs.mappings.constructor.properties;
    t.deepEqual(Object.keys(mapping).sort(), ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf']);
    t.deepEqual(mapping['__proto__'], { properties: { a: { type: 'long' } } });
    t.is(mapping.constructor.type, 'text');
    const field = await n.request('GET', '/docs/_mapping/constructor/field/__proto__.a');
    t.deepEqual(field.body, { docs: { mappings: { constructor: { '__proto__.a': { full_name: '__proto__.a', mapping: { a: { type: 'long' } } } } } } });
    for (const [q, total] of [[{ term: { 'constructor.keyword': 'x' } }, 1], [{ term: { '__proto__.a': 1 } }, 1], [{ exists: { field: 'valueOf.hasOwnProperty' } }, 1], [{ term: { toString: 'x' } }, 0]] as const) {
      t.is((await n.request('POST', '/docs/_search', { query: q })).body.hits.total, total, JSON.stringify(q));
    }
    const filtered = await n.request('GET', '/docs/constructor/1?_source_include=__proto__.*,constructor');
    t.true(filtered.text.includes('"_source":{"__proto__":{"a":1},"constructor":"x"}'), filtered.text);
    const hit = await n.request('POST', '/docs/_search', { _source: ['__proto__'], docvalue_fields: ['__proto__.a', 'constructor.keyword'] });
    t.deepEqual(hit.body.hits.hits[0]._source, { ['__proto__']: { a: 1 } });
    t.deepEqual(hit.body.hits.hits[0].fields, { '__proto__.a': [1], 'constructor.keyword': ['x'] });
    const badType = await n.request('PUT', '/docs/__proto__/1', { a: 1 });
    t.is(badType.status, 400);
    t.is(badType.body.error.type, 'invalid_type_name_exception');
    t.is(badType.body.error.reason, "mapping type name [__proto__] can't start with '_'");
    // a mapping with such field names, given explicitly
    const explicit = await n.request('PUT', '/m', '{"mappings":{"toString":{"properties":{"__proto__":{"type":"keyword"},"valueOf":{"type":"integer"}}}}}');
    t.is(explicit.status, 200);
    t.deepEqual((await n.request('GET', '/m/_mapping')).body, { m: { mappings: { toString: { properties: { ['__proto__']: { type: 'keyword' }, valueOf: { type: 'integer' } } } } } });
    // stored fields named like prototype members: realtime get (from the buffer) and after a refresh
    await n.request('PUT', '/st', '{"mappings":{"d":{"properties":{"constructor":{"type":"keyword","store":true},"__proto__":{"type":"long","store":true}}}}}');
    await n.request('PUT', '/st/d/1', '{"constructor":"c","__proto__":7}');
    const realtime = await n.request('GET', '/st/d/1?stored_fields=constructor,__proto__');
    t.is(realtime.status, 200, realtime.text);
    t.deepEqual(realtime.body.fields, JSON.parse('{"constructor":["c"],"__proto__":[7]}'));
    await n.request('POST', '/st/_refresh');
    const stored = await n.request('POST', '/st/_search', { stored_fields: ['constructor', '__proto__', 'toString'] });
    t.deepEqual(stored.body.hits.hits[0].fields, JSON.parse('{"constructor":["c"],"__proto__":[7]}'));
    const unknownParam = await n.request('PUT', '/m2', '{"mappings":{"t":{"properties":{"f":{"type":"keyword","__proto__":{"x":1}}}}}}');
    t.is(unknownParam.status, 400);
    t.is(unknownParam.body.error.type, 'mapper_parsing_exception');
    t.is(unknownParam.body.error.reason, 'Mapping definition for [f] has unsupported parameters:  [__proto__ : {x=1}]');
  });
});

test('update: a partial doc with such keys merges them as data', async (t) => {
  await withNode(t, async (n) => {
    await n.request('PUT', '/docs/d/1', SOURCE);
    const up = await n.request('POST', '/docs/d/1/_update', '{"doc":{"__proto__":{"b":2},"constructor":"z","valueOf":{"toString":3}}}');
    t.is(up.body.result, 'updated');
    const got = await n.request('GET', '/docs/d/1');
    t.true(got.text.includes('"_source":{"__proto__":{"a":1,"b":2},"constructor":"z","toString":"y","valueOf":{"hasOwnProperty":2,"toString":3},"hasOwnProperty":[1,2]}'), got.text);
    const noop = await n.request('POST', '/docs/d/1/_update', '{"doc":{"__proto__":{"b":2}}}');
    t.is(noop.body.result, 'noop');
    const script = await n.request('POST', '/docs/d/1/_update', {
      script: { inline: "ctx._source.p = params.constructor == null && params.toString == null; ctx._source.k = ctx._source.containsKey('valueOf'); ctx._source.q = ctx._source.__proto__.b", params: {} },
    });
    t.is(script.body.result, 'updated');
    const after = (await n.request('GET', '/docs/d/1')).body._source;
    t.deepEqual([after.p, after.k, after.q], [true, true, 2]);
    t.deepEqual(after['__proto__'], { a: 1, b: 2 });
  });
});

test('stored scripts and search templates: only stored ids exist; mustache sees own data only', async (t) => {
  await withNode(t, async (n) => {
    for (const name of NAMES) {
      const r = await n.request('GET', `/_scripts/${name}`);
      t.is(r.status, 404, name);
      t.deepEqual(r.body, { _id: name, found: false });
      t.is((await n.request('GET', `/_search/template/${name}`)).status, 404, name);
    }
    t.deepEqual((await n.request('PUT', '/_scripts/constructor', { script: { lang: 'painless', code: '1 + 1' } })).body, { acknowledged: true });
    t.deepEqual((await n.request('GET', '/_scripts/constructor')).body, { _id: 'constructor', found: true, script: { lang: 'painless', code: '1 + 1' } });
    t.deepEqual((await n.request('DELETE', '/_scripts/constructor')).body, { acknowledged: true });
    t.is((await n.request('GET', '/_scripts/constructor')).status, 404);
    // Missing keys render nothing, even when the prototype has a member of that name.
    const inline = '{{constructor}}|{{toString}}|{{#valueOf}}v{{/valueOf}}|{{hasOwnProperty}}|{{hasOwnProperty}}|{{a.constructor}}|{{#a}}{{toString}}{{/a}}|{{#toJson}}a.constructor{{/toJson}}|{{__proto__}}';
    const r = await n.request('POST', '/_render/template', { inline: { q: inline }, params: { a: {} } });
    t.is(r.status, 200, r.text);
    t.deepEqual(r.body, { template_output: { q: '||||||||' } });
    const own = await n.request('POST', '/_render/template', `{"inline":"{\\"q\\":\\"{{constructor}}-{{__proto__.x}}\\",\\"j\\":{{#toJson}}__proto__{{/toJson}}}","params":{"constructor":"c","__proto__":{"x":"p"}}}`);
    t.is(own.status, 200, own.text);
    t.deepEqual(own.body, { template_output: { q: 'c-p', j: { x: 'p' } } });
  });
});

test('index templates: only stored templates match names; `constructor` is an ordinary template', async (t) => {
  await withNode(t, async (n) => {
    for (const name of NAMES) {
      const r = await n.request('GET', `/_template/${name}`);
      t.is(r.status, 404, name);
      t.deepEqual(r.body, {});
      t.is((await n.request('HEAD', `/_template/${name}`)).status, 404, name);
    }
    t.deepEqual((await n.request('PUT', '/_template/constructor', { template: 'tpl*', settings: { number_of_shards: 2 }, mappings: { toString: { properties: { valueOf: { type: 'keyword' } } } } })).body, { acknowledged: true });
    t.deepEqual(Object.keys((await n.request('GET', '/_template/constructor')).body), ['constructor']);
    await n.request('PUT', '/tpl1');
    const idx = (await n.request('GET', '/tpl1')).body.tpl1;
    t.is(idx.settings.index.number_of_shards, '2');
    t.deepEqual(idx.mappings, { toString: { properties: { valueOf: { type: 'keyword' } } } });
    const bad = await n.request('PUT', '/_template/__proto__', { template: 'x*' });
    t.is(bad.status, 400);
    t.is(bad.body.error.type, 'invalid_index_template_exception');
    t.deepEqual((await n.request('DELETE', '/_template/constructor')).body, { acknowledged: true });
  });
});

test('ingest: pipeline ids, processor types and field paths named like prototype members', async (t) => {
  await withNode(t, async (n) => {
    for (const name of NAMES) t.is((await n.request('GET', `/_ingest/pipeline/${name}`)).status, 404, name);
    const unknown = await n.request('PUT', '/_ingest/pipeline/p', { processors: [{ constructor: {} }] });
    t.is(unknown.status, 400);
    t.deepEqual(errorOf(unknown.body), { type: 'parse_exception', reason: 'No processor type exists with name [constructor]' });
    const put = await n.request('PUT', '/_ingest/pipeline/constructor', {
      processors: [
        { set: { field: '__proto__.x', value: 1 } },
        { set: { field: 'toString', value: '{{constructor}}|{{valueOf}}|{{#hasOwnProperty}}h{{/hasOwnProperty}}' } },
        { rename: { field: 'valueOf', target_field: 'renamed', ignore_missing: true } },
        { append: { field: '__proto__.x', value: 2 } },
      ],
    });
    t.deepEqual(put.body, { acknowledged: true });
    t.deepEqual(Object.keys((await n.request('GET', '/_ingest/pipeline/constructor')).body), ['constructor']);
    const indexed = await n.request('PUT', '/ing/d/1?pipeline=constructor', { a: 1 });
    t.is(indexed.status, 201, indexed.text);
    const got = await n.request('GET', '/ing/d/1');
    t.true(got.text.includes('"_source":{"a":1,"__proto__":{"x":[1,2]},"toString":"||"}'), got.text);
    const sim = await n.request('POST', '/_ingest/pipeline/constructor/_simulate', `{"docs":[{"_source":{"__proto__":{"y":2},"valueOf":"v","constructor":"a"}}]}`);
    t.is(sim.status, 200, sim.text);
    t.deepEqual(sim.body.docs[0].doc._source, JSON.parse('{"__proto__":{"y":2,"x":[1,2]},"constructor":"a","toString":"a|v|","renamed":"v"}'));
    const grok = await n.request('PUT', '/_ingest/pipeline/g', { processors: [{ grok: { field: 'm', patterns: ['%{constructor:c}'] } }] });
    t.is(grok.status, 400);
    t.regex(grok.body.error.reason, /Unable to find pattern \[constructor\] in Grok's pattern dictionary/);
    const missing = await n.request('POST', '/_ingest/pipeline/_simulate', { pipeline: { processors: [{ remove: { field: 'toString' } }] }, docs: [{ _source: {} }] });
    t.true(missing.body.docs[0].error.reason.endsWith('field [toString] not present as part of path [toString]'), missing.text);
  });
});

test('analysis: components named like prototype members work; unknown types of that name are refused', async (t) => {
  await withNode(t, async (n) => {
    const analysis = {
      char_filter: { toString: { type: 'mapping', mappings: ['x => y'] } },
      tokenizer: { valueOf: { type: 'whitespace' } },
      filter: { hasOwnProperty: { type: 'lowercase' } },
      analyzer: { constructor: { type: 'custom', tokenizer: 'valueOf', filter: ['hasOwnProperty'], char_filter: ['toString'] } },
      normalizer: { constructor: { type: 'custom', filter: ['hasOwnProperty'] } },
    };
    const created = await n.request('PUT', '/an', { settings: { analysis }, mappings: { d: { properties: { f: { type: 'text', analyzer: 'constructor' }, k: { type: 'keyword', normalizer: 'constructor' } } } } });
    t.deepEqual(created.body, { acknowledged: true, shards_acknowledged: true }, created.text);
    const tokens = await n.request('POST', '/an/_analyze', { analyzer: 'constructor', text: 'Ax Bx' });
    t.deepEqual(tokens.body.tokens.map((x: { token: string }) => x.token), ['ay', 'by']);
    for (const [kind, def, reason] of [
      ['analyzer', { a: { type: 'constructor' } }, 'Unknown analyzer type [constructor] for [a]'],
      ['tokenizer', { a: { type: 'toString' } }, 'Unknown tokenizer type [toString] for [a]'],
      ['filter', { a: { type: 'hasOwnProperty' } }, 'Unknown filter type [hasOwnProperty] for [a]'],
      ['char_filter', { a: { type: 'valueOf' } }, 'Unknown char_filter type [valueOf] for [a]'],
      ['normalizer', { a: { type: 'constructor' } }, 'Unknown normalizer type [constructor] for [a]'],
    ] as const) {
      const r = await n.request('PUT', '/bad', { settings: { analysis: { [kind]: def } } });
      t.deepEqual(errorOf(r.body), { type: 'illegal_argument_exception', reason }, kind);
    }
    const noTok = await n.request('PUT', '/bad', { settings: { analysis: { analyzer: { a: { tokenizer: 'constructor' } } } } });
    t.is(noTok.body.error.reason, 'Custom Analyzer [a] failed to find tokenizer under name [constructor]');
    for (const [body, reason] of [
      [{ analyzer: 'constructor', text: 'a' }, 'failed to find global analyzer [constructor]'],
      [{ tokenizer: 'toString', text: 'a' }, 'failed to find global tokenizer under [toString]'],
      [{ tokenizer: 'standard', filter: ['valueOf'], text: 'a' }, 'failed to find global token filter under [valueOf]'],
      [{ tokenizer: 'standard', char_filter: ['hasOwnProperty'], text: 'a' }, 'failed to find global char filter under [hasOwnProperty]'],
    ] as const) {
      const r = await n.request('POST', '/_analyze', body);
      t.deepEqual(errorOf(r.body), { type: 'illegal_argument_exception', reason }, JSON.stringify(body));
    }
    const stop = await n.request('POST', '/_analyze', { tokenizer: 'standard', filter: [{ type: 'stop', stopwords: '_constructor_' }], text: 'a' });
    t.deepEqual(errorOf(stop.body), { type: 'illegal_argument_exception', reason: 'Unknown stopwords list [_constructor_]' });
    // Text that spells a prototype member is just text (dutch overrides, html entities).
    const dutch = await n.request('POST', '/_analyze', { analyzer: 'dutch', text: 'constructor' });
    t.deepEqual(dutch.body.tokens.map((x: { token: string }) => x.token), ['constructor']);
    const html = await n.request('POST', '/_analyze', { tokenizer: 'keyword', char_filter: ['html_strip'], text: 'a&constructor;b' });
    t.is(html.body.tokens[0].token, 'a&constructor;b');
  });
});

test('query kinds, aggregation types and names, URL parameters and cat columns named like prototype members', async (t) => {
  await withNode(t, async (n) => {
    await n.request('POST', '/_bulk?refresh=true', ndjson([
      { index: { _index: 'q', _type: 'd', _id: '1' } }, { tag: 'constructor', n: 1 },
      { index: { _index: 'q', _type: 'd', _id: '2' } }, { tag: '__proto__', n: 2 },
    ]));
    for (const name of NAMES) {
      const r = await n.request('POST', '/q/_search', { query: { [name]: {} } });
      t.is(r.status, 400, name);
      t.deepEqual(errorOf(r.body), { type: 'parsing_exception', reason: `no [query] registered for [${name}]` });
      const a = await n.request('POST', '/q/_search', { aggs: { x: { [name]: {} } } });
      t.is(a.status, 400, name);
      t.is(a.body.error.reason, `Unknown BaseAggregationBuilder [${name}]`);
      const p = await n.request('GET', `/q/_search?${name}=1`);
      t.is(p.status, 400);
      t.is(p.body.error.type, 'illegal_argument_exception');
      // (ES may append a "did you mean" suggestion)
      t.true(p.body.error.reason.startsWith(`request [/q/_search] contains unrecognized parameter: [${name}]`), p.body.error.reason);
    }
    const multi = await n.request('POST', '/q/_search', { query: { multi_match: { query: 'x', fields: ['tag'], type: 'constructor' } } });
    t.is(multi.status, 400);
    t.is(multi.body.error.reason, 'failed to parse [multi_match] query type [constructor]. unknown type.');
    const aggs = await n.request('POST', '/q/_search?size=0', `{"aggs":{"__proto__":{"terms":{"field":"tag.keyword"},"aggs":{"constructor":{"max":{"field":"n"}}}},"toString":{"filters":{"filters":{"valueOf":{"match_all":{}}}}}}}`);
    t.is(aggs.status, 200, aggs.text);
    t.true(Object.hasOwn(aggs.body.aggregations, '__proto__'));
    t.deepEqual(aggs.body.aggregations['__proto__'].buckets.map((b: { key: string; constructor: { value: number } }) => [b.key, b.constructor.value]), [['__proto__', 2], ['constructor', 1]]);
    t.is(aggs.body.aggregations.toString.buckets.valueOf.doc_count, 2);
    const single = await n.request('POST', '/q/_search?size=0', '{"aggs":{"f":{"filter":{"match_all":{}},"aggs":{"__proto__":{"max":{"field":"n"}}}}}}');
    t.true(Object.hasOwn(single.body.aggregations.f, '__proto__'), single.text);
    t.is(single.body.aggregations.f['__proto__'].value, 2);
    const keyed = await n.request('POST', '/q/_search?size=0', { aggs: { r: { range: { field: 'n', keyed: true, ranges: [{ key: '__proto__', to: 2 }, { key: 'constructor', from: 2 }] } } } });
    t.deepEqual(Object.keys(keyed.body.aggregations.r.buckets), ['__proto__', 'constructor']);
    const order = await n.request('POST', '/q/_search?size=0', { aggs: { t: { terms: { field: 'tag.keyword', order: { 's.constructor': 'asc' } }, aggs: { s: { stats: { field: 'n' } } } } } });
    t.is(order.status, 500, order.text);
    // checked on each shard as ES's AggregationPath.validate (hasMetric reads own names only)
    t.is(order.body.error.root_cause[0].reason, 'Invalid terms aggregation order path [s.constructor]. Unknown metric name [constructor] on multi-value metrics aggregation [s]');
    const cat = await n.request('GET', '/_cat/indices?h=constructor,index,toString&format=json');
    t.deepEqual(cat.body, [{ index: 'q' }]);
    const fp = await n.request('GET', '/q/d/1?filter_path=_source.__proto__,_source.constructor');
    t.deepEqual(fp.body, {});
  });
});

test('cluster settings: a __proto__ key is refused as ES refuses unknown settings; transient settings do not survive a full restart', async (t) => {
  const n = await startTestNode();
  let restarted: TestNode | undefined;
  try {
    for (const scope of ['transient', 'persistent']) {
      const r = await n.request('PUT', '/_cluster/settings', `{"${scope}":{"__proto__":{"dynamic":"strict"}}}`);
      t.is(r.status, 400);
      t.deepEqual(errorOf(r.body), { type: 'illegal_argument_exception', reason: `${scope} setting [__proto__.dynamic], not dynamically updateable` });
      const flat = await n.request('PUT', '/_cluster/settings', { [scope]: { constructor: 'x' } });
      t.deepEqual(errorOf(flat.body), { type: 'illegal_argument_exception', reason: `${scope} setting [constructor], not dynamically updateable` });
    }
    assertClean(t);
    t.deepEqual((await n.request('GET', '/_cluster/settings')).body, { persistent: {}, transient: {} });
    const put = await n.request('PUT', '/_cluster/settings', { transient: { 'action.search.shard_count.limit': 7 }, persistent: { 'search.default_search_timeout': '5s' } });
    t.is(put.status, 200, put.text);
    const flatView = { persistent: { 'search.default_search_timeout': '5s' }, transient: { 'action.search.shard_count.limit': '7' } };
    t.deepEqual((await n.request('GET', '/_cluster/settings?flat_settings=true')).body, flatView);
    // Records named like prototype members survive the restart; other such names stay unknown.
    await n.request('PUT', '/constructor');
    await n.request('PUT', '/_scripts/toString', { script: { lang: 'painless', code: '1' } });
    await n.request('PUT', '/_ingest/pipeline/valueOf', { processors: [] });
    await n.stop();
    restarted = await startTestNode({ dataPath: n.dataPath });
    t.deepEqual((await restarted.request('GET', '/_cluster/settings?flat_settings=true')).body, { persistent: flatView.persistent, transient: {} });
    t.is((await restarted.request('HEAD', '/constructor')).status, 200);
    t.is((await restarted.request('HEAD', '/toString')).status, 404);
    t.is((await restarted.request('GET', '/_scripts/toString')).body.found, true);
    t.is((await restarted.request('GET', '/_scripts/constructor')).body.found, false);
    t.is((await restarted.request('GET', '/_ingest/pipeline/valueOf')).status, 200);
    t.is((await restarted.request('GET', '/_ingest/pipeline/constructor')).status, 404);
  } finally {
    if (restarted) await restarted.close();
    else await n.close();
  }
  assertClean(t);
});
