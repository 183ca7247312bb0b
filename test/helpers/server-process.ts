/**
 * A Strata server in its own process (bin/strata.js) on a free loopback port, for tests that
 * SIGKILL it and restart it on the same data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ROOT, request } from './node.js';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Start the server on `dataPath` (plus node `settings`, as `-E k=v`) and resolve once it answers HTTP. */
export async function startServer(dataPath: string, port: number, settings: Record<string, string> = {}): Promise<ChildProcess> {
  const extra = Object.entries(settings).flatMap(([k, v]) => ['-E', `${k}=${v}`]);
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'bin', 'strata.js'), '-E', `http.port=${port}`, '-E', `path.data=${dataPath}`, '-E', 'logger.level=fatal', ...extra], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    try {
      await request(`http://127.0.0.1:${port}`, 'GET', '/');
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error('server did not start');
}

/** Send `signal` and wait for the process to exit. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
