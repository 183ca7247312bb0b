/**
 * The server under fuzz: bin/strata.js in its own process (so a crash is observed, not
 * suffered), on a fresh data directory and a free loopback port, with a small fixture index.
 * Its log (warn level: every 5xx with its stack) goes to a file beside the failure reports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { send, type Answer } from './client.js';
import { freePort } from '../cluster/ports.js';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A running server process. */
export interface ServerUnderFuzz {
  readonly base: { host: string; port: number };
  readonly child: ChildProcess;
  /** Resolves with the exit code/signal when the process ends. */
  readonly exited: Promise<string>;
  alive(): boolean;
  stop(): Promise<void>;
}

/** Start the server on `dataPath`, logging to `logPath`; resolves once it answers `GET /`. */
export async function startServer(dataPath: string, logPath: string, settings: Record<string, string> = {}): Promise<ServerUnderFuzz> {
  const port = await freePort();
  const log = openSync(logPath, 'a');
  const args = [join(PROJECT_ROOT, 'dist', 'bin', 'strata.js'), '-E', `http.port=${port}`, '-E', `path.data=${dataPath}`, '-E', 'logger.level=warn'];
  for (const [k, v] of Object.entries(settings)) args.push('-E', `${k}=${v}`);
  const child = spawn(process.execPath, ['--max-old-space-size=1024', ...args], { stdio: ['ignore', log, log] });
  closeSync(log);
  let done = false;
  const exited = new Promise<string>((r) =>
    child.once('exit', (code, signal) => {
      done = true;
      r(signal ?? `exit code ${String(code)}`);
    }),
  );
  const base = { host: '127.0.0.1', port };
  for (let i = 0; i < 400 && !done; i++) {
    const a = await send(base, { method: 'GET', path: '/', headers: {} }, 1000);
    if ('status' in a) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (done) throw new Error(`server exited during start (${await exited}); see ${logPath}`);
  return {
    base,
    child,
    exited,
    alive: () => !done,
    async stop() {
      if (done) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

const json = (method: string, path: string, body: unknown): Parameters<typeof send>[1] => ({
  method,
  path,
  headers: { 'content-type': path.includes('_bulk') ? 'application/x-ndjson' : 'application/json' },
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

const MAPPING = {
  properties: {
    title: { type: 'text', fields: { raw: { type: 'keyword' } } },
    tag: { type: 'keyword' },
    count: { type: 'long' },
    price: { type: 'double' },
    date: { type: 'date' },
    flag: { type: 'boolean' },
    loc: { type: 'geo_point' },
    ip: { type: 'ip' },
    obj: { properties: { inner: { type: 'keyword' } } },
    nest: { type: 'nested', properties: { k: { type: 'keyword' }, v: { type: 'long' } } },
  },
};

const DOCS = [
  { title: 'foo bar', tag: 'a', count: 1, price: 1.5, date: '2017-01-01', flag: true, loc: '40,-70', ip: '10.0.0.1', obj: { inner: 'x' }, nest: [{ k: 'a', v: 1 }] },
  { title: 'quick brown fox', tag: ['a', 'b'], count: 5, price: -2, date: '2017-06-15T10:00:00Z', flag: false, loc: { lat: 41, lon: -71 }, ip: '::1', nest: [{ k: 'b', v: 2 }, { k: 'c', v: 3 }] },
  { title: 'bar baz', tag: 'c', count: 100, date: 1500000000000, obj: { inner: 'y' } },
  { title: 'foo', count: -7, price: 1e10 },
];

const HEALTH_KEYS = new Set([
  'cluster_name', 'status', 'timed_out', 'number_of_nodes', 'number_of_data_nodes', 'active_primary_shards', 'active_shards',
  'relocating_shards', 'initializing_shards', 'unassigned_shards', 'delayed_unassigned_shards', 'number_of_pending_tasks',
  'number_of_in_flight_fetch', 'task_max_waiting_in_queue_millis', 'active_shards_percent_as_number',
]);

/**
 * Keys of `GET /_cluster/health` that ES never sends. A request that wrote into Object.prototype
 * (a `__proto__` key walked as a path) shows up as extra keys in every answer: the process is
 * then corrupted even though it still answers.
 */
export async function prototypeCanary(base: { host: string; port: number }): Promise<string[]> {
  const a = await send(base, { method: 'GET', path: '/_cluster/health', headers: {} }, 30_000);
  if (!('status' in a) || a.status !== 200) return [];
  const extra = Object.keys(JSON.parse(a.body.toString('utf8')) as Record<string, unknown>).filter((k) => !HEALTH_KEYS.has(k));
  return extra;
}

/**
 * Create (or re-create) the fixture: indices `fx` (two shards) and `fx2`, alias `fxa`, a stored
 * script, a stored template and an ingest pipeline. Idempotent: existing pieces are kept; closed
 * fixture indices are reopened. Returns the answers that failed, if any.
 */
export async function ensureFixture(base: { host: string; port: number }): Promise<string[]> {
  const failures: string[] = [];
  const step = async (r: Parameters<typeof send>[1], okStatuses: number[] = [200, 201]): Promise<Answer | undefined> => {
    const a = await send(base, r, 30_000);
    if (!('status' in a) || !okStatuses.includes(a.status)) failures.push(`${r.method} ${r.path}: ${'status' in a ? `${a.status} ${a.body.toString().slice(0, 300)}` : a.error}`);
    return 'status' in a ? a : undefined;
  };
  const head = await send(base, { method: 'HEAD', path: '/fx', headers: {} }, 30_000);
  if ('status' in head && head.status === 404) {
    await step(json('PUT', '/fx', { settings: { number_of_shards: 2, number_of_replicas: 0 }, mappings: { t: MAPPING } }));
    await step(json('PUT', '/fx2', { settings: { number_of_shards: 1, number_of_replicas: 0 }, mappings: { t: MAPPING } }));
    await step(json('POST', '/_aliases', { actions: [{ add: { index: 'fx', alias: 'fxa' } }] }));
    const lines = DOCS.flatMap((d, i) => [{ index: { _index: i % 2 === 0 ? 'fx' : 'fx2', _type: 't', _id: String(i + 1) } }, d, { index: { _index: 'fx', _type: 't', _id: String(i + 10) } }, d]);
    await step(json('POST', '/_bulk?refresh=true', `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`));
    await step(json('PUT', '/_scripts/s1', { script: { lang: 'painless', source: "doc['count'].value * 2" } }));
    await step(json('PUT', '/_scripts/st', { script: { lang: 'mustache', source: { query: { match: { title: '{{q}}' } } } } }));
    await step(json('PUT', '/_ingest/pipeline/p1', { processors: [{ set: { field: 'piped', value: true } }] }));
  } else {
    await step({ method: 'POST', path: '/fx,fx2/_open', headers: {} }, [200, 404]);
  }
  return failures;
}

/**
 * Empty the scratch space: delete every index but the fixture's and every index template. Mutated
 * names and templates (`"template": "*"` with `number_of_shards: 1024`) leave indices behind that
 * nothing deletes; over a long run they add up to tens of thousands of shard stores, and requests
 * over all of them (`_all/_flush/synced`) take time in proportion. A real workload's shard count is
 * bounded; the fuzzer keeps its own bounded the same way, between requests, unjudged.
 */
export async function clearScratch(base: { host: string; port: number }): Promise<void> {
  const listed = await send(base, { method: 'GET', path: '/_cat/indices?h=index&format=json', headers: {} }, 30_000);
  if (!('status' in listed) || listed.status !== 200) return;
  const names = (JSON.parse(listed.body.toString('utf8')) as Array<{ index: string }>).map((r) => r.index).filter((n) => n !== 'fx' && n !== 'fx2');
  for (const n of names) await send(base, { method: 'DELETE', path: `/${encodeURIComponent(n)}`, headers: {} }, 30_000);
  await send(base, { method: 'DELETE', path: '/_template/*', headers: {} }, 30_000);
}
