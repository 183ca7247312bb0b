/**
 * The master task that merges a dynamic mapping update (new fields or a new type seen while
 * parsing a document) into the index metadata. Kept apart from mapping-update.ts so that the node
 * can import that one at start without the mapper (issue 14: the mapper loads on first use).
 */
import type { ClusterState } from '../cluster/state.js';
import { buildIndexMapper } from './mapper.js';
import { indexNotFound } from '../errors/errors.js';

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
