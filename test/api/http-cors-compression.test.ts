/**
 * HTTP as ES 5.6 serves it: CORS (`http.cors.*`, Netty4CorsHandler's preflight, short-circuit
 * and response headers) and response compression (`http.compression`, Accept-Encoding with
 * Netty's choice of gzip or deflate). Raw `http.request` so every header line is visible.
 */
import test from 'ava';
import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestNode, type TestNode } from '../helpers/node.js';
import { MIN_COMPRESSED_BYTES, SYNC_LIMIT } from '../../api/rest/compression.js';

interface Raw {
  status: number;
  /** Header name (lower case) → every value line, in order. */
  lines: Map<string, string[]>;
  body: Buffer;
}

function raw(node: TestNode, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const url = new URL(node.url + path);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const lines = new Map<string, string[]>();
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          lines.set(name, [...(lines.get(name) ?? []), res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode ?? 0, lines, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const one = (r: Raw, name: string): string | undefined => r.lines.get(name)?.[0];
const preflight = (origin: string, method = 'GET') => ({ Origin: origin, 'Access-Control-Request-Method': method });

async function withNode(t: { teardown(fn: () => Promise<void>): void }, settings: Record<string, string>): Promise<TestNode> {
  const n = await startTestNode({ settings });
  t.teardown(() => n.close());
  return n;
}

test('CORS is off by default: no CORS headers, OPTIONS is a plain 200', async (t) => {
  const n = await withNode(t, {});
  const pre = await raw(n, 'OPTIONS', '/', preflight('http://a.com'));
  t.is(pre.status, 200);
  t.is(one(pre, 'access-control-allow-origin'), undefined);
  const get = await raw(n, 'GET', '/', { Origin: 'http://a.com' });
  t.is(get.status, 200);
  t.is(one(get, 'access-control-allow-origin'), undefined);
});

test('CORS with an origin list: preflight, short-circuit, response headers', async (t) => {
  const n = await withNode(t, {
    'http.cors.enabled': 'true',
    'http.cors.allow-origin': 'http://a.com, http://b.com',
    'http.cors.allow-credentials': 'true',
    'http.cors.max-age': '60',
    'http.cors.allow-methods': 'GET, POST',
    'http.cors.allow-headers': 'X-Foo,Content-Type',
  });
  const pre = await raw(n, 'OPTIONS', '/_search', preflight('http://a.com', 'POST'));
  t.is(pre.status, 200);
  t.is(pre.body.length, 0);
  t.deepEqual(pre.lines.get('access-control-allow-origin'), ['http://a.com']);
  t.deepEqual(pre.lines.get('vary'), ['origin']);
  t.deepEqual(pre.lines.get('access-control-allow-methods'), ['GET', 'POST']);
  t.deepEqual(pre.lines.get('access-control-allow-headers'), ['X-Foo', 'Content-Type']);
  t.deepEqual(pre.lines.get('access-control-allow-credentials'), ['true']);
  t.deepEqual(pre.lines.get('access-control-max-age'), ['60']);
  t.deepEqual(pre.lines.get('content-length'), ['0']);
  t.deepEqual(pre.lines.get('connection'), ['close']);
  t.truthy(one(pre, 'date'));

  const refusedPre = await raw(n, 'OPTIONS', '/', preflight('http://c.com'));
  t.is(refusedPre.status, 403);
  t.is(refusedPre.body.length, 0);
  t.is(one(refusedPre, 'access-control-allow-origin'), undefined);

  const allowed = await raw(n, 'GET', '/', { Origin: 'http://b.com' });
  t.is(allowed.status, 200);
  t.deepEqual(allowed.lines.get('access-control-allow-origin'), ['http://b.com']);
  t.deepEqual(allowed.lines.get('access-control-allow-credentials'), ['true']);
  t.is(JSON.parse(allowed.body.toString()).version.number, '5.6.16');

  // A disallowed origin never reaches a handler (nothing is created).
  const refused = await raw(n, 'PUT', '/cors_refused', { Origin: 'http://evil.com' });
  t.is(refused.status, 403);
  t.is((await n.request('HEAD', '/cors_refused')).status, 404);

  // The node's own origin (Origin without scheme equals Host) is always allowed.
  const host = new URL(n.url).host;
  const same = await raw(n, 'GET', '/', { Origin: `http://${host}` });
  t.is(same.status, 200);
  t.deepEqual(same.lines.get('access-control-allow-origin'), [`http://${host}`]);

  // Requests without Origin are not CORS requests: no allow-origin.
  const plain = await raw(n, 'GET', '/');
  t.is(plain.status, 200);
  t.is(one(plain, 'access-control-allow-origin'), undefined);
});

test('CORS any origin: `*` unless credentials are allowed, then the origin is echoed', async (t) => {
  const any = await withNode(t, { 'http.cors.enabled': 'true', 'http.cors.allow-origin': '*' });
  const pre = await raw(any, 'OPTIONS', '/', preflight('http://x.org'));
  t.deepEqual(pre.lines.get('access-control-allow-origin'), ['*']);
  t.is(one(pre, 'vary'), undefined);
  t.deepEqual(pre.lines.get('access-control-allow-methods'), ['OPTIONS', 'HEAD', 'GET', 'POST', 'PUT', 'DELETE']);
  t.deepEqual(pre.lines.get('access-control-allow-headers'), ['X-Requested-With', 'Content-Type', 'Content-Length']);
  t.deepEqual(pre.lines.get('access-control-max-age'), ['1728000']);
  t.deepEqual((await raw(any, 'GET', '/', { Origin: 'http://x.org' })).lines.get('access-control-allow-origin'), ['*']);

  const creds = await withNode(t, { 'http.cors.enabled': 'true', 'http.cors.allow-origin': '*', 'http.cors.allow-credentials': 'true' });
  const pre2 = await raw(creds, 'OPTIONS', '/', preflight('http://x.org'));
  t.deepEqual(pre2.lines.get('access-control-allow-origin'), ['http://x.org']);
  t.deepEqual(pre2.lines.get('vary'), ['origin']);
  t.deepEqual(pre2.lines.get('access-control-allow-credentials'), ['true']);
});

test('CORS /regex/ origins match the whole origin', async (t) => {
  const n = await withNode(t, { 'http.cors.enabled': 'true', 'http.cors.allow-origin': '/https?:\\/\\/localhost(:[0-9]+)?/' });
  t.deepEqual((await raw(n, 'OPTIONS', '/', preflight('http://localhost:3000'))).lines.get('access-control-allow-origin'), ['http://localhost:3000']);
  t.deepEqual((await raw(n, 'GET', '/', { Origin: 'https://localhost' })).lines.get('access-control-allow-origin'), ['https://localhost']);
  t.is((await raw(n, 'OPTIONS', '/', preflight('http://localhost.evil.com'))).status, 403);
  t.is((await raw(n, 'GET', '/', { Origin: 'http://localhost:3000/x' })).status, 403);
  // No allowed origin configured: every foreign origin is refused.
  const none = await withNode(t, { 'http.cors.enabled': 'true' });
  t.is((await raw(none, 'OPTIONS', '/', preflight('http://localhost'))).status, 403);
});

test('responses are compressed as the client accepts (ES default http.compression=true), small ones are not', async (t) => {
  const n = await withNode(t, {});
  // an answer over MIN_COMPRESSED_BYTES: the node info, pretty printed
  const plain = await raw(n, 'GET', '/_nodes?pretty');
  t.is(one(plain, 'content-encoding'), undefined);
  const expected = plain.body.toString();
  t.true(plain.body.length >= MIN_COMPRESSED_BYTES);

  const gz = await raw(n, 'GET', '/_nodes?pretty', { 'Accept-Encoding': 'gzip, deflate' });
  t.is(one(gz, 'content-encoding'), 'gzip');
  t.is(one(gz, 'content-length'), String(gz.body.length));
  t.is(gunzipSync(gz.body).toString(), expected);

  const df = await raw(n, 'GET', '/_nodes?pretty', { 'Accept-Encoding': 'gzip;q=0.5, deflate' });
  t.is(one(df, 'content-encoding'), 'deflate');
  t.is(inflateSync(df.body).toString(), expected);

  t.is(one(await raw(n, 'GET', '/_nodes', { 'Accept-Encoding': '*' }), 'content-encoding'), 'gzip');
  t.is(one(await raw(n, 'GET', '/_nodes', { 'Accept-Encoding': 'br' }), 'content-encoding'), undefined);
  t.is(one(await raw(n, 'GET', '/_nodes', { 'Accept-Encoding': 'gzip;q=0' }), 'content-encoding'), undefined);

  // A small answer (GET /, an error) goes out as is, with its length: the same bytes ES's body has.
  const small = await raw(n, 'GET', '/?pretty', { 'Accept-Encoding': 'gzip' });
  t.true(small.body.length < MIN_COMPRESSED_BYTES);
  t.is(one(small, 'content-encoding'), undefined);
  t.is(one(small, 'content-length'), String(small.body.length));
  t.is(JSON.parse(small.body.toString()).tagline, 'You Know, for Search');
  const err = await raw(n, 'GET', '/missing_index', { 'Accept-Encoding': 'gzip' });
  t.is(err.status, 404);
  t.is(one(err, 'content-encoding'), undefined);
  t.is(JSON.parse(err.body.toString()).error.type, 'index_not_found_exception');
  // HEAD answers are not compressed and carry the GET answer's length.
  const head = await raw(n, 'HEAD', '/', { 'Accept-Encoding': 'gzip' });
  t.is(one(head, 'content-encoding'), undefined);
  t.is(one(head, 'content-length'), String(Buffer.byteLength((await raw(n, 'GET', '/')).body)));
});

test('a large answer (beyond the synchronous limit) is compressed on the thread pool, byte for byte', async (t) => {
  const n = await withNode(t, {});
  // One document whose source is larger than SYNC_LIMIT, so its GET answer takes the async path.
  const text = Array.from({ length: 6000 }, (_, i) => `word${i}`).join(' ');
  const put = await fetch(`${n.url}/big/doc/1?refresh=true`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
  t.is(put.status, 201);
  const plain = await raw(n, 'GET', '/big/doc/1');
  t.true(plain.body.length > SYNC_LIMIT);
  const gz = await raw(n, 'GET', '/big/doc/1', { 'Accept-Encoding': 'gzip' });
  t.is(one(gz, 'content-encoding'), 'gzip');
  t.is(one(gz, 'content-length'), String(gz.body.length));
  t.true(gz.body.length < plain.body.length);
  t.deepEqual(gunzipSync(gz.body), plain.body);
  const df = await raw(n, 'GET', '/big/doc/1', { 'Accept-Encoding': 'deflate' });
  t.deepEqual(inflateSync(df.body), plain.body);
});

test('http.compression=false and http.compression_level', async (t) => {
  const off = await withNode(t, { 'http.compression': 'false' });
  t.is(one(await raw(off, 'GET', '/_nodes', { 'Accept-Encoding': 'gzip' }), 'content-encoding'), undefined);
  const fast = await withNode(t, { 'http.compression_level': '1' });
  const r = await raw(fast, 'GET', '/_nodes', { 'Accept-Encoding': 'gzip' });
  t.is(one(r, 'content-encoding'), 'gzip');
  t.true(JSON.parse(gunzipSync(r.body).toString())._nodes.total >= 1);
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-level-'));
  t.teardown(() => rm(dataPath, { recursive: true, force: true }));
  await t.throwsAsync(() => startTestNode({ dataPath, settings: { 'http.compression_level': '12' } }), { message: /http.compression_level/ });
});
