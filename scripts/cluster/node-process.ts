/**
 * One Strata node of a local cluster in its own process (`dist/bin/strata.js` with cluster-mode
 * settings), for `npm run cluster` and the cluster tests: started with its HTTP and transport
 * ports and data directory, its log in a file beside the data, ready once it answers HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../server-process.js';

/** The checkout's root (this file is dist/scripts/cluster/node-process.js). */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface NodeSpec {
  name: string;
  clusterName: string;
  /** The etcd client URL; empty: a single node (no cluster mode), as the bench's reference. */
  etcdEndpoint: string;
  httpPort: number;
  transportPort: number;
  dataPath: string;
  /** Where stdout and stderr go (appended). */
  logFile: string;
  /** More `-E` settings (e.g. `logger.level`). */
  settings?: Record<string, string>;
}

export interface NodeProcess {
  spec: NodeSpec;
  url: string;
  child: ChildProcess;
  /** Send `signal` (default SIGTERM) and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Specs of `count` nodes named node-1…node-N on free loopback ports, each with its data directory
 * and log file under `dir` (the cluster tests' layout).
 */
export async function localNodeSpecs(dir: string, etcdEndpoint: string, clusterName: string, count: number, settings: Record<string, string> = { 'logger.level': 'warn' }): Promise<NodeSpec[]> {
  const specs: NodeSpec[] = [];
  for (let i = 1; i <= count; i++) {
    specs.push({
      name: `node-${i}`,
      clusterName,
      etcdEndpoint,
      httpPort: await freePort(),
      transportPort: await freePort(),
      dataPath: join(dir, `node-${i}`),
      logFile: join(dir, `node-${i}.log`),
      settings,
    });
  }
  return specs;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Start the node; resolves once it serves HTTP (rejects, killing it, if it exits or takes over
 * `timeoutMs`, with the end of its log). Ports are picked free and then released, so another
 * process (a test beside this one, an outgoing connection) can take one before the node binds
 * it: a node that exits on EADDRINUSE is started again on new ports (`spec` is updated), twice
 * at most.
 */
export async function startNodeProcess(spec: NodeSpec, timeoutMs = 60_000): Promise<NodeProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnNode(spec, timeoutMs);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt === 3) throw err;
      spec.httpPort = await freePort();
      spec.transportPort = await freePort();
    }
  }
}

/** A node that exited because one of its ports was taken. */
class PortTaken extends Error {}

async function spawnNode(spec: NodeSpec, timeoutMs: number): Promise<NodeProcess> {
  const settings: Record<string, string> = {
    'cluster.name': spec.clusterName,
    'node.name': spec.name,
    'path.data': spec.dataPath,
    'http.port': String(spec.httpPort),
    'transport.tcp.port': String(spec.transportPort),
    ...(spec.etcdEndpoint !== '' ? { 'discovery.etcd.endpoints': spec.etcdEndpoint } : {}),
    ...spec.settings,
  };
  const log = openSync(spec.logFile, 'a');
  const args = [...SERVER_NODE_ARGS, join(ROOT, 'dist', 'bin', 'strata.js'), ...Object.entries(settings).flatMap(([k, v]) => ['-E', `${k}=${v}`])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', log, log], env: SERVER_ENV });
  closeSync(log);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  const url = `http://127.0.0.1:${spec.httpPort}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const exited = child.exitCode !== null;
      await stop('SIGKILL');
      const tail = (await readFile(spec.logFile, 'utf8').catch(() => '')).split('\n').slice(-20).join('\n');
      const what = exited ? `exited with code ${child.exitCode}` : `did not answer within ${timeoutMs} ms`;
      const message = `node [${spec.name}] did not start (${what}); the end of ${spec.logFile}:\n${tail}`;
      throw exited && tail.includes('EADDRINUSE') ? new PortTaken(message) : new Error(message);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { spec, url, child, stop };
}

/**
 * Wait until `url` reports `nodes` members and at least `status` health; resolves with the
 * health body, rejects with the last one after `timeoutMs`.
 */
export async function waitForCluster(url: string, nodes: number, status: 'green' | 'yellow', timeoutMs = 60_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/_cluster/health?wait_for_nodes=${nodes}&wait_for_status=${status}&timeout=2s`, { signal: AbortSignal.timeout(5000) });
      last = await res.json();
      if (res.status === 200) return last as Record<string, unknown>;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`cluster at ${url} not ${status} with ${nodes} nodes after ${timeoutMs} ms: ${JSON.stringify(last)}`);
}
