/**
 * `DELETE /{index}`: comma lists, wildcards, `_all` and aliases, resolved as ES 5.6
 * `DeleteIndexRequest` does (strict about missing names, wildcards expand to open and closed
 * indices, a wildcard matching nothing is fine). In 5.x an alias deletes the indices it points
 * to ("Specifying an index, alias or wildcard expression is required"); 6.0 refused aliases.
 */
import type { NodeContext } from '../context.js';
import { resolveIndices, type IndicesOptions } from '../resolve-indices.js';
import { dictOf } from '../../dict.js';
import type { ClusterState } from '../../cluster/state.js';
import { onMaster } from '../master-task.js';

export const DELETE_INDEX_TASK = 'indices:delete';

/** The master task of `DELETE /{index}` (lib/action/master-task.ts). */
export function deleteIndexTask(state: ClusterState, p: { expression: string; opts: IndicesOptions }): ClusterState {
  const targets = resolveIndices(state, p.expression, p.opts);
  if (targets.length === 0) return state;
  const indices = dictOf(state.indices);
  for (const t of targets) delete indices[t];
  return { ...state, indices };
}

export async function deleteIndex(ctx: NodeContext, expression: string, opts: IndicesOptions): Promise<{ acknowledged: true }> {
  await onMaster(ctx, DELETE_INDEX_TASK, deleteIndexTask, { expression, opts });
  return { acknowledged: true };
}
