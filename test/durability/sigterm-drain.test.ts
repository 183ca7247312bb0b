/**
 * `bin/strata` as a process: SIGTERM stops accepting connections but lets a request already in
 * flight finish (its answer is sent, its write is durable) before the shards close; unknown
 * `-E` settings stop the start as ES 5.6 stops; `--version` prints the version line.
 */
import test from 'ava';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, request } from '../helpers/node.js';
import { freePort, startServer, stopServer } from '../helpers/server-process.js';

const STRATA = join(PROJECT_ROOT, 'dist', 'bin', 'strata.js');

/** Run `strata` with `args` to completion. */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [STRATA, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('SIGTERM drains: the request in flight is answered and durable, new connections are refused', async (t) => {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-drain-'));
  t.teardown(() => rm(dataPath, { recursive: true, force: true }));
  const port = await freePort();
  const child = await startServer(dataPath, port);
  t.teardown(() => stopServer(child, 'SIGKILL'));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // A PUT whose body is still arriving when SIGTERM comes.
  const body = JSON.stringify({ msg: 'sent before SIGTERM, finished after' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let answer = '';
  socket.on('data', (c: Buffer) => (answer += c.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(`PUT /drain/doc/1?refresh=true HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
  socket.write(body.slice(0, 10));
  await new Promise((r) => setTimeout(r, 200));

  child.kill('SIGTERM');
  // The listener closes: new connections are refused while the old request is still open.
  let refused = false;
  for (let i = 0; i < 200 && !refused; i++) {
    refused = await request(`http://127.0.0.1:${port}`, 'GET', '/').then(
      () => false,
      () => true,
    );
    if (!refused) await new Promise((r) => setTimeout(r, 50));
  }
  t.true(refused, 'new connections are refused after SIGTERM');
  t.is(child.exitCode, null, 'the node waits for the request in flight');

  socket.write(body.slice(10));
  await closed;
  t.regex(answer, /^HTTP\/1\.1 201 Created\r\n/);
  t.regex(answer, /\r\nconnection: close\r\n/i);
  t.regex(answer, /"result":"created"/);
  t.is(await exited, 0);

  // The write acknowledged during the drain is there after a restart.
  const again = await startServer(dataPath, port);
  t.teardown(() => stopServer(again, 'SIGTERM'));
  const got = await request(`http://127.0.0.1:${port}`, 'GET', '/drain/doc/1');
  t.is(got.status, 200);
  t.deepEqual(got.body._source, JSON.parse(body));
});

test('unknown -E settings stop the start with ES 5.6 messages (exit 1)', async (t) => {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-settings-'));
  t.teardown(() => rm(dataPath, { recursive: true, force: true }));
  const base = ['-E', `path.data=${dataPath}`, '-E', 'http.port=0'];
  // One process each, run side by side (each stops before opening anything).
  const [unknown, typo, index, notBuilt, role] = await Promise.all([
    run([...base, '-E', 'foo.bar=1']),
    run([...base, '-E', 'http.prot=9200']),
    run([...base, '-E', 'index.number_of_shards=3']),
    run([...base, '-E', 'path.logs=/var/log/strata']),
    run([...base, '-Enode.data=false']),
  ]);
  t.is(unknown.code, 1);
  t.is(
    unknown.stderr,
    'strata: unknown setting [foo.bar] please check that any required plugins are installed, or check the breaking changes documentation for removed settings\n',
  );
  t.is(typo.code, 1);
  t.is(typo.stderr, 'strata: unknown setting [http.prot] did you mean [http.port]?\n');
  t.is(index.code, 1);
  t.regex(index.stderr, /^strata: Found index level settings on node level configuration\./);
  t.is(notBuilt.code, 1);
  t.is(notBuilt.stderr, 'strata: [path.logs] is not supported by Strata yet\n');
  t.is(role.code, 1);
  t.regex(role.stderr, /setting \[node\.data\] with value \[false\] is not supported by Strata yet/);
});

test('--version prints the ES version Strata answers as, its own version and the runtime', async (t) => {
  const r = await run(['--version']);
  t.is(r.code, 0);
  t.regex(r.stdout, /^Version: 5\.6\.16 \(Strata \d+\.\d+\.\d+\), Build: 3a740d1\/\S+, Node\.js: v\d+\.\d+\.\d+\n$/);
});
