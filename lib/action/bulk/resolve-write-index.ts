/**
 * Where a write goes: the concrete index behind an index or alias name (an alias must point at
 * exactly one index; its `index_routing` replaces the request's routing and parent routing) and
 * the shard the routing value lands on.
 */
import type { ClusterState } from '../../cluster/state.js';
import { numberOfShards } from '../../cluster/state.js';
import { shardFor } from '../../cluster/routing.js';
import { illegalArgument } from '../../errors/errors.js';
import { indicesOfAlias } from '../resolve-indices.js';

export interface WriteTarget {
  index: string;
  routing?: string;
}

/**
 * The error for a single-index operation on an alias of several indices. ES 5.6 words it two
 * ways: `IndexNameExpressionResolver#concreteSingleIndex` says "more than one indices" (get,
 * index, update, delete, bulk), `MetaData#resolveIndexRouting` says "more than one index"
 * (multi-get resolves routing first, so its items get this one).
 */
export function aliasOnSeveralIndices(alias: string, indices: string[], wording: 'index' | 'indices'): Error {
  return illegalArgument(
    `Alias [${alias}] has more than one ${wording} associated with it [[${[...indices].sort().join(', ')}]], can't execute a single index op`,
  );
}

/**
 * Resolve `name` for a write, or undefined when neither an index nor an alias exists
 * (ES 5.6 `MetaData#resolveIndexRouting`): the routing is `routing`, else `parent`; an alias's
 * `index_routing` must equal an explicit `routing` and overrides the parent routing.
 */
export function resolveWriteIndex(state: ClusterState, name: string, explicitRouting: string | undefined, parent?: string): WriteTarget | undefined {
  const routing = explicitRouting ?? parent;
  if (Object.hasOwn(state.indices, name)) return { index: name, ...(routing !== undefined ? { routing } : {}) };
  const via = indicesOfAlias(state, name);
  if (via.length === 0) return undefined;
  if (via.length > 1) throw aliasOnSeveralIndices(name, via.map((m) => m.name), 'indices');
  const meta = via[0]!;
  const alias = meta.aliases[name]!;
  const indexRouting = alias.index_routing;
  if (indexRouting !== undefined) {
    if (explicitRouting !== undefined && explicitRouting !== indexRouting) {
      throw illegalArgument(
        `Alias [${name}] has index routing associated with it [${indexRouting}], and was provided with routing value [${explicitRouting}], rejecting operation`,
      );
    }
    return { index: meta.name, routing: indexRouting };
  }
  return { index: meta.name, ...(routing !== undefined ? { routing } : {}) };
}

export function shardOf(state: ClusterState, index: string, id: string, routing: string | undefined): number {
  return shardFor(routing ?? id, numberOfShards(state.indices[index]!));
}
