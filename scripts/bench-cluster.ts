/**
 * `npm run bench -- --cluster N`: issue 13's speed rows, a single node and an N-node cluster in
 * the same run, each in its own processes on loopback (the cluster over a private etcd member):
 * - indexing: the corpus bulk-loaded by `--clients` (3) concurrent clients into an index of
 *   `--shards` (3) shards, timed up to its flush; no replica on the single node, one replica on
 *   the cluster (each write applied on two nodes), the clients spread over the cluster's nodes.
 *   Issue 13's goal: the cluster at ≥ 0.6× the single node's rate;
 * - search: `--search-clients` (4) clients for `--search-seconds` (10) s each sending the shared
 *   mix's queries (or match queries on a generated corpus) in turn, spread over the nodes:
 *   queries/s and p50/p99 on 1 and on N nodes.
 * The cluster's nodes hold their etcd leases for 10 s (`discovery.etcd.lease_ttl`; 3 by default).
 * `--keep` keeps the data directories and logs. Rounds (`--rounds`, 1) alternate which setup goes first. The load average is printed with
 * every figure: the machine is shared, so only figures of one run compare.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEtcdMember, type EtcdMember } from './cluster/etcd-member.js';
import { localNodeSpecs, startNodeProcess, waitForCluster, type NodeProcess } from './cluster/node-process.js';

export interface ClusterBenchOptions {
  /** The corpus as NDJSON bulk bodies (`{index: {_id}}` and source lines). */
  bodies: readonly string[];
  docs: number;
  type: string;
  mapping: unknown;
  /** Search bodies, sent in turn. */
  queries: ReadonlyArray<Record<string, unknown>>;
  nodes: number;
  shards: number;
  clients: number;
  searchClients: number;
  searchSeconds: number;
  rounds: number;
}

interface Figures {
  docsPerSec: number;
  seconds: number;
  qps: number;
  p50: number;
  p99: number;
  load: string;
}

const load = (): string => loadavg().map((l) => l.toFixed(1)).join(' ');

async function call(url: string, method: string, path: string, body?: string, ndjson = false): Promise<any> {
  const res = await fetch(url + path, {
    method,
    ...(body !== undefined ? { body, headers: { 'content-type': ndjson ? 'application/x-ndjson' : 'application/json' } } : {}),
  });
  const parsed = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(parsed).slice(0, 300)}`);
  return parsed;
}

/** Bulk-load the bodies with `clients` concurrent clients spread over `urls`, up to the flush. */
async function indexPhase(urls: string[], o: ClusterBenchOptions, replicas: number): Promise<{ docsPerSec: number; seconds: number }> {
  await call(urls[0]!, 'PUT', '/bench', JSON.stringify({ settings: { number_of_shards: o.shards, number_of_replicas: replicas }, mappings: { [o.type]: o.mapping } }));
  await call(urls[0]!, 'GET', `/_cluster/health/bench?wait_for_status=green&timeout=60s`);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: o.clients }, async (_, c) => {
      for (let i = next++; i < o.bodies.length; i = next++) {
        const r = await call(urls[(c + i) % urls.length]!, 'POST', `/bench/${o.type}/_bulk`, o.bodies[i], true);
        if (r.errors) throw new Error(`bulk reported errors: ${JSON.stringify(r.items.find((it: unknown) => JSON.stringify(it).includes('"error"')))}`);
      }
    }),
  );
  await call(urls[0]!, 'POST', '/bench/_flush');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await call(urls[0]!, 'POST', '/bench/_refresh');
  const count = (await call(urls[urls.length - 1]!, 'GET', '/bench/_count')).count as number;
  if (count !== o.docs) throw new Error(`indexed ${o.docs} documents, counted ${count}`);
  return { docsPerSec: o.docs / seconds, seconds };
}

/** `searchClients` clients sending the queries in turn to the nodes for `searchSeconds`. */
async function searchPhase(urls: string[], o: ClusterBenchOptions): Promise<{ qps: number; p50: number; p99: number }> {
  // one warm-up pass through the first node
  for (const q of o.queries.slice(0, 50)) await call(urls[0]!, 'POST', '/bench/_search', JSON.stringify(q));
  const latencies: number[] = [];
  const deadline = Date.now() + o.searchSeconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: o.searchClients }, async (_, c) => {
      for (let i = c; Date.now() < deadline; i++) {
        const t0 = process.hrtime.bigint();
        await call(urls[i % urls.length]!, 'POST', '/bench/_search', JSON.stringify(o.queries[(i * 7 + c) % o.queries.length]));
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (p: number): number => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { qps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function measure(urls: string[], o: ClusterBenchOptions, replicas: number): Promise<Figures> {
  const before = load();
  const i = await indexPhase(urls, o, replicas);
  const s = await searchPhase(urls, o);
  return { ...i, ...s, load: `${before} → ${load()}` };
}

async function single(dir: string, o: ClusterBenchOptions): Promise<Figures> {
  await mkdir(join(dir, 'single'));
  const [spec] = await localNodeSpecs(join(dir, 'single'), '', 'bench-single', 1);
  const node = await startNodeProcess(spec!);
  try {
    return await measure([node.url], o, 0);
  } finally {
    await node.stop();
  }
}

async function cluster(dir: string, o: ClusterBenchOptions): Promise<Figures> {
  let etcd: EtcdMember | undefined;
  const nodes: NodeProcess[] = [];
  try {
    etcd = await startEtcdMember(dir);
    await mkdir(join(dir, 'cluster'));
    // a 10 s lease: on a shared 2-core machine at load ~18 a node's keep-alives were seen to miss the default 3 s, and
    // the membership churn that follows (replicas failed, copies recovered) is not what this bench measures
    const specs = await localNodeSpecs(join(dir, 'cluster'), etcd.endpoint, 'bench-cluster', o.nodes, { 'logger.level': 'warn', 'discovery.etcd.lease_ttl': '10' });
    nodes.push(...(await Promise.all(specs.map((s) => startNodeProcess(s)))));
    await waitForCluster(nodes[0]!.url, o.nodes, 'green');
    return await measure(
      nodes.map((n) => n.url),
      o,
      1,
    );
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await etcd?.stop();
  }
}

function line(what: string, f: Figures): string {
  return `${what}: indexing ${Math.round(f.docsPerSec)} docs/s (${f.seconds.toFixed(1)} s); search ${f.qps.toFixed(1)} queries/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms; load average ${f.load}`;
}

/** Run the rounds and print each setup's figures and the ratios. */
export async function clusterBench(o: ClusterBenchOptions): Promise<void> {
  process.stdout.write(
    `cluster bench: ${o.docs} docs in ${o.bodies.length} bulks, ${o.shards} shards, ${o.clients} indexing clients; ${o.searchClients} search clients for ${o.searchSeconds} s, ${o.queries.length} queries; 1 node (0 replicas) vs ${o.nodes} nodes (1 replica)\n`,
  );
  for (let r = 0; r < o.rounds; r++) {
    const dir = await mkdtemp(join(tmpdir(), 'strata-bench-cluster-'));
    try {
      const order = r % 2 === 0 ? (['single', 'cluster'] as const) : (['cluster', 'single'] as const);
      const figures: Partial<Record<'single' | 'cluster', Figures>> = {};
      for (const setup of order) {
        figures[setup] = setup === 'single' ? await single(dir, o) : await cluster(dir, o);
        process.stdout.write(line(setup === 'single' ? `round ${r + 1}, 1 node` : `round ${r + 1}, ${o.nodes} nodes, 1 replica`, figures[setup]!) + '\n');
      }
      const [s, c] = [figures.single!, figures.cluster!];
      process.stdout.write(
        `round ${r + 1}: indexing ${o.nodes} nodes with 1 replica / 1 node = ${(c.docsPerSec / s.docsPerSec).toFixed(2)}× (goal ≥ 0.6×); search ${o.nodes} nodes / 1 node = ${(c.qps / s.qps).toFixed(2)}×\n`,
      );
    } finally {
      if (!process.argv.includes('--keep')) await rm(dir, { recursive: true, force: true });
    }
  }
}
