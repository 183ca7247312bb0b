/**
 * Turn one value of a mapped leaf field into index data, as each ES 5.6 FieldMapper's
 * `parseCreateField` does: analyzed tokens (text), one encoded term (keyword, numbers, dates,
 * booleans, ip), doc values, stored values, and the text it contributes to `_all`.
 * Errors thrown here are wrapped by the caller as `failed to parse [field]`.
 */
import type { AnalysisRegistry } from '../analysis/types.js';
import { EsError } from '../errors/errors.js';
import { KEYWORD_ANALYZER, resolveAnalyzer } from './analyzer-resolution.js';
import { DEFAULT_DATE_FORMAT, dateFormatter } from './date-format.js';
import type { AnalyzedRun, DocFields, FieldShape } from './field-accumulator.js';
import { encodeGeoDocValue, encodeGeohash, parseGeoPoints, quantizeGeoPoint, validateGeoPoint } from './geo-point.js';
import { JsonNumber, JsonObject, toPlain, type JsonValue } from './json-tree.js';
import { analyzedForm, completionEntries, completionMapping } from './completion-value.js';
import { indexPercolator } from './percolator-value.js';
import { type FieldMapping, NUMERIC_TYPES } from './mapper-types.js';
import { javaDouble, javaFloat, shortestFloat } from './mapping-errors.js';
import { fieldDefaults, isAnalyzed } from './mapping-render.js';
import { parseFloatingValue, parseIntegerValue } from './number-values.js';
import { decodeIp, encodeBoolean, encodeDouble, encodeIp, encodeLong } from './term-encoding.js';

/** What indexing a value needs beyond the field itself. */
export interface ValueContext {
  readonly registry: AnalysisRegistry;
  readonly warnings: string[];
  /**
   * Shapes already computed for the fields of these (immutable) mappings: a field's shape is the
   * same for every value, and computing it allocated two objects per value indexed.
   */
  readonly shapes?: WeakMap<FieldMapping, FieldShape>;
}

/** The shape of `f`, from `ctx.shapes` when it was computed before. */
function shapeIn(ctx: ValueContext, f: FieldMapping): FieldShape {
  let shape = ctx.shapes?.get(f);
  if (shape === undefined) {
    shape = shapeOf(f);
    ctx.shapes?.set(f, shape);
  }
  return shape;
}

/** The shape (indexing options) of a field. */
export function shapeOf(f: FieldMapping): FieldShape {
  const p = f.params;
  const d = fieldDefaults(f.type);
  const analyzed = isAnalyzed(f);
  const indexOptions = p.indexOptions ?? d.indexOptions;
  const numericDv = NUMERIC_TYPES.has(f.type) || f.type === 'date' || f.type === 'boolean';
  const stringDv = f.type === 'keyword' || f.type === 'ip' || f.type === 'binary' || f.type === 'geo_point' || (f.type === 'string' && !analyzed);
  const hasDv = (p.docValues ?? d.docValues) && (numericDv || stringDv);
  const shape: FieldShape = {
    // completion inputs are indexed in their analyzed form (indexCompletion)
    indexed: ((p.index ?? true) && f.type !== 'binary' && p.extra === undefined) || f.type === 'completion',
    positions: analyzed && (indexOptions === 'positions' || indexOptions === 'offsets'),
    offsets: analyzed && indexOptions === 'offsets',
    norms: p.norms ?? d.norms,
    boost: p.boost ?? 1,
    store: p.store ?? false,
  };
  if (hasDv) shape.docValues = numericDv ? 'numeric' : 'string';
  if (p.termVector !== undefined && p.termVector !== 'no') shape.termVector = p.termVector as FieldShape['termVector'];
  return shape;
}

/** The text of a scalar value as Jackson's `text()` gives it; objects and arrays fail. */
function textOf(v: JsonValue): string {
  if (typeof v === 'string') return v;
  if (v instanceof JsonNumber) return v.text;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const token = Array.isArray(v) ? 'START_ARRAY' : 'START_OBJECT';
  throw new EsError('illegal_state_exception', 500, `Can't get text on a ${token} at 1:1`);
}

/** A null in the source means the field's `null_value`, as a JSON value, or nothing. */
function nullSubstitute(f: FieldMapping): JsonValue | undefined {
  const nv = f.params.nullValue;
  if (nv === undefined || nv === null) return undefined;
  if (typeof nv === 'number') return new JsonNumber(String(nv), !Number.isInteger(nv));
  if (typeof nv === 'string' || typeof nv === 'boolean') return nv;
  return String(nv);
}

/** What indexing one value gives the document parser. */
export interface IndexedValue {
  /** The text the value adds to `_all`. */
  all?: string;
  /** `all` as the field analyzed it, when it did (`_all` reuses the tokens if its analyzer is the same). */
  allRun?: AnalyzedRun;
  /** Whether anything was indexed (for `_field_names`). */
  added: boolean;
}

/**
 * Index one value of `f` into `doc`. Returns the text to add to `_all` (undefined for none) and
 * whether anything was indexed (for `_field_names`).
 */
export function indexValue(f: FieldMapping, raw: JsonValue, doc: DocFields, ctx: ValueContext): IndexedValue {
  let v: JsonValue | undefined = raw;
  if (v === null) v = nullSubstitute(f);
  if (v === undefined || v === null) return { added: false };
  const p = f.params;
  const shape = shapeIn(ctx, f);
  const acc = doc.acc(f.path, shape);
  switch (f.type) {
    case 'text':
    case 'string': {
      const text = textOf(v);
      if (f.type === 'string' && !isAnalyzed(f)) return indexKeyword(f, text, doc, ctx);
      const analyzer = resolveAnalyzer(ctx.registry, p.analyzer ?? 'default');
      const run = acc.addAnalyzed(text, analyzer, p.positionIncrementGap ?? analyzer.positionIncrementGap);
      acc.addStored(text);
      return run ? { all: text, allRun: run, added: shape.indexed || shape.store } : { all: text, added: shape.indexed || shape.store };
    }
    case 'keyword':
      return indexKeyword(f, textOf(v), doc, ctx);
    case 'long':
    case 'integer':
    case 'short':
    case 'byte': {
      const n = parseIntegerValue(f.type, v, p.coerce ?? true);
      const term = encodeLong(n);
      acc.addTerm(term, n.toString());
      acc.addDocValue(Number(n));
      acc.addStored(Number(n));
      return { all: n.toString(), added: true };
    }
    case 'double':
    case 'float':
    case 'half_float':
    case 'scaled_float': {
      const d = parseFloatingValue(f.type, v, p.coerce ?? true, p.scalingFactor);
      acc.addTerm(encodeDouble(d), String(d));
      const display = f.type === 'double' || f.type === 'scaled_float' ? d : shortestFloat(d);
      acc.addDocValue(display);
      acc.addStored(display);
      const all = f.type === 'double' ? javaDouble(d) : f.type === 'scaled_float' ? javaDouble(parseFloatingValue('double', v, true)) : javaFloat(d);
      return { all, added: true };
    }
    case 'date': {
      const text = textOf(v);
      const fmt = dateFormatter(p.format ?? DEFAULT_DATE_FORMAT);
      const millis = fmt.parseMillis(text);
      acc.addTerm(encodeLong(millis), text);
      acc.addDocValue(millis);
      acc.addStored(fmt.print(millis));
      return { all: text, added: true };
    }
    case 'boolean': {
      const b = parseBoolean(f, v, ctx);
      acc.addTerm(encodeBoolean(b), b ? 'true' : 'false');
      acc.addDocValue(b ? 1 : 0);
      acc.addStored(b);
      return { added: true };
    }
    case 'ip': {
      const text = textOf(v);
      const term = encodeIp(text);
      if (term === undefined) throw new EsError('illegal_argument_exception', 400, `'${text}' is not an IP string literal.`);
      acc.addTerm(term, text);
      acc.addDocValue(term);
      acc.addStored(decodeIp(term));
      return { all: text, added: true };
    }
    case 'binary': {
      if (typeof v !== 'string') throw new EsError('illegal_state_exception', 500, `Can't get binary value on a non-string token`);
      const m = /[^A-Za-z0-9+/=\s]/.exec(v);
      if (m) throw new EsError('illegal_argument_exception', 400, `Illegal base64 character ${m[0].charCodeAt(0).toString(16)}`);
      acc.addDocValue(v);
      acc.addStored(v);
      return { added: shape.store || shape.docValues !== undefined };
    }
    case 'geo_point': {
      let added = false;
      for (const pt of parseGeoPoints(v)) {
        if (!(p.ignoreMalformed ?? false)) validateGeoPoint(pt, f.path);
        else if (!(pt.lat >= -90 && pt.lat <= 90 && pt.lon >= -180 && pt.lon <= 180)) continue;
        const q = quantizeGeoPoint(pt);
        acc.addTerm(encodeGeohash(q), encodeGeohash(q), 'geo_point');
        acc.addDocValue(encodeGeoDocValue(q));
        acc.addStored(`${pt.lat},${pt.lon}`);
        added = true;
      }
      return { added };
    }
    case 'token_count': {
      const name = String(p.extra?.['analyzer'] ?? 'default');
      const count = resolveAnalyzer(ctx.registry, name).analyze(textOf(v)).length;
      const tc = doc.acc(f.path, { indexed: p.extra?.['index'] !== false, positions: false, offsets: false, norms: false, boost: 1, store: p.extra?.['store'] === true, docValues: 'numeric' });
      tc.addTerm(encodeLong(count), String(count));
      tc.addDocValue(count);
      tc.addStored(count);
      return { added: true };
    }
    case 'completion':
      return indexCompletion(f, v, doc, ctx);
    case 'percolator':
      return indexPercolator(f.path, v, doc);
    default:
      // types kept as given (geo_shape, ranges): the value stays in _source only
      return { added: true };
  }
}

/**
 * A completion value: each input's analyzed form becomes a term of the field, so a suggest
 * prefix finds its candidate documents in the term dictionary (the inputs as written, weights
 * and contexts are read back from `_source`, lib/search/suggest/completion-suggester.ts).
 */
function indexCompletion(f: FieldMapping, v: JsonValue, doc: DocFields, ctx: ValueContext): { added: boolean } {
  const m = completionMapping(f.params.extra ?? {});
  const entries = completionEntries(toPlain(v), m, f.path);
  const analyzer = resolveAnalyzer(ctx.registry, m.analyzer);
  const acc = doc.acc(f.path, shapeIn(ctx, f));
  for (const e of entries) {
    const form = analyzedForm(e.input, analyzer, m);
    if (form !== '') acc.addTerm(form, e.input);
  }
  return { added: entries.length > 0 };
}

function indexKeyword(f: FieldMapping, text: string, doc: DocFields, ctx: ValueContext): { all?: string; added: boolean } {
  const p = f.params;
  // KeywordFieldMapper: values longer than ignore_above are neither indexed nor stored
  if (p.ignoreAbove !== undefined && text.length > p.ignoreAbove) return { added: false };
  let term = text;
  if (p.normalizer !== undefined) {
    const nz = ctx.registry.normalizer(p.normalizer) ?? KEYWORD_ANALYZER;
    const toks = nz.analyze(text);
    if (toks.length !== 1) {
      throw new EsError('illegal_state_exception', 500, `The normalization token stream is expected to produce exactly 1 token, but got ${toks.length} for analyzer ${p.normalizer} and input "${text}"`);
    }
    term = (toks[0] as { term: string }).term;
  }
  const acc = doc.acc(f.path, shapeIn(ctx, f));
  acc.addTerm(term, text);
  acc.addDocValue(term);
  acc.addStored(text);
  return { all: text, added: true };
}

/** BooleanFieldMapper (5.x leniency): false, "false", "off", "no", "0", "", 0 are false. */
function parseBoolean(f: FieldMapping, v: JsonValue, ctx: ValueContext): boolean {
  if (typeof v === 'boolean') return v;
  if (v instanceof JsonObject || Array.isArray(v)) throw new EsError('illegal_state_exception', 500, `Can't get text on a START_OBJECT at 1:1`);
  const raw = v instanceof JsonNumber ? v.text : (v as string);
  if (raw !== 'true' && raw !== 'false') ctx.warnings.push(`Expected a boolean for property [${f.path}] but got [${raw}]`);
  if (v instanceof JsonNumber) return v.value !== 0;
  return !(raw === 'false' || raw === 'off' || raw === 'no' || raw === '0' || raw === '');
}
