/**
 * `POST /{index}/_close` and `POST /{index}/_open`: flip the index state in the cluster state;
 * the indices service closes (or reopens) the shard keyspaces to match. A closed index keeps its
 * data and metadata but serves no reads or writes.
 */
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/es-error.js';

export async function setIndexState(ctx: NodeContext, names: string[], state: 'open' | 'close'): Promise<{ acknowledged: true }> {
  await ctx.cluster.submit((cs) => {
    const indices = { ...cs.indices };
    let changed = false;
    for (const n of names) {
      const meta = indices[n];
      if (!meta || meta.state === state) continue;
      indices[n] = { ...meta, state };
      changed = true;
    }
    return changed ? { ...cs, indices } : cs;
  });
  return { acknowledged: true };
}

export function indexClosed(index: string, uuid: string): EsError {
  return new EsError('index_closed_exception', 400, 'closed', { metadata: { index_uuid: uuid, index } });
}
