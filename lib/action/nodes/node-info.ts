/**
 * `GET /_nodes[/{node_id}][/{metric}]` (ES 5.6 `TransportNodesInfoAction` + `NodeInfo`): the
 * mostly static description of this node, section by section, with every value read from this
 * Node.js process. Where ES describes the JVM, Strata describes V8 (heap limits, GC kinds,
 * `execArgv`); see docs/nodes.md.
 */
import os from 'node:os';
import v8 from 'node:v8';
import type { NodeContext } from '../context.js';
import { renderSettings } from '../../cluster/settings.js';
import { PROCESSOR_TYPES } from '../../ingest/pipeline.js';
import { NODE_BUILD_HASH, NODE_VERSION, formatAddress, nodeHeader } from './node-identity.js';
import { threadPoolInfoJson } from './thread-pools.js';
import { askNodes, nodesHeader } from './nodes-fanout.js';
import { ByteSizeValue } from '../../units/byte-size-value.js';

/** ES 5.6 `RestNodesInfoAction.ALLOWED_METRICS`. */
export const NODE_INFO_METRICS: readonly string[] = [
  'http', 'ingest', 'indices', 'jvm', 'os', 'plugins', 'process', 'settings', 'thread_pool', 'transport',
];

/** ES `http.max_content_length` default; the HTTP server refuses larger bodies. */
const MAX_CONTENT_LENGTH = 100 * 1024 * 1024;

/** The node-level modules Strata has built in, as ES 5.6 lists its modules (`PluginInfo`). */
const MODULES: ReadonlyArray<{ name: string; description: string; classname: string }> = [
  { name: 'ingest-common', description: 'Ingest processors (append, convert, date, grok, set, ...) run by pipelines', classname: 'lib/ingest' },
  { name: 'lang-expression', description: 'Lucene expressions as a script language', classname: 'lib/script/expression' },
  { name: 'lang-mustache', description: 'Mustache templates for search templates', classname: 'lib/mustache' },
  { name: 'lang-painless', description: 'An easy, safe and fast scripting language', classname: 'lib/script/painless' },
];

/** Settings as the node reports them: those it was started with plus what ES always adds. */
export function nodeSettings(ctx: NodeContext): Record<string, string> {
  return {
    ...ctx.settings,
    'client.type': 'node',
    'cluster.name': ctx.clusterName,
    'node.name': ctx.nodeName,
    'path.data': ctx.dataPath,
    'http.type': 'strata',
  };
}

function pluginJson(p: { name: string; description: string; classname: string }): Record<string, unknown> {
  return { name: p.name, version: NODE_VERSION, description: p.description, classname: p.classname, has_native_controller: false };
}

/** Options of a nodes info request. */
export interface NodesInfoRequest {
  nodeIds: string[];
  /** The metric sections; `_all` (alone) selects every section. */
  metrics: Set<string>;
  flatSettings: boolean;
  human: boolean;
}

function section(ctx: NodeContext, metric: string, req: NodesInfoRequest): unknown {
  const human = (bytes: number, name: string): Record<string, unknown> =>
    req.human ? { [name]: new ByteSizeValue(bytes).toString(), [`${name}_in_bytes`]: bytes } : { [`${name}_in_bytes`]: bytes };
  const cpus = os.availableParallelism();
  switch (metric) {
    case 'settings':
      return renderSettings(nodeSettings(ctx), req.flatSettings);
    case 'os':
      return {
        refresh_interval_in_millis: 1000,
        name: os.type(),
        arch: os.arch(),
        version: os.release(),
        available_processors: cpus,
        allocated_processors: cpus,
      };
    case 'process':
      return { refresh_interval_in_millis: 1000, id: process.pid, mlockall: false };
    case 'jvm': {
      const heap = v8.getHeapStatistics();
      return {
        pid: process.pid,
        version: process.versions.node,
        vm_name: 'V8',
        vm_version: process.versions.v8,
        vm_vendor: 'Node.js',
        start_time_in_millis: Math.round(performance.timeOrigin),
        mem: {
          ...human(ctx.runtime.heapInitBytes, 'heap_init'),
          ...human(heap.heap_size_limit, 'heap_max'),
          ...human(0, 'non_heap_init'),
          ...human(0, 'non_heap_max'),
          ...human(0, 'direct_max'),
        },
        gc_collectors: ['Scavenge', 'MarkSweepCompact'],
        memory_pools: v8.getHeapSpaceStatistics().map((s) => s.space_name),
        using_compressed_ordinary_object_pointers: 'unknown',
        input_arguments: [...process.execArgv],
      };
    }
    case 'thread_pool':
      return threadPoolInfoJson();
    case 'transport': {
      const t = formatAddress(ctx.transportAddress);
      return { bound_address: [t], publish_address: t, profiles: {} };
    }
    case 'http': {
      const h = formatAddress(ctx.httpAddress);
      return { bound_address: [h], publish_address: h, ...human(MAX_CONTENT_LENGTH, 'max_content_length') };
    }
    case 'plugins':
      return [];
    case 'ingest':
      return { processors: PROCESSOR_TYPES.map((type) => ({ type })) };
    default:
      return undefined;
  }
}

/** The order ES 5.6 `NodeInfo#toXContent` writes the sections in. */
const SECTION_ORDER = ['settings', 'os', 'process', 'jvm', 'thread_pool', 'transport', 'http', 'plugins', 'ingest'];

/**
 * `total_indexing_buffer`: the node's indexing buffer budget (`indices.memory.index_buffer_size`,
 * lib/indices/indexing-memory.ts). ES 5.6 writes it with `byteSizeField("total_indexing_buffer",
 * "total_indexing_buffer_in_bytes", ...)`: the bytes under `total_indexing_buffer`, and with
 * `human` the readable size first under `total_indexing_buffer_in_bytes` (the names the other way
 * round from every other byte field; a 5.2 node printed `"total_indexing_buffer_in_bytes" :
 * "203.1mb", "total_indexing_buffer" : 213005107`). Left out when the node has no budget, as ES
 * leaves it out when a node does not report it.
 */
function totalIndexingBuffer(ctx: NodeContext, req: NodesInfoRequest): Record<string, unknown> {
  const budget = ctx.indices.indexingMemory?.budgetBytes;
  if (budget === undefined) return {};
  return req.human ? { total_indexing_buffer_in_bytes: new ByteSizeValue(budget).toString(), total_indexing_buffer: budget } : { total_indexing_buffer: budget };
}

/** This node's entry of a `_nodes` response. */
export function localNodeInfo(ctx: NodeContext, req: NodesInfoRequest): Record<string, unknown> {
  const all = req.metrics.size === 1 && req.metrics.has('_all');
  const entry = nodeHeader(ctx, 'info', { version: NODE_VERSION, build_hash: NODE_BUILD_HASH, ...totalIndexingBuffer(ctx, req) });
  for (const metric of SECTION_ORDER) {
    if (!all && !req.metrics.has(metric)) continue;
    entry[metric] = section(ctx, metric, req);
    // ES writes `modules` right after `plugins`
    if (metric === 'plugins') entry.modules = MODULES.map(pluginJson);
  }
  return entry;
}

/** The transport action answering another member's `_nodes` with this node's entry. */
export const NODES_INFO_ACTION = 'nodes:info';

/** A nodes info request as a plain value (the metrics set as a list), and back. */
export function nodesInfoMessage(req: NodesInfoRequest): Record<string, unknown> {
  return { nodeIds: req.nodeIds, metrics: [...req.metrics], flatSettings: req.flatSettings, human: req.human };
}

export function nodesInfoRequestOf(m: unknown): NodesInfoRequest {
  const o = m as { nodeIds: string[]; metrics: string[]; flatSettings: boolean; human: boolean };
  return { nodeIds: o.nodeIds, metrics: new Set(o.metrics), flatSettings: o.flatSettings, human: o.human };
}

/**
 * The full `_nodes` response body: this node's entry, and in cluster mode every other selected
 * member's, asked over the transport (a member that does not answer counts as failed).
 */
export async function nodesInfo(ctx: NodeContext, req: NodesInfoRequest): Promise<Record<string, unknown>> {
  const r = await askNodes(ctx, req.nodeIds, NODES_INFO_ACTION, nodesInfoMessage(req), async () => localNodeInfo(ctx, req));
  const nodes: Record<string, unknown> = {};
  for (const { member, value } of r.answers) nodes[member.id] = value;
  return { _nodes: nodesHeader(r), cluster_name: ctx.clusterName, nodes };
}
