/**
 * Merge a dynamic mapping update (new fields or a new type seen while parsing a document) into
 * the index metadata before the document is written, as ES's primary asks the master to
 * (lib/action/master-task.ts). Resolves once the new cluster state is saved and applied here.
 */
import type { ClusterState } from '../cluster/state.js';
import { buildIndexMapper } from './mapper.js';
import { indexNotFound } from '../errors/errors.js';
import { onMaster, type MasterTaskContext } from '../action/master-task.js';

export const DYNAMIC_MAPPING_TASK = 'indices:dynamic-mapping';

/** The master task: merge `update` into `type` of `index`. */
export function dynamicMappingTask(state: ClusterState, p: { index: string; type: string; update: Record<string, unknown> }): ClusterState {
  const meta = state.indices[p.index];
  if (!meta) throw indexNotFound(p.index);
  const mappings = buildIndexMapper(meta).merge(p.type, p.update, { updateAllTypes: false });
  return {
    ...state,
    indices: { ...state.indices, [p.index]: { ...meta, mappings, mappingVersion: meta.mappingVersion + 1 } },
  };
}

/** Merge `update` into `type` of `index` through the master. */
export async function applyDynamicUpdate(ctx: MasterTaskContext, index: string, type: string, update: Record<string, unknown>): Promise<void> {
  await onMaster(ctx, DYNAMIC_MAPPING_TASK, dynamicMappingTask, { index, type, update });
}
