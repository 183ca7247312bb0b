/**
 * Shard allocation in cluster mode, as a pure function of the cluster state (ES 5.6's
 * `AllocationService.reroute` in its simplest cases): every open index's primaries get a home
 * among the data nodes, spread so that the node with the fewest primaries takes the next one
 * (ties by node id, so every node computes the same answer); a primary keeps its home while
 * that node is away (its data lives there: ES leaves such a primary unassigned rather than
 * starting an empty one), and shows STARTED exactly when its home is a member. Replicas are not
 * allocated yet (docs/cluster.md). Runs after every metadata update and on membership changes.
 */
import { allocationId } from '../routing-table.js';
import { numberOfShards, type ClusterState, type IndexMetadata, type ShardAssignment } from '../state.js';

/** `state` with every open index's primaries assigned and their STARTED/UNASSIGNED state current. */
export function allocate(state: ClusterState): ClusterState {
  const nodes = state.nodes ?? {};
  const dataNodes = Object.values(nodes).filter((n) => n.data).map((n) => n.id).sort();
  const load = new Map<string, number>(dataNodes.map((id) => [id, 0]));
  for (const meta of Object.values(state.indices)) {
    for (const a of meta.routing ?? []) if (a.node !== null && load.has(a.node)) load.set(a.node, load.get(a.node)! + 1);
  }
  let changed = false;
  const indices = { ...state.indices };
  for (const name of Object.keys(state.indices).sort()) {
    const meta = state.indices[name]!;
    if (meta.state !== 'open') continue;
    const routing = assignIndex(meta, load, nodes);
    if (routing !== meta.routing) {
      indices[name] = { ...meta, routing };
      changed = true;
    }
  }
  return changed ? { ...state, indices } : state;
}

function assignIndex(meta: IndexMetadata, load: Map<string, number>, nodes: Record<string, unknown>): ShardAssignment[] | undefined {
  const prev = meta.routing ?? [];
  const out: ShardAssignment[] = [];
  let changed = prev.length !== numberOfShards(meta);
  for (let s = 0; s < numberOfShards(meta); s++) {
    const old = prev[s];
    let node = old?.node ?? null;
    if (node === null) {
      node = leastLoaded(load);
      if (node !== null) load.set(node, load.get(node)! + 1);
    }
    const state = node !== null && Object.hasOwn(nodes, node) ? 'STARTED' : 'UNASSIGNED';
    const next: ShardAssignment = {
      node,
      state,
      primaryTerm: old?.primaryTerm ?? 1,
      inSync: node === null ? [] : old?.inSync.length ? old.inSync : [allocationId(meta.uuid, s)],
    };
    if (!old || old.node !== next.node || old.state !== next.state || old.inSync.length !== next.inSync.length) changed = true;
    out.push(next);
  }
  return changed ? out : meta.routing;
}

function leastLoaded(load: Map<string, number>): string | null {
  let best: string | null = null;
  for (const [id, n] of load) if (best === null || n < load.get(best)!) best = id;
  return best;
}
