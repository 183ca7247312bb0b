/**
 * The start and footprint rows of `npm run bench` (issue 14), each beside its same-run
 * reference, a bare `node:http` server (scripts/bare-server.ts) started the same way:
 *
 * - first answer: from spawning `node` to the first 200 of `GET /`, polled every 5 ms, on an
 *   empty data directory; rounds alternate bare and Strata, so a noisy minute hits both;
 * - idle RSS: VmRSS after the first answer, three empty indices created (Strata) and
 *   {@link IDLE_MS} of idle (the background warm-up of route groups included);
 * - 50 indices × 5 shards on disk: first answer and time to a green `_cluster/health`;
 * - deprecation warnings printed by Strata at start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './cluster/ports.js';
import { SERVER_ENV, SERVER_NODE_ARGS } from './server-process.js';

/** Idle time before the RSS is read: the warm-up of route groups starts 1 s after listening. */
const IDLE_MS = 4000;

/** Figures of the start rows: one entry per round. */
export interface StartFigures {
  bareMs: number[];
  strataMs: number[];
  bareRssMb: number[];
  strataRssMb: number[];
  /** 50 × 5 shards on disk: first answer, and when health turned green. */
  manyMs: number[];
  manyGreenMs: number[];
  /** Deprecation warnings on Strata's stderr, the most any start printed. */
  deprecations: number;
}

/** A server process started by {@link launch}. */
export interface Launched {
  child: ChildProcess;
  base: string;
  spawnedAt: number;
  stderr: () => string;
}

/** Spawn `node ...args` serving on `port`. */
export function launch(args: string[], port: number): Launched {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: SERVER_ENV });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return { child, base: `http://127.0.0.1:${port}`, spawnedAt, stderr: () => err };
}

/** Milliseconds from spawn to the first 200 of `GET /` (polled every 5 ms, up to 60 s). */
export async function firstAnswer(p: Launched): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(`${p.base}/`);
      await res.text();
      if (res.status === 200) return performance.now() - p.spawnedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() - p.spawnedAt > 60_000) throw new Error(`no answer from ${p.base} within 60 s: ${p.stderr().slice(-500)}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Stop a launched server and wait for its exit. */
export async function stop(p: Launched): Promise<void> {
  if (p.child.exitCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  await exited;
}

async function call(base: string, method: string, path: string, body?: string, ndjson = false): Promise<unknown> {
  const res = await fetch(base + path, { method, headers: body === undefined ? {} : { 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' }, body });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

const deprecationsIn = (stderr: string): number => (stderr.match(/DeprecationWarning/g) ?? []).length;

/** A data directory with 50 indices of 5 shards, 20 documents each, flushed, plus unflushed writes to replay. */
async function manyShardsData(root: string): Promise<string> {
  const data = await mkdtemp(join(tmpdir(), 'strata-bench-many-'));
  const port = await freePort();
  const p = launch([...SERVER_NODE_ARGS, join(root, 'dist', 'bin', 'strata.js'), '-E', `http.port=${port}`, '-E', `path.data=${data}`, '-E', 'logger.level=warn'], port);
  try {
    await firstAnswer(p);
    for (let i = 0; i < 50; i++) {
      const index = `idx-${String(i).padStart(2, '0')}`;
      await call(p.base, 'PUT', `/${index}`, JSON.stringify({ settings: { number_of_shards: 5, number_of_replicas: 0 } }));
      const lines = Array.from({ length: 20 }, (_, d) => `{"index":{"_id":"${d}"}}\n{"title":"document ${d} of ${index}","n":${d}}\n`).join('');
      await call(p.base, 'POST', `/${index}/doc/_bulk`, lines, true);
    }
    await call(p.base, 'POST', '/_flush');
    // A few writes after the flush: the next start replays them from the op log.
    for (let i = 0; i < 50; i += 5) await call(p.base, 'PUT', `/idx-${String(i).padStart(2, '0')}/doc/late`, '{"title":"late"}');
  } finally {
    await stop(p);
  }
  return data;
}

/** Run the start rows: `rounds` alternating rounds of bare and Strata, then the 50 × 5 starts. */
export async function startBench(root: string, rounds: number): Promise<StartFigures> {
  const f: StartFigures = { bareMs: [], strataMs: [], bareRssMb: [], strataRssMb: [], manyMs: [], manyGreenMs: [], deprecations: 0 };
  const strata = join(root, 'dist', 'bin', 'strata.js');
  const bare = join(root, 'dist', 'scripts', 'bare-server.js');
  for (let r = 0; r < rounds; r++) {
    let port = await freePort();
    const b = launch([bare, '--port', String(port)], port);
    try {
      f.bareMs.push(await firstAnswer(b));
      await new Promise((res) => setTimeout(res, IDLE_MS));
      f.bareRssMb.push(await rssMb(b.child.pid!));
    } finally {
      await stop(b);
    }
    const data = await mkdtemp(join(tmpdir(), 'strata-bench-start-'));
    port = await freePort();
    const s = launch([...SERVER_NODE_ARGS, strata, '-E', `http.port=${port}`, '-E', `path.data=${data}`, '-E', 'logger.level=warn'], port);
    try {
      f.strataMs.push(await firstAnswer(s));
      for (const index of ['one', 'two', 'three']) await call(s.base, 'PUT', `/${index}`);
      await new Promise((res) => setTimeout(res, IDLE_MS));
      f.strataRssMb.push(await rssMb(s.child.pid!));
    } finally {
      await stop(s);
      f.deprecations = Math.max(f.deprecations, deprecationsIn(s.stderr()));
      await rm(data, { recursive: true, force: true });
    }
  }
  const many = await manyShardsData(root);
  try {
    for (let r = 0; r < Math.max(1, Math.min(rounds, 2)); r++) {
      const port = await freePort();
      const s = launch([...SERVER_NODE_ARGS, strata, '-E', `http.port=${port}`, '-E', `path.data=${many}`, '-E', 'logger.level=warn'], port);
      try {
        f.manyMs.push(await firstAnswer(s));
        for (;;) {
          const h = (await call(s.base, 'GET', '/_cluster/health')) as { status: string };
          if (h.status === 'green') break;
          await new Promise((res) => setTimeout(res, 20));
        }
        f.manyGreenMs.push(performance.now() - s.spawnedAt);
      } finally {
        await stop(s);
        f.deprecations = Math.max(f.deprecations, deprecationsIn(s.stderr()));
      }
    }
  } finally {
    await rm(many, { recursive: true, force: true });
  }
  return f;
}

/** The median of `xs` (NaN when empty). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
