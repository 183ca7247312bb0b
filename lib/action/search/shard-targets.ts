/**
 * Which shards a search runs on: concrete indices from the expression (names, aliases,
 * wildcards), each index's alias filters (ES `filteringAliases`: none when the index is named
 * directly or through an alias without filter) and search routing (alias `search_routing`
 * intersected with the request's `routing`), and `preference=_shards:` restriction.
 */
import { validatePreference } from '../../cluster/copy-preference.js';
import type { ClusterState } from '../../cluster/state.js';
import { numberOfShards } from '../../cluster/state.js';
import { shardFor } from '../../cluster/routing.js';
import { resolveIndices, splitExpression, type IndicesOptions } from '../resolve-indices.js';
import { simpleMatch } from '../../units/simple-match.js';
import { EsError } from '../../errors/errors.js';

export interface IndexTarget {
  index: string;
  /** Alias filters to OR together; undefined = no filtering. */
  aliasFilters?: Array<Record<string, unknown>>;
  /** Shards to query, ascending. */
  shards: number[];
}

/**
 * Targets resolved per cluster state: a state is never changed once installed (every update
 * builds a new one), so the same expression, options, routing and preference resolve the same
 * way until the state is replaced, and every search of a steady cluster asks the same few.
 */
const resolved = new WeakMap<ClusterState, Map<string, readonly IndexTarget[]>>();

/** Expressions per state kept at most (a client inventing names must not grow it without bound). */
const MAX_CACHED_PER_STATE = 256;

/**
 * Resolve the request's indices into per-index shard targets. The answer is shared between the
 * searches of one cluster state: callers read it, never change it.
 */
export function resolveTargets(
  state: ClusterState,
  expression: string[],
  opts: IndicesOptions,
  routing: string[] | undefined,
  preference: string | undefined,
): readonly IndexTarget[] {
  // date math (`<logs-{now/d}>`) depends on the clock, not only on the state
  for (const e of expression) if (e.includes('<')) return computeTargets(state, expression, opts, routing, preference);
  const key = `${listKey(expression)}${opts.ignoreUnavailable ? 1 : 0}${opts.allowNoIndices ? 1 : 0}${opts.expandOpen ? 1 : 0}${opts.expandClosed ? 1 : 0}${routing === undefined ? '-' : listKey(routing)}${preference === undefined ? '-' : `+${preference}`}`;
  let perState = resolved.get(state);
  const hit = perState?.get(key);
  if (hit !== undefined) return hit;
  // an expression that fails (a missing index, a bad preference) throws here each time: not kept
  const targets = computeTargets(state, expression, opts, routing, preference);
  if (perState === undefined) resolved.set(state, (perState = new Map()));
  if (perState.size >= MAX_CACHED_PER_STATE) perState.clear();
  perState.set(key, targets);
  return targets;
}

/** A list as key text that no other list shares (each item length-prefixed). */
function listKey(items: readonly string[]): string {
  let k = `${items.length}[`;
  for (const i of items) k += `${i.length}:${i}`;
  return k;
}

function computeTargets(
  state: ClusterState,
  expression: string[],
  opts: IndicesOptions,
  routing: string[] | undefined,
  preference: string | undefined,
): IndexTarget[] {
  const names = resolveIndices(state, expression.length === 0 ? undefined : expression, opts);
  const exprs = expression.flatMap((e) => splitExpression(e));
  const isAll = exprs.length === 0 || (exprs.length === 1 && (exprs[0] === '_all' || exprs[0] === '*'));
  validatePreference(preference);
  const onlyShards = preferenceShards(preference);
  const out: IndexTarget[] = [];
  for (const index of names) {
    const meta = Object.hasOwn(state.indices, index) ? state.indices[index] : undefined;
    if (!meta) continue;
    let direct = isAll;
    const aliases: string[] = [];
    for (const raw of exprs) {
      const e = raw.startsWith('+') ? raw.slice(1) : raw;
      if (e.startsWith('-')) continue;
      if (e.includes('*')) {
        if (simpleMatch(e, index)) direct = true;
        for (const a of Object.keys(meta.aliases)) if (simpleMatch(e, a)) aliases.push(a);
      } else if (e === index) direct = true;
      else if (e in meta.aliases) aliases.push(e);
    }
    let aliasFilters: Array<Record<string, unknown>> | undefined;
    let aliasRouting: Set<string> | undefined;
    if (!direct && aliases.length > 0) {
      const filters: Array<Record<string, unknown>> = [];
      let unfiltered = false;
      let unrouted = false;
      const routes = new Set<string>();
      for (const a of aliases) {
        const am = meta.aliases[a] ?? {};
        if (am.filter) filters.push(am.filter);
        else unfiltered = true;
        if (am.search_routing !== undefined) for (const r of am.search_routing.split(',')) routes.add(r.trim());
        else unrouted = true;
      }
      if (!unfiltered && filters.length > 0) aliasFilters = filters;
      if (!unrouted && routes.size > 0) aliasRouting = routes;
    }
    let effective: string[] | undefined = routing;
    if (aliasRouting) effective = routing ? routing.filter((r) => aliasRouting.has(r)) : [...aliasRouting];
    const n = numberOfShards(meta);
    let shards: number[];
    if (effective) {
      shards = [...new Set(effective.map((r) => shardFor(r, n)))].sort((a, b) => a - b);
    } else shards = Array.from({ length: n }, (_, i) => i);
    if (onlyShards) shards = shards.filter((s) => onlyShards.has(s));
    out.push({ index, ...(aliasFilters ? { aliasFilters } : {}), shards });
  }
  return out;
}

function preferenceShards(p: string | undefined): Set<number> | undefined {
  if (!p || !p.startsWith('_shards:')) return undefined;
  const list = p.slice('_shards:'.length).split(';')[0] as string;
  const out = new Set<number>();
  for (const s of list.split(',')) {
    const n = Number(s);
    if (!Number.isInteger(n)) throw new EsError('illegal_argument_exception', 400, `illegal preference [${p}]`);
    out.add(n);
  }
  return out;
}
