/**
 * Compressed request bodies (api/rest/request-decompression.ts): ES 5.6 inflates gzip and
 * deflate bodies before reading them (Netty's HttpContentDecompressor), applies
 * `http.max_content_length` to the inflated size, and closes the connection on a corrupt stream.
 */
import test from 'ava';
import http from 'node:http';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { startTestNode, type TestNode } from '../helpers/node.js';

interface Answer {
  status: number;
  body: string;
}

/** Send `body` as it is, with `headers`; rejects when the server closes without answering. */
function send(node: TestNode, method: string, path: string, body: Buffer, headers: Record<string, string>): Promise<Answer> {
  const url = new URL(node.url + path);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: url.pathname + url.search, agent: false, headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let node: TestNode;
test.before(async () => {
  node = await startTestNode({ settings: { 'http.max_content_length': '4kb' } });
});
test.after.always(async () => {
  await node?.close();
});

test('gzip, x-gzip, deflate (zlib and raw) bodies are inflated before they are read', async (t) => {
  const doc = (n: number) => Buffer.from(JSON.stringify({ n, text: 'compressed' }));
  const sent: Array<[string, Buffer]> = [
    ['gzip', gzipSync(doc(1))],
    [' X-GZIP ', gzipSync(doc(2))],
    ['deflate', deflateSync(doc(3))],
    ['x-deflate', deflateRawSync(doc(4))],
  ];
  for (const [i, [encoding, body]] of sent.entries()) {
    const r = await send(node, 'PUT', `/zip/t/${i + 1}?refresh=true`, body, { 'content-encoding': encoding });
    t.is(r.status, 201, `${encoding}: ${r.body}`);
  }
  const bulk = Buffer.from('{"index":{"_index":"zip","_type":"t","_id":"5"}}\n{"n":5}\n');
  const b = await send(node, 'POST', '/_bulk?refresh=true', gzipSync(bulk), { 'content-encoding': 'gzip', 'content-type': 'application/x-ndjson' });
  t.is(b.status, 200);
  t.false(JSON.parse(b.body).errors);
  const got = JSON.parse((await send(node, 'GET', '/zip/t/4', Buffer.alloc(0), {})).body);
  t.deepEqual(got._source, { n: 4, text: 'compressed' });
  const search = JSON.parse((await send(node, 'POST', '/zip/_search', gzipSync('{"query":{"range":{"n":{"gte":3}}}}'), { 'content-encoding': 'gzip' })).body);
  t.is(search.hits.total, 3);
});

test('other encodings pass through as sent', async (t) => {
  const r = await send(node, 'PUT', '/z/t/10', Buffer.from('{"n":10}'), { 'content-encoding': 'identity' });
  t.is(r.status, 201);
  // a list of encodings is not one Netty decodes: the gzip bytes are read as the body, and are not JSON
  const list = await send(node, 'PUT', '/z/t/11', gzipSync('{"n":11}'), { 'content-encoding': 'gzip, identity' });
  t.is(list.status, 400);
  t.like(JSON.parse(list.body).error, { type: 'mapper_parsing_exception', caused_by: { type: 'json_parse_exception' } });
});

test('http.max_content_length applies to the inflated body: a small bomb gets 413', async (t) => {
  const bomb = gzipSync(Buffer.from(JSON.stringify({ pad: 'x'.repeat(100_000) })));
  t.true(bomb.length < 4096);
  const r = await send(node, 'PUT', '/z/t/20', bomb, { 'content-encoding': 'gzip' });
  t.is(r.status, 413);
  t.is(r.body, '');
  // exactly fitting bodies pass
  const fits = await send(node, 'PUT', '/z/t/21', gzipSync(JSON.stringify({ pad: 'y'.repeat(3000) })), { 'content-encoding': 'gzip' });
  t.is(fits.status, 201);
});

test('a corrupt stream closes the connection without an answer, and the node keeps serving', async (t) => {
  const corrupt = Buffer.concat([gzipSync('{"n":1}').subarray(0, 12), Buffer.from('garbage-garbage')]);
  await t.throwsAsync(send(node, 'PUT', '/z/t/30', corrupt, { 'content-encoding': 'gzip' }), { code: 'ECONNRESET' });
  t.is((await send(node, 'GET', '/', Buffer.alloc(0), {})).status, 200);
});
