/**
 * The fuzz run: generates requests from a seed, keeps a few in flight against the server
 * process, judges every answer, restarts the server when it dies or stops answering, and saves
 * each failing request to a JSON file that `fuzz --replay` sends again.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from './rng.js';
import { generate, type FuzzRequest } from './requests.js';
import { judge } from './judge.js';
import { send, closeAgents, type Answer } from './client.js';
import { startServer, ensureFixture, clearScratch, prototypeCanary, type ServerUnderFuzz } from './server.js';

/** Options of one run. */
export interface FuzzOptions {
  requests: number;
  seed: number;
  /** Stop generating after this many seconds even if `requests` is not reached. */
  seconds: number;
  concurrency: number;
  /** An answer slower than this is a hang. */
  hangMs: number;
  /** Where failure files and the server log go (default: a new folder in the temp dir). */
  outDir?: string;
  /** Extra node settings for the server (`-E key=value`). */
  settings?: Record<string, string>;
  /** Progress lines to stderr. */
  log?: (line: string) => void;
}

/** Failure classes counted by a run. */
export type FailureKind = 'crash' | 'hang' | 'not-es-shaped' | 'js-5xx';

/** What a run found. */
export interface FuzzReport {
  seed: number;
  requests: number;
  seconds: number;
  perSecond: number;
  crashes: number;
  hangs: number;
  notEsShaped: number;
  js5xx: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** Distinct failures: a normalised reason with its count and the first saved file. */
  signatures: Array<{ kind: FailureKind; why: string; count: number; file: string }>;
  outDir: string;
}

const SAVE_PER_SIGNATURE = 3;
/** How far back a stall file reaches: the requests started in this window before the hang. */
const STALL_WINDOW_MS = 20_000;
/** Stall files kept per run (one per stall, not per hung request). */
const MAX_STALL_FILES = 10;

function signatureOf(kind: FailureKind, why: string): string {
  return `${kind}: ${why.replace(/\[[^\]]*\]/g, '[…]').replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N').slice(0, 160)}`;
}

function describe(r: FuzzRequest): Record<string, unknown> {
  const body = r.body;
  const text = body?.toString('utf8');
  const clean = body !== undefined && Buffer.from(text!, 'utf8').equals(body);
  return { method: r.method, path: r.path, headers: r.headers, ...(body ? (clean ? { body: text!.length > 20000 ? undefined : text, bodyBase64: text!.length > 20000 ? body.toString('base64') : undefined } : { bodyBase64: body.toString('base64') }) : {}) };
}

/** Run the fuzzer and return its report (the server process is stopped and its data removed). */
export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const log = opts.log ?? (() => undefined);
  const outDir = opts.outDir ?? mkdtempSync(join(tmpdir(), `strata-fuzz-${opts.seed}-`));
  mkdirSync(outDir, { recursive: true });
  const dataPath = mkdtempSync(join(tmpdir(), 'strata-fuzz-data-'));
  const logPath = join(outDir, 'server.log');
  const counts: Record<FailureKind, number> = { crash: 0, hang: 0, 'not-es-shaped': 0, 'js-5xx': 0 };
  const statuses: Record<string, number> = Object.create(null) as Record<string, number>;
  const signatures = new Map<string, { kind: FailureKind; why: string; count: number; file: string }>();
  let saved = 0;

  const record = (kind: FailureKind, why: string, index: number, r: FuzzRequest | FuzzRequest[], answer?: Answer): void => {
    counts[kind]++;
    const sig = signatureOf(kind, why);
    let entry = signatures.get(sig);
    if (!entry) {
      entry = { kind, why, count: 0, file: '' };
      signatures.set(sig, entry);
    }
    entry.count++;
    if (entry.count > SAVE_PER_SIGNATURE) return;
    const file = join(outDir, `${String(++saved).padStart(4, '0')}-${kind}.json`);
    if (!entry.file) entry.file = file;
    const requests = Array.isArray(r) ? r.map(describe) : [describe(r)];
    const response = answer && 'status' in answer ? { status: answer.status, contentType: answer.contentType, body: answer.body.toString('utf8').slice(0, 4000) } : answer;
    writeFileSync(file, `${JSON.stringify({ seed: opts.seed, index, kind, why, requests, response, settings: opts.settings ?? {} }, null, 2)}\n`);
  };

  let server: ServerUnderFuzz = await startServer(dataPath, logPath, opts.settings);
  // Every port this run's servers listened on: their pooled connections are closed at the end.
  const ports = new Set<number>([server.base.port]);
  const fixtureFailures = await ensureFixture(server.base);
  if (fixtureFailures.length > 0) throw new Error(`fixture setup failed:\n${fixtureFailures.join('\n')}`);

  const rng = new Rng(opts.seed);
  const started = Date.now();
  const deadline = started + opts.seconds * 1000;
  let next = 0;
  let restarting: Promise<void> | undefined;
  const inFlight = new Map<number, FuzzRequest>();
  // The requests since the last canary check: the suspects when Object.prototype turns out polluted.
  let recent: FuzzRequest[] = [];
  // Every request started in the last STALL_WINDOW_MS, oldest first: when the server stalls, the
  // request that blocked it is in flight, but it may not be the one whose deadline fired first
  // (hangs share one signature, so only the first few were saved and a stall's culprit was lost).
  const history: Array<{ index: number; at: number; r: FuzzRequest }> = [];
  let lastStallAt = 0;
  let stallFiles = 0;
  const saveStall = (index: number): void => {
    const now = Date.now();
    if (now - lastStallAt < opts.hangMs || stallFiles >= MAX_STALL_FILES) return;
    lastStallAt = now;
    const file = join(outDir, `${String(++saved).padStart(4, '0')}-stall.json`);
    stallFiles++;
    const inFlightNow = [index, ...inFlight.keys()].sort((a, b) => a - b);
    const window = history.filter((h) => h.at >= now - STALL_WINDOW_MS - opts.hangMs);
    writeFileSync(
      file,
      `${JSON.stringify({ seed: opts.seed, index, kind: 'stall', why: 'requests in flight when a request hung, and every request started before it in the window', inFlight: inFlightNow, indices: window.map((h) => h.index), startedMsBeforeHang: window.map((h) => now - h.at), requests: window.map((h) => describe(h.r)), settings: opts.settings ?? {} }, null, 2)}\n`,
    );
    log(`stall at request ${index}: ${inFlightNow.length} in flight, ${window.length} requests of the last ${STALL_WINDOW_MS / 1000} s saved to ${file}`);
  };
  let stopping = false;
  // A server the runner stops on purpose (restart after a hang or pollution) did not crash.
  const stoppedOnPurpose = new WeakSet<ServerUnderFuzz>();

  const restart = (why: string): Promise<void> => {
    if (!restarting) {
      restarting = (async () => {
        log(`restarting the server: ${why}`);
        stoppedOnPurpose.add(server);
        await server.stop().catch(() => undefined);
        server = await startServer(dataPath, logPath, opts.settings);
        ports.add(server.base.port);
        watchExit(server);
        await ensureFixture(server.base);
      })().finally(() => {
        restarting = undefined;
      });
    }
    return restarting;
  };

  const watchExit = (s: ServerUnderFuzz): void => {
    void s.exited.then((how) => {
      if (stopping || s !== server || stoppedOnPurpose.has(s)) return;
      const suspects = [...inFlight.entries()];
      record('crash', `server process ended (${how})`, suspects[0]?.[0] ?? next, suspects.map(([, r]) => r));
      void restart(`process ended (${how})`);
    });
  };
  watchExit(server);

  const worker = async (): Promise<void> => {
    while (next < opts.requests && Date.now() < deadline) {
      if (restarting) await restarting;
      const index = next++;
      const r = generate(rng);
      if (index > 0 && index % 200 === 0) {
        const extra = await prototypeCanary(server.base);
        if (extra.length > 0) {
          record('crash', `Object.prototype polluted: extra keys [${extra.join(',')}] in every answer`, index, recent);
          await restart('Object.prototype is polluted');
        }
        recent = [];
      }
      if (index > 0 && index % 1000 === 0) {
        log(`${index} requests, ${Math.round(index / ((Date.now() - started) / 1000))}/s, failures ${JSON.stringify(counts)}`);
        await clearScratch(server.base);
        await ensureFixture(server.base);
      }
      recent.push(r);
      const now = Date.now();
      history.push({ index, at: now, r });
      while (history.length > 0 && history[0]!.at < now - STALL_WINDOW_MS - opts.hangMs) history.shift();
      const target = server;
      inFlight.set(index, r);
      const answer = await send(target.base, r, opts.hangMs);
      inFlight.delete(index);
      if ('error' in answer) {
        if (!target.alive() || target !== server) continue; // counted once as a crash
        if (answer.timedOut) {
          saveStall(index);
          record('hang', answer.error, index, r, answer);
          const probe = await send(target.base, { method: 'GET', path: '/', headers: {} }, 5000);
          if (!('status' in probe)) await restart('it no longer answers GET /');
        } else {
          record('not-es-shaped', `no answer: ${answer.error}`, index, r, answer);
        }
        continue;
      }
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const verdict = judge(answer.status, answer.contentType, answer.body, r.method === 'HEAD');
      if (verdict.kind !== 'ok') record(verdict.kind, verdict.why, index, r, answer);
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency }, () => worker()));
    if (restarting) await restarting;
  } catch (err) {
    // A bug in the fuzzer itself: never leave the server process behind.
    stopping = true;
    await server.stop();
    closeAgents(ports);
    rmSync(dataPath, { recursive: true, force: true });
    throw err;
  }
  stopping = true;
  const seconds = (Date.now() - started) / 1000;
  await server.stop();
  closeAgents(ports);
  rmSync(dataPath, { recursive: true, force: true });
  return {
    seed: opts.seed,
    requests: next,
    seconds: Math.round(seconds * 10) / 10,
    perSecond: Math.round(next / seconds),
    crashes: counts.crash,
    hangs: counts.hang,
    notEsShaped: counts['not-es-shaped'],
    js5xx: counts['js-5xx'],
    statuses: { ...statuses },
    signatures: [...signatures.values()].sort((a, b) => b.count - a.count),
    outDir,
  };
}

/** Send the request(s) saved in a failure file to a fresh server with the fixture; returns the answers. */
export async function replay(saved: { requests: Array<Record<string, unknown>>; settings?: Record<string, string> }, hangMs: number): Promise<Array<{ request: string; answer: unknown; verdict: unknown }>> {
  const outDir = mkdtempSync(join(tmpdir(), 'strata-fuzz-replay-'));
  const dataPath = join(outDir, 'data');
  const server = await startServer(dataPath, join(outDir, 'server.log'), saved.settings);
  const out: Array<{ request: string; answer: unknown; verdict: unknown }> = [];
  try {
    const failures = await ensureFixture(server.base);
    if (failures.length > 0) throw new Error(failures.join('\n'));
    for (const d of saved.requests) {
      const body = typeof d.bodyBase64 === 'string' ? Buffer.from(d.bodyBase64, 'base64') : typeof d.body === 'string' ? Buffer.from(d.body) : undefined;
      const r: FuzzRequest = { method: String(d.method), path: String(d.path), headers: (d.headers ?? {}) as Record<string, string>, ...(body ? { body } : {}) };
      const a = await send(server.base, r, hangMs);
      const answer = 'status' in a ? { status: a.status, contentType: a.contentType, body: a.body.toString('utf8').slice(0, 4000) } : a;
      out.push({ request: `${r.method} ${r.path}`, answer, verdict: 'status' in a ? judge(a.status, a.contentType, a.body, r.method === 'HEAD') : { kind: server.alive() ? 'hang' : 'crash' } });
    }
  } finally {
    await server.stop();
    closeAgents([server.base.port]);
    rmSync(outDir, { recursive: true, force: true });
  }
  return out;
}
