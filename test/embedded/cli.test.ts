/**
 * `strata --memory --port 0 --fixtures DIR --print-url --url-file F` driven from a shell script
 * (test/embedded/cli-harness.sh: sh + curl, no JavaScript), as a Go, Python or Java harness
 * would drive it.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../helpers/node.js';

function run(cmd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a shell harness starts the CLI in memory with fixtures, reads the URL, queries, resets and stops it', async (t) => {
  const work = await mkdtemp(join(tmpdir(), 'strata-cli-'));
  t.teardown(() => rm(work, { recursive: true, force: true }));
  const res = await run('sh', [join(PROJECT_ROOT, 'test/embedded/cli-harness.sh'), join(PROJECT_ROOT, 'dist/bin/strata.js'), join(PROJECT_ROOT, 'examples/fixtures'), work]);
  t.is(res.code, 0, res.stderr);
  const out = new Map(res.stdout.trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
  t.regex(out.get('url') ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
  const count = (k: string): number => (JSON.parse(out.get(k) ?? '{}') as { count: number }).count;
  t.is(count('count'), 4);
  t.is(count('after_delete'), 3);
  t.like(JSON.parse(out.get('reset') ?? '{}'), { acknowledged: true, indices: 3 });
  t.is(count('after_reset'), 4);
  t.is(out.get('exit'), '0');
  // --print-url: the URL is stdout's only line (logs go to stderr)
  t.is(out.get('printed'), out.get('url'));
});

test('--memory with path.data, and a bad --port, stop the CLI with a message', async (t) => {
  const strata = join(PROJECT_ROOT, 'dist/bin/strata.js');
  const both = await run(process.execPath, [strata, '--memory', '-E', 'path.data=/tmp/x']);
  t.is(both.code, 1);
  t.regex(both.stderr, /\[--memory\] and \[path\.data\] exclude each other/);
  const port = await run(process.execPath, [strata, '--memory', '--port', 'abc']);
  t.is(port.code, 1);
  t.regex(port.stderr, /\[--port\] must be a port number \(0 for any free port\), got \[abc\]/);
});

test('a bad command line or config file is one line (with the usage), never a stack trace', async (t) => {
  const strata = join(PROJECT_ROOT, 'dist/bin/strata.js');
  const usage = /\nusage: strata \[-E key=value\]\.\.\./;
  // `--path.data` is how some tools spell a setting; Strata, like ES 5.6, takes it as `-E path.data=...`
  const unknown = await run(process.execPath, [strata, '--path.data', '/tmp/x']);
  t.is(unknown.code, 1);
  t.true(unknown.stderr.startsWith('strata: unknown argument [--path.data]\n'), unknown.stderr);
  t.regex(unknown.stderr, usage);
  t.notRegex(unknown.stderr, /\bat /);
  const noValue = await run(process.execPath, [strata, '--config']);
  t.true(noValue.stderr.startsWith('strata: [--config] needs a value\n'), noValue.stderr);
  const work = await mkdtemp(join(tmpdir(), 'strata-cli-'));
  t.teardown(() => rm(work, { recursive: true, force: true }));
  const config = join(work, 'strata.yml');
  await writeFile(config, 'http.port: [1\n');
  const yaml = await run(process.execPath, [strata, '--memory', '--config', config]);
  t.is(yaml.code, 1);
  t.regex(yaml.stderr, /^strata: unexpected end of the stream within a flow collection/);
  t.notRegex(yaml.stderr, /\bat /);
  const missing = await run(process.execPath, [strata, '--memory', '--config', join(work, 'none.yml')]);
  t.is(missing.code, 1);
  t.is(missing.stderr, `strata: ENOENT: no such file or directory, open '${join(work, 'none.yml')}'\n`);
});

test('a port in use stops the CLI with one line naming it, not a crash trace', async (t) => {
  const holder = createServer();
  await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
  t.teardown(() => new Promise<void>((r) => holder.close(() => r())));
  const { port } = holder.address() as AddressInfo;
  const res = await run(process.execPath, [join(PROJECT_ROOT, 'dist/bin/strata.js'), '--memory', '--port', String(port), '-E', 'logger.level=fatal']);
  t.is(res.code, 1);
  t.is(res.stderr, `strata: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`);
});
