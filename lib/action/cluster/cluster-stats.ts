/**
 * `GET /_cluster/stats` (ES 5.6 `TransportClusterStatsAction`, `ClusterStatsResponse`): every
 * selected member reports its own part (`cluster:stats/node`: its roles, OS, process, V8 where ES
 * reports the JVM, file system, and the figures of each shard copy it holds), and this node sums
 * them: index figures over every copy (documents over primaries only, as ES), shard counts with
 * per-index min/max/avg, node counts by role, versions and machine figures.
 */
import os from 'node:os';
import v8 from 'node:v8';
import type { NodeContext } from '../context.js';
import { clusterHealth, nodeCounts } from '../../cluster/health.js';
import { localCopyStats, renderCopySums } from '../indices/index-stats.js';
import type { ShardStats } from '../../messages/shard-maintenance.js';
import { NODE_VERSION } from '../nodes/node-identity.js';
import { fileSystemSpace, openFileDescriptors, threadCount } from '../nodes/os-probe.js';
import { askNodes, nodesHeader } from '../nodes/nodes-fanout.js';
import { ByteSizeValue } from '../../units/byte-size-value.js';
import { JsonDouble } from '../../units/java-number.js';

type Json = Record<string, unknown>;

/** The transport action answering a member's `_cluster/stats` with this node's part. */
export const CLUSTER_STATS_NODE_ACTION = 'cluster:stats/node';

/** One node's part of `_cluster/stats` (ES `ClusterStatsNodeResponse`), plain data. */
export interface ClusterStatsNodePart {
  roles: { master: boolean; data: boolean; ingest: boolean };
  /** The address ES dedupes hardware figures (fs) by. */
  host: string;
  version: string;
  os: { processors: number; name: string; memTotal: number; memFree: number };
  process: { cpuPercent: number; openFds: number };
  jvm: { uptimeMs: number; nodeVersion: string; v8Version: string; heapUsed: number; heapMax: number; threads: number };
  fs: { total: number; free: number; available: number };
  copies: Array<{ index: string; shard: number; primary: boolean; stats: ShardStats }>;
}

/** This node's part: its own figures and the started copies it holds. */
export async function clusterStatsNodePart(ctx: NodeContext): Promise<ClusterStatsNodePart> {
  const heap = v8.getHeapStatistics();
  const fs = await fileSystemSpace(ctx.dataPath);
  const copies: ClusterStatsNodePart['copies'] = [];
  for (const index of Object.keys(ctx.cluster.state().indices).sort()) {
    // ES's ClusterStatsNodes CommonStats flags include completion
    for (const c of await localCopyStats(ctx, index, { completion: true })) copies.push({ index, ...c });
  }
  return {
    roles: { master: ctx.settings['node.master'] !== 'false', data: ctx.settings['node.data'] !== 'false', ingest: true },
    host: ctx.transportAddress.host,
    version: NODE_VERSION,
    os: { processors: os.availableParallelism(), name: os.type(), memTotal: os.totalmem(), memFree: os.freemem() },
    process: { cpuPercent: ctx.runtime.cpu.processPercent(), openFds: openFileDescriptors() },
    jvm: {
      uptimeMs: Date.now() - ctx.startedAt, nodeVersion: process.versions.node, v8Version: process.versions.v8,
      heapUsed: heap.used_heap_size, heapMax: heap.heap_size_limit, threads: threadCount(),
    },
    fs,
    copies,
  };
}

function minMaxAvg(values: number[], double = false): Json {
  const wrap = (n: number): unknown => (double ? new JsonDouble(n) : n);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const avg = values.reduce((a, b) => a + b, 0) / values.length;
  return { min: wrap(min), max: wrap(max), avg: new JsonDouble(avg) };
}

/** ES `ClusterStatsIndices`: shard counts per index over the reported copies; empty when none. */
function indicesPart(parts: readonly ClusterStatsNodePart[], human: boolean): Json {
  const perIndex = new Map<string, { total: number; primaries: number }>();
  const primaries: ShardStats[] = [];
  const all: ShardStats[] = [];
  for (const p of parts) {
    for (const c of p.copies) {
      const counts = perIndex.get(c.index) ?? { total: 0, primaries: 0 };
      perIndex.set(c.index, counts);
      counts.total++;
      all.push(c.stats);
      if (c.primary) {
        counts.primaries++;
        primaries.push(c.stats);
      }
    }
  }
  const counts = [...perIndex.values()];
  let shards: Json = {};
  if (counts.length > 0) {
    const total = counts.reduce((a, c) => a + c.total, 0);
    const prim = counts.reduce((a, c) => a + c.primaries, 0);
    const repl = counts.map((c) => (c.primaries === 0 ? 0 : (c.total - c.primaries) / c.primaries));
    shards = {
      total,
      primaries: prim,
      replication: new JsonDouble(prim === 0 ? 0 : (total - prim) / prim),
      index: { shards: minMaxAvg(counts.map((c) => c.total)), primaries: minMaxAvg(counts.map((c) => c.primaries)), replication: minMaxAvg(repl, true) },
    };
  }
  const docs = renderCopySums(primaries, new Set(['docs']), human);
  const rest = renderCopySums(all, new Set(['store', 'fielddata', 'query_cache', 'completion', 'segments']), human);
  return { count: perIndex.size, shards, ...docs, ...rest };
}

function bytes(human: boolean, name: string, n: number): Json {
  return human ? { [name]: new ByteSizeValue(n).toString(), [`${name}_in_bytes`]: n } : { [`${name}_in_bytes`]: n };
}

function sum(parts: readonly ClusterStatsNodePart[], f: (p: ClusterStatsNodePart) => number): number {
  return parts.reduce((a, p) => a + f(p), 0);
}

/** ES `ClusterStatsNodes` over the nodes that answered. */
function nodesPart(parts: readonly ClusterStatsNodePart[], human: boolean): Json {
  const count = {
    total: parts.length,
    data: parts.filter((p) => p.roles.data).length,
    coordinating_only: parts.filter((p) => !p.roles.data && !p.roles.master && !p.roles.ingest).length,
    master: parts.filter((p) => p.roles.master).length,
    ingest: parts.filter((p) => p.roles.ingest).length,
  };
  if (parts.length === 0) return { count, versions: [] };
  const countBy = (key: (p: ClusterStatsNodePart) => string): Map<string, { first: ClusterStatsNodePart; count: number }> => {
    const m = new Map<string, { first: ClusterStatsNodePart; count: number }>();
    for (const p of parts) {
      const e = m.get(key(p));
      if (e) e.count++;
      else m.set(key(p), { first: p, count: 1 });
    }
    return m;
  };
  const total = sum(parts, (p) => p.os.memTotal);
  const free = sum(parts, (p) => p.os.memFree);
  const fds = parts.map((p) => p.process.openFds);
  // the file system is counted once per machine (ES dedupes by the publish address)
  const machines = [...countBy((p) => p.host).values()].map((e) => e.first);
  return {
    count,
    versions: [...new Set(parts.map((p) => p.version))],
    os: {
      available_processors: sum(parts, (p) => p.os.processors),
      allocated_processors: sum(parts, (p) => p.os.processors),
      names: [...countBy((p) => p.os.name)].map(([name, e]) => ({ name, count: e.count })),
      mem: {
        ...bytes(human, 'total', total), ...bytes(human, 'free', free), ...bytes(human, 'used', total - free),
        free_percent: total > 0 ? Math.round((free / total) * 100) : 0, used_percent: total > 0 ? Math.round(((total - free) / total) * 100) : 0,
      },
    },
    process: {
      cpu: { percent: sum(parts, (p) => p.process.cpuPercent) },
      open_file_descriptors: { min: Math.min(...fds), max: Math.max(...fds), avg: Math.trunc(fds.reduce((a, b) => a + b, 0) / fds.length) },
    },
    jvm: {
      max_uptime_in_millis: Math.max(...parts.map((p) => p.jvm.uptimeMs)),
      versions: [...countBy((p) => `${p.jvm.nodeVersion} ${p.jvm.v8Version}`).values()].map(({ first, count: n }) => ({
        version: first.jvm.nodeVersion, vm_name: 'V8', vm_version: first.jvm.v8Version, vm_vendor: 'Node.js', count: n,
      })),
      mem: { ...bytes(human, 'heap_used', sum(parts, (p) => p.jvm.heapUsed)), ...bytes(human, 'heap_max', sum(parts, (p) => p.jvm.heapMax)) },
      threads: sum(parts, (p) => p.jvm.threads),
    },
    fs: {
      ...bytes(human, 'total', sum(machines, (p) => p.fs.total)),
      ...bytes(human, 'free', sum(machines, (p) => p.fs.free)),
      ...bytes(human, 'available', sum(machines, (p) => p.fs.available)),
    },
    plugins: [],
    // the transport is Strata's own framing over TCP (none on a single node); HTTP is Node's server
    network_types: { transport_types: {}, http_types: { strata: parts.length } },
  };
}

/** The `_cluster/stats` body; `nodeIds` restricts the nodes asked, as `/_cluster/stats/nodes/{id}` does. */
export async function clusterStats(ctx: NodeContext, nodeIds: string[], human: boolean): Promise<Json> {
  const state = ctx.cluster.state();
  const r = await askNodes(ctx, nodeIds, CLUSTER_STATS_NODE_ACTION, {}, () => clusterStatsNodePart(ctx));
  const parts = r.answers.map((a) => a.value);
  const health = clusterHealth(state, Object.keys(state.indices), nodeCounts(state).dataNodes, false, ctx.indices);
  return {
    _nodes: nodesHeader(r),
    cluster_name: ctx.clusterName,
    timestamp: Date.now(),
    status: health.status,
    indices: indicesPart(parts, human),
    nodes: nodesPart(parts, human),
  };
}
