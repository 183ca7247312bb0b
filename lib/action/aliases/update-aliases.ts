/**
 * `POST /_aliases` (and the single-alias PUT / DELETE forms built on it): ES 5.6
 * `TransportIndicesAliasesAction` + `MetaDataIndexAliasesService`. Index expressions (globs
 * included) are resolved once against the current state; `remove` expands alias wildcards among
 * each index's own aliases; `remove_index` deletes first, then adds and removes apply in order —
 * all in one cluster-state update, so a request is atomic.
 */
import type { NodeContext } from '../context.js';
import type { ClusterState, IndexMetadata } from '../../cluster/state.js';
import { EsError } from '../../errors/errors.js';
import { resolveIndices, type IndicesOptions } from '../resolve-indices.js';
import { simpleMatch } from '../../units/simple-match.js';
import { validateAliasForIndex } from '../indices/alias-validation.js';
import type { AliasAction } from './alias-actions.js';
import { onMaster } from '../master-task.js';
import { dictOf } from '../../dict.js';

/** `IndicesAliasesRequest.INDICES_OPTIONS`: every index must exist, wildcards expand to open ones. */
const ALIAS_INDICES_OPTIONS: IndicesOptions = { ignoreUnavailable: false, allowNoIndices: false, expandOpen: true, expandClosed: false };

/** ES `AliasesNotFoundException`. */
export function aliasesNotFound(names: string[]): EsError {
  return new EsError('aliases_not_found_exception', 404, `aliases [${names.join(', ')}] missing`, {
    metadata: { 'resource.type': 'aliases', 'resource.id': names.length === 1 ? names[0] : names },
  });
}

/** Whether alias `name` matches one of `patterns` (`_all` and `*` globs included). */
export function aliasMatches(patterns: string[], name: string): boolean {
  if (patterns.length === 0) return true;
  return patterns.some((p) => p === '_all' || p === name || simpleMatch(p, name));
}

type Concrete =
  | { kind: 'add'; index: string; alias: string; meta: NonNullable<AliasAction['meta']> }
  | { kind: 'remove'; index: string; alias: string }
  | { kind: 'remove_index'; index: string };

/** Resolve the actions against `state` into per-index operations (the "final actions"). */
function concreteActions(state: ClusterState, actions: AliasAction[]): Concrete[] {
  const out: Concrete[] = [];
  const requestedAliases: string[] = [];
  for (const a of actions) {
    const indices = resolveIndices(state, a.indices, ALIAS_INDICES_OPTIONS);
    requestedAliases.push(...a.aliases);
    if (a.type === 'add') {
      for (const alias of a.aliases) for (const index of indices) out.push({ kind: 'add', index, alias, meta: a.meta ?? {} });
    } else if (a.type === 'remove') {
      for (const index of indices) {
        const meta = state.indices[index]!;
        for (const alias of Object.keys(meta.aliases).sort()) if (aliasMatches(a.aliases, alias)) out.push({ kind: 'remove', index, alias });
      }
    } else {
      for (const index of indices) out.push({ kind: 'remove_index', index });
    }
  }
  if (out.length === 0) throw aliasesNotFound(requestedAliases);
  return out;
}

/** The state after applying `actions`; the same object when nothing changed. */
export function applyAliasActions(state: ClusterState, actions: AliasAction[]): ClusterState {
  const ops = concreteActions(state, actions);
  const indices: Record<string, IndexMetadata> = dictOf(state.indices);
  let changed = false;
  for (const op of ops) {
    if (op.kind === 'remove_index' && indices[op.index]) {
      delete indices[op.index];
      changed = true;
    }
  }
  const lookup: ClusterState = { ...state, indices };
  for (const op of ops) {
    if (op.kind === 'remove_index') continue;
    const meta = indices[op.index];
    if (!meta) continue;
    if (op.kind === 'add') {
      validateAliasForIndex(lookup, op.alias, op.index, op.meta);
      const prev = meta.aliases[op.alias];
      if (prev && JSON.stringify(prev) === JSON.stringify(op.meta)) continue;
      indices[op.index] = { ...meta, aliases: dictOf([...Object.entries(meta.aliases), [op.alias, op.meta]]) };
      changed = true;
    } else if (op.alias in meta.aliases) {
      const aliases = dictOf(meta.aliases);
      delete aliases[op.alias];
      indices[op.index] = { ...meta, aliases };
      changed = true;
    }
  }
  return changed ? { ...state, indices } : state;
}

/** Run the actions as one cluster-state update and acknowledge. */
export async function updateAliases(ctx: NodeContext, actions: AliasAction[]): Promise<{ acknowledged: true }> {
  await onMaster(ctx, UPDATE_ALIASES_TASK, applyAliasActions, actions);
  return { acknowledged: true };
}

export const UPDATE_ALIASES_TASK = 'indices:aliases';
