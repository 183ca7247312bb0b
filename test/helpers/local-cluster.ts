/**
 * A local cluster for one test: its own etcd member and `count` node processes over a temporary
 * directory, started (the test waits for the health it needs), all stopped (kill -9) and removed when the test ends.
 * `nodes` is the live list: a test that restarts a node puts the new process in its place, so the
 * teardown stops that one.
 */
import type { ExecutionContext } from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEtcdMember, type EtcdMember } from '../../scripts/cluster/etcd-member.js';
import { localNodeSpecs, startNodeProcess, type NodeProcess } from '../../scripts/cluster/node-process.js';

export interface LocalCluster {
  dir: string;
  etcd: EtcdMember;
  specs: Awaited<ReturnType<typeof localNodeSpecs>>;
  nodes: NodeProcess[];
  /** When the node processes were spawned (epoch ms). */
  startedAt: number;
}

/** Start etcd and `count` nodes named after `name`; `onTeardown` runs first when the test ends; `settings`: the nodes' `-E` settings. */
export async function startLocalCluster(t: ExecutionContext, name: string, count = 3, onTeardown?: () => void, settings?: Record<string, string>): Promise<LocalCluster> {
  const dir = await mkdtemp(join(tmpdir(), `strata-${name}-`));
  let etcd: EtcdMember | undefined;
  const nodes: NodeProcess[] = [];
  t.teardown(async () => {
    onTeardown?.();
    await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
    await etcd?.stop();
    await rm(dir, { recursive: true, force: true });
  });
  etcd = await startEtcdMember(dir);
  const specs = await localNodeSpecs(dir, etcd.endpoint, name, count, settings);
  const startedAt = Date.now();
  nodes.push(...(await Promise.all(specs.map((s) => startNodeProcess(s)))));
  return { dir, etcd, specs, nodes, startedAt };
}

/** Probe every `everyMs` until it answers; `last` says what was seen last when it never does. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, last?: () => unknown, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what} (last seen ${JSON.stringify(last?.())})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
