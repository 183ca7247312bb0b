/**
 * `close()` of the HTTP server drains: a request in flight is answered (with
 * `connection: close`) before close resolves, idle keep-alive connections are closed at once,
 * and a request that outlives the drain bound is cut off when the bound expires.
 */
import test from 'ava';
import http from 'node:http';
import { createHttpServer } from '../../api/server.js';
import type { RouteDef } from '../../api/types.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

function get(port: number, path: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resolves once the server's handler of `/slow` runs (not after a guessed delay: a loaded machine is slow). */
function entered(): { signal: () => void; reached: Promise<void> } {
  let signal!: () => void;
  const reached = new Promise<void>((r) => (signal = r));
  return { signal, reached };
}

function server(drainTimeoutMs: number, release: Promise<void>, onSlow: () => void = () => {}) {
  const routes: RouteDef[] = [
    { methods: ['GET'], paths: ['/slow'], params: [], handler: async () => { onSlow(); await release; return { status: 200, body: { done: true } }; } },
    { methods: ['GET'], paths: ['/'], params: [], handler: () => ({ status: 200, body: {} }) },
  ];
  return createHttpServer({ host: '127.0.0.1', port: 0, routes, logger: silent, drainTimeoutMs });
}

test('close() waits for the request in flight and answers it with connection: close', async (t) => {
  let release!: () => void;
  const inSlow = entered();
  const s = server(10_000, new Promise<void>((r) => (release = r)), inSlow.signal);
  const { port } = await s.listen();
  const slow = get(port, '/slow');
  await inSlow.reached;
  let closed = false;
  const closing = s.close().then(() => (closed = true));
  await new Promise((r) => setTimeout(r, 100));
  t.false(closed);
  await t.throwsAsync(() => get(port, '/'));
  release();
  const res = await slow;
  t.is(res.status, 200);
  t.is(res.body, '{"done":true}');
  t.is(res.connection, 'close');
  await closing;
  t.true(closed);
});

test('close() gives up on a request that outlives the drain bound', async (t) => {
  const inSlow = entered();
  const s = server(200, new Promise<void>(() => {}), inSlow.signal);
  const { port } = await s.listen();
  const slow = get(port, '/slow');
  await inSlow.reached;
  const started = Date.now();
  await s.close();
  const waited = Date.now() - started;
  t.true(waited >= 150 && waited < 5000, `waited ${waited} ms`);
  await t.throwsAsync(() => slow);
});

test('close() with nothing in flight returns at once, idle keep-alive sockets included', async (t) => {
  const s = server(10_000, Promise.resolve());
  const { port } = await s.listen();
  const agent = new http.Agent({ keepAlive: true });
  await new Promise<void>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/', agent }, (res) => { res.resume(); res.on('end', () => resolve()); }).on('error', reject);
  });
  const started = Date.now();
  await s.close();
  t.true(Date.now() - started < 1000);
  agent.destroy();
});
