/**
 * `PUT /{index}/_mapping/{type}`: merge a type mapping into every target index, with ES 5.6's
 * merge rules (`update_all_types`, `_default_` replaced rather than merged).
 */
import type { NodeContext } from '../context.js';
import { buildIndexMapper } from '../../indices/mapper.js';
import { indexNotFound } from '../../errors/errors.js';
import { dictOf } from '../../dict.js';
import type { ClusterState } from '../../cluster/state.js';
import { onMaster } from '../master-task.js';

/** Accept `{properties: ...}` or `{<type>: {properties: ...}}` as ES does. */
export function unwrapTypeMapping(type: string, body: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === type && body[type] && typeof body[type] === 'object') {
    return body[type] as Record<string, unknown>;
  }
  return body;
}

export async function putMapping(
  ctx: NodeContext,
  indices: string[],
  type: string,
  body: Record<string, unknown>,
  updateAllTypes: boolean,
  /** Deprecation warnings of the mapping (e.g. a legacy `string` field) are appended here. */
  warnings: string[] = [],
): Promise<{ acknowledged: true }> {
  const mapping = unwrapTypeMapping(type, body);
  await onMaster(ctx, PUT_MAPPING_TASK, putMappingTask, { indices, type, mapping, updateAllTypes }, warnings);
  return { acknowledged: true };
}

export const PUT_MAPPING_TASK = 'indices:put-mapping';

/** The master task of `PUT /{index}/_mapping/{type}` (lib/action/master-task.ts). */
export function putMappingTask(state: ClusterState, p: { indices: string[]; type: string; mapping: Record<string, unknown>; updateAllTypes: boolean }, warnings: string[]): ClusterState {
  const next = dictOf(state.indices);
  for (const name of p.indices) {
    const meta = next[name];
    if (!meta) throw indexNotFound(name);
    const mappings = buildIndexMapper(meta).merge(p.type, p.mapping, { updateAllTypes: p.updateAllTypes, warnings });
    next[name] = { ...meta, mappings, mappingVersion: meta.mappingVersion + 1 };
  }
  return { ...state, indices: next };
}
