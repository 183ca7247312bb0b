/**
 * The `completion` field type (ES 5.6 `CompletionFieldMapper` and `ContextMappings`): its
 * mapping options, the suggestion entries a document value holds, and the analyzed form under
 * which an input is indexed. One home for both sides: the mapping layer indexes each input's
 * analyzed form as a term of the field (so a prefix finds the candidate documents), and the
 * completion suggester (lib/search/suggest) reads the entries back from `_source` to answer
 * with the input as written, its weight and its contexts.
 */
import type { Analyzer } from '../analysis/types.js';
import { EsError } from '../errors/errors.js';
import { dict } from '../dict.js';

/** A context of a completion mapping (`contexts: [{name, type, path, precision}]`). */
export interface CompletionContextMapping {
  name: string;
  type: 'category' | 'geo';
  path?: string;
  /** geo: geohash length the points are indexed at (default 6). */
  precision: number;
}

/** The options of a completion field. */
export interface CompletionMapping {
  analyzer: string;
  searchAnalyzer: string;
  preserveSeparators: boolean;
  preservePositionIncrements: boolean;
  maxInputLength: number;
  contexts: CompletionContextMapping[];
}

/** One suggestion entry of a document: an input, its weight and its context values by name. */
export interface CompletionEntry {
  input: string;
  weight: number;
  /** Category values, or geo points as `lat,lon` text, by context name (as given in the document). */
  contexts: Map<string, unknown[]>;
}

/** Lucene's `ConcatenateGraphFilter.SEP_LABEL`: what separates tokens in the indexed form. */
export const COMPLETION_SEPARATOR = '\u001f';

const EARTH_EQUATOR = 2 * Math.PI * 6378137.0;
const EARTH_POLAR_DISTANCE = Math.PI * 6356752.314245;

/** ES `GeoUtils.geoHashLevelsForPrecision`: the geohash length whose cells are about `meters` wide. */
export function geohashLevelsForPrecision(meters: number): number {
  if (meters === 0) return 24;
  const ratio = 1 + EARTH_POLAR_DISTANCE / EARTH_EQUATOR;
  const width = Math.sqrt((meters * meters) / (ratio * ratio));
  const part = Math.ceil(EARTH_EQUATOR / width);
  if (part === 1) return 1;
  const bits = Math.round(Math.ceil(Math.log(part) / Math.log(2)));
  const full = Math.floor(bits / 5);
  const left = bits - full * 5;
  return full + (left > 0 ? 1 : 0) + full + (left > 3 ? 1 : 0);
}

const UNITS: Array<[string, number]> = [
  ['km', 1000], ['mi', 1609.344], ['yd', 0.9144], ['ft', 0.3048], ['in', 0.0254], ['cm', 0.01], ['mm', 0.001], ['nmi', 1852], ['NM', 1852], ['m', 1],
];

function precisionOf(v: unknown, name: string): number {
  if (typeof v === 'number') return Math.trunc(v);
  const text = String(v).trim();
  for (const [u, f] of UNITS) {
    if (text.endsWith(u)) {
      const n = Number(text.slice(0, -u.length));
      if (!Number.isNaN(n)) return geohashLevelsForPrecision(n * f);
    }
  }
  const n = Number(text);
  if (Number.isNaN(n)) throw new EsError('elasticsearch_parse_exception', 400, `failed to parse precision [${text}] of geo context [${name}]`);
  return Math.trunc(n);
}

/** The options of a completion mapping as stored (`params.extra` / the raw mapping JSON). */
export function completionMapping(raw: Readonly<Record<string, unknown>>): CompletionMapping {
  const analyzer = typeof raw['analyzer'] === 'string' ? raw['analyzer'] : 'simple';
  const contexts: CompletionContextMapping[] = [];
  const list = raw['contexts'];
  for (const c of Array.isArray(list) ? list : []) {
    if (c === null || typeof c !== 'object') continue;
    const o = c as Record<string, unknown>;
    const name = String(o['name']);
    const type = o['type'] === 'geo' ? 'geo' : 'category';
    contexts.push({
      name,
      type,
      ...(typeof o['path'] === 'string' ? { path: o['path'] } : {}),
      precision: o['precision'] === undefined ? 6 : precisionOf(o['precision'], name),
    });
  }
  const maxLen = raw['max_input_length'] ?? raw['max_input_len'];
  return {
    analyzer,
    searchAnalyzer: typeof raw['search_analyzer'] === 'string' ? raw['search_analyzer'] : analyzer,
    preserveSeparators: raw['preserve_separators'] !== false && raw['preserve_separators'] !== 'false',
    preservePositionIncrements: raw['preserve_position_increments'] !== false && raw['preserve_position_increments'] !== 'false',
    maxInputLength: maxLen === undefined ? 50 : Number(maxLen),
    contexts,
  };
}

const parseError = (reason: string): EsError => new EsError('parse_exception', 400, reason);

function weightOf(v: unknown): number {
  let n: number;
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw illegal(`weight must be an integer, but was [${v}]`);
    n = v;
  } else if (typeof v === 'string') {
    n = Number(v);
    if (v.trim() === '' || !Number.isInteger(n)) throw illegal(`weight must be a number, but was [${v}]`);
  } else throw illegal(`weight must be a number or string, but was [${typeName(v)}]`);
  if (n < 0 || n > 2147483647) throw illegal(`weight must be in the interval [0..2147483647], but was [${n}]`);
  return n;
}

const illegal = (reason: string): EsError => new EsError('illegal_argument_exception', 400, reason);

function typeName(v: unknown): string {
  return Array.isArray(v) ? 'START_ARRAY' : v !== null && typeof v === 'object' ? 'START_OBJECT' : 'VALUE_NULL';
}

function contextsOf(v: unknown, m: CompletionMapping, field: string): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw parseError(`contexts must be an object or an array , but was [${typeName(v)}]`);
  for (const [name, val] of Object.entries(v)) {
    if (!m.contexts.some((c) => c.name === name)) {
      throw illegal(`Unknown context name [${name}], must be one of [${m.contexts.map((c) => c.name).join(', ')}]`);
    }
    out.set(name, Array.isArray(val) && !(val.length === 2 && typeof val[0] === 'number') ? val : [val]);
  }
  void field;
  return out;
}

/**
 * The suggestion entries of one value of a completion field (plain JSON): a string, an array of
 * strings and objects, or `{input, weight, contexts}`. Errors are ES's.
 */
export function completionEntries(value: unknown, m: CompletionMapping, field: string): CompletionEntry[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [{ input: value, weight: 1, contexts: new Map() }];
  if (Array.isArray(value)) return value.flatMap((x) => (x === null ? [] : completionEntries(x, m, field)));
  if (typeof value !== 'object') {
    throw parseError(`failed to parse [${field}]: expected text or object, but got VALUE_NUMBER`);
  }
  let inputs: string[] = [];
  let weight = 1;
  let contexts = new Map<string, unknown[]>();
  for (const [k, v] of Object.entries(value)) {
    if (k === 'input') {
      const list = Array.isArray(v) ? v : [v];
      inputs = list.map((x) => {
        if (typeof x !== 'string') throw parseError(`input array must have string values, but was [${typeName(x)}]`);
        return x;
      });
    } else if (k === 'weight') weight = weightOf(v);
    else if (k === 'contexts') contexts = contextsOf(v, m, field);
    else throw illegal(`unknown field name [${k}], must be one of [input, weight, contexts]`);
  }
  return inputs.map((input) => ({ input, weight, contexts }));
}

/**
 * The analyzed form of an input (or of a suggest prefix): its tokens joined by the separator
 * (or run together without `preserve_separators`), after cutting the input to
 * `max_input_length` characters. Empty when the analyzer leaves no token.
 */
export function analyzedForm(text: string, analyzer: Analyzer, m: CompletionMapping, cut = true): string {
  const t = cut && text.length > m.maxInputLength ? text.slice(0, m.maxInputLength) : text;
  const tokens = analyzer.analyze(t);
  return tokens.map((x) => x.term).join(m.preserveSeparators ? COMPLETION_SEPARATOR : '');
}

/** A null-prototype record of the context names → values of `e`, for rendering. */
export function contextsRecord(e: Map<string, unknown[]>): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = dict();
  for (const [k, v] of e) out[k] = v;
  return out;
}
