/**
 * `GET /{index}/_mapping/{type}` and `GET /{index}/_mapping/{type}/field/{fields}`.
 */
import type { ClusterState } from '../../cluster/state.js';
import { simpleMatch } from '../../units/simple-match.js';
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
    // ES 5.6 `TransportGetFieldMappingsIndexAction`: named types matching none of the index's
    // fails that index (`TypeMissingException`), which leaves it out of the merged response.
    if (types.length > 0 && !types.includes('_all') && Object.keys(mappings).length === 0) continue;
    out[name] = { mappings };
  }
  return out;
}

/**
 * Requested type names that no returned mapping has, as ES 5.6 `RestGetMappingAction` computes
 * them (since 5.6.0 they make the answer a 404): exact names absent from every index, and
 * patterns that match no type. `_all` and an empty list name no type.
 */
export function missingTypes(mappings: Record<string, unknown>, types: string[]): string[] {
  if (types.length === 0 || types.includes('_all')) return [];
  const present = new Set<string>();
  for (const entry of Object.values(mappings)) {
    for (const t of Object.keys((entry as { mappings: Record<string, unknown> }).mappings)) present.add(t);
  }
  const missing = [...new Set(types)].filter((t) => !present.has(t) && !(t.includes('*') && [...present].some((p) => simpleMatch(t, p))));
  return missing.sort();
}
