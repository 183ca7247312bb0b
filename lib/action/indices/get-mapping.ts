/**
 * `GET /{index}/_mapping/{type}` and `GET /{index}/_mapping/{type}/field/{fields}`.
 */
import type { ClusterState } from '../../cluster/state.js';
import { simpleMatch } from '../../cluster/settings.js';
import type { NodeContext } from '../context.js';

function typeMatches(patterns: string[], type: string): boolean {
  return patterns.length === 0 || patterns.some((p) => p === '_all' || simpleMatch(p, type));
}

/** Mappings of the given indices restricted to matching types; indices without any are omitted when types were named. */
export function getMappings(state: ClusterState, indices: string[], types: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of indices) {
    const meta = state.indices[name];
    if (!meta) continue;
    const mappings: Record<string, unknown> = {};
    for (const [type, m] of Object.entries(meta.mappings)) if (typeMatches(types, type)) mappings[type] = m;
    if (types.length > 0 && Object.keys(mappings).length === 0) continue;
    out[name] = { mappings };
  }
  return out;
}

/** Field mappings per index and type: `{index: {mappings: {type: {field: {full_name, mapping}}}}}`. */
export function getFieldMappings(
  ctx: NodeContext,
  indices: string[],
  types: string[],
  fields: string[],
  includeDefaults: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of indices) {
    const svc = ctx.indices.get(name);
    if (!svc) continue;
    const mapper = svc.mapper();
    const mappings: Record<string, unknown> = {};
    for (const type of mapper.types()) {
      if (!typeMatches(types, type)) continue;
      mappings[type] = mapper.fieldMappings(type, fields, includeDefaults);
    }
    out[name] = { mappings };
  }
  return out;
}
