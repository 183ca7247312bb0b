/**
 * The coordinator's `IndexMapper` over lib/mapping's `IndexMappings` and lib/analysis's
 * registry, built from index metadata (flat settings; mapping JSON per type).
 */
import type { IndexMetadata } from '../cluster/state.js';
import type { IndexMapper } from './mapper.js';
import { IndexMappings } from '../mapping/index-mappings.js';
import { createAnalysisRegistry } from '../analysis/registry.js';
import { nestSettings, subSettings } from '../cluster/settings.js';
import type { AnalysisRegistry } from '../analysis/types.js';

export interface BuildOptions {
  /** True (default) re-opens stored mappings; false compiles a create-index request's mappings. */
  restore?: boolean;
  /** Deprecation warnings of the mappings are appended here. */
  warnings?: string[];
}

export function buildIndexMapper(meta: IndexMetadata, opts: BuildOptions = {}): IndexMapper {
  const analysisFlat = subSettings(meta.settings, 'index.analysis');
  const registry = createAnalysisRegistry(Object.keys(analysisFlat).length > 0 ? nestSettings(analysisFlat) : undefined);
  const mappings = IndexMappings.create(meta.name, meta.mappings, meta.settings, registry, {
    restore: opts.restore ?? true,
    ...(opts.warnings ? { warnings: opts.warnings } : {}),
  });
  return adapt(mappings, registry);
}

function adapt(m: IndexMappings, registry: AnalysisRegistry): IndexMapper {
  return {
    analysis: registry,
    mappings: m,
    parse: (type, id, source, opts) => m.parse(type, id, source, opts),
    merge: (type, mapping, opts) => m.merge(type, mapping, { updateAllTypes: opts.updateAllTypes, ...(opts.warnings ? { warnings: opts.warnings } : {}) }).toJSON(),
    toJSON: () => m.toJSON(),
    hasType: (t) => m.hasType(t),
    types: () => m.types(),
    routingRequired: (t) => m.routingRequired(t),
    fieldMappings: (type, patterns, includeDefaults) => m.fieldMapping(type, patterns, { includeDefaults }) ?? {},
  };
}
