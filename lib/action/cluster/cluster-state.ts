/**
 * `GET /_cluster/state/{metric}/{index}`: the cluster state rendered as ES 5.6 renders it,
 * restricted to the requested metrics and indices.
 */
import type { NodeContext } from '../context.js';
import { renderSettings } from '../../cluster/settings.js';
import { shardRoutings } from '../../cluster/routing-table.js';
import { indicesOptionsFrom, resolveIndices, STRICT_EXPAND_OPEN_CLOSED } from '../resolve-indices.js';
import { numberOfShards, type IndexMetadata } from '../../cluster/state.js';
import { deflateRawSync } from 'node:zlib';
import { allocationId } from '../../cluster/routing-table.js';
import { clusterMembers, masterNodeId, transportAddressOf } from '../nodes/cluster-members.js';

/**
 * ES 5.6's index blocks (`ClusterBlock` ids and levels of `IndexMetaData`): the `index.blocks.*`
 * settings that are true, and the closed-index block.
 */
const SETTING_BLOCKS: ReadonlyArray<[string, string, string, string[]]> = [
  ['index.blocks.read_only', '5', 'index read-only (api)', ['write', 'metadata_write']],
  ['index.blocks.read', '7', 'index read (api)', ['read']],
  ['index.blocks.write', '8', 'index write (api)', ['write']],
  ['index.blocks.metadata', '9', 'index metadata (api)', ['metadata_read', 'metadata_write']],
];

function indexBlocks(meta: IndexMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (meta.state === 'close') out['4'] = { description: 'index closed', retryable: false, levels: ['read', 'write'] };
  for (const [key, id, description, levels] of SETTING_BLOCKS) {
    if (meta.settings[key] === 'true') out[id] = { description, retryable: false, levels };
  }
  return out;
}

/** The size of the whole cluster state, serialized and deflated (ES `compressed_size_in_bytes`). */
export function compressedStateSize(ctx: NodeContext): number {
  const whole = clusterStateBody(ctx, ['_all'], undefined, false, () => undefined);
  return deflateRawSync(Buffer.from(JSON.stringify(whole), 'utf8')).length;
}

export function clusterStateBody(
  ctx: NodeContext,
  metrics: string[],
  indexExpr: string | undefined,
  flat: boolean,
  param: (n: string) => string | undefined,
): Record<string, unknown> {
  const state = ctx.cluster.state();
  const all = metrics.includes('_all');
  const want = (m: string): boolean => all || metrics.includes(m);
  const indices = indexExpr === undefined ? Object.keys(state.indices).sort() : resolveIndices(state, indexExpr, indicesOptionsFrom(param, STRICT_EXPAND_OPEN_CLOSED));
  const body: Record<string, unknown> = { cluster_name: ctx.clusterName };
  if (want('version')) {
    body.version = state.version;
    body.state_uuid = `${state.clusterUuid.slice(0, 12)}${state.version.toString(36).padStart(10, '0')}`;
  }
  const master = masterNodeId(ctx);
  if (want('master_node') && master !== null) body.master_node = master;
  if (want('blocks')) {
    const blocks: Record<string, unknown> = {};
    for (const name of indices) {
      const b = indexBlocks(state.indices[name]!);
      if (Object.keys(b).length > 0) blocks[name] = b;
    }
    body.blocks = Object.keys(blocks).length > 0 ? { indices: blocks } : {};
  }
  if (want('nodes')) {
    const nodes: Record<string, unknown> = {};
    for (const m of clusterMembers(ctx)) {
      nodes[m.id] = { name: m.name, ephemeral_id: m.id, transport_address: transportAddressOf(m), attributes: m.attributes };
    }
    body.nodes = nodes;
  }
  if (want('metadata')) {
    const metaIndices: Record<string, unknown> = {};
    for (const name of indices) {
      const m = state.indices[name]!;
      const primaryTerms: Record<string, number> = {};
      const inSync: Record<string, string[]> = {};
      for (let s = 0; s < numberOfShards(m); s++) {
        // cluster mode: the routing's term and in-sync ids; a single node's primary is always in sync
        const routed = m.routing?.[s];
        primaryTerms[String(s)] = routed?.primaryTerm ?? 1;
        inSync[String(s)] = routed ? routed.inSync : [allocationId(m.uuid, s)];
      }
      metaIndices[name] = {
        state: m.state,
        settings: renderSettings(m.settings, flat),
        mappings: m.mappings,
        aliases: Object.keys(m.aliases).sort(),
        primary_terms: primaryTerms,
        in_sync_allocations: inSync,
      };
    }
    const templates: Record<string, unknown> = {};
    for (const [name, t] of Object.entries(state.templates)) {
      templates[name] = {
        order: t.order,
        ...(t.version !== undefined ? { version: t.version } : {}),
        template: t.template,
        settings: renderSettings(t.settings, flat),
        mappings: t.mappings,
        aliases: t.aliases,
      };
    }
    body.metadata = {
      cluster_uuid: state.clusterUuid,
      templates,
      indices: metaIndices,
      'index-graveyard': { tombstones: [] },
    };
    // ES 5.6 `ScriptMetaData`: stored scripts and templates as `{lang, code}` by id, when there are any
    const scripts = Object.entries(state.storedScripts);
    if (scripts.length > 0) {
      const stored: Record<string, unknown> = Object.create(null);
      for (const [id, sc] of scripts) stored[id] = { lang: sc.lang, code: sc.source, ...(sc.options && Object.keys(sc.options).length > 0 ? { options: sc.options } : {}) };
      (body.metadata as Record<string, unknown>).stored_scripts = stored;
    }
  }
  if (want('routing_table')) {
    const rt: Record<string, unknown> = {};
    for (const name of indices) {
      const shards: Record<string, unknown> = {};
      shardRoutings(state.indices[name]!, ctx.nodeId, ctx.indices.failedShards(name)).forEach((copies, s) => (shards[String(s)] = copies));
      rt[name] = { shards };
    }
    body.routing_table = { indices: rt };
  }
  if (want('routing_nodes')) {
    const unassigned: unknown[] = [];
    const byNode: Record<string, unknown[]> = {};
    for (const m of clusterMembers(ctx)) if (m.data) byNode[m.id] = [];
    for (const name of indices) {
      for (const copies of shardRoutings(state.indices[name]!, ctx.nodeId, ctx.indices.failedShards(name))) {
        for (const c of copies) (c.state === 'UNASSIGNED' || c.node === null ? unassigned : (byNode[c.node] ??= [])).push(c);
      }
    }
    body.routing_nodes = { unassigned, nodes: byNode };
  }
  return body;
}
