/**
 * `GET /_cluster/stats` (ES 5.6 `ClusterStatsResponse`): index figures summed over the cluster
 * (shard counts with per-index min/max/avg, docs, store, fielddata, query cache, completion,
 * segments — from the same code as `_stats`) and node figures (counts by role, versions, OS,
 * process, V8 where ES reports the JVM, file system, plugins, network types).
 */
import os from 'node:os';
import v8 from 'node:v8';
import type { NodeContext } from '../context.js';
import { clusterHealth } from '../../cluster/health.js';
import { numberOfShards } from '../../cluster/state.js';
import { nodeIndicesStats } from '../indices/index-stats.js';
import { NODE_VERSION, selectsThisNode } from '../nodes/node-identity.js';
import { fileSystemSpace, openFileDescriptors, threadCount } from '../nodes/os-probe.js';
import { ByteSizeValue } from '../../units/byte-size-value.js';
import { JsonDouble } from '../../units/java-number.js';

type Json = Record<string, unknown>;

function minMaxAvg(values: number[], double = false): Json {
  const wrap = (n: number): unknown => (double ? new JsonDouble(n) : n);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const avg = values.reduce((a, b) => a + b, 0) / values.length;
  return { min: wrap(min), max: wrap(max), avg: new JsonDouble(avg) };
}

/** ES `ClusterStatsIndices.ShardStats`: empty when no index has a started shard. */
function shardStats(ctx: NodeContext): Json {
  const state = ctx.cluster.state();
  const shards: number[] = [];
  const primaries: number[] = [];
  const replication: number[] = [];
  for (const meta of Object.values(state.indices)) {
    if (meta.state !== 'open') continue;
    // one node: only primaries are started, so copies = primaries and replication is 0
    const p = numberOfShards(meta);
    shards.push(p);
    primaries.push(p);
    replication.push(0);
  }
  if (shards.length === 0) return {};
  const total = shards.reduce((a, b) => a + b, 0);
  const prim = primaries.reduce((a, b) => a + b, 0);
  return {
    total,
    primaries: prim,
    replication: new JsonDouble(prim === 0 ? 0 : (total - prim) / prim),
    index: { shards: minMaxAvg(shards), primaries: minMaxAvg(primaries), replication: minMaxAvg(replication, true) },
  };
}

function bytes(human: boolean, name: string, n: number): Json {
  return human ? { [name]: new ByteSizeValue(n).toString(), [`${name}_in_bytes`]: n } : { [`${name}_in_bytes`]: n };
}

/** The `_cluster/stats` body; `nodeIds` restricts the node figures as `/_cluster/stats/nodes/{id}` does. */
export async function clusterStats(ctx: NodeContext, nodeIds: string[], human: boolean): Promise<Json> {
  const state = ctx.cluster.state();
  const selected = selectsThisNode(ctx, nodeIds);
  const health = clusterHealth(state, Object.keys(state.indices), 1, false, ctx.indices);
  const common = selected
    ? await nodeIndicesStats(ctx, new Set(['docs', 'store', 'fielddata', 'query_cache', 'completion', 'segments']), 'node', human)
    : {};
  const count = Object.values(state.indices).filter((m) => m.state === 'open').length;
  const body: Json = {
    _nodes: { total: selected ? 1 : 0, successful: selected ? 1 : 0, failed: 0 },
    cluster_name: ctx.clusterName,
    timestamp: Date.now(),
    status: health.status,
    indices: { count: selected ? count : 0, shards: selected ? shardStats(ctx) : {}, ...common },
  };
  if (!selected) {
    body.nodes = { count: { total: 0, data: 0, coordinating_only: 0, master: 0, ingest: 0 }, versions: [] };
    return body;
  }
  const total = os.totalmem();
  const free = os.freemem();
  const fds = openFileDescriptors();
  const heap = v8.getHeapStatistics();
  const fs = await fileSystemSpace(ctx.dataPath);
  body.nodes = {
    count: { total: 1, data: 1, coordinating_only: 0, master: 1, ingest: 1 },
    versions: [NODE_VERSION],
    os: {
      available_processors: os.availableParallelism(),
      allocated_processors: os.availableParallelism(),
      names: [{ name: os.type(), count: 1 }],
      mem: {
        ...bytes(human, 'total', total), ...bytes(human, 'free', free), ...bytes(human, 'used', total - free),
        free_percent: Math.round((free / total) * 100), used_percent: Math.round(((total - free) / total) * 100),
      },
    },
    process: {
      cpu: { percent: ctx.runtime.cpu.processPercent() },
      open_file_descriptors: { min: fds, max: fds, avg: fds },
    },
    jvm: {
      max_uptime_in_millis: Date.now() - ctx.startedAt,
      versions: [{ version: process.versions.node, vm_name: 'V8', vm_version: process.versions.v8, vm_vendor: 'Node.js', count: 1 }],
      mem: { ...bytes(human, 'heap_used', heap.used_heap_size), ...bytes(human, 'heap_max', heap.heap_size_limit) },
      threads: threadCount(),
    },
    fs: { ...bytes(human, 'total', fs.total), ...bytes(human, 'free', fs.free), ...bytes(human, 'available', fs.available) },
    plugins: [],
    // no transport is bound (one node); HTTP is Node's own server
    network_types: { transport_types: {}, http_types: { strata: 1 } },
  };
  return body;
}
