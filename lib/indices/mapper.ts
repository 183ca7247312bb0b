/**
 * The coordinator's view of an index's mappings: build the compiled mapper (analysis registry +
 * field mappers) from index metadata, parse documents, merge mapping updates.
 */
import type { IndexMetadata } from '../cluster/state.js';
import type { ParsedDocument } from '../mapping/parsed-document.js';
import type { AnalysisRegistry } from '../analysis/types.js';
import type { IndexMappings } from '../mapping/index-mappings.js';

export interface IndexMapper {
  readonly analysis: AnalysisRegistry;
  /** The full mappings model, for field lookups by query compilation. */
  readonly mappings: IndexMappings;
  /** Parse one source document of `type`; `dynamicUpdate` is the mapping JSON to merge first. */
  /** `checkPercolatorFields`: refuse stored percolator queries naming unmapped fields (the primary's parse). */
  parse(type: string, id: string, source: Buffer, opts: { routing?: string; parent?: string; checkPercolatorFields?: boolean }): {
    doc: ParsedDocument;
    dynamicUpdate?: Record<string, unknown>;
  };
  /** Merge a mapping for `type`, returning the new mappings JSON per type (throws ES merge errors). */
  merge(type: string, mapping: Record<string, unknown>, opts: { updateAllTypes: boolean; warnings?: string[] }): Record<string, Record<string, unknown>>;
  /** Mapping JSON per type as GET _mapping renders it. */
  toJSON(): Record<string, Record<string, unknown>>;
  hasType(type: string): boolean;
  types(): string[];
  routingRequired(type: string): boolean;
  /** `GET /{index}/_mapping/field/{fields}` body for one type: `{<field>: {full_name, mapping}}`. */
  fieldMappings(type: string, patterns: string[], includeDefaults: boolean): Record<string, unknown>;
}

export { buildIndexMapper } from './mapper-impl.js';
