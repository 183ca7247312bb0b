/**
 * Render mappings as `GET /{index}/_mapping` shows them: ES 5.6's toXContent of the mapper tree.
 * Only values that differ from the type's default are shown (all of them with `include_defaults`),
 * keys in ES's order (`type`, `boost`, `index`, `store`, `doc_values`, `term_vector`, `norms`,
 * `index_options`, `eager_global_ordinals`, `similarity`, `fields`, `copy_to`, then per-type ones),
 * and properties sorted by name.
 */
import { DEFAULT_DATE_FORMAT, DEFAULT_DYNAMIC_DATE_FORMATS } from './date-format.js';
import { type FieldMapping, type ObjectMapping, type TypeMapping, NUMERIC_TYPES } from './mapper-types.js';
import { dict, putOwn } from '../dict.js';

type Json = Record<string, unknown>;

/** Per-type defaults that decide what is rendered. */
export function fieldDefaults(type: string): { index: boolean; store: boolean; docValues: boolean; norms: boolean; indexOptions: string } {
  const analyzed = type === 'text' || type === 'string';
  return {
    index: true,
    store: false,
    docValues: !(analyzed || type === 'binary'),
    norms: analyzed,
    indexOptions: analyzed ? 'positions' : 'docs',
  };
}

/** Whether a field is tokenized by an analyzer (text, analyzed legacy string). */
export function isAnalyzed(f: FieldMapping): boolean {
  return f.type === 'text' || (f.type === 'string' && f.params.legacyIndex !== 'not_analyzed');
}

/** Render one leaf field. */
export function renderField(f: FieldMapping, includeDefaults: boolean): Json {
  const p = f.params;
  const out: Json = { type: f.type };
  if (p.extra !== undefined) {
    for (const [k, v] of Object.entries(p.extra)) putOwn(out, k, v); // parameter names are user input
    if (f.copyTo.length > 0) out['copy_to'] = [...f.copyTo];
    return out;
  }
  const d = fieldDefaults(f.type);
  const show = <T>(key: string, v: T | undefined, def: T): void => {
    if (includeDefaults || (v !== undefined && v !== def)) out[key] = v ?? def;
  };
  show('boost', p.boost, 1);
  if (f.type === 'string' && p.legacyIndex !== undefined) out['index'] = p.legacyIndex;
  else show('index', p.index, d.index);
  show('store', p.store, d.store);
  if (f.type !== 'geo_point' || includeDefaults || p.docValues !== undefined) show('doc_values', p.docValues, d.docValues);
  show('term_vector', p.termVector, 'no');
  if (f.type === 'text' || f.type === 'keyword' || f.type === 'string') show('norms', p.norms, d.norms);
  if ((p.index ?? true) && (includeDefaults || (p.indexOptions !== undefined && p.indexOptions !== d.indexOptions))) out['index_options'] = p.indexOptions ?? d.indexOptions;
  show('eager_global_ordinals', p.eagerGlobalOrdinals, false);
  if (p.similarity !== undefined) out['similarity'] = p.similarity;
  else if (includeDefaults) out['similarity'] = 'BM25';
  if (f.fields.size > 0) {
    const fields: Json = dict(); // field names are user input
    for (const [name, sub] of [...f.fields.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) fields[name] = renderField(sub, includeDefaults);
    out['fields'] = fields;
  }
  if (f.copyTo.length > 0) out['copy_to'] = [...f.copyTo];
  renderTypeSpecific(f, includeDefaults, out);
  return out;
}

function renderAnalyzers(p: FieldMapping['params'], includeDefaults: boolean, out: Json): void {
  const index = p.analyzer ?? 'default';
  const search = p.searchAnalyzer ?? p.analyzer ?? 'default';
  const quote = p.searchQuoteAnalyzer ?? search;
  const diffSearch = search !== index;
  const diffQuote = quote !== search;
  if (includeDefaults || index !== 'default' || diffSearch || diffQuote) {
    out['analyzer'] = index;
    if (includeDefaults || diffSearch || diffQuote) {
      out['search_analyzer'] = search;
      if (includeDefaults || diffQuote) out['search_quote_analyzer'] = quote;
    }
  }
}

function renderTypeSpecific(f: FieldMapping, includeDefaults: boolean, out: Json): void {
  const p = f.params;
  const opt = (key: string, v: unknown, def: unknown = null): void => {
    if (v !== undefined) out[key] = v;
    else if (includeDefaults) out[key] = def;
  };
  if (f.type === 'text' || f.type === 'string') {
    renderAnalyzers(p, includeDefaults, out);
    if (f.type === 'string') {
      opt('null_value', p.nullValue);
      if (p.ignoreAbove !== undefined) out['ignore_above'] = p.ignoreAbove;
    }
    opt('include_in_all', p.includeInAll);
    if (includeDefaults || p.positionIncrementGap !== undefined) out['position_increment_gap'] = p.positionIncrementGap ?? 100;
    if (includeDefaults || (p.fielddata !== undefined && p.fielddata !== false)) out['fielddata'] = p.fielddata ?? false;
    if (p.fielddataFrequencyFilter !== undefined) out['fielddata_frequency_filter'] = p.fielddataFrequencyFilter;
  } else if (f.type === 'keyword') {
    opt('null_value', p.nullValue);
    opt('include_in_all', p.includeInAll);
    if (includeDefaults || p.ignoreAbove !== undefined) out['ignore_above'] = p.ignoreAbove ?? 2147483647;
    opt('normalizer', p.normalizer);
  } else if (NUMERIC_TYPES.has(f.type)) {
    if (f.type === 'scaled_float') out['scaling_factor'] = p.scalingFactor;
    opt('ignore_malformed', p.ignoreMalformed, false);
    opt('coerce', p.coerce, true);
    opt('null_value', p.nullValue);
    opt('include_in_all', p.includeInAll);
  } else if (f.type === 'date') {
    opt('ignore_malformed', p.ignoreMalformed, false);
    opt('include_in_all', p.includeInAll);
    opt('null_value', p.nullValue);
    if (includeDefaults || (p.format !== undefined && p.format !== DEFAULT_DATE_FORMAT)) out['format'] = p.format ?? DEFAULT_DATE_FORMAT;
    if (includeDefaults || p.locale !== undefined) out['locale'] = p.locale ?? '';
  } else if (f.type === 'boolean') {
    opt('null_value', p.nullValue);
  } else if (f.type === 'ip') {
    opt('ignore_malformed', p.ignoreMalformed, false);
    opt('null_value', p.nullValue);
    opt('include_in_all', p.includeInAll);
  } else if (f.type === 'geo_point') {
    opt('ignore_malformed', p.ignoreMalformed, false);
  }
}

/** Render an object or nested mapper's body. */
export function renderObject(o: ObjectMapping, includeDefaults: boolean, isRoot: boolean, custom?: (out: Json) => void): Json {
  const out: Json = {};
  if (o.nested) {
    out['type'] = 'nested';
    if (o.includeInParent) out['include_in_parent'] = true;
    if (o.includeInRoot) out['include_in_root'] = true;
  } else if (o.properties.size === 0 && !isRoot) {
    out['type'] = 'object';
  }
  if (o.dynamic !== undefined) out['dynamic'] = o.dynamic;
  if (o.enabled === false) out['enabled'] = false;
  if (o.includeInAll !== undefined) out['include_in_all'] = o.includeInAll;
  custom?.(out);
  if (o.properties.size > 0) {
    const props: Json = dict(); // field names are user input
    const names = [...o.properties.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) {
      const m = o.properties.get(name)!;
      props[name] = m.kind === 'object' ? renderObject(m, includeDefaults, false) : renderField(m, includeDefaults);
    }
    out['properties'] = props;
  }
  return out;
}

/** Render a whole type mapping (the value under the type name in GET _mapping). */
export function renderTypeMapping(t: TypeMapping, includeDefaults = false): Json {
  return renderObject(t.root, includeDefaults, true, (out) => {
    const m = t.meta;
    if (m.meta !== undefined) out['_meta'] = m.meta;
    if (m.routing.required !== undefined && (includeDefaults || m.routing.required)) out['_routing'] = { required: m.routing.required };
    const src: Json = {};
    if (m.source.enabled !== undefined && (includeDefaults || m.source.enabled === false)) src['enabled'] = m.source.enabled;
    if (m.source.includes !== undefined) src['includes'] = [...m.source.includes];
    if (m.source.excludes !== undefined) src['excludes'] = [...m.source.excludes];
    if (Object.keys(src).length > 0) out['_source'] = src;
    const all: Json = {};
    if (m.all.enabled !== undefined && (includeDefaults || m.all.enabled === false)) all['enabled'] = m.all.enabled;
    if (m.all.store) all['store'] = true;
    if (m.all.termVector !== undefined && m.all.termVector !== 'no') all['term_vector'] = m.all.termVector;
    if (m.all.analyzer !== undefined) all['analyzer'] = m.all.analyzer;
    if (m.all.searchAnalyzer !== undefined) all['search_analyzer'] = m.all.searchAnalyzer;
    if (m.all.searchQuoteAnalyzer !== undefined) all['search_quote_analyzer'] = m.all.searchQuoteAnalyzer;
    if (m.all.norms === false) all['norms'] = false;
    if (m.all.similarity !== undefined) all['similarity'] = m.all.similarity;
    if (Object.keys(all).length > 0) out['_all'] = all;
    if (m.parent !== undefined) {
      out['_parent'] = { type: m.parent.type, ...(m.parent.eagerGlobalOrdinals === false ? { eager_global_ordinals: false } : {}) };
    }
    if (m.fieldNames.enabled === false) out['_field_names'] = { enabled: false };
    if (t.dynamicDateFormats !== undefined || includeDefaults) out['dynamic_date_formats'] = [...(t.dynamicDateFormats ?? DEFAULT_DYNAMIC_DATE_FORMATS)];
    if (t.dynamicTemplates !== undefined || includeDefaults) out['dynamic_templates'] = (t.dynamicTemplates ?? []).map((d) => d.raw);
    if (t.dateDetection !== undefined || includeDefaults) out['date_detection'] = t.dateDetection ?? true;
    if (t.numericDetection !== undefined || includeDefaults) out['numeric_detection'] = t.numericDetection ?? false;
  });
}
