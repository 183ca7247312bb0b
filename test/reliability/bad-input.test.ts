/**
 * Bad input gets Elasticsearch's error (type, reason, status), never a JavaScript message.
 * Each case was once a 500 leaking a Node error, or silently accepted; docs/reliability.md
 * lists them.
 */
import test from 'ava';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestNode, type TestNode } from '../helpers/node.js';

async function raw(node: TestNode, method: string, path: string, body: Buffer | string | undefined, type = 'application/json'): Promise<{ status: number; body: any }> {
  const res = await fetch(node.url + path, { method, headers: body === undefined ? {} : { 'content-type': type }, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : new Uint8Array(body) }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function error(r: { status: number; body: any }): { status: number; type: string; reason: string } {
  return { status: r.status, type: r.body?.error?.type, reason: r.body?.error?.reason };
}

let node: TestNode;
test.before(async () => {
  node = await startTestNode();
  await node.request('PUT', '/i', { settings: { number_of_shards: 1 }, mappings: { t: { properties: { n: { type: 'long' }, d: { type: 'date' } } } } });
});
test.after.always(() => node.close());

const deep = (open: string, close: string, n: number, inner: string): string => open.repeat(n) + inner + close.repeat(n);

test('a body nested deeper than 1000 levels is a 400 parse_exception', async (t) => {
  const q = await raw(node, 'POST', '/i/_search', `{"query":${deep('{"bool":{"must":', '}}', 2000, '{"match_all":{}}')}}`);
  t.deepEqual(error(q), { status: 400, type: 'parse_exception', reason: 'Failed to parse content: nesting depth [1001] exceeds the limit of [1000]' });
  const d = await raw(node, 'PUT', '/i/t/1', `{"a":${deep('[', ']', 5000, '1')}}`);
  t.is(d.status, 400);
  t.is(d.body.error.type, 'mapper_parsing_exception');
  t.is(d.body.error.caused_by.type, 'parse_exception');
});

test('a dynamic object deeper than index.mapping.depth.limit fails before recursing', async (t) => {
  const r = await raw(node, 'PUT', '/i/t/2', `{"o":${deep('{"o":', '}', 900, '1')}}`);
  t.is(r.status, 400);
  t.is(r.body.error.type, 'illegal_argument_exception');
  t.is(r.body.error.reason, `Limit of mapping depth [20] in index [i] has been exceeded due to object field [${Array(20).fill('o').join('.')}]`);
});

test('index.mapping.depth.limit changed on a live index applies to the next document', async (t) => {
  t.is((await node.request('PUT', '/depth', { settings: { number_of_shards: 1 } })).status, 200);
  t.is((await raw(node, 'PUT', '/depth/t/1', '{"a":{"b":1}}')).status, 201);
  t.is((await raw(node, 'PUT', '/depth/_settings', '{"index.mapping.depth.limit":2}')).status, 200);
  const r = await raw(node, 'PUT', '/depth/t/2', '{"x":{"y":{"z":1}}}');
  t.deepEqual(error(r), { status: 400, type: 'illegal_argument_exception', reason: 'Limit of mapping depth [2] in index [depth] has been exceeded due to object field [x.y]' });
  // raised past the default: a document deeper than 20 is parsed, not refused by a stale limit
  t.is((await raw(node, 'PUT', '/depth/_settings', '{"index.mapping.depth.limit":30}')).status, 200);
  t.is((await raw(node, 'PUT', '/depth/t/3', `{"o":${deep('{"o":', '}', 24, '1')}}`)).status, 201);
  t.is((await node.request('DELETE', '/depth')).status, 200);
});

test('1e400 as a long range bound is out of range, not a BigInt error', async (t) => {
  const r = await raw(node, 'POST', '/i/_search', '{"query":{"range":{"n":{"gte":1e400}}}}');
  t.is(r.status, 400);
  t.is(r.body.error.root_cause[0].type, 'query_shard_exception');
  t.deepEqual(r.body.error.failed_shards[0].reason.caused_by, { type: 'illegal_argument_exception', reason: 'Value [Infinity] is out of range for a long' });
});

test('bulk: unknown _version_type and a missing _index are request errors', async (t) => {
  const vt = await raw(node, 'POST', '/_bulk', '{"index":{"_index":"i","_type":"t","_id":"1","_version_type":"zzz"}}\n{"n":1}\n', 'application/x-ndjson');
  t.deepEqual(error(vt), { status: 400, type: 'illegal_argument_exception', reason: 'No version type match [zzz]' });
  const noIndex = await raw(node, 'POST', '/_bulk', '{"index":{"_type":"t","_id":"1"}}\n{"n":1}\n', 'application/x-ndjson');
  t.deepEqual(error(noIndex), { status: 400, type: 'action_request_validation_exception', reason: 'Validation Failed: 1: index is missing;' });
  const empty = await raw(node, 'PUT', '//t/1', '{"n":1}');
  t.deepEqual(error(empty), { status: 400, type: 'invalid_index_name_exception', reason: 'Invalid index name [], must not be empty' });
});

test('invalid UTF-8 in a document is a mapper_parsing_exception, never stored as U+FFFD', async (t) => {
  const bad = Buffer.concat([Buffer.from('{"s":"a'), Buffer.from([0xff]), Buffer.from('b"}')]);
  const r = await raw(node, 'PUT', '/i/t/u', bad);
  t.is(r.status, 400);
  t.is(r.body.error.type, 'mapper_parsing_exception');
  t.is(r.body.error.caused_by.type, 'json_parse_exception');
  t.regex(r.body.error.caused_by.reason, /^Invalid UTF-8 start byte 0xff/);
  const bulk = await raw(node, 'POST', '/_bulk', Buffer.concat([Buffer.from('{"index":{"_index":"i","_type":"t","_id":"u"}}\n'), bad, Buffer.from('\n')]), 'application/x-ndjson');
  t.is(bulk.body.items[0].index.status, 400);
  t.is((await raw(node, 'GET', '/i/t/u', undefined)).status, 404);
});

test('search bodies that are not objects are parsing errors, not match_all', async (t) => {
  t.deepEqual(error(await raw(node, 'POST', '/i/_search', '[]')), { status: 400, type: 'parsing_exception', reason: 'Expected [START_OBJECT] but found [START_ARRAY]' });
  t.deepEqual(error(await raw(node, 'POST', '/i/_search', '"x"')), { status: 400, type: 'parsing_exception', reason: 'Expected [START_OBJECT] but found [VALUE_STRING]' });
});

test('empty bodies to _cluster/settings, _mapping and _msearch get ES errors', async (t) => {
  t.deepEqual(error(await raw(node, 'PUT', '/_cluster/settings', undefined)), { status: 400, type: 'parse_exception', reason: 'request body is required' });
  t.deepEqual(error(await raw(node, 'PUT', '/_cluster/settings', '{}')), { status: 400, type: 'action_request_validation_exception', reason: 'Validation Failed: 1: no settings to update;' });
  t.deepEqual(error(await raw(node, 'PUT', '/i/_mapping/t', undefined)), { status: 400, type: 'parse_exception', reason: 'request body is required' });
  t.deepEqual(error(await raw(node, 'POST', '/_msearch', undefined)), { status: 400, type: 'parse_exception', reason: 'request body or source parameter is required' });
  const truncated = await raw(node, 'POST', '/_msearch', '{"index":"i"}\n{"query":{"match_all"\n', 'application/x-ndjson');
  t.is(truncated.body.error.type, 'json_e_o_f_exception');
  t.notRegex(truncated.body.error.reason, /JSON input|position/);
});

test('logger levels in cluster settings: log4j level names as ES parses them, then refused as not built', async (t) => {
  const bad = await raw(node, 'PUT', '/_cluster/settings', '{"persistent":{"logger.x":1}}');
  t.deepEqual(error(bad), { status: 400, type: 'illegal_argument_exception', reason: 'Unknown level constant [1].' });
  // A valid level is not stored to be ignored: Strata's one logger takes its level at start.
  const valid = await raw(node, 'PUT', '/_cluster/settings', '{"transient":{"logger.org.elasticsearch.index":"debug"}}');
  t.deepEqual(error(valid), { status: 400, type: 'illegal_argument_exception', reason: '[logger.org.elasticsearch.index] is not supported by Strata yet' });
  t.deepEqual((await raw(node, 'GET', '/_cluster/settings', undefined)).body.transient, {});
  t.is((await raw(node, 'PUT', '/_cluster/settings', '{"transient":{"logger.org.elasticsearch.index":null}}')).status, 200);
});

test('wait_for_active_shards and number_of_shards are validated as ES does', async (t) => {
  const w = await raw(node, 'PUT', '/i/t/w?wait_for_active_shards=abc', '{"n":1}');
  t.deepEqual(error(w), { status: 400, type: 'illegal_argument_exception', reason: 'cannot parse ActiveShardCount[abc]' });
  t.is(w.body.error.caused_by.type, 'number_format_exception');
  // Index creation checks the value before creating anything, then against the shard copies.
  const bad = await raw(node, 'PUT', '/wfas-bad?wait_for_active_shards=abc', '');
  t.deepEqual(error(bad), { status: 400, type: 'illegal_argument_exception', reason: 'cannot parse ActiveShardCount[abc]' });
  const tooMany = await raw(node, 'PUT', '/wfas-many?wait_for_active_shards=3', '{"settings":{"number_of_replicas":1}}');
  t.deepEqual(error(tooMany), { status: 400, type: 'illegal_argument_exception', reason: 'invalid wait_for_active_shards[3]: cannot be greater than number of shard copies [2]' });
  t.is((await node.request('HEAD', '/wfas-bad')).status, 404);
  t.is((await node.request('HEAD', '/wfas-many')).status, 404);
  const all = await raw(node, 'PUT', '/wfas-all?wait_for_active_shards=all&timeout=100ms', '{"settings":{"number_of_replicas":1}}');
  t.is(all.status, 200);
  t.deepEqual(all.body, { acknowledged: true, shards_acknowledged: false });
  const s = await raw(node, 'PUT', '/many', '{"settings":{"number_of_shards":1025}}');
  t.deepEqual(error(s), { status: 400, type: 'illegal_argument_exception', reason: 'Failed to parse value [1025] for setting [index.number_of_shards] must be <= 1024' });
});

test('number_of_replicas: Java int range as ES parses it, and a bound on shard copies per index', async (t) => {
  // The 1M fuzz run's stalls: 1e15 replicas were accepted and GET /_cluster/state built one
  // routing entry per copy on the event loop.
  const huge = await raw(node, 'PUT', '/rep-huge', '{"settings":{"number_of_shards":5,"number_of_replicas":1000000000000000}}');
  t.deepEqual(error(huge), { status: 400, type: 'illegal_argument_exception', reason: 'Failed to parse value [1000000000000000] for setting [index.number_of_replicas]' });
  const intMax = await raw(node, 'PUT', '/rep-max', '{"settings":{"number_of_shards":5,"number_of_replicas":2147483647}}');
  t.deepEqual(error(intMax), { status: 400, type: 'illegal_argument_exception', reason: 'Failed to parse value [2147483647] for setting [index.number_of_replicas] must be <= 818' });
  t.is((await node.request('HEAD', '/rep-huge')).status, 404);
  t.is((await node.request('HEAD', '/rep-max')).status, 404);
  // The bound follows the shard count: 1024 shards may have 3 replicas, not 4.
  t.is((await raw(node, 'PUT', '/rep-ok', '{"settings":{"number_of_shards":2,"number_of_replicas":2047}}')).status, 200);
  const update = await raw(node, 'PUT', '/rep-ok/_settings', '{"index":{"number_of_replicas":2048}}');
  t.deepEqual(error(update), { status: 400, type: 'illegal_argument_exception', reason: 'Failed to parse value [2048] for setting [index.number_of_replicas] must be <= 2047' });
  const updateRange = await raw(node, 'PUT', '/rep-ok/_settings', '{"number_of_replicas":"9999999999"}');
  t.deepEqual(error(updateRange), { status: 400, type: 'illegal_argument_exception', reason: 'Failed to parse value [9999999999] for setting [index.number_of_replicas]' });
  const state = await node.request('GET', '/_cluster/state/routing_table/rep-ok');
  t.is(state.body.routing_table.indices['rep-ok'].shards['0'].length, 2048);
  t.is((await node.request('DELETE', '/rep-ok')).status, 200);
});

test('__proto__ keys never reach Object.prototype', async (t) => {
  await raw(node, 'PUT', '/_cluster/settings', '{"transient":{"__proto__.polluted1":"x"}}');
  await raw(node, 'POST', '/_ingest/pipeline/_simulate', '{"pipeline":{"processors":[{"set":{"field":"__proto__.polluted2","value":1}}]},"docs":[{"_source":{}}]}');
  await raw(node, 'PUT', '/i/t/p', '{"a":{}}');
  await raw(node, 'POST', '/i/t/p/_update', '{"doc":{"__proto__":{"polluted3":1}}}');
  const probe: Record<string, unknown> = {};
  t.is(probe.polluted1, undefined);
  t.is(probe.polluted2, undefined);
  t.is(probe.polluted3, undefined);
  const health = await node.request('GET', '/_cluster/health');
  t.false('polluted1' in health.body || 'polluted2' in health.body || 'polluted3' in health.body);
  const unknownQuery = await raw(node, 'POST', '/i/_search', '{"query":{"constructor":{}}}');
  t.deepEqual(error(unknownQuery), { status: 400, type: 'parsing_exception', reason: 'no [query] registered for [constructor]' });
});

test('a histogram that would fill in more than a million empty buckets is refused, not truncated', async (t) => {
  await raw(node, 'PUT', '/i/t/h1?refresh=true', '{"n":0}');
  await raw(node, 'PUT', '/i/t/h2?refresh=true', '{"n":2000000}');
  const r = await raw(node, 'POST', '/i/_search', '{"size":0,"aggs":{"h":{"histogram":{"field":"n","interval":1,"min_doc_count":0}}}}');
  t.is(r.status, 400);
  t.is(r.body.error.type, 'too_many_buckets_exception');
  t.regex(r.body.error.reason, /^Trying to create too many buckets\. Must be less than or equal to: \[1000000\] but was \[1000001\]/);
});

test('sizes of 2^31-1 bound nothing they allocate: each answer is the one a small size gives', async (t) => {
  // A size, shard size, precision or gram length given at Java's int maximum must never size an
  // allocation (slices=2147483647 once exhausted the heap: test/api/reindex-slices.test.ts).
  const M = 2147483647;
  await node.request('PUT', '/big', { settings: { number_of_shards: 2 }, mappings: { t: { properties: { k: { type: 'keyword' }, x: { type: 'text' } } } } });
  for (let i = 1; i <= 3; i++) await node.request('PUT', `/big/t/${i}`, { k: `k${i}`, x: `hello world ${i}` });
  await node.request('POST', '/big/_refresh');
  const aggs = async (a: Record<string, unknown>): Promise<any> => {
    const r = await node.request('POST', '/big/_search', { size: 0, aggs: { a } });
    t.is(r.status, 200, JSON.stringify(r.body));
    return r.body.aggregations.a;
  };
  const keys = ['k1', 'k2', 'k3'];
  t.deepEqual((await aggs({ terms: { field: 'k', size: M, shard_size: M } })).buckets.map((b: { key: string }) => b.key), keys);
  t.is((await aggs({ cardinality: { field: 'k', precision_threshold: M } })).value, 3);
  t.deepEqual((await aggs({ sampler: { shard_size: M }, aggs: { b: { terms: { field: 'k' } } } })).b.buckets.map((b: { key: string }) => b.key), keys);
  t.is((await aggs({ filter: { match_all: {} }, aggs: { b: { top_hits: { size: M } } } })).b.hits.hits.length, 3);
  t.deepEqual((await aggs({ terms: { field: 'k', include: { partition: 0, num_partitions: M } } })).buckets, []);
  const mlt = await node.request('POST', '/big/_search', { query: { more_like_this: { fields: ['x'], like: 'hello world', max_query_terms: M, min_term_freq: 1, min_doc_freq: 1 } } });
  t.is(mlt.body.hits.total, 3);
  const suggest = await node.request('POST', '/big/_search', { size: 0, suggest: { s: { text: 'helo', term: { field: 'x', size: M, max_inspections: M } } } });
  t.deepEqual(suggest.body.suggest.s[0].options.map((o: { text: string }) => o.text), ['hello']);
  const ngram = await node.request('POST', '/_analyze', { tokenizer: { type: 'ngram', min_gram: 4, max_gram: M }, text: 'hello' });
  t.deepEqual(ngram.body.tokens.map((k: { token: string }) => k.token), ['hell', 'hello', 'ello']);
  const shingles = await node.request('POST', '/_analyze', { tokenizer: 'standard', filter: [{ type: 'shingle', max_shingle_size: M }], text: 'a b c' });
  t.deepEqual(shingles.body.tokens.map((k: { token: string }) => k.token), ['a', 'a b', 'a b c', 'b', 'b c', 'c']);
});

test('external and force versioning without a version are refused, never stored as version -3', async (t) => {
  // ES 5.6 validates the resolved version, Versions.MATCH_ANY (-3) when none is given. Accepted,
  // the -3 became the document's version, and the negative varint corrupted the segment's doc ids:
  // the shard failed to open after the next close (found by a fuzz pass).
  const refused = (vt: string) => ({ status: 400, type: 'action_request_validation_exception', reason: `Validation Failed: 1: illegal version value [-3] for version type [${vt}];` });
  for (const [param, name] of [['external', 'EXTERNAL'], ['external_gte', 'EXTERNAL_GTE'], ['force', 'FORCE']] as const) {
    t.deepEqual(error(await raw(node, 'PUT', `/i/t/v?version_type=${param}`, '{"a":1}')), refused(name));
    t.deepEqual(error(await raw(node, 'DELETE', `/i/t/v?version_type=${param}`, undefined)), refused(name));
  }
  const bulk = await raw(node, 'POST', '/_bulk', '{"index":{"_index":"i","_type":"t","_id":"v","_version_type":"external"}}\n{"a":1}\n', 'application/x-ndjson');
  t.deepEqual(error(bulk), refused('EXTERNAL'));
  t.is((await raw(node, 'GET', '/i/t/v', undefined)).status, 404);
  // with a version, external versioning writes it
  t.is((await raw(node, 'PUT', '/i/t/v?version_type=external&version=7', '{"n":1}')).body._version, 7);
});

test('file templates are found by name only, inside the scripts folder', async (t) => {
  const home = await mkdtemp(join(tmpdir(), 'strata-scripts-'));
  await mkdir(join(home, 'config', 'scripts'), { recursive: true });
  await writeFile(join(home, 'config', 'scripts', 'ok.mustache'), '{"query":{"match_all":{}}}');
  await writeFile(join(home, 'secret.mustache'), '{"query":{"match_all":{}}}');
  const n = await startTestNode({ settings: { 'path.home': home } });
  try {
    const ok = await n.request('POST', '/_render/template', { file: 'ok' });
    t.is(ok.status, 200);
    for (const file of ['../../secret', '../secret', 'sub/../ok', '/etc/passwd']) {
      const r = await n.request('POST', '/_render/template', { file });
      t.deepEqual(error(r), { status: 400, type: 'illegal_argument_exception', reason: `Unable to find on disk file script [${file}] using lang [mustache]` }, file);
    }
  } finally {
    await n.close();
    await rm(home, { recursive: true, force: true });
  }
});

test('an unexpected error is a 500 that names no JavaScript error', async (t) => {
  const { toEsError, INTERNAL_ERROR_REASON } = await import('../../lib/errors/es-error.js');
  const e = toEsError(new TypeError("Cannot read properties of undefined (reading 'x')"));
  t.is(e.type, 'exception');
  t.is(e.status, 500);
  t.is(e.reason, INTERNAL_ERROR_REASON);
});
