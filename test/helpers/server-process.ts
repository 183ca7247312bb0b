/**
 * A Strata server in its own process (bin/strata.js) on a free loopback port, for tests that
 * SIGKILL it and restart it on the same data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT, request } from './node.js';

export { freePort } from '../../scripts/cluster/ports.js';

/** Start the server on `dataPath` (with extra `-E` settings) and resolve once it answers HTTP. */
export async function startServer(dataPath: string, port: number, settings: Record<string, string> = {}): Promise<ChildProcess> {
  const extra = Object.entries(settings).flatMap(([k, v]) => ['-E', `${k}=${v}`]);
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'bin', 'strata.js'), '-E', `http.port=${port}`, '-E', `path.data=${dataPath}`, '-E', 'logger.level=fatal', ...extra], {
    stdio: 'ignore',
  });
  // Up to 30 s: a loaded machine (the full suite under c8) starts processes slowly.
  for (let i = 0; i < 600; i++) {
    try {
      await request(`http://127.0.0.1:${port}`, 'GET', '/');
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  // Never leave the process behind: it would keep the test worker (and the suite) alive.
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Send `signal` and wait for the process to exit. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
