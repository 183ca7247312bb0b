/**
 * The nodes of the cluster as the APIs list them: in cluster mode the members the elected
 * master published in the cluster state (docs/cluster.md), on a single node this node alone.
 */
import type { NodeContext } from '../context.js';
import type { ClusterNodeInfo } from '../../cluster/state.js';
import { formatAddress } from './node-identity.js';
import { simpleMatch } from '../../units/simple-match.js';
import { parseBooleanLenient } from '../../units/booleans.js';

/** A member as this node shows it: the published node, and how it relates to the request. */
export interface Member extends ClusterNodeInfo {
  /** The node answering this request. */
  local: boolean;
  /** The elected master. */
  elected: boolean;
}

/** This node as a single node lists it: every role, the elected master. */
function singleNodeMember(ctx: NodeContext): Member {
  const attributes: Record<string, string> = Object.create(null);
  for (const [k, v] of ctx.attributes) attributes[k] = v;
  return {
    id: ctx.nodeId,
    name: ctx.nodeName,
    host: ctx.httpAddress.host,
    transportPort: ctx.transportAddress.port,
    httpPort: ctx.httpAddress.port,
    master: true,
    data: true,
    attributes,
    local: true,
    elected: true,
  };
}

/** This node as the members list it (as a single node until the cluster state publishes it). */
export function localMember(ctx: NodeContext): Member {
  const state = ctx.cluster.state();
  const published = state.nodes?.[ctx.nodeId];
  return published ? { ...published, local: true, elected: published.id === state.masterNode } : singleNodeMember(ctx);
}

/** Every member, this node first, then by name. */
export function clusterMembers(ctx: NodeContext): Member[] {
  const state = ctx.cluster.state();
  if (!state.nodes) return [singleNodeMember(ctx)];
  return Object.values(state.nodes)
    .map((n) => ({ ...n, local: n.id === ctx.nodeId, elected: n.id === state.masterNode }))
    .sort((a, b) => (a.local !== b.local ? (a.local ? -1 : 1) : a.name.localeCompare(b.name)));
}

/** The elected master's id: this node on a single node; null in cluster mode while there is none. */
export function masterNodeId(ctx: NodeContext): string | null {
  const state = ctx.cluster.state();
  return state.nodes ? (state.masterNode ?? null) : ctx.nodeId;
}

/** ES's role letters: m (master eligible), d (data), i (ingest). */
export function roleLetters(m: Member): string {
  return `${m.master ? 'm' : ''}${m.data ? 'd' : ''}i`;
}

/** ES's role names, as `_nodes` lists them. */
export function roleNames(m: Member): string[] {
  return [...(m.master ? ['master'] : []), ...(m.data ? ['data'] : []), 'ingest'];
}

export function transportAddressOf(m: Member): string {
  return formatAddress({ host: m.host, port: m.transportPort });
}

/**
 * ES 5.6 `DiscoveryNodes#resolveNodes` over the members (selectsThisNode's rules, for any
 * member): `_all` or nothing, `_local`, `_master`, ids, name/host patterns, role filters
 * (`master:true`, `data:false`, `ingest:...`, `coordinating_only:...`) and attribute filters.
 */
export function selectsMember(m: Member, nodeIds: readonly string[]): boolean {
  if (nodeIds.length === 0 || (nodeIds.length === 1 && nodeIds[0] === '_all')) return true;
  let selected = false;
  for (const id of nodeIds) {
    if ((id === '_local' && m.local) || (id === '_master' && m.elected) || id === m.id) {
      selected = true;
      continue;
    }
    if (simpleMatch(id, m.name) || simpleMatch(id, m.host)) selected = true;
    const colon = id.indexOf(':');
    if (colon === -1) continue;
    const name = id.slice(0, colon);
    const value = id.slice(colon + 1);
    if (name === 'master' || name === 'data' || name === 'ingest') {
      // `role:true` adds the nodes with the role, `role:false` removes them
      const has = name === 'master' ? m.master : name === 'data' ? m.data : true;
      if (has) selected = parseBooleanLenient(value, true);
    } else if (name !== 'coordinating_only') {
      for (const [k, v] of Object.entries(m.attributes)) if (simpleMatch(name, k) && simpleMatch(value, v)) selected = true;
    }
  }
  return selected;
}
