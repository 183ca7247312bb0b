/**
 * Who this node is, as the nodes, cat and cluster APIs describe it: attributes from
 * `node.attr.*`, roles, addresses, and the node selection rules of ES 5.6
 * `DiscoveryNodes#resolveNodes` (used by every `{node_id}` path parameter).
 */
import type { NodeContext } from '../context.js';
import { localMember, selectsMember } from './cluster-members.js';

/** ES 5.6's version string, reported for the node. */
export const NODE_VERSION = '5.6.16';
/** The build hash `GET /` reports too. */
export const NODE_BUILD_HASH = '3a740d1';

/** `node.attr.<name>: <value>` settings as a map of attributes (ES `Node.NODE_ATTRIBUTES`). */
export function nodeAttributes(settings: Record<string, string>): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(settings)) {
    if (k.startsWith('node.attr.') && k.length > 'node.attr.'.length) out.set(k.slice('node.attr.'.length), v);
  }
  return out;
}

/**
 * The node's roles. A Strata node always holds data, runs ingest pipelines and is its own
 * master, whatever `node.master`/`node.data`/`node.ingest` say, so it reports all three.
 */
export const NODE_ROLES: readonly string[] = ['master', 'data', 'ingest'];

/** `host:port` of an address (IPv6 in brackets, as Java's `InetSocketAddress` prints it). */
export function formatAddress(a: { host: string; port: number }): string {
  return `${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}`;
}

/** The attributes as a JSON object with own keys only. */
export function attributesJson(ctx: NodeContext): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of ctx.attributes) out[k] = v;
  return out;
}

/**
 * The fields ES 5.6 puts first in a node entry: `name`, `transport_address`, `host`, `ip`
 * (`_nodes` gives the IP, `_nodes/stats` the transport address there), then for `_nodes`
 * `version`, `build_hash` and `total_indexing_buffer` before `roles` and, when any,
 * `attributes`.
 */
export function nodeHeader(ctx: NodeContext, kind: 'info' | 'stats', extra: Record<string, unknown> = {}): Record<string, unknown> {
  const transport = formatAddress(ctx.transportAddress);
  const out: Record<string, unknown> = {
    name: ctx.nodeName,
    transport_address: transport,
    host: ctx.httpAddress.host,
    ip: kind === 'info' ? ctx.httpAddress.host : transport,
    ...extra,
    // cluster mode honours node.master / node.data (a single node refuses them as false)
    roles: NODE_ROLES.filter((r) => ctx.settings[`node.${r}`] !== 'false'),
  };
  if (ctx.attributes.size > 0) out.attributes = attributesJson(ctx);
  return out;
}

/**
 * ES 5.6 `DiscoveryNodes#resolveNodes` for this node: whether `nodeIds` selects it (the rules,
 * one home: `selectsMember` in cluster-members.ts, over this node as the members list it).
 */
export function selectsThisNode(ctx: NodeContext, nodeIds: readonly string[]): boolean {
  return selectsMember(localMember(ctx), nodeIds);
}
