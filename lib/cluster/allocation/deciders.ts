/**
 * ES 5.6's allocation deciders that Strata applies (pure; allocate.ts asks them):
 * - `FilterAllocationDecider`: `index.routing.allocation.{require,include,exclude}.<attr>` and the
 *   same `cluster.routing.allocation.*` filters, on `_name`, `_id`, `_ip`, `_host` and the
 *   node's custom attributes (comma-separated values with `*` wildcards, as
 *   `DiscoveryNodeFilters`);
 * - `EnableAllocationDecider`: `index.routing.allocation.enable` (when set) or else
 *   `cluster.routing.allocation.enable` (transient over persistent): `all`, `primaries`,
 *   `new_primaries`, `none`;
 * - delayed allocation: `index.unassigned.node_left.delayed_timeout` (default 1m).
 */
import type { ClusterNodeInfo, ClusterState, IndexMetadata } from '../state.js';
import type { Settings } from '../settings.js';
import { EsError } from '../../errors/es-error.js';
import { parseTimeMs } from '../time.js';
import { simpleMatch } from '../../units/simple-match.js';

export type EnableMode = 'all' | 'primaries' | 'new_primaries' | 'none';
const MODES: ReadonlySet<string> = new Set(['all', 'primaries', 'new_primaries', 'none']);

/** ES `EnableAllocationDecider.Allocation.parse`: case-insensitive; anything else refused as ES does. */
export function parseEnableMode(raw: string): EnableMode {
  const v = raw.toLowerCase();
  if (!MODES.has(v)) throw new EsError('illegal_argument_exception', 400, `Illegal allocation.enable value [${raw}]`);
  return v as EnableMode;
}

/** The decisions allocate.ts needs about one index, computed once per index per allocation. */
export interface IndexDeciders {
  enable: EnableMode;
  /** Whether a copy of this index may be allocated on `node` (the filters). */
  canAllocate(node: ClusterNodeInfo): boolean;
  /** `index.unassigned.node_left.delayed_timeout` in ms (0: no delay). */
  delayMs: number;
}

export function indexDeciders(state: ClusterState, meta: IndexMetadata): IndexDeciders {
  const cluster = (k: string): string | undefined => state.transientSettings[k] ?? state.persistentSettings[k];
  const indexEnable = meta.settings['index.routing.allocation.enable'];
  const clusterEnable = cluster('cluster.routing.allocation.enable');
  const filters = [...nodeFilters(meta.settings, 'index.routing.allocation.'), ...nodeFilters({ ...state.persistentSettings, ...state.transientSettings }, 'cluster.routing.allocation.')];
  const delay = meta.settings['index.unassigned.node_left.delayed_timeout'];
  return {
    enable: indexEnable !== undefined ? safeMode(indexEnable) : clusterEnable !== undefined ? safeMode(clusterEnable) : 'all',
    canAllocate: (node) => filters.every((f) => f(node)),
    delayMs: delay === undefined ? 60_000 : Math.max(0, safeTime(delay)),
  };
}

/** A stored value was validated on its way in; one that no longer parses allows everything rather than blocking allocation. */
function safeMode(raw: string): EnableMode {
  try {
    return parseEnableMode(raw);
  } catch {
    return 'all';
  }
}

function safeTime(raw: string): number {
  try {
    return parseTimeMs(raw, 'index.unassigned.node_left.delayed_timeout');
  } catch {
    return 60_000;
  }
}

type NodeFilter = (node: ClusterNodeInfo) => boolean;

/** The require (AND), include (OR) and exclude (NOT OR) filters under `prefix`. */
function nodeFilters(settings: Settings, prefix: string): NodeFilter[] {
  const groups: Record<'require' | 'include' | 'exclude', Array<{ attr: string; patterns: string[] }>> = { require: [], include: [], exclude: [] };
  for (const [key, value] of Object.entries(settings)) {
    if (!key.startsWith(prefix) || value === undefined) continue;
    const rest = key.slice(prefix.length);
    const dot = rest.indexOf('.');
    const kind = rest.slice(0, dot);
    if (dot < 0 || (kind !== 'require' && kind !== 'include' && kind !== 'exclude')) continue;
    const patterns = String(value).split(',').map((p) => p.trim()).filter((p) => p.length > 0);
    // an empty value clears the filter (ES: a filter of no values matches nothing and is skipped)
    if (patterns.length > 0) groups[kind].push({ attr: rest.slice(dot + 1), patterns });
  }
  const out: NodeFilter[] = [];
  if (groups.require.length > 0) out.push((n) => groups.require.every((f) => matches(n, f.attr, f.patterns)));
  if (groups.include.length > 0) out.push((n) => groups.include.some((f) => matches(n, f.attr, f.patterns)));
  if (groups.exclude.length > 0) out.push((n) => !groups.exclude.some((f) => matches(n, f.attr, f.patterns)));
  return out;
}

/** Whether the node's `attr` matches one of the patterns (`DiscoveryNodeFilters#match`). */
function matches(node: ClusterNodeInfo, attr: string, patterns: readonly string[]): boolean {
  const values =
    attr === '_name' ? [node.name]
    : attr === '_id' ? [node.id]
    : attr === '_ip' || attr === '_host' || attr === '_host_ip' || attr === '_publish_ip' ? [node.host]
    : Object.hasOwn(node.attributes, attr) ? [node.attributes[attr]!]
    : [];
  return values.some((v) => patterns.some((p) => simpleMatch(p, v)));
}
