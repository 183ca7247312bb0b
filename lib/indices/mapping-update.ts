/**
 * Merge a dynamic mapping update (new fields or a new type seen while parsing a document) into
 * the index metadata before the document is written, as ES's primary asks the master to
 * (lib/action/master-task.ts). Resolves once the new cluster state is saved and applied here.
 */
import { onMaster, type MasterTaskContext } from '../action/master-task.js';

/** Merge `update` into `type` of `index` through the master. */
export async function applyDynamicUpdate(ctx: MasterTaskContext, index: string, type: string, update: Record<string, unknown>): Promise<void> {
  // Imported here, not at start: the node imports this module before it listens (issue 14).
  const { DYNAMIC_MAPPING_TASK, dynamicMappingTask } = await import('./dynamic-mapping-task.js');
  await onMaster(ctx, DYNAMIC_MAPPING_TASK, dynamicMappingTask, { index, type, update });
}
