/**
 * Which copy of a shard a read goes to, as ES 5.6's `OperationRouting#preferenceActiveShardIterator`
 * orders a shard's active copies by the request's `preference` (pure: state in, node ids out):
 * - none: every active copy, rotated by a counter the coordinator advances (round robin);
 * - `_primary`, `_replica`, `_primary_first`, `_replica_first`, `_local`, `_only_local`;
 * - `_only_nodes:<spec,...>` (node ids, names, addresses, `attr:value`, with `*`; ES refuses a
 *   shard with no copy there), `_prefer_nodes:<id,...>`;
 * - `_shards:<n,...>` restricts the shards (lib/action/search/shard-targets.ts) and may be
 *   followed by `;<another preference>` for the copies;
 * - any other string: the copies rotated by its murmur3 hash, so the same string reads the
 *   same copies while the routing stays the same.
 * The copies are tried in order: the first is the target, the others are the fallbacks a read
 * moves on to when the first node cannot be reached.
 */
import { EsError } from '../errors/es-error.js';
import { simpleMatch } from '../units/simple-match.js';
import { hashRouting } from './routing.js';
import { replicaActive } from './state.js';
import type { ClusterNodeInfo, ShardAssignment } from './state.js';

const KNOWN = new Set(['_shards', '_prefer_nodes', '_local', '_primary', '_replica', '_primary_first', '_replica_first', '_only_local', '_only_nodes']);

/** Refuse a preference ES does not know (`Preference.parse`): a leading `_` names a type. */
export function validatePreference(preference: string | undefined): void {
  if (!preference || preference[0] !== '_') return;
  let p = preference;
  if (p.startsWith('_shards:')) {
    const rest = p.indexOf(';');
    if (rest < 0) return;
    p = p.slice(rest + 1);
    if (!p || p[0] !== '_') return;
  }
  const colon = p.indexOf(':');
  const type = colon < 0 ? p : p.slice(0, colon);
  if (!KNOWN.has(type) || type === '_shards') throw new EsError('illegal_argument_exception', 400, `no Preference for [${type}]`);
}

/**
 * The node ids holding the shard's active copies, in the order the read tries them (empty:
 * no copy qualifies). `seed` advances the round robin when there is no preference.
 */
export function orderCopies(
  a: ShardAssignment,
  ref: { index: string; shard: number },
  preference: string | undefined,
  localNodeId: string,
  nodes: Readonly<Record<string, ClusterNodeInfo>>,
  seed: number,
): string[] {
  const primary = a.state === 'STARTED' && a.node !== null && Object.hasOwn(nodes, a.node) ? [a.node] : [];
  // a started replica is read only once in sync: before, it may still lack writes of its recovery
  const replicas = (a.replicas ?? []).filter((r) => replicaActive(a, r) && Object.hasOwn(nodes, r.node)).map((r) => r.node);
  const active = [...primary, ...replicas];
  let p = preference ?? '';
  if (p.startsWith('_shards:')) {
    const rest = p.indexOf(';');
    p = rest < 0 ? '' : p.slice(rest + 1);
  }
  if (p === '') return rotate(active, seed);
  if (p[0] !== '_') return rotate(active, hashRouting(p));
  validatePreference(p);
  const colon = p.indexOf(':');
  const type = colon < 0 ? p : p.slice(0, colon);
  const arg = colon < 0 ? '' : p.slice(colon + 1);
  const first = (preferred: (id: string) => boolean): string[] => {
    const r = rotate(active, seed);
    return [...r.filter(preferred), ...r.filter((id) => !preferred(id))];
  };
  switch (type) {
    case '_primary':
      return primary;
    case '_replica':
      return rotate(replicas, seed);
    case '_primary_first':
      return [...primary, ...rotate(replicas, seed)];
    case '_replica_first':
      return [...rotate(replicas, seed), ...primary];
    case '_local':
      return first((id) => id === localNodeId);
    case '_only_local':
      return active.filter((id) => id === localNodeId);
    case '_prefer_nodes': {
      const ids = new Set(arg.split(','));
      return first((id) => ids.has(id));
    }
    default: {
      // _only_nodes
      const specs = arg.split(',');
      const only = rotate(active, seed).filter((id) => specs.some((spec) => nodeMatches(nodes[id]!, spec, localNodeId)));
      if (only.length === 0) throw new EsError('illegal_argument_exception', 400, `no data nodes with critera [${arg}] found for shard: [${ref.index}][${ref.shard}]`);
      return only;
    }
  }
}

/** `DiscoveryNodes#resolveNodes` for one spec: `_local`, an id, a name, an address or `attr:value` (with `*`). */
function nodeMatches(node: ClusterNodeInfo, spec: string, localNodeId: string): boolean {
  if (spec === '_local') return node.id === localNodeId;
  if (spec === '_all' || spec === '*') return true;
  if (spec === node.id || simpleMatch(spec, node.name) || simpleMatch(spec, node.host) || simpleMatch(spec, node.id)) return true;
  const colon = spec.indexOf(':');
  if (colon < 0) return false;
  const [attr, value] = [spec.slice(0, colon), spec.slice(colon + 1)];
  if (attr === 'name' || attr === '_name') return simpleMatch(value, node.name);
  if (attr === 'host' || attr === 'ip' || attr === '_host' || attr === '_ip') return simpleMatch(value, node.host);
  return Object.keys(node.attributes).some((k) => simpleMatch(attr, k) && simpleMatch(value, node.attributes[k]!));
}

/** `list` rotated left by `seed` (ES `RotationShardShuffler`). */
function rotate(list: readonly string[], seed: number): string[] {
  if (list.length < 2) return [...list];
  const d = ((seed % list.length) + list.length) % list.length;
  return [...list.slice(d), ...list.slice(0, d)];
}
