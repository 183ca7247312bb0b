/**
 * The "one request never stalls the node" measure (issue 8): while an adversarial request runs
 * on a server in its own process, a probe sends `GET /` back to back and records each latency.
 * The server must be in another process: in-process, a blocked event loop also blocks the
 * probe's own timers, and a stall that starts between two probes would go unseen.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { request, type HttpResult } from './node.js';
import { freePort, startServer, stopServer } from './server-process.js';

export interface ServerUnderTest {
  url: string;
  child: ChildProcess;
  request<T = any>(method: string, path: string, body?: unknown): Promise<HttpResult<T>>;
  /** True while the process has neither exited nor been killed. */
  alive(): boolean;
  close(): Promise<void>;
}

/** Start `dist/bin/strata.js` on a free port over a fresh data directory, with optional node `settings`. */
export async function startServerUnderTest(opts: { settings?: Record<string, string> } = {}): Promise<ServerUnderTest> {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-stall-'));
  const port = await freePort();
  const child = await startServer(dataPath, port, opts.settings);
  const url = `http://127.0.0.1:${port}`;
  // A path no route has makes the node load every route group at once (api/routes/lazy-routes.ts):
  // the measurements then see the adversarial request, not a group's first import or the node's
  // background warm-up of the groups.
  await request(url, 'GET', '/_no_such_route/to/load/every/group');
  return {
    url,
    child,
    request: (method, path, body) => request(url, method, path, body),
    alive: () => child.exitCode === null && child.signalCode === null,
    async close() {
      await stopServer(child, 'SIGKILL');
      await rm(dataPath, { recursive: true, force: true });
    },
  };
}

export interface ProbeReport<T> {
  /** What the adversarial request answered (or the error it threw). */
  result: T;
  /** Latency of every `GET /` sent while it ran, in ms. */
  latencies: number[];
  p99: number;
  max: number;
}

/**
 * Run `work` and, until it settles (and for at least `minMs`), send `GET /` to `server` one after
 * another, timing each. Probes run from this process, whose event loop stays free.
 */
export async function probeDuring<T>(server: ServerUnderTest, work: () => Promise<T>, minMs = 300): Promise<ProbeReport<T>> {
  let done = false;
  const started = performance.now();
  const latencies: number[] = [];
  const probing = (async () => {
    while (!done || performance.now() - started < minMs) {
      const t0 = performance.now();
      await server.request('GET', '/');
      latencies.push(performance.now() - t0);
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    await probing;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  return { result, latencies, p99, max: sorted[sorted.length - 1] ?? 0 };
}

/**
 * `probeDuring` up to `attempts` times, returning the first report whose p99 is under
 * `targetMs` (or the best one). On a loaded test machine a single scheduler hiccup can exceed
 * 100 ms while the server is idle; a real stall (the adversarial request blocking the event
 * loop) recurs on every attempt, so retrying filters noise without hiding stalls. Every
 * attempt's result goes to `check`, so each run must also answer correctly.
 */
export async function probeQuietest<T>(
  server: ServerUnderTest,
  work: () => Promise<T>,
  check: (result: T) => void,
  opts: { attempts?: number; targetMs?: number; minMs?: number } = {},
): Promise<ProbeReport<T>> {
  const { attempts = 5, targetMs = 100, minMs = 1000 } = opts;
  let best: ProbeReport<T> | undefined;
  for (let i = 0; i < attempts; i++) {
    const report = await probeDuring(server, work, minMs);
    check(report.result);
    if (!best || report.p99 < best.p99) best = report;
    if (report.p99 < targetMs) break;
  }
  return best as ProbeReport<T>;
}
