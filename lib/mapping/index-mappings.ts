/**
 * The mappings of one index (ES 5.6's MapperService), as an immutable versioned value: every
 * change (`merge`, dynamic updates) returns a new instance. Holds the type mappings, the
 * `_default_` mapping, and the index-wide field lookup used for cross-type compatibility, query
 * compilation and `GET _mapping/field`.
 */
import type { AnalysisRegistry } from '../analysis/types.js';
import { applyDefaultMapping, readMappingLimits, validateLimits, validateTypeName, type MappingLimits } from './index-rules.js';
import { type FieldTypeInfo, METADATA_FIELD_NAMES, describeField, describeMetaField } from './field-info.js';
import { type ParseResult, parseDocument } from './document-parser.js';
import type { FieldShape } from './field-accumulator.js';
import { simpleMatch } from '../units/simple-match.js';
import { type FieldMapping, type Mapper, type ObjectMapping, type TypeMapping, walkMappers, walkMultiFields } from './mapper-types.js';
import { illegalArgument } from './mapping-errors.js';
import { renderField, renderTypeMapping } from './mapping-render.js';
import { checkCompatibility, mergeObject, mergeTypeMappings } from './merge.js';
import { parseTypeMapping, unwrapTypeMapping } from './type-parser.js';
import { typeIndex } from './type-lookup.js';
import { dict } from '../dict.js';

type Json = Record<string, unknown>;

/** Options of {@link IndexMappings.create}. */
export interface CreateOptions {
  /** Deprecation warnings are appended here (ES's `Warning` response headers). */
  warnings?: string[];
  /** Re-open stored mappings as they are, without applying `_default_` again. */
  restore?: boolean;
}

/** Options of {@link IndexMappings.merge}. */
export interface MergeOptions {
  updateAllTypes?: boolean;
  warnings?: string[];
}

interface Lookup {
  /** One (compatible) field per full path, and the types that map it. */
  fields: Map<string, { field: FieldMapping; types: string[]; nestedPath?: string; isMultiField: boolean }>;
  /** Object paths and the types that map them. */
  objects: Map<string, { obj: ObjectMapping; types: string[] }>;
  parentTypes: Set<string>;
}

export class IndexMappings {
  private lookupCache: Lookup | undefined;
  /** Indexing shapes of this version's fields (lib/mapping/value-indexer.ts), computed on first use. */
  private readonly shapes = new WeakMap<FieldMapping, FieldShape>();
  // Read once: every document parse asks for the depth limit, and reading settings is not free.
  private limitsCache: MappingLimits | undefined;

  private constructor(
    /** Index name (for error messages). */
    readonly index: string,
    private readonly settings: Json,
    private readonly registry: AnalysisRegistry,
    private readonly typeMap: ReadonlyMap<string, TypeMapping>,
    private readonly defaultMapping: { raw: Json; parsed: TypeMapping } | undefined,
    /** Incremented by every change. */
    readonly version: number,
  ) {}

  /**
   * Build from the `mappings` of `PUT /{index}` (`{<type>: {...}, _default_: {...}}`) and the
   * index settings (flat `index.mapping.total_fields.limit` or nested form). Throws ES errors.
   */
  static create(index: string, mappings: Json | undefined, settings: Json, registry: AnalysisRegistry, opts: CreateOptions = {}): IndexMappings {
    let m = new IndexMappings(index, settings, registry, new Map(), undefined, 0);
    const entries = Object.entries(mappings ?? {});
    const def = entries.find(([t]) => t === '_default_');
    if (def) m = m.merge('_default_', asJson(def[1]), { warnings: opts.warnings ?? [] });
    for (const [type, body] of entries) {
      if (type === '_default_') continue;
      m = m.mergeInternal(type, asJson(body), false, opts.warnings ?? [], !opts.restore, true);
    }
    return new IndexMappings(index, settings, registry, m.typeMap, m.defaultMapping, 0);
  }

  /** Mapping types (without `_default_`), in creation order. */
  types(): string[] {
    return [...this.typeMap.keys()];
  }

  hasType(type: string): boolean {
    return this.typeMap.has(type);
  }

  /** The parsed mapping of a type. */
  typeMapping(type: string): TypeMapping | undefined {
    return this.typeMap.get(type);
  }

  /** Whether documents of `type` need a routing value (`_routing.required`, or a `_parent`). */
  routingRequired(type: string): boolean {
    const t = this.typeMap.get(type);
    return t !== undefined && (t.meta.routing.required === true || t.meta.parent !== undefined);
  }

  /** The `_parent.type` of a type, if any. */
  parentType(type: string): string | undefined {
    return this.typeMap.get(type)?.meta.parent?.type;
  }

  /** Whether `_source` is stored for a type. */
  sourceEnabled(type: string): boolean {
    return this.typeMap.get(type)?.meta.source.enabled !== false;
  }

  /**
   * Merge a mapping for `type` (a `PUT _mapping` body or a dynamic update), returning the new
   * mappings. `_default_` is replaced, not merged; a new type starts from `_default_`.
   */
  merge(type: string, mapping: Json, opts: MergeOptions = {}): IndexMappings {
    const warnings = opts.warnings ?? [];
    if (type === '_default_') {
      const raw = unwrapTypeMapping(type, mapping);
      const parsed = parseTypeMapping(type, raw, { registry: this.registry, warnings });
      return new IndexMappings(this.index, this.settings, this.registry, this.typeMap, { raw, parsed }, this.version + 1);
    }
    return this.mergeInternal(type, mapping, opts.updateAllTypes ?? false, warnings, true);
  }

  private mergeInternal(type: string, mapping: Json, updateAllTypes: boolean, warnings: string[], applyDefault: boolean, creatingIndex = false): IndexMappings {
    validateTypeName(type);
    const ctx = { registry: this.registry, warnings };
    const existing = this.typeMap.get(type);
    let merged: TypeMapping;
    if (existing) {
      const body = unwrapTypeMapping(type, mapping);
      const update = parseTypeMapping(type, body, ctx, existing);
      const allExplicit = typeof body['_all'] === 'object' && body['_all'] !== null && 'enabled' in (body['_all'] as Json);
      merged = mergeTypeMappings(existing, update, allExplicit);
    } else {
      const body = applyDefault && this.defaultMapping ? applyDefaultMapping(unwrapTypeMapping(type, mapping), this.defaultMapping.raw) : unwrapTypeMapping(type, mapping);
      merged = parseTypeMapping(type, body, ctx);
      const parent = merged.meta.parent?.type;
      if (parent !== undefined) {
        if (parent === type) throw illegalArgument("The [_parent.type] option can't point to the same type");
        // all mappings of a new index are added together, so the check only applies to later updates
        if (!creatingIndex && this.typeMap.has(parent) && !this.lookup().parentTypes.has(parent)) {
          throw illegalArgument("can't add a _parent field that points to an already existing type, that isn't already a parent");
        }
      }
    }
    const types = new Map(this.typeMap);
    types.set(type, merged);
    this.checkCrossType(type, merged, updateAllTypes, types);
    const next = new IndexMappings(this.index, this.settings, this.registry, types, this.defaultMapping, this.version + 1);
    validateLimits(this.index, next.limits(), next.lookup(), types);
    return next;
  }

  /** FieldTypeLookup#checkCompatibility and MapperService#checkObjectsCompatibility across types. */
  private checkCrossType(type: string, tm: TypeMapping, updateAllTypes: boolean, types: Map<string, TypeMapping>): void {
    const lk = this.lookup();
    const newFields = typeIndex(tm).fields;
    for (const m of walkMappers(tm.root)) {
      if (m.kind === 'object') {
        const f = lk.fields.get(m.path);
        if (f && f.types.some((t) => t !== type)) throw illegalArgument(`Field [${m.path}] is defined as an object in mapping [${type}] but this name is already used for a field in other types`);
        const o = lk.objects.get(m.path);
        if (o && o.types.some((t) => t !== type)) mergeObject(o.obj, m);
        continue;
      }
      const o = lk.objects.get(m.path);
      if (o && o.types.some((t) => t !== type)) throw illegalArgument(`Field [${m.path}] is defined as a field in mapping [${type}] but this name is already used for an object in other types`);
    }
    for (const [path, f] of newFields) {
      const reg = lk.fields.get(path);
      if (!reg) continue;
      const others = reg.types.filter((t) => t !== type);
      const conflicts = checkCompatibility(reg.field, f, !updateAllTypes && others.length > 0);
      if (conflicts.length > 0) throw illegalArgument(`Mapper for [${path}] conflicts with existing mapping in other types:\n[${conflicts.join(', ')}]`);
      if (updateAllTypes) {
        for (const other of others) {
          const otm = types.get(other);
          if (otm) types.set(other, replaceFieldParams(otm, path, f));
        }
      }
    }
  }

  private limits(): MappingLimits {
    return (this.limitsCache ??= readMappingLimits(this.settings));
  }

  /** The index-wide field lookup (cached per instance). */
  private lookup(): Lookup {
    if (this.lookupCache) return this.lookupCache;
    const lk: Lookup = { fields: new Map(), objects: new Map(), parentTypes: new Set() };
    for (const [type, tm] of this.typeMap) {
      if (tm.meta.parent) lk.parentTypes.add(tm.meta.parent.type);
      const visit = (obj: ObjectMapping, nestedPath: string | undefined): void => {
        for (const m of obj.properties.values()) {
          if (m.kind === 'object') {
            const o = lk.objects.get(m.path);
            if (o) o.types.push(type);
            else lk.objects.set(m.path, { obj: m, types: [type] });
            visit(m, m.nested ? m.path : nestedPath);
            continue;
          }
          const add = (f: FieldMapping, isMultiField: boolean): void => {
            const e = lk.fields.get(f.path);
            if (e) e.types.push(type);
            else lk.fields.set(f.path, { field: f, types: [type], isMultiField, ...(nestedPath !== undefined ? { nestedPath } : {}) });
          };
          add(m, false);
          for (const sub of walkMultiFields(m)) add(sub, true);
        }
      };
      visit(tm.root, undefined);
    }
    this.lookupCache = lk;
    return lk;
  }

  /**
   * Parse a document of `type`. For a type that does not exist yet the document is parsed
   * against `_default_` and `dynamicUpdate` is always set (merging it creates the type).
   */
  parse(type: string, id: string, source: Buffer, opts: { routing?: string; parent?: string; warnings?: string[] } = {}): ParseResult {
    if (type === '_default_') throw illegalArgument(`It is forbidden to index into the default mapping [_default_]`);
    let tm = this.typeMap.get(type);
    const isNew = tm === undefined;
    if (!tm) {
      validateTypeName(type);
      tm = parseTypeMapping(type, this.defaultMapping ? { ...this.defaultMapping.raw } : {}, { registry: this.registry, warnings: [] });
    }
    const lk = this.lookup();
    const result = parseDocument(
      {
        index: this.index,
        type: tm,
        registry: this.registry,
        shapes: this.shapes,
        warnings: opts.warnings ?? [],
        isParentType: lk.parentTypes.has(type),
        fieldInAnyType: (path) => lk.fields.get(path)?.field,
        depthLimit: this.limits().depth,
      },
      id,
      source,
      { ...(opts.routing !== undefined ? { routing: opts.routing } : {}), ...(opts.parent !== undefined ? { parent: opts.parent } : {}) },
    );
    if (isNew && !result.dynamicUpdate) result.dynamicUpdate = {};
    return result;
  }

  /** Every mapped leaf field path (multi-fields included), sorted. */
  fieldNames(): string[] {
    return [...this.lookup().fields.keys()].sort();
  }

  /** Expand a field name pattern (`*`, `user.*`, `*_name`) to mapped leaf fields. */
  expandFieldPattern(pattern: string): string[] {
    if (!pattern.includes('*')) return this.lookup().fields.has(pattern) ? [pattern] : [];
    return this.fieldNames().filter((n) => simpleMatch(pattern, n));
  }

  /** Descriptor of a field (leaf, multi-field or metadata field), or undefined when unmapped. */
  fieldType(name: string): FieldTypeInfo | undefined {
    const e = this.lookup().fields.get(name);
    if (e) return describeField(e.field, { isMultiField: e.isMultiField, types: e.types, ...(e.nestedPath !== undefined ? { nestedPath: e.nestedPath } : {}) });
    if (name.startsWith('_')) {
      const first = this.typeMap.values().next().value as TypeMapping | undefined;
      const meta = first?.meta ?? { all: {}, source: {}, routing: {}, fieldNames: {} };
      return describeMetaField(name, meta, this.types());
    }
    return undefined;
  }

  /** Whether `path` is a mapped object (or nested) path in any type. */
  objectMapping(path: string): ObjectMapping | undefined {
    return this.lookup().objects.get(path)?.obj;
  }

  /** Mapping JSON per type (and `_default_`) as `GET /{index}/_mapping` shows it. */
  toJSON(includeDefaults = false): Record<string, Json> {
    const out: Record<string, Json> = {};
    if (this.defaultMapping) out['_default_'] = renderTypeMapping(this.defaultMapping.parsed, includeDefaults);
    for (const [type, tm] of this.typeMap) out[type] = renderTypeMapping(tm, includeDefaults);
    return out;
  }

  /**
   * `GET /{index}/_mapping/field/{fields}` for one type: `{<field>: {full_name, mapping}}`, the
   * mapping keyed by the field's simple name. Undefined when the type does not exist.
   */
  fieldMapping(type: string, patterns: string[], opts: { includeDefaults?: boolean } = {}): Json | undefined {
    const tm = this.typeMap.get(type);
    if (!tm) return undefined;
    const includeDefaults = opts.includeDefaults ?? false;
    const fields = typeIndex(tm).fields;
    const all: Array<[string, () => Json, string]> = [];
    for (const name of METADATA_FIELD_NAMES) all.push([name, () => renderMetaFieldMapping(tm, name, includeDefaults), name]);
    for (const [path, f] of fields) all.push([path, () => ({ [f.name]: renderField(f, includeDefaults) }), path]);
    const out: Json = dict(); // field paths are user input
    for (const pattern of patterns) {
      if (pattern.includes('*')) {
        for (const [path, render] of all) if (simpleMatch(pattern, path)) out[path] = { full_name: path, mapping: render() };
      } else {
        const hit = all.find(([path]) => path === pattern);
        if (hit) out[pattern] = { full_name: hit[2], mapping: hit[1]() };
      }
    }
    return out;
  }
}

function asJson(v: unknown): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  return v as Json;
}

/** Metadata fields render their section of the type mapping (empty when default). */
function renderMetaFieldMapping(tm: TypeMapping, name: string, includeDefaults: boolean): Json {
  const rendered = renderTypeMapping(tm, false);
  const section = rendered[name];
  if (section !== undefined) return { [name]: section };
  if (!includeDefaults) return { [name]: {} };
  if (name === '_all') return { _all: { enabled: true, store: false, norms: true, analyzer: 'default', search_analyzer: 'default', search_quote_analyzer: 'default', similarity: 'BM25' } };
  if (name === '_source') return { _source: { enabled: true, includes: [], excludes: [] } };
  if (name === '_routing') return { _routing: { required: false } };
  if (name === '_field_names') return { _field_names: { enabled: true } };
  return { [name]: {} };
}

/** update_all_types: give the same field in another type the new parameters. */
function replaceFieldParams(tm: TypeMapping, path: string, f: FieldMapping): TypeMapping {
  const rewrite = (obj: ObjectMapping): ObjectMapping => {
    const props = new Map<string, Mapper>();
    for (const [k, m] of obj.properties) {
      if (m.kind === 'object') props.set(k, path.startsWith(m.path + '.') ? rewrite(m) : m);
      else props.set(k, rewriteField(m));
    }
    return Object.freeze({ ...obj, properties: props });
  };
  const rewriteField = (m: FieldMapping): FieldMapping => {
    if (m.path === path) return Object.freeze({ ...m, params: f.params });
    if (!path.startsWith(m.path + '.')) return m;
    const fields = new Map<string, FieldMapping>();
    for (const [k, sub] of m.fields) fields.set(k, rewriteField(sub));
    return Object.freeze({ ...m, fields });
  };
  return Object.freeze({ ...tm, root: rewrite(tm.root) });
}
