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
import type { CompileContext } from '../search/compile-context.js';
import { buildIndexFields } from '../search/field-types.js';
import { SegmentsStats } from '../search/weight.js';
import { addPercolatorExtractions, percolatorPaths } from '../search/percolator-index.js';

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
  return adapt(meta, mappings, registry);
}

function adapt(meta: IndexMetadata, m: IndexMappings, registry: AnalysisRegistry): IndexMapper {
  // the index's fields as the query compiler sees them, for the percolator fields' extraction
  // (built on the first document that has a percolator field to fill; this mapper never changes)
  let percolator: { ctx: CompileContext; paths: string[] } | undefined;
  const percolatorOf = (): { ctx: CompileContext; paths: string[] } => {
    if (percolator) return percolator;
    const ctx: CompileContext = {
      index: meta.name,
      indexUuid: meta.uuid,
      fields: buildIndexFields(m.toJSON()),
      analysis: registry,
      settings: meta.settings,
      stats: new SegmentsStats([]),
      nowMs: Date.now(),
    };
    return (percolator = { ctx, paths: percolatorPaths(ctx) });
  };
  return {
    analysis: registry,
    mappings: m,
    parse: (type, id, source, opts) => {
      const r = m.parse(type, id, source, opts);
      if (r.doc.fields.some((f) => f.name.endsWith('.query_builder_field'))) {
        const p = percolatorOf();
        addPercolatorExtractions(p.ctx, p.paths, r.doc, opts.checkPercolatorFields === true);
      }
      return r;
    },
    merge: (type, mapping, opts) => m.merge(type, mapping, { updateAllTypes: opts.updateAllTypes, ...(opts.warnings ? { warnings: opts.warnings } : {}) }).toJSON(),
    toJSON: () => m.toJSON(),
    hasType: (t) => m.hasType(t),
    types: () => m.types(),
    routingRequired: (t) => m.routingRequired(t),
    fieldMappings: (type, patterns, includeDefaults) => m.fieldMapping(type, patterns, { includeDefaults }) ?? {},
  };
}
