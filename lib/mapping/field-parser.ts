/**
 * Parse one leaf field definition (`{type: keyword, ignore_above: 256, ...}`) into a
 * {@link FieldMapping}, accepting exactly the parameters ES 5.6's type parsers accept and
 * rejecting the rest with `Mapping definition for [f] has unsupported parameters:  [...]`.
 * Reproduces TypeParsers.parseField / parseTextField / parseMultiField and the per-type parsers.
 */
import type { AnalysisRegistry } from '../analysis/types.js';
import { dateFormatter, mappingDateFormat } from './date-format.js';
import {
  CORE_TYPES,
  type FieldMapping,
  type FieldParams,
  NUMERIC_TYPES,
  PASSTHROUGH_TYPES,
  childPath,
} from './mapper-types.js';
import { upgradeStringField } from './string-upgrade.js';
import { floatParam, illegalArgument, intParam, javaToString, lenientBoolean, mapperParsing, unsupportedParameters } from './mapping-errors.js';
import { dict, own } from '../dict.js';

/** What field parsing needs from the index. */
export interface ParserContext {
  readonly registry: AnalysisRegistry;
  /** Deprecation warnings collected while parsing (rendered as `Warning` headers). */
  readonly warnings: string[];
}

const COMMON = ['index', 'store', 'doc_values', 'boost', 'similarity', 'index_options', 'fields', 'copy_to', 'include_in_all'];
const TEXT_PARAMS = [...COMMON, 'norms', 'term_vector', 'analyzer', 'search_analyzer', 'search_quote_analyzer', 'position_increment_gap', 'fielddata', 'fielddata_frequency_filter', 'eager_global_ordinals'];
const ALLOWED: Record<string, string[]> = {
  text: TEXT_PARAMS,
  string: [...TEXT_PARAMS, 'ignore_above', 'null_value', 'normalizer'],
  keyword: [...COMMON, 'norms', 'term_vector', 'null_value', 'ignore_above', 'normalizer', 'eager_global_ordinals'],
  date: [...COMMON, 'null_value', 'ignore_malformed', 'format', 'locale'],
  boolean: [...COMMON, 'null_value'],
  binary: [...COMMON],
  ip: [...COMMON, 'null_value', 'ignore_malformed'],
  geo_point: [...COMMON, 'ignore_malformed'],
};
for (const t of NUMERIC_TYPES) ALLOWED[t] = [...COMMON, 'null_value', 'ignore_malformed', 'coerce', ...(t === 'scaled_float' ? ['scaling_factor'] : [])];

const INDEX_OPTIONS = new Set(['docs', 'freqs', 'positions', 'offsets']);
const TERM_VECTORS = new Set(['no', 'yes', 'with_positions', 'with_offsets', 'with_positions_offsets', 'with_positions_payloads', 'with_positions_offsets_payloads']);

/** Resolve the analyzer name ES uses when a field names none. */
export function hasAnalyzer(registry: AnalysisRegistry, name: string): boolean {
  if (name === 'default' || name === 'default_search' || name === 'default_search_quote') return true;
  return registry.analyzer(name) !== undefined;
}

/**
 * Parse a leaf field. `node` is the definition without `type` handling done; it is not mutated.
 * `propName` is the key it was declared under (used in error messages).
 */
export function parseField(propName: string, name: string, path: string, type: string, node: Record<string, unknown>, ctx: ParserContext, isMultiField = false): FieldMapping {
  const rest: Record<string, unknown> = { ...node };
  delete rest['type'];
  if (PASSTHROUGH_TYPES.has(type)) return parsePassthrough(propName, name, path, type, rest, ctx);
  if (!CORE_TYPES.has(type)) throw mapperParsing(`No handler for type [${type}] declared on field [${propName}]`);
  if (type === 'string') {
    const up = upgradeStringField(propName, node, ctx.warnings);
    return parseField(propName, name, path, up.type, up.node, ctx, isMultiField);
  }
  const allowed = new Set(own(ALLOWED, type));
  const p: FieldParams = {};
  let fields = new Map<string, FieldMapping>();
  let copyTo: string[] = [];
  const unsupported: Record<string, unknown> = dict(); // unknown parameter names are user input
  const bool = (k: string, v: unknown): boolean => lenientBoolean(v, `${propName}.${k}`, ctx.warnings);
  for (const [k, v] of Object.entries(rest)) {
    if (!allowed.has(k) || (isMultiField && (k === 'copy_to'))) {
      unsupported[k] = v;
      continue;
    }
    switch (k) {
      case 'index': {
        const text = javaToString(v);
        if (type === 'string' && ['analyzed', 'not_analyzed', 'no'].includes(text)) {
          p.legacyIndex = text;
          p.index = text !== 'no';
        } else if (['analyzed', 'not_analyzed', 'no'].includes(text)) {
          ctx.warnings.push(`Expected a boolean for property [index] but got [${text}]`);
          p.index = text !== 'no';
        } else if (text === 'true' || text === 'false') {
          p.index = text === 'true';
        } else {
          throw illegalArgument(`Can't parse [index] value [${text}] for field [${propName}], expected [true] or [false]`);
        }
        break;
      }
      case 'store':
        p.store = bool(k, v);
        break;
      case 'doc_values':
        p.docValues = bool(k, v);
        break;
      case 'boost':
        p.boost = floatParam(v);
        break;
      case 'norms':
        if (typeof v === 'object' && v !== null) p.norms = (v as Record<string, unknown>)['enabled'] !== false;
        else p.norms = bool(k, v);
        break;
      case 'include_in_all':
        p.includeInAll = bool(k, v);
        break;
      case 'eager_global_ordinals':
        p.eagerGlobalOrdinals = bool(k, v);
        break;
      case 'fielddata':
        if (typeof v === 'object' && v !== null) throw mapperParsing(`Mapping definition for [${propName}] has unsupported parameters:  [fielddata : ${javaToString(v)}]`);
        p.fielddata = bool(k, v);
        break;
      case 'fielddata_frequency_filter':
        p.fielddataFrequencyFilter = v as Record<string, unknown>;
        break;
      case 'ignore_malformed':
        p.ignoreMalformed = bool(k, v);
        break;
      case 'coerce':
        p.coerce = bool(k, v);
        break;
      case 'similarity':
        p.similarity = javaToString(v);
        break;
      case 'index_options':
        if (!INDEX_OPTIONS.has(javaToString(v))) throw mapperParsing(`Unknown value [${javaToString(v)}] for field [index_options] - accepted values are [docs, freqs, positions, offsets]`);
        p.indexOptions = javaToString(v);
        break;
      case 'term_vector':
        if (!TERM_VECTORS.has(javaToString(v))) throw mapperParsing(`wrong value for termVector [${javaToString(v)}] for field [${propName}]`);
        p.termVector = javaToString(v);
        break;
      case 'analyzer':
      case 'search_analyzer':
      case 'search_quote_analyzer': {
        const a = javaToString(v);
        if (!hasAnalyzer(ctx.registry, a)) throw mapperParsing(`analyzer [${a}] not found for field [${propName}]`);
        if (k === 'analyzer') p.analyzer = a;
        else if (k === 'search_analyzer') p.searchAnalyzer = a;
        else p.searchQuoteAnalyzer = a;
        break;
      }
      case 'normalizer': {
        const nz = javaToString(v);
        if (!ctx.registry.normalizer(nz)) throw mapperParsing(`normalizer [${nz}] not found for field [${propName}]`);
        p.normalizer = nz;
        break;
      }
      case 'ignore_above':
        p.ignoreAbove = intParam(v, k);
        break;
      case 'position_increment_gap':
        p.positionIncrementGap = intParam(v, k);
        if (p.positionIncrementGap < 0) throw mapperParsing('[positions_increment_gap] must be positive, got ' + p.positionIncrementGap);
        break;
      case 'null_value':
        if (v === null) throw mapperParsing(`Property [null_value] cannot be null.`);
        p.nullValue = v;
        break;
      case 'format':
        p.format = mappingDateFormat(v);
        break;
      case 'locale':
        p.locale = javaToString(v);
        break;
      case 'scaling_factor':
        p.scalingFactor = floatParam(v);
        break;
      case 'copy_to':
        copyTo = Array.isArray(v) ? v.map(javaToString) : [javaToString(v)];
        break;
      case 'fields':
        fields = parseMultiFields(propName, path, v, ctx);
        break;
    }
  }
  if (Object.keys(unsupported).length > 0) throw unsupportedParameters(propName, unsupported);
  if (p.searchAnalyzer !== undefined && p.analyzer === undefined) throw mapperParsing(`analyzer on field [${propName}] must be set when search_analyzer is set`);
  if (p.searchQuoteAnalyzer !== undefined && p.searchAnalyzer === undefined) throw mapperParsing(`analyzer and search_analyzer on field [${propName}] must be set when search_quote_analyzer is set`);
  if (type === 'scaled_float' && p.scalingFactor === undefined) throw illegalArgument(`Field [${propName}] misses required parameter [scaling_factor]`);
  return Object.freeze({ kind: 'field', name, path, type, params: Object.freeze(p), fields, copyTo: Object.freeze(copyTo) });
}

function parseMultiFields(propName: string, parentPath: string, v: unknown, ctx: ParserContext): Map<string, FieldMapping> {
  const out = new Map<string, FieldMapping>();
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw mapperParsing(`Expected map for property [fields] on field [${propName}] but got a ${javaToString(v)}`);
  for (const [subName, def] of Object.entries(v as Record<string, unknown>)) {
    if (subName.includes('.')) throw mapperParsing(`Field name [${subName}] which is a multi field of [${propName}] cannot contain '.'`);
    if (typeof def !== 'object' || def === null) throw mapperParsing(`illegal field [${subName}], only fields can be specified inside fields`);
    const d = def as Record<string, unknown>;
    if (d['type'] === undefined) throw mapperParsing(`No type specified for field [${subName}]`);
    const t = javaToString(d['type']);
    if (t === 'object' || t === 'nested') throw mapperParsing(`Type [${t}] cannot be used in multi field`);
    if (!CORE_TYPES.has(t) && !PASSTHROUGH_TYPES.has(t)) throw mapperParsing(`no handler for type [${t}] declared on field [${subName}]`);
    out.set(subName, parseField(subName, subName, childPath(parentPath, subName), t, d, ctx, true));
  }
  return out;
}

const COMPLETION_PARAMS = new Set(['analyzer', 'search_analyzer', 'preserve_separators', 'preserve_position_increments', 'max_input_length', 'max_input_len', 'contexts', 'copy_to', 'fields']);

/** Light validation for the types kept as given. */
function parsePassthrough(propName: string, name: string, path: string, type: string, rest: Record<string, unknown>, ctx: ParserContext): FieldMapping {
  if (type === 'murmur3') throw mapperParsing(`No handler for type [murmur3] declared on field [${propName}]`);
  if (type === 'attachment') throw mapperParsing(`No handler for type [attachment] declared on field [${propName}]`);
  if (type === 'token_count') {
    if (rest['analyzer'] === undefined) throw mapperParsing(`Analyzer must be set for field [${propName}] but wasn't.`);
    const a = javaToString(rest['analyzer']);
    if (!hasAnalyzer(ctx.registry, a)) throw mapperParsing(`analyzer [${a}] not found for field [${propName}]`);
  }
  for (const k of ['analyzer', 'search_analyzer']) {
    if (type === 'completion' && rest[k] !== undefined && !hasAnalyzer(ctx.registry, javaToString(rest[k]))) {
      throw mapperParsing(`analyzer [${javaToString(rest[k])}] not found for field [${propName}]`);
    }
  }
  if (type === 'completion') {
    // CompletionFieldMapper.TypeParser: anything else (the 2.x `context`, `payloads`) is refused
    const unknown = Object.entries(rest).filter(([k]) => !COMPLETION_PARAMS.has(k));
    if (unknown.length > 0) throw unsupportedParameters(propName, Object.fromEntries(unknown));
  }
  let copyTo: string[] = [];
  const extra: Record<string, unknown> = dict();
  for (const [k, v] of Object.entries(rest)) {
    if (k === 'copy_to') copyTo = Array.isArray(v) ? v.map(javaToString) : [javaToString(v)];
    else extra[k] = v;
  }
  if (type === 'date_range' && typeof extra['format'] === 'string') dateFormatter(extra['format']);
  return Object.freeze({ kind: 'field', name, path, type, params: Object.freeze({ extra }), fields: new Map(), copyTo });
}
