/**
 * The immutable mapping model: a type's root object holds object and field mappers, as ES 5's
 * RootObjectMapper / ObjectMapper / FieldMapper tree. Values are plain frozen data; "changes"
 * (merges, dynamic additions) build new trees. Parameters left undefined mean "the type's
 * default", which is what ES renders (it only shows what differs from the default).
 */

/** Parameters of a leaf field, normalised from the mapping JSON. */
export interface FieldParams {
  index?: boolean;
  /** Legacy `string` fields keep the textual `index` value (`analyzed`, `not_analyzed`, `no`). */
  legacyIndex?: string;
  store?: boolean;
  docValues?: boolean;
  boost?: number;
  analyzer?: string;
  searchAnalyzer?: string;
  searchQuoteAnalyzer?: string;
  normalizer?: string;
  ignoreAbove?: number;
  ignoreMalformed?: boolean;
  coerce?: boolean;
  /** The `null_value` as given in the mapping. */
  nullValue?: unknown;
  includeInAll?: boolean;
  norms?: boolean;
  indexOptions?: string;
  termVector?: string;
  positionIncrementGap?: number;
  similarity?: string;
  eagerGlobalOrdinals?: boolean;
  fielddata?: boolean;
  fielddataFrequencyFilter?: Record<string, unknown>;
  format?: string;
  locale?: string;
  scalingFactor?: number;
  /** Types stored as given (geo_shape, completion, ranges...): their other parameters in order. */
  extra?: Record<string, unknown>;
}

/** A leaf field mapper. */
export interface FieldMapping {
  readonly kind: 'field';
  /** Simple (last) name, e.g. `city`. */
  readonly name: string;
  /** Full dotted path, e.g. `address.city`, or `title.raw` for a multi-field. */
  readonly path: string;
  /** ES type name: `text`, `keyword`, `long`, ..., `string` (legacy), `geo_shape`... */
  readonly type: string;
  readonly params: Readonly<FieldParams>;
  /** Multi-fields by simple name. */
  readonly fields: ReadonlyMap<string, FieldMapping>;
  /** `copy_to` target paths. */
  readonly copyTo: readonly string[];
}

/** An `object` or `nested` mapper. */
export interface ObjectMapping {
  readonly kind: 'object';
  readonly name: string;
  /** Full path; the empty string for a type's root. */
  readonly path: string;
  readonly nested: boolean;
  readonly includeInParent?: boolean;
  readonly includeInRoot?: boolean;
  /** `true`, `false` or `strict`; undefined inherits from the parent (root default `true`). */
  readonly dynamic?: 'true' | 'false' | 'strict';
  /** `enabled: false` objects are kept in `_source` only. */
  readonly enabled?: boolean;
  readonly includeInAll?: boolean;
  readonly properties: ReadonlyMap<string, Mapper>;
}

export type Mapper = FieldMapping | ObjectMapping;

/** One entry of `dynamic_templates`. */
export interface DynamicTemplate {
  readonly name: string;
  readonly match?: string;
  readonly unmatch?: string;
  readonly pathMatch?: string;
  readonly pathUnmatch?: string;
  readonly matchMappingType?: string;
  readonly matchPattern?: 'simple' | 'regex';
  readonly mapping: Readonly<Record<string, unknown>>;
  /** The template exactly as given, for rendering. */
  readonly raw: Readonly<Record<string, unknown>>;
}

/** Settings of the metadata fields of one type. */
export interface MetaFields {
  readonly all: { readonly enabled?: boolean; readonly store?: boolean; readonly analyzer?: string; readonly searchAnalyzer?: string; readonly searchQuoteAnalyzer?: string; readonly norms?: boolean; readonly similarity?: string; readonly termVector?: string };
  readonly source: { readonly enabled?: boolean; readonly includes?: readonly string[]; readonly excludes?: readonly string[] };
  readonly routing: { readonly required?: boolean };
  readonly parent?: { readonly type: string; readonly eagerGlobalOrdinals?: boolean };
  readonly fieldNames: { readonly enabled?: boolean };
  readonly meta?: Readonly<Record<string, unknown>>;
}

/** The whole mapping of one type. */
export interface TypeMapping {
  readonly type: string;
  readonly root: ObjectMapping;
  readonly meta: MetaFields;
  /** Undefined when never set (renders nothing). */
  readonly dynamicTemplates?: readonly DynamicTemplate[];
  readonly dateDetection?: boolean;
  readonly dynamicDateFormats?: readonly string[];
  readonly numericDetection?: boolean;
}

/** Metadata field names that cannot appear inside a document (ES 5.6 `MapperService.META_FIELDS`). */
export const META_FIELDS: ReadonlySet<string> = new Set([
  '_uid', '_id', '_type', '_all', '_parent', '_routing', '_index', '_size', '_timestamp', '_ttl', '_field_names', '_source', '_version',
]);

/** Field types ES 5.6 accepts in mappings. */
export const CORE_TYPES = new Set([
  'text', 'keyword', 'string', 'long', 'integer', 'short', 'byte', 'double', 'float', 'half_float', 'scaled_float', 'date', 'boolean', 'binary', 'ip', 'geo_point',
]);

/** Types accepted, validated lightly and stored as given (no indexing support of their own). */
export const PASSTHROUGH_TYPES = new Set([
  'geo_shape', 'completion', 'token_count', 'percolator', 'integer_range', 'float_range', 'long_range', 'double_range', 'date_range', 'ip_range', 'attachment', 'murmur3',
]);

/** Numeric types. */
export const NUMERIC_TYPES = new Set(['long', 'integer', 'short', 'byte', 'double', 'float', 'half_float', 'scaled_float']);

/** Every mapper of a tree, depth first, multi-fields after their parent field. */
export function* walkMappers(obj: ObjectMapping): Generator<Mapper> {
  for (const m of obj.properties.values()) {
    yield m;
    if (m.kind === 'object') yield* walkMappers(m);
    else yield* walkMultiFields(m);
  }
}

/** Multi-fields of a field, recursively. */
export function* walkMultiFields(f: FieldMapping): Generator<FieldMapping> {
  for (const sub of f.fields.values()) {
    yield sub;
    yield* walkMultiFields(sub);
  }
}

/** Join a parent path and a simple name. */
export function childPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}.${name}`;
}
