/**
 * A private single-member etcd for `npm run cluster` and the cluster tests: finds the `etcd`
 * binary (PATH, then /usr/bin/etcd; as root on Debian it installs `etcd-server` with apt-get
 * when missing, as .ci/run does), starts it on free loopback ports with its data in a
 * directory of its own, and waits until it reports healthy. Never skips: no etcd is an error
 * that says what to install.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './ports.js';

export interface EtcdMember {
  /** The client URL (`discovery.etcd.endpoints`). */
  endpoint: string;
  dataDir: string;
  /** Stop the member (SIGTERM, then SIGKILL after 5 s) and wait for it to exit. */
  stop(): Promise<void>;
}

function onPath(name: string): string | undefined {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const p = r.stdout.trim();
  return r.status === 0 && p !== '' ? p : undefined;
}

/** The etcd binary, installed from Debian's `etcd-server` when missing and we are root. */
export function findEtcd(): string {
  const found = onPath('etcd') ?? (existsSync('/usr/bin/etcd') ? '/usr/bin/etcd' : undefined);
  if (found) return found;
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    let r = spawnSync('apt-get', ['install', '-y', 'etcd-server'], { stdio: 'inherit', env });
    if (r.status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
      r = spawnSync('apt-get', ['install', '-y', 'etcd-server'], { stdio: 'inherit', env });
    }
    const after = onPath('etcd') ?? (existsSync('/usr/bin/etcd') ? '/usr/bin/etcd' : undefined);
    if (after) return after;
  }
  throw new Error('etcd not found: install Debian\'s etcd-server (`apt-get install -y etcd-server`, as root) or put etcd 3 on the PATH');
}

async function healthy(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { health?: string };
    return body.health === 'true';
  } catch {
    return false;
  }
}

/** Start a one-member etcd with its data (and log, `etcd.log`) in `dataDir`; resolves once healthy. */
export async function startEtcdMember(dataDir: string, opts: { timeoutMs?: number; clientPort?: number; peerPort?: number } = {}): Promise<EtcdMember> {
  const bin = findEtcd();
  // fixed ports for a member whose data is kept between runs (its peer URL is stored with it)
  const client = opts.clientPort ?? (await freePort());
  const peer = opts.peerPort ?? (await freePort());
  const endpoint = `http://127.0.0.1:${client}`;
  const peerUrl = `http://127.0.0.1:${peer}`;
  const log = openSync(join(dataDir, 'etcd.log'), 'a');
  const child: ChildProcess = spawn(
    bin,
    [
      '--name', 'strata', '--data-dir', join(dataDir, 'member'),
      '--listen-client-urls', endpoint, '--advertise-client-urls', endpoint,
      '--listen-peer-urls', peerUrl, '--initial-advertise-peer-urls', peerUrl,
      '--initial-cluster', `strata=${peerUrl}`, '--initial-cluster-state', 'new',
    ],
    { stdio: ['ignore', log, log], env: { ...process.env, ETCD_UNSUPPORTED_ARCH: process.env.ETCD_UNSUPPORTED_ARCH ?? '' } },
  );
  closeSync(log);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(t);
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  while (!(await healthy(endpoint))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`etcd (${bin}) did not become healthy on ${endpoint}; see ${join(dataDir, 'etcd.log')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { endpoint, dataDir, stop };
}
