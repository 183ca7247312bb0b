/**
 * `GET /_nodes/stats` (ES 5.6 `TransportNodesStatsAction` + `NodeStats`): this node's live
 * figures, section by section, all read from this Node.js process and its machine. The `jvm`
 * section describes V8 (heap, GC by generation, threads of the process); see docs/nodes.md.
 */
import os from 'node:os';
import v8 from 'node:v8';
import type { NodeContext } from '../context.js';
import { nodeIndicesStats } from '../indices/index-stats.js';
import { nodeHeader } from './node-identity.js';
import { askNodes, nodesHeader, type NodesAnswers } from './nodes-fanout.js';
import { threadPoolStatsJson } from './thread-pools.js';
import { ingestCounterJson } from './ingest-counters.js';
import { fileSystemSpace, maxFileDescriptors, mountOf, openFileDescriptors, swapBytes, threadCount, virtualMemoryBytes } from './os-probe.js';
import { ByteSizeValue } from '../../units/byte-size-value.js';
import { TimeValue } from '../../units/time-value.js';
import { JsonDouble } from '../../units/java-number.js';

/** ES 5.6 `RestNodesStatsAction` metrics (`breaker` renders as `breakers`). */
export const NODE_STATS_METRICS: readonly string[] = [
  'os', 'jvm', 'thread_pool', 'fs', 'transport', 'http', 'indices', 'process', 'breaker', 'script', 'discovery', 'ingest',
];

/** Options of a nodes stats request. */
export interface NodesStatsRequest {
  nodeIds: string[];
  metrics: Set<string>;
  /** Index metrics for the `indices` section. */
  indexMetrics: Set<string>;
  /** `node`, `indices` or `shards`. */
  level: string;
  human: boolean;
}

type Json = Record<string, unknown>;

function bytes(human: boolean, name: string, n: number): Json {
  return human ? { [name]: new ByteSizeValue(n).toString(), [`${name}_in_bytes`]: n } : { [`${name}_in_bytes`]: n };
}

function millis(human: boolean, name: string, ms: number): Json {
  return human ? { [name]: new TimeValue(ms).toString(), [`${name}_in_millis`]: ms } : { [`${name}_in_millis`]: ms };
}

function percent(part: number, total: number): number {
  return total <= 0 ? 0 : Math.round((part / total) * 100);
}

function osStats(ctx: NodeContext, h: boolean, now: number): Json {
  const total = os.totalmem();
  const free = os.freemem();
  const swap = swapBytes();
  const [l1, l5, l15] = os.loadavg();
  return {
    timestamp: now,
    cpu: { percent: ctx.runtime.cpu.systemPercent(), load_average: { '1m': l1 ?? 0, '5m': l5 ?? 0, '15m': l15 ?? 0 } },
    mem: {
      ...bytes(h, 'total', total), ...bytes(h, 'free', free), ...bytes(h, 'used', total - free),
      free_percent: percent(free, total), used_percent: percent(total - free, total),
    },
    swap: { ...bytes(h, 'total', swap.total), ...bytes(h, 'free', swap.free), ...bytes(h, 'used', swap.total - swap.free) },
  };
}

function processStats(ctx: NodeContext, h: boolean, now: number): Json {
  const cpu = process.cpuUsage();
  return {
    timestamp: now,
    open_file_descriptors: openFileDescriptors(),
    max_file_descriptors: maxFileDescriptors(),
    cpu: { percent: ctx.runtime.cpu.processPercent(), ...millis(h, 'total', Math.round((cpu.user + cpu.system) / 1000)) },
    mem: bytes(h, 'total_virtual', virtualMemoryBytes()),
  };
}

function jvmStats(ctx: NodeContext, h: boolean, now: number): Json {
  const heap = v8.getHeapStatistics();
  const mem = process.memoryUsage();
  const threads = threadCount();
  ctx.runtime.peakThreads = Math.max(ctx.runtime.peakThreads, threads);
  const pools: Json = {};
  for (const s of v8.getHeapSpaceStatistics()) {
    pools[s.space_name] = {
      ...bytes(h, 'used', s.space_used_size), ...bytes(h, 'max', s.space_size),
      ...bytes(h, 'peak_used', s.space_used_size), ...bytes(h, 'peak_max', s.space_size),
    };
  }
  const gc = ctx.runtime.gc;
  return {
    timestamp: now,
    ...millis(h, 'uptime', now - ctx.startedAt),
    mem: {
      ...bytes(h, 'heap_used', heap.used_heap_size),
      heap_used_percent: percent(heap.used_heap_size, heap.heap_size_limit),
      ...bytes(h, 'heap_committed', heap.total_heap_size),
      ...bytes(h, 'heap_max', heap.heap_size_limit),
      ...bytes(h, 'non_heap_used', mem.external),
      ...bytes(h, 'non_heap_committed', mem.external),
      pools,
    },
    threads: { count: threads, peak_count: ctx.runtime.peakThreads },
    gc: {
      collectors: {
        young: { collection_count: gc.young.count, ...millis(h, 'collection_time', Math.round(gc.young.timeMillis)) },
        old: { collection_count: gc.old.count, ...millis(h, 'collection_time', Math.round(gc.old.timeMillis)) },
      },
    },
    buffer_pools: {
      direct: { count: 0, ...bytes(h, 'used', mem.arrayBuffers), ...bytes(h, 'total_capacity', mem.arrayBuffers) },
    },
    classes: { current_loaded_count: 0, total_loaded_count: 0, total_unloaded_count: 0 },
  };
}

async function fsStats(ctx: NodeContext, h: boolean, now: number): Promise<Json> {
  const space = await fileSystemSpace(ctx.dataPath);
  const mount = mountOf(ctx.dataPath);
  const sizes = (s: typeof space): Json => ({ ...bytes(h, 'total', s.total), ...bytes(h, 'free', s.free), ...bytes(h, 'available', s.available) });
  return {
    timestamp: now,
    total: sizes(space),
    data: [{ path: ctx.dataPath, mount: mount.mount, type: mount.type, ...sizes(space) }],
  };
}

/**
 * Circuit breakers as ES 5.6 names them (`CircuitBreakerStats` always writes the readable sizes
 * too). Strata has no breakers yet: no limit (-1), nothing estimated, never tripped.
 */
function breakerStats(): Json {
  const out: Json = {};
  for (const name of ['request', 'fielddata', 'in_flight_requests', 'parent']) {
    out[name] = { limit_size_in_bytes: -1, limit_size: '-1b', estimated_size_in_bytes: 0, estimated_size: '0b', overhead: new JsonDouble(1), tripped: 0 };
  }
  return out;
}

async function section(ctx: NodeContext, metric: string, req: NodesStatsRequest, now: number): Promise<[string, unknown] | undefined> {
  const h = req.human;
  switch (metric) {
    case 'indices':
      return ['indices', await nodeIndicesStats(ctx, req.indexMetrics, req.level, h)];
    case 'os':
      return ['os', osStats(ctx, h, now)];
    case 'process':
      return ['process', processStats(ctx, h, now)];
    case 'jvm':
      return ['jvm', jvmStats(ctx, h, now)];
    case 'thread_pool':
      return ['thread_pool', threadPoolStatsJson()];
    case 'fs':
      return ['fs', await fsStats(ctx, h, now)];
    case 'transport':
      // no transport is bound yet: one node talks to itself in process
      return ['transport', { server_open: 0, rx_count: 0, ...bytes(h, 'rx_size', 0), tx_count: 0, ...bytes(h, 'tx_size', 0) }];
    case 'http': {
      const s = ctx.runtime.http();
      return ['http', { current_open: s.currentOpen, total_opened: s.totalOpened }];
    }
    case 'breaker':
      return ['breakers', breakerStats()];
    case 'script':
      return ['script', { compilations: ctx.scripts.compilations, cache_evictions: ctx.scripts.cacheEvictions }];
    case 'discovery':
      return ['discovery', { cluster_state_queue: { total: 0, pending: 0, committed: 0 } }];
    case 'ingest': {
      const ing = ctx.runtime.ingest;
      const pipelines: Json = Object.create(null);
      for (const [id, c] of ing.pipelines) pipelines[id] = ingestCounterJson(c);
      return ['ingest', { total: ingestCounterJson(ing.total), pipelines }];
    }
    default:
      return undefined;
  }
}

/** The order ES 5.6 `NodeStats#toXContent` writes the sections in. */
const SECTION_ORDER = ['indices', 'os', 'process', 'jvm', 'thread_pool', 'fs', 'transport', 'http', 'breaker', 'script', 'discovery', 'ingest'];

/** This node's entry of a `_nodes/stats` response. */
export async function localNodeStats(ctx: NodeContext, req: NodesStatsRequest): Promise<Json> {
  const now = Date.now();
  const entry: Json = { timestamp: now, ...nodeHeader(ctx, 'stats') };
  for (const metric of SECTION_ORDER) {
    if (!req.metrics.has(metric)) continue;
    const s = await section(ctx, metric, req, now);
    if (s) entry[s[0]] = s[1];
  }
  return entry;
}

/** The transport action answering another member's `_nodes/stats` with this node's entry. */
export const NODES_STATS_ACTION = 'nodes:stats';

/** A nodes stats request as a plain value (sets as lists), and back. */
export function nodesStatsMessage(req: NodesStatsRequest): Record<string, unknown> {
  return { nodeIds: req.nodeIds, metrics: [...req.metrics], indexMetrics: [...req.indexMetrics], level: req.level, human: req.human };
}

export function nodesStatsRequestOf(m: unknown): NodesStatsRequest {
  const o = m as { nodeIds: string[]; metrics: string[]; indexMetrics: string[]; level: string; human: boolean };
  return { nodeIds: o.nodeIds, metrics: new Set(o.metrics), indexMetrics: new Set(o.indexMetrics), level: o.level, human: o.human };
}

/** Every selected member's stats entry, by member (failed members in `failures`). */
export function askNodesStats(ctx: NodeContext, req: NodesStatsRequest): Promise<NodesAnswers<Json>> {
  return askNodes(ctx, req.nodeIds, NODES_STATS_ACTION, nodesStatsMessage(req), () => localNodeStats(ctx, req));
}

/**
 * The full `_nodes/stats` response body: every selected member's own figures, asked over the
 * transport in cluster mode (ES `TransportNodesStatsAction`); a member that does not answer is
 * counted in `_nodes.failed` and described in `_nodes.failures`.
 */
export async function nodesStats(ctx: NodeContext, req: NodesStatsRequest): Promise<Json> {
  const r = await askNodesStats(ctx, req);
  const nodes: Json = {};
  for (const { member, value } of r.answers) nodes[member.id] = value;
  return { _nodes: nodesHeader(r), cluster_name: ctx.clusterName, nodes };
}
