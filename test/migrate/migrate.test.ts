/**
 * `strata migrate` end to end: a second Strata node on loopback stands in for the old cluster,
 * behind a proxy that demands basic auth; the target whitelists the proxy. The command copies
 * templates, pipelines, stored scripts, index settings, mappings and aliases, reindexes the
 * matching indices in slices with progress lines, prints the summary, and a re-run verifies or
 * resumes. Without the whitelist, or with wrong credentials, it fails with the reason.
 */
import test from 'ava';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { PROJECT_ROOT, ndjson, startTestNode, type TestNode } from '../helpers/node.js';
import { runMigrate } from '../../lib/migrate/cli.js';

const AUTH = `Basic ${Buffer.from('admin:s3cret').toString('base64')}`;

/** A proxy to `upstream` that answers 401 without the right basic auth, as a secured cluster does. */
async function authProxy(upstream: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.headers.authorization !== AUTH) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic realm="security"' });
        res.end(JSON.stringify({ error: { type: 'security_exception', reason: 'missing authentication token for REST request' }, status: 401 }));
        return;
      }
      const body = Buffer.concat(chunks);
      const up = await fetch(upstream + (req.url ?? '/'), {
        method: req.method ?? 'GET',
        headers: body.length > 0 ? { 'content-type': 'application/json' } : {},
        ...(body.length > 0 ? { body } : {}),
      });
      res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await up.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Run `strata migrate` as a child process. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'bin', 'strata.js'), 'migrate', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Run it in process, capturing what it prints. */
async function inProcess(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const sink = new Writable({ write: (c: Buffer, _e, cb) => ((stdout += c.toString()), cb()) });
  const code = await runMigrate(args, sink, sink);
  return { code, stdout };
}

async function seedOld(old: TestNode): Promise<void> {
  const put = async (path: string, body: unknown): Promise<void> => {
    const r = await old.request('PUT', path, body);
    if (r.status >= 300) throw new Error(`${path}: ${JSON.stringify(r.body)}`);
  };
  await put('/_template/logs_tpl', { template: 'logs-*', order: 1, settings: { 'index.refresh_interval': '5s' }, mappings: { event: { properties: { level: { type: 'keyword' } } } } });
  await put('/_ingest/pipeline/stamp', { processors: [{ script: { inline: "ctx.migrated = 'yes'" } }] });
  await put('/_scripts/painless/bump', { script: 'ctx._source.n += params.by' });
  await put('/logs-1', {
    settings: { number_of_shards: 2, analysis: { analyzer: { folded: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] } } } },
    mappings: { event: { properties: { msg: { type: 'text', analyzer: 'folded' }, n: { type: 'integer' } } } },
    aliases: { 'logs-errors': { filter: { term: { level: 'error' } } }, logs: {} },
  });
  const lines: unknown[] = [];
  for (let i = 0; i < 1200; i++) {
    lines.push({ index: { _index: 'logs-1', _type: 'event', _id: `e${i}`, ...(i % 10 === 0 ? { routing: `r${i % 3}` } : {}) } });
    lines.push({ msg: `Événement ${i}`, n: i, level: i % 7 === 0 ? 'error' : 'info' });
  }
  for (let i = 0; i < 150; i++) lines.push({ index: { _index: 'logs-2', _type: 'event', _id: String(i) } }, { msg: `second ${i}`, n: i });
  for (let i = 0; i < 20; i++) lines.push({ index: { _index: 'other', _type: 'doc', _id: String(i) } }, { n: i });
  const bulk = await old.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error('seed failed');
}

test('strata migrate: metadata and documents from a secured cluster, progress, summary, then verify and resume', async (t) => {
  const old = await startTestNode();
  const proxy = await authProxy(old.url);
  const target = await startTestNode({ settings: { 'reindex.remote.whitelist': `127.0.0.1:${proxy.port}` } });
  try {
    await seedOld(old);
    const from = `http://admin:s3cret@127.0.0.1:${proxy.port}`;
    const run = await cli(['--from', from, '--to', target.url, '--indices', 'logs-*', '--slices', '2', '--batch', '100', '--interval', '50', '--sample', '50']);
    t.is(run.code, 0, run.stdout + run.stderr);
    t.false(run.stdout.includes('s3cret'), 'credentials are never printed');
    t.regex(run.stdout, /metadata: 1 index templates, 1 ingest pipelines, 1 stored scripts/);
    t.regex(run.stdout, /2 indices: logs-1, logs-2/);
    // progress lines: done of total, percentage, rate, time left
    t.regex(run.stdout, /^logs-1 {2}0\/1,200 docs {2}0\.0%/m);
    t.regex(run.stdout, /^logs-1 {2}1,200\/1,200 docs {2}100\.0% {2}[\d,]+ docs\/s {2}\S+ elapsed {2}0ms left$/m);
    // the summary table
    t.regex(run.stdout, /^index +source docs +target docs +written +unchanged +took +result$/m);
    t.regex(run.stdout, /^logs-1 +1,200 +1,200 +1,200 +0 +\S+ +copied$/m);
    t.regex(run.stdout, /^logs-2 +150 +150 +150 +0 +\S+ +copied$/m);

    // what the target now holds
    t.is((await target.request('HEAD', '/other')).status, 404);
    const settings = (await target.request('GET', '/logs-1/_settings')).body['logs-1'].settings.index;
    t.is(settings.number_of_shards, '2');
    t.is(settings.refresh_interval, '5s');
    t.deepEqual(settings.analysis.analyzer.folded.filter, ['lowercase', 'asciifolding']);
    const mapping = (await target.request('GET', '/logs-1/_mapping')).body['logs-1'].mappings.event.properties;
    t.like(mapping, { msg: { type: 'text', analyzer: 'folded' }, n: { type: 'integer' }, level: { type: 'keyword' } });
    const aliases = (await target.request('GET', '/logs-1/_alias')).body['logs-1'].aliases;
    t.deepEqual(aliases['logs-errors'], { filter: { term: { level: 'error' } } });
    t.is((await target.request('GET', '/logs-errors/_count')).body.count, 172);
    t.is((await target.request('GET', '/_template/logs_tpl')).body.logs_tpl.template, 'logs-*');
    t.truthy((await target.request('GET', '/_ingest/pipeline/stamp')).body.stamp);
    t.is((await target.request('GET', '/_scripts/bump')).body.script.code, 'ctx._source.n += params.by');
    const routed = await target.request('GET', '/logs-1/event/e30?routing=r0');
    t.deepEqual(routed.body._source, { msg: 'Événement 30', n: 30, level: 'info' });
    t.is((await target.request('GET', '/logs-1/_search?q=msg:evenement&size=0')).body.hits.total, 1200);

    // a re-run only verifies
    const again = await cli(['--from', from, '--to', target.url, '--indices', 'logs-*', '--interval', '50']);
    t.is(again.code, 0, again.stdout + again.stderr);
    t.regex(again.stdout, /^logs-1 +1,200 +1,200 +0 +0 +\S+ +verified$/m);
    t.false(/docs\/s/.test(again.stdout), 'nothing copied');

    // an interrupted copy (the index there with part of its documents, at the source's versions):
    // the re-run resumes, writing only what is missing
    await target.request('DELETE', '/logs-2');
    await target.request('PUT', '/logs-2');
    const partial = await target.request('POST', '/_reindex?refresh=true', {
      source: { index: 'logs-2', query: { range: { n: { gte: 40 } } }, remote: { host: `http://127.0.0.1:${proxy.port}`, username: 'admin', password: 's3cret' } },
      dest: { index: 'logs-2', version_type: 'external' },
    });
    t.is(partial.body.created, 110, JSON.stringify(partial.body));
    const verifyOnly = await inProcess(['--from', from, '--to', target.url, '--indices', 'logs-2', '--verify']);
    t.is(verifyOnly.code, 1);
    t.regex(verifyOnly.stdout, /MISMATCH: 110 of 150 docs/);
    const resumed = await inProcess(['--from', from, '--to', target.url, '--indices', 'logs-2', '--interval', '50', '--batch', '50']);
    t.is(resumed.code, 0, resumed.stdout);
    t.regex(resumed.stdout, /^logs-2 +150 +150 +40 +110 +\S+ +resumed$/m);
  } finally {
    await Promise.all([old.close(), target.close(), new Promise<void>((r) => proxy.server.close(() => r()))]);
  }
});

test('strata migrate: not whitelisted, wrong credentials, usage', async (t) => {
  const old = await startTestNode();
  const proxy = await authProxy(old.url);
  const target = await startTestNode();
  try {
    await old.request('POST', '/a/doc/1?refresh=true', { n: 1 });
    const refused = await inProcess(['--from', `http://admin:s3cret@127.0.0.1:${proxy.port}`, '--to', target.url, '--interval', '20']);
    t.is(refused.code, 1);
    t.regex(refused.stdout, new RegExp(`^a +1 +0 +0 +0 +\\S+ +FAILED: \\[127\\.0\\.0\\.1:${proxy.port}\\] not whitelisted in reindex\\.remote\\.whitelist$`, 'm'));
    const denied = await cli(['--from', `http://admin:wrong@127.0.0.1:${proxy.port}`, '--to', target.url]);
    t.is(denied.code, 1);
    t.regex(denied.stderr, /^strata migrate: missing authentication token for REST request$/m);
    const usage = await cli(['--to', target.url]);
    t.is(usage.code, 2);
    t.regex(usage.stderr, /^strata migrate: \[--from\] is required\nusage: strata migrate --from URL/m);
  } finally {
    await Promise.all([old.close(), target.close(), new Promise<void>((r) => proxy.server.close(() => r()))]);
  }
});
