/**
 * Merge a dynamic mapping update (new fields or a new type seen while parsing a document) into
 * the index metadata before the document is written, as ES's primary asks the master to. Resolves
 * once the new cluster state is saved and applied to the open indices.
 */
import type { ClusterService } from '../cluster/cluster-service.js';
import { indexNotFound } from '../errors/errors.js';

/** Merge `update` into `type` of `index` through the master (the cluster service). */
export async function applyDynamicUpdate(cluster: ClusterService, index: string, type: string, update: Record<string, unknown>): Promise<void> {
  // Imported here, not at start: the node imports this module before it listens (issue 14).
  const { buildIndexMapper } = await import('./mapper.js');
  await cluster.submit((state) => {
    const meta = state.indices[index];
    if (!meta) throw indexNotFound(index);
    const mappings = buildIndexMapper(meta).merge(type, update, { updateAllTypes: false });
    return {
      ...state,
      indices: { ...state.indices, [index]: { ...meta, mappings, mappingVersion: meta.mappingVersion + 1 } },
    };
  });
}
