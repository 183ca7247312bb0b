/**
 * Shard allocation in cluster mode, as a pure function of the cluster state (ES 5.6's
 * `AllocationService.reroute` in its simplest cases):
 * - every open index's primaries get a home among the data nodes, the node with the fewest
 *   shard copies taking the next one (ties by node id);
 * - a primary whose node left is replaced by an in-sync STARTED replica (promotion: the primary
 *   term goes up by one, so the old primary's operations are refused); without one, the primary
 *   keeps its home (its data lives there: ES leaves such a primary unassigned rather than
 *   starting an empty one) and shows STARTED again when that node returns;
 * - once the primary is started, `index.number_of_replicas` replicas go to data nodes holding no
 *   copy of the shard (never the primary's node), INITIALIZING until the primary has copied its
 *   data to them (lib/cluster/replication/recovery-source.ts), then STARTED and in sync;
 *   replicas on nodes that left, or beyond the setting, are dropped (and leave the in-sync set).
 * Runs after every state update and on membership changes.
 */
import { allocationId, copyAllocationId } from '../routing-table.js';
import { numberOfReplicas, numberOfShards, type ClusterState, type IndexMetadata, type ReplicaAssignment, type ShardAssignment } from '../state.js';

/** `state` with every open index's copies assigned and their states current (the same object when nothing changes). */
export function allocate(state: ClusterState): ClusterState {
  const nodes = state.nodes ?? {};
  const dataNodes = Object.values(nodes).filter((n) => n.data).map((n) => n.id).sort();
  const load = new Map<string, number>(dataNodes.map((id) => [id, 0]));
  const bump = (n: string | null): void => {
    if (n !== null && load.has(n)) load.set(n, load.get(n)! + 1);
  };
  for (const meta of Object.values(state.indices)) {
    for (const a of meta.routing ?? []) {
      bump(a.node);
      for (const r of a.replicas ?? []) bump(r.node);
    }
  }
  const ctx: AllocationContext = { members: new Set(Object.keys(nodes)), load, nonce: state.version };
  let changed = false;
  const indices = { ...state.indices };
  for (const name of Object.keys(state.indices).sort()) {
    const meta = state.indices[name]!;
    if (meta.state !== 'open') continue;
    const routing = assignIndex(meta, ctx);
    if (routing !== meta.routing) {
      indices[name] = { ...meta, routing };
      changed = true;
    }
  }
  return changed ? { ...state, indices } : state;
}

interface AllocationContext {
  members: ReadonlySet<string>;
  /** Shard copies per data node (primaries and replicas). */
  load: Map<string, number>;
  /** Makes new replica allocation ids unique (the version of the state being updated). */
  nonce: number;
}

function assignIndex(meta: IndexMetadata, ctx: AllocationContext): ShardAssignment[] | undefined {
  const prev = meta.routing ?? [];
  const out: ShardAssignment[] = [];
  let changed = prev.length !== numberOfShards(meta);
  for (let s = 0; s < numberOfShards(meta); s++) {
    const old = prev[s];
    const next = assignShard(meta, s, old, ctx);
    if (!old || JSON.stringify(old) !== JSON.stringify(next)) changed = true;
    out.push(next);
  }
  return changed ? out : meta.routing;
}

function assignShard(meta: IndexMetadata, s: number, old: ShardAssignment | undefined, ctx: AllocationContext): ShardAssignment {
  let node = old?.node ?? null;
  let term = old?.primaryTerm ?? 1;
  let primaryId = old?.allocationId ?? allocationId(meta.uuid, s);
  const inSyncBefore = old?.inSync ?? [];
  let replicas: ReplicaAssignment[] = (old?.replicas ?? []).filter((r) => ctx.members.has(r.node) && r.node !== node);
  if (node === null) {
    node = leastLoaded(ctx.load, new Set());
    if (node !== null) ctx.load.set(node, ctx.load.get(node)! + 1);
  } else if (!ctx.members.has(node)) {
    // the primary's node left: an in-sync replica takes over in a new term (ES: promotion)
    const candidate = replicas.find((r) => r.state === 'STARTED' && inSyncBefore.includes(r.allocationId));
    if (candidate) {
      node = candidate.node;
      primaryId = candidate.allocationId;
      term++;
      replicas = replicas.filter((r) => r !== candidate);
    }
  }
  const started = node !== null && ctx.members.has(node);
  const want = started ? numberOfReplicas(meta) : replicas.length;
  // keep the started replicas first when the setting went down
  replicas = [...replicas.filter((r) => r.state === 'STARTED'), ...replicas.filter((r) => r.state !== 'STARTED')].slice(0, Math.max(0, want));
  while (started && replicas.length < want) {
    const target = leastLoaded(ctx.load, new Set([node!, ...replicas.map((r) => r.node)]));
    if (target === null) break; // not enough data nodes: the rest stay unassigned (yellow)
    ctx.load.set(target, ctx.load.get(target)! + 1);
    replicas.push({ node: target, state: 'INITIALIZING', allocationId: copyAllocationId(meta.uuid, s, target, ctx.nonce) });
  }
  const next: ShardAssignment = {
    node,
    state: started ? 'STARTED' : 'UNASSIGNED',
    primaryTerm: term,
    // without a copy anywhere nothing is in sync; a primary away keeps its in-sync set for its return
    inSync: node === null ? [] : [primaryId, ...replicas.filter((r) => r.state === 'STARTED').map((r) => r.allocationId)],
  };
  if (primaryId !== allocationId(meta.uuid, s)) next.allocationId = primaryId;
  if (replicas.length > 0) next.replicas = replicas;
  return next;
}

function leastLoaded(load: Map<string, number>, exclude: ReadonlySet<string>): string | null {
  let best: string | null = null;
  for (const [id, n] of load) if (!exclude.has(id) && (best === null || n < load.get(best)!)) best = id;
  return best;
}
