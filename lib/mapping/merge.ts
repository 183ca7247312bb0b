/**
 * Merging a mapping update into an existing type mapping, with ES 5.6's rules and messages:
 * structure first (ObjectMapper/FieldMapper `merge`: type class changes, object vs field), then
 * field-type compatibility (MappedFieldType#checkCompatibility: what can never change, and — when
 * the field is shared with other types and `update_all_types` is not set — what may only change
 * for all types at once).
 */
import { type FieldMapping, type Mapper, type MetaFields, NUMERIC_TYPES, type ObjectMapping, type TypeMapping } from './mapper-types.js';
import { illegalArgument } from './mapping-errors.js';
import { DEFAULT_DATE_FORMAT } from './date-format.js';
import { fieldDefaults, isAnalyzed } from './mapping-render.js';

/** Which Java mapper class a type belongs to (numbers share NumberFieldMapper). */
function mapperClass(type: string): string {
  return NUMERIC_TYPES.has(type) && type !== 'scaled_float' ? 'number' : type;
}

/** Merge two field mappers of the same path (FieldMapper#merge). */
export function mergeField(existing: FieldMapping, update: Mapper): FieldMapping {
  if (update.kind === 'object') {
    throw illegalArgument(`mapper [${existing.path}] of different type, current_type [${existing.type}], merged_type [ObjectMapper]`);
  }
  if (mapperClass(existing.type) !== mapperClass(update.type)) {
    throw illegalArgument(`mapper [${existing.path}] of different type, current_type [${existing.type}], merged_type [${update.type}]`);
  }
  const fields = new Map(existing.fields);
  for (const [name, sub] of update.fields) {
    const cur = fields.get(name);
    fields.set(name, cur ? mergeField(cur, sub) : sub);
  }
  return Object.freeze({ ...update, fields });
}

/** Merge two object mappers of the same path (ObjectMapper#merge). */
export function mergeObject(existing: ObjectMapping, update: Mapper): ObjectMapping {
  if (update.kind !== 'object') {
    throw illegalArgument(`Can't merge a non object mapping [${update.path}] with an object mapping [${existing.path}]`);
  }
  if (existing.nested && !update.nested) throw illegalArgument(`object mapping [${existing.path}] can't be changed from nested to non-nested`);
  if (!existing.nested && update.nested) throw illegalArgument(`object mapping [${existing.path}] can't be changed from non-nested to nested`);
  const properties = new Map(existing.properties);
  for (const [name, m] of update.properties) {
    const cur = properties.get(name);
    if (!cur) properties.set(name, m);
    else properties.set(name, cur.kind === 'object' ? mergeObject(cur, m) : mergeField(cur, m));
  }
  const out: { -readonly [K in keyof ObjectMapping]: ObjectMapping[K] } = { ...existing, properties };
  if (update.dynamic !== undefined) out.dynamic = update.dynamic;
  if (update.includeInAll !== undefined) out.includeInAll = update.includeInAll;
  return Object.freeze(out);
}

function sourceConflicts(a: MetaFields['source'], b: MetaFields['source']): string[] {
  const out: string[] = [];
  if ((a.enabled ?? true) !== (b.enabled ?? true)) out.push('Cannot update enabled setting for [_source]');
  if (JSON.stringify(a.includes ?? []) !== JSON.stringify(b.includes ?? [])) out.push('Cannot update includes setting for [_source]');
  if (JSON.stringify(a.excludes ?? []) !== JSON.stringify(b.excludes ?? [])) out.push('Cannot update excludes setting for [_source]');
  return out;
}

/**
 * Merge a parsed update (parsed on top of `existing`'s metadata settings) into `existing`.
 * `explicitAllEnabled` tells whether the update itself set `_all.enabled`.
 */
export function mergeTypeMappings(existing: TypeMapping, update: TypeMapping, explicitAllEnabled: boolean): TypeMapping {
  const root = mergeObject(existing.root, update.root);
  const em = existing.meta;
  const um = update.meta;
  if (explicitAllEnabled && (em.all.enabled ?? true) !== (um.all.enabled ?? true)) {
    throw illegalArgument(`mapper [_all] enabled is ${em.all.enabled ?? true} now encountering ${um.all.enabled ?? true}`);
  }
  const src = sourceConflicts(em.source, um.source);
  if (src.length > 0) throw illegalArgument(`Can't merge because of conflicts: [${src.join(', ')}]`);
  if ((em.parent?.type ?? null) !== (um.parent?.type ?? null)) {
    throw illegalArgument(`The _parent field's type option can't be changed: [${em.parent?.type ?? null}]->[${um.parent?.type ?? null}]`);
  }
  const meta: MetaFields = Object.freeze({ ...um, routing: em.routing });
  const out: TypeMapping = {
    type: existing.type,
    root,
    meta,
    ...(update.dynamicTemplates ?? existing.dynamicTemplates ? { dynamicTemplates: update.dynamicTemplates ?? existing.dynamicTemplates } : {}),
    ...(update.dateDetection ?? existing.dateDetection) !== undefined ? { dateDetection: update.dateDetection ?? existing.dateDetection } : {},
    ...(update.numericDetection ?? existing.numericDetection) !== undefined ? { numericDetection: update.numericDetection ?? existing.numericDetection } : {},
    ...(update.dynamicDateFormats ?? existing.dynamicDateFormats) !== undefined ? { dynamicDateFormats: update.dynamicDateFormats ?? existing.dynamicDateFormats } : {},
  };
  return Object.freeze(out);
}

function termVectorFlags(tv: string | undefined): { store: boolean; positions: boolean; offsets: boolean; payloads: boolean } {
  const v = tv ?? 'no';
  return { store: v !== 'no', positions: v.includes('positions'), offsets: v.includes('offsets'), payloads: v.includes('payloads') };
}

/**
 * MappedFieldType#checkCompatibility between the field type already registered for a path and
 * a new one. Throws when the type name changes; returns the list of conflicts otherwise.
 * `strict` is true when the field also exists in other types and `update_all_types` is off.
 */
export function checkCompatibility(a: FieldMapping, b: FieldMapping, strict: boolean): string[] {
  const name = a.path;
  if (a.type !== b.type) throw illegalArgument(`mapper [${name}] cannot be changed from type [${a.type}] to [${b.type}]`);
  const conflicts: string[] = [];
  if (a.params.extra !== undefined || b.params.extra !== undefined) return conflicts;
  const pa = a.params;
  const pb = b.params;
  const da = fieldDefaults(a.type);
  if ((pa.index ?? da.index) !== (pb.index ?? da.index) || isAnalyzed(a) !== isAnalyzed(b)) conflicts.push(`mapper [${name}] has different [index] values`);
  if ((pa.store ?? da.store) !== (pb.store ?? da.store)) conflicts.push(`mapper [${name}] has different [store] values`);
  if ((pa.docValues ?? da.docValues) !== (pb.docValues ?? da.docValues)) conflicts.push(`mapper [${name}] has different [doc_values] values`);
  const normsA = pa.norms ?? da.norms;
  const normsB = pb.norms ?? da.norms;
  if (!normsA && normsB) conflicts.push(`mapper [${name}] has different [norms] values, cannot change from disable to enabled`);
  const ta = termVectorFlags(pa.termVector);
  const tb = termVectorFlags(pb.termVector);
  if (ta.store !== tb.store) conflicts.push(`mapper [${name}] has different [store_term_vector] values`);
  if (ta.offsets !== tb.offsets) conflicts.push(`mapper [${name}] has different [store_term_vector_offsets] values`);
  if (ta.positions !== tb.positions) conflicts.push(`mapper [${name}] has different [store_term_vector_positions] values`);
  if (ta.payloads !== tb.payloads) conflicts.push(`mapper [${name}] has different [store_term_vector_payloads] values`);
  if (isAnalyzed(a) && (pa.analyzer ?? 'default') !== (pb.analyzer ?? 'default')) conflicts.push(`mapper [${name}] has different [analyzer]`);
  if (pa.similarity !== pb.similarity) conflicts.push(`mapper [${name}] has different [similarity]`);
  if (a.type === 'keyword' && pa.normalizer !== pb.normalizer) conflicts.push(`mapper [${name}] has different [normalizer]`);
  if (a.type === 'date') {
    if ((pa.format ?? DEFAULT_DATE_FORMAT) !== (pb.format ?? DEFAULT_DATE_FORMAT)) conflicts.push(`mapper [${name}] has different [format] values`);
    if ((pa.locale ?? '') !== (pb.locale ?? '')) conflicts.push(`mapper [${name}] has different [locale] values`);
  }
  if (a.type === 'scaled_float' && pa.scalingFactor !== pb.scalingFactor) conflicts.push(`mapper [${name}] has different [scaling_factor]`);
  if (strict) {
    const multi = (what: string): void => {
      conflicts.push(`mapper [${name}] is used by multiple types. Set update_all_types to true to update [${what}] across all types.`);
    };
    if (normsA !== normsB) multi('omit_norms');
    if ((pa.boost ?? 1) !== (pb.boost ?? 1)) multi('boost');
    if (isAnalyzed(a)) {
      const sa = pa.searchAnalyzer ?? pa.analyzer ?? 'default';
      const sb = pb.searchAnalyzer ?? pb.analyzer ?? 'default';
      if (sa !== sb) multi('search_analyzer');
      if ((pa.searchQuoteAnalyzer ?? sa) !== (pb.searchQuoteAnalyzer ?? sb)) multi('search_quote_analyzer');
      if ((pa.fielddata ?? false) !== (pb.fielddata ?? false)) multi('fielddata');
    }
    if (JSON.stringify(pa.nullValue) !== JSON.stringify(pb.nullValue)) multi('null_value');
    if ((pa.eagerGlobalOrdinals ?? false) !== (pb.eagerGlobalOrdinals ?? false)) multi('eager_global_ordinals');
  }
  return conflicts;
}
