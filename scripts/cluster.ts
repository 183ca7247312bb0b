/**
 * `npm run cluster -- --nodes 3`: a local cluster in one command (issue 13). Starts a private etcd
 * member (data in ./data/etcd, client port 9379) and N Strata nodes in cluster mode, node i on
 * HTTP port 9199+i and transport port 9299+i with its data in ./data/node-i (logs beside it,
 * ./data/node-i.log), waits until every node has joined and every primary is active (green; yellow
 * when indices have replicas, which are not allocated yet), prints where everything
 * is, and on Ctrl-C (or SIGTERM) stops the nodes, then etcd. Data is kept: running it again
 * brings the same cluster back.
 * Options: --nodes N (1..9, default 3), --data DIR (default ./data), --cluster-name NAME.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startEtcdMember } from './cluster/etcd-member.js';
import { startNodeProcess, waitForCluster, type NodeProcess } from './cluster/node-process.js';

interface Options {
  nodes: number;
  data: string;
  clusterName: string;
}

function parse(argv: string[]): Options {
  const out: Options = { nodes: 3, data: resolve('data'), clusterName: 'strata-local' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--nodes' && v !== undefined && /^[1-9]$/.test(v)) (out.nodes = Number(v), i++);
    else if (a === '--data' && v !== undefined) (out.data = resolve(v), i++);
    else if (a === '--cluster-name' && v !== undefined) (out.clusterName = v, i++);
    else throw new Error(`usage: npm run cluster -- [--nodes 1..9] [--data DIR] [--cluster-name NAME] (bad argument [${a}])`);
  }
  return out;
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  const etcdDir = join(opts.data, 'etcd');
  await mkdir(etcdDir, { recursive: true });
  const etcd = await startEtcdMember(etcdDir, { clientPort: 9379, peerPort: 9380 });
  const nodes: NodeProcess[] = [];
  let stopping = false;
  let health: Record<string, unknown> = {};
  const stopAll = async (code: number): Promise<never> => {
    stopping = true;
    process.stdout.write('stopping the nodes and etcd...\n');
    await Promise.all(nodes.map((n) => n.stop('SIGTERM')));
    await etcd.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  try {
    const started = await Promise.all(
      Array.from({ length: opts.nodes }, (_, k) =>
        startNodeProcess({
          name: `node-${k + 1}`,
          clusterName: opts.clusterName,
          etcdEndpoint: etcd.endpoint,
          httpPort: 9200 + k,
          transportPort: 9300 + k,
          dataPath: join(opts.data, `node-${k + 1}`),
          logFile: join(opts.data, `node-${k + 1}.log`),
        }),
      ),
    );
    nodes.push(...started);
    // every primary active: replicas that cannot be placed (more than the nodes allow) keep an
    // index yellow, so waiting for green could never end on such data
    health = await waitForCluster(started[0]!.url, opts.nodes, 'yellow', 120_000);
  } catch (err) {
    process.stderr.write(`cluster did not start: ${(err as Error).message}\n`);
    if (!stopping) await stopAll(1);
  }
  const lines = [
    `cluster [${opts.clusterName}] is ${String(health.status)} with ${opts.nodes} node(s)`,
    `  etcd    ${etcd.endpoint}  data ${etcdDir}`,
    ...nodes.map((n) => `  ${n.spec.name}  ${n.url}  transport 127.0.0.1:${n.spec.transportPort}  data ${n.spec.dataPath}  log ${n.spec.logFile}`),
    'try: curl localhost:9200/_cat/nodes?v    Ctrl-C stops everything',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  // a node that dies is reported (the others keep serving)
  for (const n of nodes) n.child.once('exit', (code, signal) => !stopping && process.stderr.write(`${n.spec.name} exited (${signal ?? code}); see ${n.spec.logFile}\n`));
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
