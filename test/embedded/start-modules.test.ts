/**
 * What a node loads before its first answer (issue 14's start row): the CommonJS packages that
 * the first `GET /` does not need stay unloaded. A child process starts a node on a data
 * directory (no background warm-up, which would load them on purpose), answers `GET /`, and
 * prints the CommonJS module cache; the test checks it against the packages deferred by
 * api/restify-server.ts (spdy), lib/logger/bunyan.ts (`mv`), storage/shard-store.ts
 * (memory-level), api/rest/cors.ts (re2) and lib/node.ts (cluster mode: etcd3, gRPC).
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../helpers/node.js';

const CHILD = `
import { createRequire } from 'node:module';
const { startNode } = await import(process.env.NODE_MODULE);
const node = await startNode({ dataPath: process.env.DATA, port: 0, logger: false, warmRoutes: false });
const res = await fetch(node.url + '/');
const body = await res.json();
const loaded = Object.keys(createRequire(process.env.DATA + '/').cache);
await node.close();
process.stdout.write(JSON.stringify({ status: res.status, tagline: body.tagline, loaded }));
`;

function runChild(data: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, DATA: data, NODE_MODULE: pathToFileURL(join(PROJECT_ROOT, 'dist/lib/embedded/embedded-node.js')).href };
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('the first answer loads LevelDB and restify but not spdy, mv, memory-level, re2 or the cluster-mode packages', async (t) => {
  const data = await mkdtemp(join(tmpdir(), 'strata-start-'));
  t.teardown(() => rm(data, { recursive: true, force: true }));
  const res = await runChild(data);
  t.is(res.code, 0, res.stderr);
  const out = JSON.parse(res.stdout) as { status: number; tagline: string; loaded: string[] };
  t.is(out.status, 200);
  t.is(out.tagline, 'You Know, for Search');
  const packages = new Set(out.loaded.map((f) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(f)?.[1]).filter((p) => p !== undefined));
  // The list is real: what the answer needs is in it.
  t.true(packages.has('classic-level'));
  t.true(packages.has('bunyan'));
  t.true(packages.has('restify'));
  // `mv` itself is in the cache as a stand-in; the real one would bring rimraf and glob.
  // `spdy` too is a stand-in (api/restify-server.ts); the real one would bring spdy-transport and http-deceiver.
  for (const deferred of ['spdy-transport', 'http-deceiver', 'rimraf', 'glob', 'memory-level', 're2', 'etcd3', '@grpc/grpc-js', 'protobufjs']) {
    t.false(packages.has(deferred), `${deferred} was loaded before the first answer`);
  }
});
