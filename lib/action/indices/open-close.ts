/**
 * `POST /{index}/_close` and `POST /{index}/_open`: flip the index state in the cluster state;
 * the indices service closes (or reopens) the shard keyspaces to match. A closed index keeps its
 * data and metadata but serves no reads or writes.
 */
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/es-error.js';
import type { ClusterState } from '../../cluster/state.js';
import { onMaster } from '../master-task.js';

export async function setIndexState(ctx: NodeContext, names: string[], state: 'open' | 'close'): Promise<{ acknowledged: true }> {
  await onMaster(ctx, INDEX_STATE_TASK, indexStateTask, { names, state });
  return { acknowledged: true };
}

export const INDEX_STATE_TASK = 'indices:open-close';

/** The master task of open and close: indices already in that state (or gone) are left alone. */
export function indexStateTask(cs: ClusterState, { names, state }: { names: string[]; state: 'open' | 'close' }): ClusterState {
  const indices = { ...cs.indices };
  let changed = false;
  for (const n of names) {
    const meta = indices[n];
    if (!meta || meta.state === state) continue;
    indices[n] = { ...meta, state };
    changed = true;
  }
  return changed ? { ...cs, indices } : cs;
}

export function indexClosed(index: string, uuid: string): EsError {
  return new EsError('index_closed_exception', 400, 'closed', { metadata: { index_uuid: uuid, index } });
}
