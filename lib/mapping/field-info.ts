/**
 * What the query layer needs to know about a field (ES's MappedFieldType, reduced): how it is
 * indexed, which analyzers apply, its date format, and the nested scope it lives in.
 */
import { DEFAULT_DATE_FORMAT } from './date-format.js';
import { type FieldMapping, type MetaFields, NUMERIC_TYPES } from './mapper-types.js';
import { isAnalyzed } from './mapping-render.js';
import { shapeOf } from './value-indexer.js';

/** A field type descriptor. */
export interface FieldTypeInfo {
  /** Full path, e.g. `title.raw`, `_all`, `_uid`. */
  readonly name: string;
  /** ES type name (`text`, `keyword`, `long`, `date`, ... or the metadata field's own name, e.g. `_uid`). */
  readonly type: string;
  /** Broad family for query compilation. */
  readonly family: 'text' | 'keyword' | 'integer' | 'floating' | 'date' | 'boolean' | 'ip' | 'geo_point' | 'binary' | 'meta' | 'other';
  readonly indexed: boolean;
  readonly hasDocValues: boolean;
  readonly stored: boolean;
  /** Tokenized by an analyzer (text fields, `_all`). */
  readonly tokenized: boolean;
  readonly positions: boolean;
  readonly offsets: boolean;
  readonly norms: boolean;
  readonly boost: number;
  /** Index-time analyzer name (`default` when unset). */
  readonly analyzer?: string;
  /** Search analyzer name (`search_analyzer`, else `analyzer`, else `default_search`). */
  readonly searchAnalyzer?: string;
  /** Search-quote analyzer name (falls back to the search analyzer, else `default_search_quote`). */
  readonly searchQuoteAnalyzer?: string;
  readonly normalizer?: string;
  /** Date format (dates only). */
  readonly format?: string;
  /** `scaling_factor` of scaled_float fields. */
  readonly scalingFactor?: number;
  readonly ignoreAbove?: number;
  readonly nullValue?: unknown;
  readonly fielddata: boolean;
  readonly eagerGlobalOrdinals: boolean;
  /** Path of the innermost nested object containing the field, if any. */
  readonly nestedPath?: string;
  readonly isMultiField: boolean;
  /** Types in which the field is mapped. */
  readonly types: readonly string[];
}

function family(type: string): FieldTypeInfo['family'] {
  if (type === 'text' || type === 'string') return 'text';
  if (type === 'keyword') return 'keyword';
  if (['long', 'integer', 'short', 'byte', 'token_count'].includes(type)) return 'integer';
  if (NUMERIC_TYPES.has(type)) return 'floating';
  if (type === 'date' || type === 'ip' || type === 'boolean' || type === 'geo_point' || type === 'binary') return type;
  return 'other';
}

/** Describe a mapped leaf field. */
export function describeField(f: FieldMapping, opts: { nestedPath?: string; isMultiField: boolean; types: readonly string[] }): FieldTypeInfo {
  const p = f.params;
  const shape = shapeOf(f);
  const analyzed = isAnalyzed(f);
  const fam = f.type === 'string' && !analyzed ? 'keyword' : family(f.type);
  const info: { -readonly [K in keyof FieldTypeInfo]: FieldTypeInfo[K] } = {
    name: f.path,
    type: f.type,
    family: fam,
    indexed: shape.indexed,
    hasDocValues: shape.docValues !== undefined,
    stored: shape.store,
    tokenized: analyzed,
    positions: shape.positions,
    offsets: shape.offsets,
    norms: shape.norms && analyzed,
    boost: p.boost ?? 1,
    fielddata: p.fielddata ?? false,
    eagerGlobalOrdinals: p.eagerGlobalOrdinals ?? false,
    isMultiField: opts.isMultiField,
    types: opts.types,
  };
  if (analyzed) {
    info.analyzer = p.analyzer ?? 'default';
    info.searchAnalyzer = p.searchAnalyzer ?? p.analyzer ?? 'default_search';
    info.searchQuoteAnalyzer = p.searchQuoteAnalyzer ?? p.searchAnalyzer ?? p.analyzer ?? 'default_search_quote';
  }
  if (p.normalizer !== undefined) info.normalizer = p.normalizer;
  if (f.type === 'date') info.format = p.format ?? DEFAULT_DATE_FORMAT;
  if (p.scalingFactor !== undefined) info.scalingFactor = p.scalingFactor;
  if (p.ignoreAbove !== undefined) info.ignoreAbove = p.ignoreAbove;
  if (p.nullValue !== undefined) info.nullValue = p.nullValue;
  if (opts.nestedPath !== undefined) info.nestedPath = opts.nestedPath;
  return Object.freeze(info);
}

/** Names of the metadata fields, in the order `GET _mapping/field/*` lists them. */
export const METADATA_FIELD_NAMES = ['_all', '_field_names', '_id', '_index', '_parent', '_routing', '_source', '_type', '_uid', '_version'];

/** Describe a metadata field (`_all`, `_uid`, `_type`, `_id`, `_routing`, `_parent`, `_field_names`, ...). */
export function describeMetaField(name: string, meta: MetaFields, types: readonly string[]): FieldTypeInfo | undefined {
  const base = {
    name,
    type: name,
    family: 'meta' as const,
    indexed: true,
    hasDocValues: false,
    stored: false,
    tokenized: false,
    positions: false,
    offsets: false,
    norms: false,
    boost: 1,
    fielddata: false,
    eagerGlobalOrdinals: false,
    isMultiField: false,
    types,
  };
  switch (name) {
    case '_all':
      if (meta.all.enabled === false) return Object.freeze({ ...base, indexed: false });
      return Object.freeze({
        ...base,
        family: 'text' as const,
        tokenized: true,
        positions: true,
        norms: meta.all.norms ?? true,
        stored: meta.all.store ?? false,
        analyzer: meta.all.analyzer ?? 'default',
        searchAnalyzer: meta.all.searchAnalyzer ?? meta.all.analyzer ?? 'default_search',
        searchQuoteAnalyzer: meta.all.searchQuoteAnalyzer ?? meta.all.searchAnalyzer ?? meta.all.analyzer ?? 'default_search_quote',
      });
    case '_uid':
    case '_type':
      return Object.freeze({ ...base, hasDocValues: true });
    case '_id':
      // answered through `_uid` terms (`type#id`)
      return Object.freeze({ ...base, indexed: false });
    case '_routing':
      return Object.freeze({ ...base, stored: true });
    case '_parent':
      return Object.freeze({ ...base, stored: true, hasDocValues: true });
    case '_field_names':
      return Object.freeze({ ...base, indexed: meta.fieldNames.enabled !== false });
    case '_source':
      return Object.freeze({ ...base, indexed: false, stored: meta.source.enabled !== false });
    case '_index':
    case '_version':
      return Object.freeze({ ...base, indexed: false, hasDocValues: name === '_version' });
    default:
      return undefined;
  }
}
