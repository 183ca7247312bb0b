import test from 'ava';
import net from 'node:net';
import { createHttpServer } from '../../api/server.js';
import type { RouteDef } from '../../api/types.js';
import { EsError, indexNotFound, mapperParsing, numberFormat } from '../../lib/errors/errors.js';
import { JsonDouble, RawJson } from '../../lib/units/java-number.js';
import { catResponse } from '../../api/rest/cat-table.js';
import { CAT_PARAMS } from '../../api/rest/params.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

const routes: RouteDef[] = [
  { methods: ['GET'], paths: ['/'], params: [], handler: () => ({ status: 200, body: { name: 'n', tags: ['a', 'b'], empty: {}, none: [], score: new JsonDouble(1) } }) },
  {
    methods: ['GET', 'POST'],
    paths: ['/_search', '/{index}/_search', '/{index}/{type}/_search'],
    params: ['size', 'from', 'timeout'],
    handler: (r) => ({
      status: 200,
      body: { index: r.pathParams.index ?? null, size: r.paramAsInt('size', 10), timeout: r.paramAsTimeMs('timeout', -1), body: r.hasBody() ? r.json() : null },
    }),
  },
  { methods: ['GET'], paths: ['/{index}/{type}/{id}'], params: [], handler: (r) => ({ status: 200, body: { _index: r.pathParams.index, _source: new RawJson('{"a": 1}') } }) },
  { methods: ['HEAD'], paths: ['/{index}'], params: [], handler: (r) => ({ status: r.pathParams.index === 'there' ? 200 : 404 }) },
  { methods: ['GET'], paths: ['/{index}'], params: [], handler: (r) => { throw indexNotFound(r.pathParams.index ?? ''); } },
  { methods: ['PUT'], paths: ['/{index}/{type}/{id}'], params: [], handler: () => { throw mapperParsing('failed to parse [age]', numberFormat('abc')); } },
  { methods: ['DELETE'], paths: ['/{index}'], params: [], handler: () => { throw new TypeError('boom'); } },
  {
    methods: ['GET'],
    paths: ['/_cat/things'],
    params: [...CAT_PARAMS],
    handler: (r) =>
      catResponse(r, {
        columns: [{ name: 'name', aliases: ['n'] }, { name: 'count', align: 'right' }],
        rows: [['alpha', 5], ['b', 120]],
      }),
  },
];

async function withServer(fn: (base: string, port: number) => Promise<void>): Promise<void> {
  const server = createHttpServer({ host: '127.0.0.1', port: 0, routes, logger: silent, maxContentLength: 1024 });
  const { port } = await server.listen();
  try {
    await fn(`http://127.0.0.1:${port}`, port);
  } finally {
    await server.close();
  }
}

async function call(base: string, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { method, ...(body !== undefined ? { body } : {}), headers });
  return { status: res.status, type: res.headers.get('content-type'), length: res.headers.get('content-length'), text: await res.text() };
}

test('compact JSON, pretty in Jackson style, YAML with ---', async (t) => {
  await withServer(async (base) => {
    const c = await call(base, 'GET', '/');
    t.is(c.status, 200);
    t.is(c.type, 'application/json; charset=UTF-8');
    t.is(c.text, '{"name":"n","tags":["a","b"],"empty":{},"none":[],"score":1.0}');
    const p = await call(base, 'GET', '/?pretty');
    t.is(p.text, '{\n  "name" : "n",\n  "tags" : [\n    "a",\n    "b"\n  ],\n  "empty" : { },\n  "none" : [ ],\n  "score" : 1.0\n}\n');
    const y = await call(base, 'GET', '/?format=yaml');
    t.is(y.type, 'application/yaml');
    t.is(y.text, '---\nname: "n"\ntags:\n- "a"\n- "b"\nempty: {}\nnone: []\nscore: 1.0\n');
    const raw = await call(base, 'GET', '/i/t/1');
    t.is(raw.text, '{"_index":"i","_source":{"a": 1}}');
    const rawPretty = await call(base, 'GET', '/i/t/1?pretty=true');
    t.is(rawPretty.text, '{\n  "_index" : "i",\n  "_source" : {\n    "a" : 1\n  }\n}\n');
  });
});

test('no handler: 400 plain text with the full uri', async (t) => {
  await withServer(async (base) => {
    const r = await call(base, 'GET', '/foo/bar/baz/qux?pretty');
    t.is(r.status, 400);
    t.is(r.type, 'text/plain; charset=UTF-8');
    t.is(r.text, 'No handler found for uri [/foo/bar/baz/qux?pretty] and method [GET]');
    const post = await call(base, 'POST', '/idx');
    t.is(post.text, 'No handler found for uri [/idx] and method [POST]');
    const options = await call(base, 'OPTIONS', '/anything');
    t.is(options.status, 200);
    t.is(options.text, '');
  });
});

test('unrecognized parameters, with suggestions', async (t) => {
  await withServer(async (base) => {
    const one = await call(base, 'GET', '/index/_search?foo=1');
    t.is(one.status, 400);
    t.deepEqual(JSON.parse(one.text), {
      error: {
        root_cause: [{ type: 'illegal_argument_exception', reason: 'request [/index/_search] contains unrecognized parameter: [foo]' }],
        type: 'illegal_argument_exception',
        reason: 'request [/index/_search] contains unrecognized parameter: [foo]',
      },
      status: 400,
    });
    const two = await call(base, 'GET', '/index/_search?sise=1&b=2&prety');
    t.is(
      JSON.parse(two.text).error.reason,
      'request [/index/_search] contains unrecognized parameters: [b], [prety] -> did you mean [pretty]?, [sise] -> did you mean [size]?',
    );
    // Path parameters are consumed like declared ones.
    t.is((await call(base, 'GET', '/index/_search?index=x')).status, 200);
  });
});

test('HEAD: GET fallback without body, explicit HEAD routes, errors', async (t) => {
  await withServer(async (base) => {
    const get = await call(base, 'GET', '/i/t/1');
    const head = await call(base, 'HEAD', '/i/t/1');
    t.is(head.status, 200);
    t.is(head.text, '');
    t.is(head.length, String(Buffer.byteLength(get.text)));
    t.is((await call(base, 'HEAD', '/there')).status, 200);
    const missing = await call(base, 'HEAD', '/missing');
    t.is(missing.status, 404);
    t.is(missing.text, '');
  });
});

test('error bodies: metadata, root cause selection, error_trace, non-ES errors', async (t) => {
  await withServer(async (base) => {
    const nf = await call(base, 'GET', '/nope');
    t.is(nf.status, 404);
    t.is(
      nf.text,
      '{"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index","resource.type":"index_or_alias","resource.id":"nope","index_uuid":"_na_","index":"nope"}],"type":"index_not_found_exception","reason":"no such index","resource.type":"index_or_alias","resource.id":"nope","index_uuid":"_na_","index":"nope"},"status":404}',
    );
    const mp = JSON.parse((await call(base, 'PUT', '/i/t/1', '{}', { 'content-type': 'application/json' })).text);
    // number_format_exception is a JDK exception: the ES exception above it is the root cause.
    t.deepEqual(mp.error.root_cause, [{ type: 'mapper_parsing_exception', reason: 'failed to parse [age]' }]);
    t.deepEqual(mp.error.caused_by, { type: 'number_format_exception', reason: 'For input string: "abc"' });
    const traced = JSON.parse((await call(base, 'GET', '/nope?error_trace=true')).text);
    t.regex(traced.error.stack_trace, /^\[nope\] IndexNotFoundException\[no such index\]\n\tat /);
    t.regex(traced.error.root_cause[0].stack_trace, /IndexNotFoundException/);
    const boom = await call(base, 'DELETE', '/x');
    t.is(boom.status, 500);
    // A non-ES error (a bug) never shows its JS message; the node log has it.
    t.deepEqual(JSON.parse(boom.text), { error: { root_cause: [{ type: 'exception', reason: 'internal error; the node log has the details' }], type: 'exception', reason: 'internal error; the node log has the details' }, status: 500 });
    const bad = JSON.parse((await call(base, 'GET', '/i/_search?size=abc')).text);
    t.deepEqual(bad, {
      error: {
        root_cause: [{ type: 'illegal_argument_exception', reason: 'Failed to parse int parameter [size] with value [abc]' }],
        type: 'illegal_argument_exception',
        reason: 'Failed to parse int parameter [size] with value [abc]',
        caused_by: { type: 'number_format_exception', reason: 'For input string: "abc"' },
      },
      status: 400,
    });
    const timeout = JSON.parse((await call(base, 'GET', '/i/_search?timeout=10')).text);
    t.is(timeout.error.type, 'parse_exception');
    t.is(timeout.error.reason, 'failed to parse setting [timeout] with value [10] as a time value: unit is missing or unrecognized');
  });
});

test('bodies: broken JSON, lenient JSON, source parameter, YAML, unsupported type', async (t) => {
  await withServer(async (base) => {
    const broken = await call(base, 'POST', '/i/_search', '{"foo": }', { 'content-type': 'application/json' });
    t.is(broken.status, 500);
    const err = JSON.parse(broken.text).error;
    t.is(err.type, 'json_parse_exception');
    t.regex(err.reason, /^Unexpected character \('\}' \(code 125\)\): expected a value\n at \[Source: .*; line: 1, column: 10\]$/);
    const eof = JSON.parse((await call(base, 'POST', '/i/_search', '{"a": [1', { 'content-type': 'application/json' })).text).error;
    t.is(eof.type, 'json_e_o_f_exception');
    t.regex(eof.reason, /^Unexpected end-of-input: expected close marker for ARRAY/);
    const lenient = JSON.parse((await call(base, 'POST', '/i/_search', '{"a": 1 /* c */}}', { 'content-type': 'application/json' })).text);
    t.deepEqual(lenient.body, { a: 1 });
    const sourced = JSON.parse((await call(base, 'GET', '/i/_search?source=' + encodeURIComponent('{"q":true}'))).text);
    t.deepEqual(sourced.body, { q: true });
    const sniffed = JSON.parse((await call(base, 'POST', '/i/_search', ' {"x":1}', { 'content-type': 'application/x-www-form-urlencoded' })).text);
    t.deepEqual(sniffed.body, { x: 1 });
    const yaml = await call(base, 'POST', '/i/_search', '---\nsize: 3\n', { 'content-type': 'application/yaml' });
    t.is(yaml.type, 'application/yaml');
    t.is(yaml.text, '---\nindex: "i"\nsize: 10\ntimeout: -1\nbody:\n  size: 3\n');
    const plain = await call(base, 'POST', '/i/_search', 'hello', { 'content-type': 'text/plain' });
    t.is(plain.status, 406);
    t.is(plain.text, '{"error":"Content-Type header [text/plain] is not supported","status":406}');
    const huge = await call(base, 'POST', '/i/_search', '{"a":"' + 'x'.repeat(2000) + '"}', { 'content-type': 'application/json' });
    t.is(huge.status, 413);
  });
});

test('filter_path and percent-encoded index names', async (t) => {
  await withServer(async (base) => {
    t.is((await call(base, 'GET', '/i/_search?filter_path=size')).text, '{"size":10}');
    t.is((await call(base, 'GET', '/i/_search?filter_path=-body,-timeout,-index')).text, '{"size":10}');
    t.is((await call(base, 'GET', '/i/_search?filter_path=nothing')).text, '{}');
    t.is((await call(base, 'GET', '/i/_search?filter_path=*.size&source=' + encodeURIComponent('{"size":1,"x":2}'))).text, '{"body":{"size":1}}');
    const r = JSON.parse((await call(base, 'GET', '/%3Clogs-%7Bnow%2Fd%7D-1%3E/_search')).text);
    t.is(r.index, '<logs-{now/d}-1>');
  });
});

test('cat tables over HTTP', async (t) => {
  await withServer(async (base) => {
    const r = await call(base, 'GET', '/_cat/things?v');
    t.is(r.type, 'text/plain; charset=UTF-8');
    t.is(r.text, 'name  count\nalpha     5\nb       120\n');
    t.is((await call(base, 'GET', '/_cat/things?h=n&s=name:desc')).text, 'b\nalpha\n');
    t.is((await call(base, 'GET', '/_cat/things?format=json')).text, '[{"name":"alpha","count":"5"},{"name":"b","count":"120"}]');
    t.is((await call(base, 'GET', '/_cat/things?format=yaml&h=name')).text, '---\n- name: "alpha"\n- name: "b"\n');
  });
});

test('malformed HTTP and handler failures do not take the server down', async (t) => {
  await withServer(async (base, port) => {
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GARBAGE\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
    });
    t.regex(reply, /^HTTP\/1\.1 400/);
    t.is((await call(base, 'DELETE', '/x')).status, 500);
    t.is((await call(base, 'GET', '/')).status, 200);
  });
});

test('EsError subclasses with overridden root causes', (t) => {
  // Exercised through the renderer directly: search_phase_execution_exception style.
  const shard = new EsError('query_shard_exception', 400, 'failed to create query', { metadata: { index_uuid: 'u', index: 'i' } });
  const top = Object.assign(new EsError('search_phase_execution_exception', 400, 'all shards failed', { metadata: { phase: 'query', grouped: true } }), {
    rootCauses: [shard],
  });
  return import('../../api/rest/error-body.js').then(({ buildErrorBody }) => {
    const { body } = buildErrorBody(top, false);
    t.deepEqual(body, {
      error: {
        root_cause: [{ type: 'query_shard_exception', reason: 'failed to create query', index_uuid: 'u', index: 'i' }],
        type: 'search_phase_execution_exception',
        reason: 'all shards failed',
        phase: 'query',
        grouped: true,
      },
      status: 400,
    });
  });
});
