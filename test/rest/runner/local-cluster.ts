/**
 * Starts a local cluster for the REST YAML runner (`rest-test --cluster N`, the cluster ratchet):
 * a private etcd member and N Strata nodes in their own processes (scripts/cluster/), with the
 * settings ES's REST test cluster has (the same as the single node's, local-node.ts), on free
 * loopback ports and a temporary directory. The tests talk to the elected master; the others hold
 * shards and replicas, so every request that reaches a shard may cross the transport.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from './project-paths.js';
import { startEtcdMember, type EtcdMember } from '../../../scripts/cluster/etcd-member.js';
import { localNodeSpecs, startNodeProcess, waitForCluster, type NodeProcess } from '../../../scripts/cluster/node-process.js';
import type { LocalNode } from './local-node.js';

/** A running local cluster: `url` is the elected master's, `urls` every node's. */
export interface LocalCluster extends LocalNode {
  readonly urls: readonly string[];
}

/** Start `count` nodes over a fresh etcd member; resolves once every node joined and the cluster is green. */
export async function startLocalCluster(count: number): Promise<LocalCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'strata-rest-cluster-'));
  let etcd: EtcdMember | undefined;
  const nodes: NodeProcess[] = [];
  const close = async (): Promise<void> => {
    await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
    await etcd?.stop();
    // investigating a failure: the nodes' logs and data stay (docs/cluster.md)
    if (process.env.STRATA_REST_CLUSTER_KEEP) {
      process.stderr.write(`cluster directory kept: ${dir}\n`);
      return;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    etcd = await startEtcdMember(dir);
    const specs = await localNodeSpecs(dir, etcd.endpoint, 'rest-tests', count, {
      'logger.level': process.env.STRATA_REST_CLUSTER_LOG ?? 'error', // e.g. `info` with STRATA_REST_CLUSTER_KEEP=1
      // a node's etcd lease outlives a loaded machine's pauses: these tests check answers, not failover (test/cluster/*.test.ts do)
      'discovery.etcd.lease_ttl': '10',
      'node.attr.testattr': 'test',
      'path.scripts': join(projectRoot(), 'test', 'rest', 'fixtures', 'scripts'),
      'reindex.remote.whitelist': '127.0.0.1:*',
    });
    nodes.push(...(await Promise.all(specs.map((s) => startNodeProcess(s)))));
    await waitForCluster(nodes[0]!.url, count, 'green');
    // The tests talk to the elected master: some read `nodes.$master` from views that are still
    // this node's own (`_nodes/stats`, the node's tasks), as ES's test cluster answers them.
    const state = (await (await fetch(`${nodes[0]!.url}/_cluster/state/master_node,nodes`)).json()) as { master_node: string; nodes: Record<string, { name: string }> };
    const masterName = state.nodes[state.master_node]?.name;
    const master = nodes.find((n) => n.spec.name === masterName) ?? nodes[0]!;
    return { url: master.url, urls: nodes.map((n) => n.url), close };
  } catch (e) {
    await close();
    throw e;
  }
}
