/**
 * Shard allocation in cluster mode, as a pure function of the cluster state and the time (ES
 * 5.6's `AllocationService.reroute` in its simple cases):
 * - every open index's primaries get a home among the data nodes its filters allow, the node
 *   with the fewest shard copies taking the next one (ties by node id);
 * - a primary whose node left is replaced by an in-sync STARTED replica (promotion: the primary
 *   term goes up by one, so the old primary's operations are refused); without one, the primary
 *   keeps its home (its data lives there: ES leaves such a primary unassigned rather than
 *   starting an empty one) and shows STARTED again when that node returns;
 * - once the primary is started, `index.number_of_replicas` replicas go to allowed data nodes
 *   holding no copy of the shard (never the primary's node), INITIALIZING until the primary has
 *   copied its data to them (lib/cluster/replication/recovery-source.ts), then STARTED and in
 *   sync; replicas beyond the setting are dropped (and leave the in-sync set);
 * - a copy whose node left is held unassigned and delayed for
 *   `index.unassigned.node_left.delayed_timeout` (default 1m): no replacement meanwhile, and its
 *   node gets a copy again if it returns in time; after the delay it is replaced elsewhere;
 * - `cluster.routing.allocation.enable` / `index.routing.allocation.enable` decide which new
 *   copies may be allocated at all (lib/cluster/allocation/deciders.ts);
 * - a copy on a node the allocation filters no longer allow moves (ES 5.6 `moveShards`): a
 *   replacement replica is allocated on an allowed node, and once the replacements are STARTED
 *   and in sync the moving replica is dropped, or the moving primary hands over to one of them
 *   (a promotion in the next term). Without an allowed node free for it, a copy stays put.
 * Runs after every state update and on membership changes.
 */
import { allocationId, copyAllocationId } from '../routing-table.js';
import { numberOfReplicas, numberOfShards, type ClusterNodeInfo, type ClusterState, type DelayedCopy, type IndexMetadata, type ReplicaAssignment, type ShardAssignment } from '../state.js';
import { indexDeciders, type IndexDeciders } from './deciders.js';

/** `state` with every open index's copies assigned and their states current (the same object when nothing changes). */
export function allocate(state: ClusterState, now = Date.now()): ClusterState {
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
  let changed = false;
  const indices = { ...state.indices };
  for (const name of Object.keys(state.indices).sort()) {
    const meta = state.indices[name]!;
    if (meta.state !== 'open') continue;
    const ctx: AllocationContext = { nodes, load, nonce: state.version, now, deciders: indexDeciders(state, meta) };
    const routing = assignIndex(meta, ctx);
    if (routing !== meta.routing) {
      indices[name] = { ...meta, routing };
      changed = true;
    }
  }
  return changed ? { ...state, indices } : state;
}

/** When the earliest delayed copy of `state` stops waiting for its node (ms since the epoch), or undefined. */
export function nextDelayExpiry(state: ClusterState): number | undefined {
  let next: number | undefined;
  for (const meta of Object.values(state.indices)) {
    if (meta.state !== 'open' || !meta.routing?.some((a) => a.delayed)) continue;
    const delayMs = indexDeciders(state, meta).delayMs;
    for (const a of meta.routing) for (const d of a.delayed ?? []) next = Math.min(next ?? Infinity, d.since + delayMs);
  }
  return next;
}

interface AllocationContext {
  nodes: Readonly<Record<string, ClusterNodeInfo>>;
  /** Shard copies per data node (primaries and replicas). */
  load: Map<string, number>;
  /** Makes new replica allocation ids unique (the version of the state being updated). */
  nonce: number;
  now: number;
  deciders: IndexDeciders;
}

function assignIndex(meta: IndexMetadata, ctx: AllocationContext): ShardAssignment[] | undefined {
  const prev = meta.routing ?? [];
  const out: ShardAssignment[] = [];
  let changed = prev.length !== numberOfShards(meta);
  for (let s = 0; s < numberOfShards(meta); s++) {
    const old = prev[s];
    const next = assignShard(meta, s, old, ctx);
    if (!old || !sameAssignment(old, next)) changed = true;
    out.push(next);
  }
  return changed ? out : meta.routing;
}

function assignShard(meta: IndexMetadata, s: number, old: ShardAssignment | undefined, ctx: AllocationContext): ShardAssignment {
  const { deciders, now } = ctx;
  const member = (id: string | null): boolean => id !== null && Object.hasOwn(ctx.nodes, id);
  const firstId = allocationId(meta.uuid, s);
  let node = old?.node ?? null;
  let term = old?.primaryTerm ?? 1;
  let primaryId = old?.allocationId ?? firstId;
  const inSyncBefore = old?.inSync ?? [];
  const gone: string[] = [];
  let replicas: ReplicaAssignment[] = [];
  for (const r of old?.replicas ?? []) {
    if (r.node === node) continue;
    if (member(r.node)) replicas.push(r);
    else gone.push(r.node);
  }
  if (node === null) {
    // a new primary: `enable` none refuses it (new_primaries and primaries allow it)
    node = deciders.enable === 'none' ? null : leastLoaded(ctx, new Set());
    if (node !== null) ctx.load.set(node, ctx.load.get(node)! + 1);
  } else if (!member(node)) {
    // the primary's node left: an in-sync replica takes over in a new term (ES: promotion,
    // which no decider stops); the old primary's copy is now a replica whose node left
    const candidate = replicas.find((r) => r.state === 'STARTED' && inSyncBefore.includes(r.allocationId));
    if (candidate) {
      gone.push(node);
      node = candidate.node;
      primaryId = candidate.allocationId;
      term++;
      replicas = replicas.filter((r) => r !== candidate);
    }
  }
  const started = member(node);
  // copies whose node left wait for it (delayed allocation) while the delay runs; one whose
  // node is back is allocated to it again (the node's old store is replaced by a recovery)
  let delayed: DelayedCopy[] = [];
  const returned: string[] = [];
  if (started && deciders.delayMs > 0) {
    const waiting = [...(old?.delayed ?? []), ...gone.map((n) => ({ node: n, since: now }))];
    for (const d of waiting) {
      if (d.node === node || replicas.some((r) => r.node === d.node) || delayed.some((x) => x.node === d.node)) continue;
      if (member(d.node)) returned.push(d.node);
      else if (now < d.since + deciders.delayMs) delayed.push(d);
    }
  }
  // copies on nodes the filters no longer allow move (ES 5.6 `moveShards`): each keeps serving
  // until its replacements are in sync; a moving primary hands over to one of them
  const mayStay = (n: string): boolean => deciders.canAllocate(ctx.nodes[n]!);
  const primaryMoves = started && !mayStay(node!);
  let leaving = started ? replicas.filter((r) => !mayStay(r.node)) : [];
  replicas = replicas.filter((r) => !leaving.includes(r));
  const want = started ? numberOfReplicas(meta) : replicas.length;
  const staying = want + (primaryMoves ? 1 : 0);
  // keep the started replicas first when the setting went down, then the delayed copies
  replicas = [...replicas.filter((r) => r.state === 'STARTED'), ...replicas.filter((r) => r.state !== 'STARTED')].slice(0, Math.max(0, staying));
  delayed = delayed.slice(0, Math.max(0, staying - replicas.length));
  const mayAllocateReplicas = deciders.enable === 'all';
  while (started && mayAllocateReplicas && replicas.length + delayed.length < staying) {
    const taken = new Set([node!, ...replicas.map((r) => r.node), ...leaving.map((r) => r.node)]);
    const back = returned.find((n) => !taken.has(n) && ctx.load.has(n) && deciders.canAllocate(ctx.nodes[n]!));
    const target = back ?? leastLoaded(ctx, taken);
    if (target === null) break; // not enough allowed data nodes: the rest stay unassigned (yellow)
    ctx.load.set(target, ctx.load.get(target)! + 1);
    replicas.push({ node: target, state: 'INITIALIZING', allocationId: copyAllocationId(meta.uuid, s, target, ctx.nonce) });
  }
  const ready = replicas.filter((r) => r.state === 'STARTED' && inSyncBefore.includes(r.allocationId));
  if ((primaryMoves || leaving.length > 0) && ready.length >= staying) {
    // every replacement holds every acknowledged write: the moving copies go
    leaving = [];
    if (primaryMoves) {
      // the hand-off is a promotion in a new term, so the old primary's writes still in flight
      // are refused by the copies that applied this state and retried on the new primary
      const heir = ready[0]!;
      node = heir.node;
      primaryId = heir.allocationId;
      term++;
      replicas = replicas.filter((r) => r !== heir);
    }
  }
  replicas.push(...leaving);
  const next: ShardAssignment = {
    node,
    state: started ? 'STARTED' : 'UNASSIGNED',
    primaryTerm: term,
    // without a copy anywhere nothing is in sync; a primary away keeps its in-sync set for its
    // return. A replica joins the set only through its primary (shard-copies.ts markReplicaInSync,
    // once the writes made during its copy are replayed): STARTED alone is not in sync, else a
    // copy still catching up would be read from and could be promoted without those writes.
    inSync: node === null ? [] : [primaryId, ...replicas.filter((r) => r.state === 'STARTED' && inSyncBefore.includes(r.allocationId)).map((r) => r.allocationId)],
  };
  if (primaryId !== firstId) next.allocationId = primaryId;
  if (replicas.length > 0) next.replicas = replicas;
  if (delayed.length > 0) next.delayed = delayed;
  return next;
}

/** The allowed data node with the fewest copies, not in `exclude` (ties by node id), or null. */
function leastLoaded(ctx: AllocationContext, exclude: ReadonlySet<string>): string | null {
  let best: string | null = null;
  for (const [id, n] of ctx.load) {
    if (exclude.has(id) || (best !== null && n >= ctx.load.get(best)!)) continue;
    if (ctx.deciders.canAllocate(ctx.nodes[id]!)) best = id;
  }
  return best;
}

/** Field-by-field equality of two assignments (runs for every shard on every state write). */
function sameAssignment(a: ShardAssignment, b: ShardAssignment): boolean {
  if (a.node !== b.node || a.state !== b.state || a.primaryTerm !== b.primaryTerm || a.allocationId !== b.allocationId) return false;
  if (!sameList(a.inSync, b.inSync, (x, y) => x === y)) return false;
  if (!sameList(a.replicas ?? [], b.replicas ?? [], (x, y) => x.node === y.node && x.state === y.state && x.allocationId === y.allocationId)) return false;
  return sameList(a.delayed ?? [], b.delayed ?? [], (x, y) => x.node === y.node && x.since === y.since);
}

function sameList<T>(a: readonly T[], b: readonly T[], eq: (x: T, y: T) => boolean): boolean {
  return a.length === b.length && a.every((x, i) => eq(x, b[i]!));
}
