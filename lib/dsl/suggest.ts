/**
 * The `suggest` section of a search body and the body of `POST /_suggest` (ES 5.6
 * `SuggestBuilder.fromXContent`, `SuggestionBuilder.fromXContent` and the `term` and
 * `completion` builders), parsed into plain data that travels to the shards in the search
 * source: the `term`, `phrase` and `completion` suggesters.
 */
import { EsError } from '../errors/errors.js';
import { parsePhrase } from './suggest-phrase.js';
import type { ParseContext, ParseOptions } from './parse-context.js';
import { newParseContext } from './parse-query.js';
import type { ScriptRef } from './script-ref.js';
import { booleanValue, floatValue, intValue, isObject, isValue, textValue, tokenOf, type JsonObject } from './xcontent.js';

/** Options of the `term` suggester (ES `TermSuggestionBuilder`, defaults of `DirectSpellcheckerSettings`). */
export interface TermSuggestOptions {
  suggestMode: 'missing' | 'popular' | 'always';
  accuracy: number;
  sort: 'score' | 'frequency';
  stringDistance: 'internal' | 'damerau_levenshtein' | 'levenshtein' | 'jaro_winkler' | 'ngram';
  maxEdits: number;
  maxInspections: number;
  maxTermFreq: number;
  prefixLength: number;
  minWordLength: number;
  minDocFreq: number;
}

/** `fuzzy` of a completion suggestion (ES `FuzzyOptions`). */
export interface CompletionFuzzy {
  /** Edits, or -1 for `AUTO` (by the prefix length: 0..2 → 0, 3..5 → 1, more → 2). */
  fuzziness: number;
  transpositions: boolean;
  minLength: number;
  prefixLength: number;
  unicodeAware: boolean;
  /** `max_determinized_states` (ES default 10000). */
  maxDeterminizedStates?: number;
}

/** One context clause of a completion query: a category value, or a geo point (`lat,lon`). */
export interface CompletionQueryContext {
  /** category value, or undefined for geo. */
  context?: string;
  lat?: number;
  lon?: number;
  boost: number;
  /** category: match values starting with `context`. */
  prefix: boolean;
  /** geo: geohash length to match at; absent: the mapping's. */
  precision?: number;
  /** geo: neighbouring cells at these lengths. */
  neighbours?: number[];
}

/** Options of the `completion` suggester (ES `CompletionSuggestionBuilder`). */
export interface CompletionSuggestOptions {
  fuzzy?: CompletionFuzzy;
  /** `regex` options: flags text and the automaton budget. */
  regexFlags?: string;
  maxDeterminizedStates?: number;
  /** Query contexts by context name, as listed. */
  contexts?: Array<{ name: string; values: CompletionQueryContext[] }>;
  /** The `contexts` object as given (ES keeps its raw bytes and prints them back). */
  contextsRaw?: JsonObject;
}

/** A `direct_generator` of a phrase suggestion (ES `DirectCandidateGeneratorBuilder`). */
export interface DirectGeneratorSpec {
  field: string;
  /** The term suggester's options, which the generator shares. */
  options: TermSuggestOptions;
  size: number;
  preFilter?: string;
  postFilter?: string;
  /** The options the request set, in its order (the builder prints only those). */
  given?: Array<[string, string | number]>;
}

/** The language model of a phrase suggestion (`smoothing`). */
export type SmoothingModel =
  | { kind: 'stupid_backoff'; discount: number }
  | { kind: 'laplace'; alpha: number }
  | { kind: 'linear_interpolation'; trigramLambda: number; bigramLambda: number; unigramLambda: number };

/** Options of the `phrase` suggester (ES `PhraseSuggestionBuilder`). */
export interface PhraseSuggestOptions {
  realWordErrorLikelihood: number;
  confidence: number;
  maxErrors: number;
  separator: string;
  /** Unset: the field's shingle size, or 1. */
  gramSize?: number;
  forceUnigrams: boolean;
  tokenLimit: number;
  highlight?: { preTag: string; postTag: string };
  /**
   * `template`: the collate query's source (a stored one resolved); `script` the query as given
   * and `givenParams` the collate's own `params` (both printed back).
   */
  collate?: { template: string; params: Record<string, unknown>; prune: boolean; script?: ScriptRef; givenParams?: JsonObject };
  smoothing: SmoothingModel;
  /** `smoothing` was in the request (ES prints it back only then). */
  smoothingGiven?: boolean;
  generators: DirectGeneratorSpec[];
}

/** One named suggestion of the request. */
export interface SuggestSpec {
  name: string;
  kind: 'term' | 'completion' | 'phrase';
  field: string;
  /** The text to suggest for (`text`, `prefix` or the global `text`); the regex for `regex`. */
  text: string;
  /** The suggestion was given as `regex` (completion only). */
  regex?: boolean;
  /** Which key gave `text` (`text`, `prefix`, `regex`); absent when the global text was used. */
  textKey?: 'text' | 'prefix' | 'regex';
  /** The global `text` of the `suggest` object, when given (ES prints it back). */
  globalText?: string;
  /** `size` was in the request (ES prints it back only then). */
  sizeGiven?: boolean;
  analyzer?: string;
  size: number;
  shardSize?: number;
  term?: TermSuggestOptions;
  completion?: CompletionSuggestOptions;
  phrase?: PhraseSuggestOptions;
}

const SUGGEST_MODES = new Set(['missing', 'popular', 'always']);
const DISTANCES: Record<string, TermSuggestOptions['stringDistance']> = Object.assign(Object.create(null) as Record<string, TermSuggestOptions['stringDistance']>, {
  internal: 'internal',
  damerau_levenshtein: 'damerau_levenshtein',
  damerauLevenshtein: 'damerau_levenshtein',
  levenstein: 'levenshtein',
  levenshtein: 'levenshtein',
  jarowinkler: 'jaro_winkler',
  jaro_winkler: 'jaro_winkler',
  ngram: 'ngram',
});

export const iae = (reason: string): EsError => new EsError('illegal_argument_exception', 400, reason);

/**
 * Parse a `suggest` object: `{text?, <name>: {text|prefix|regex, <suggester>: {...}}}`.
 * @returns the suggestions in request order
 */
export function parseSuggest(ctx: ParseContext, body: JsonObject): SuggestSpec[] {
  let globalText: string | undefined;
  const out: Array<{ spec: Omit<SuggestSpec, 'text'> & { text?: string } }> = [];
  for (const [name, v] of Object.entries(body)) {
    if (isObject(v)) out.push({ spec: parseSuggestion(ctx, name, v) });
    else if (name === 'text' && isValue(v)) globalText = textValue(v);
    else if (isValue(v)) throw iae(`[suggest] does not support [${name}]`);
    else throw ctx.error(`unexpected token ${tokenOf(v)} after [${name}]`, ctx.atValue(body, name));
  }
  return out.map(({ spec }) => {
    const text = spec.text ?? globalText;
    if (text === undefined) throw iae('The required text option is missing');
    return { ...spec, text, ...(globalText !== undefined ? { globalText } : {}) };
  });
}

function parseSuggestion(ctx: ParseContext, name: string, obj: JsonObject): Omit<SuggestSpec, 'text'> & { text?: string } {
  let text: string | undefined;
  let textKey: SuggestSpec['textKey'];
  let regex = false;
  let spec: (Omit<SuggestSpec, 'text' | 'name'>) | undefined;
  for (const [k, v] of Object.entries(obj)) {
    if (isValue(v)) {
      if (k === 'text' || k === 'prefix') {
        text = textValue(v);
        textKey = k;
      } else if (k === 'regex') {
        text = textValue(v);
        textKey = k;
        regex = true;
      } else throw ctx.error(`suggestion does not support [${k}]`, ctx.atName(obj, k));
    } else if (isObject(v)) {
      if (k === 'term') spec = parseTerm(ctx, v);
      else if (k === 'completion') spec = parseCompletion(ctx, v);
      else if (k === 'phrase') spec = parsePhrase(ctx, v);
      else throw ctx.error(`Unknown Suggestion [${k}]`, ctx.atName(obj, k));
    } else throw ctx.error(`suggestion does not support [${k}]`, ctx.atName(obj, k));
  }
  if (!spec) throw iae('missing suggestion object');
  return { ...spec, name, ...(text !== undefined ? { text, textKey } : {}), ...(regex ? { regex } : {}) };
}

/** The members every suggester shares (`field`, `analyzer`, `size`, `shard_size`); false when `k` is not one. */
export function readCommon(spec: { field?: string; analyzer?: string; size: number; shardSize?: number; sizeGiven?: boolean }, k: string, v: unknown): boolean {
  if (k === 'field') spec.field = textValue(v);
  else if (k === 'analyzer') spec.analyzer = textValue(v);
  else if (k === 'size') {
    spec.size = intValue(v);
    spec.sizeGiven = true;
    if (spec.size <= 0) throw iae('size must be positive');
  } else if (k === 'shard_size') {
    spec.shardSize = intValue(v);
    if (spec.shardSize <= 0) throw iae('shardSize must be positive');
  } else return false;
  return true;
}

export function requireField(field: string | undefined): string {
  if (field === undefined) throw new EsError('parse_exception', 400, 'the required field option [field] is missing');
  return field;
}

/** The term options defaults (ES `DirectSpellcheckerSettings`). */
export function defaultTermOptions(): TermSuggestOptions {
  return { suggestMode: 'missing', accuracy: 0.5, sort: 'score', stringDistance: 'internal', maxEdits: 2, maxInspections: 5, maxTermFreq: 0.01, prefixLength: 1, minWordLength: 4, minDocFreq: 0 };
}

/**
 * Read one spell-checker option (the `term` suggester's and a `direct_generator`'s) into `o`.
 * @returns false when `k` is not one
 */
export function readTermOption(o: TermSuggestOptions, k: string, v: unknown): boolean {
  switch (k) {
    case 'suggest_mode': {
      const m = textValue(v).toLowerCase();
      if (!SUGGEST_MODES.has(m)) throw iae(`Illegal suggest mode ${textValue(v)}`);
      o.suggestMode = m as TermSuggestOptions['suggestMode'];
      return true;
    }
    case 'accuracy':
      o.accuracy = floatValue(v);
      return true;
    case 'sort': {
      const s = textValue(v).toLowerCase();
      if (s !== 'score' && s !== 'frequency') throw iae(`Illegal sort ${textValue(v)}`);
      o.sort = s;
      return true;
    }
    case 'string_distance': {
      const d = DISTANCES[textValue(v)];
      if (!d) throw iae(`Illegal distance option ${textValue(v)}`);
      o.stringDistance = d;
      return true;
    }
    case 'max_edits':
      o.maxEdits = intValue(v);
      if (o.maxEdits < 1 || o.maxEdits > 2) throw iae(`Illegal max_edits value ${o.maxEdits}`);
      return true;
    case 'max_inspections':
      o.maxInspections = intValue(v);
      if (o.maxInspections < 0) throw iae('maxInspections must be positive');
      return true;
    case 'max_term_freq':
      o.maxTermFreq = floatValue(v);
      if (o.maxTermFreq < 0) throw iae('maxTermFreq must be positive');
      return true;
    case 'prefix_length':
    case 'prefix_len':
      o.prefixLength = intValue(v);
      if (o.prefixLength < 0) throw iae('prefixLength must be positive');
      return true;
    case 'min_word_length':
    case 'min_word_len':
      o.minWordLength = intValue(v);
      if (o.minWordLength < 1) throw iae('minWordLength must be greater or equal to 1');
      return true;
    case 'min_doc_freq':
      o.minDocFreq = floatValue(v);
      if (o.minDocFreq < 0) throw iae('minDocFreq must be positive');
      return true;
    default:
      return false;
  }
}

function parseTerm(ctx: ParseContext, obj: JsonObject): Omit<SuggestSpec, 'text' | 'name'> {
  const o = defaultTermOptions();
  const common: { field?: string; analyzer?: string; size: number; shardSize?: number } = { size: 5 };
  for (const [k, v] of Object.entries(obj)) {
    if (!isValue(v)) throw ctx.error(`suggester[term] doesn't support field [${k}]`, ctx.atName(obj, k));
    if (readCommon(common, k, v) || readTermOption(o, k, v)) continue;
    if (k === 'exact_match') booleanValue(v);
    else throw ctx.error(`suggester[term] doesn't support field [${k}]`, ctx.atName(obj, k));
  }
  const { field, ...rest } = common;
  return { kind: 'term', field: requireField(field), ...rest, term: o };
}

function parseFuzzy(ctx: ParseContext, v: unknown, parent: JsonObject): CompletionFuzzy {
  const f: CompletionFuzzy = { fuzziness: 1, transpositions: true, minLength: 3, prefixLength: 1, unicodeAware: false };
  if (isValue(v)) {
    if (!booleanValue(v)) throw ctx.error('[fuzzy] must be true or an object', ctx.atValue(parent, 'fuzzy'));
    return f;
  }
  if (!isObject(v)) throw ctx.error(`[fuzzy] must be true or an object`, ctx.atValue(parent, 'fuzzy'));
  for (const [k, x] of Object.entries(v)) {
    if (k === 'fuzziness') {
      const t = textValue(x).toUpperCase();
      f.fuzziness = t === 'AUTO' ? -1 : t === '0' || t === '1' || t === '2' ? Number(t) : NaN;
      if (Number.isNaN(f.fuzziness)) throw iae(`Valid edit distances are [0, 1, 2] but was [${textValue(x)}]`);
    } else if (k === 'transpositions') f.transpositions = booleanValue(x);
    else if (k === 'min_length') f.minLength = intValue(x);
    else if (k === 'prefix_length') f.prefixLength = intValue(x);
    else if (k === 'unicode_aware') f.unicodeAware = booleanValue(x);
    else if (k === 'max_determinized_states') f.maxDeterminizedStates = intValue(x);
    else throw ctx.error(`[fuzzy] unknown field [${k}], parser not found`, ctx.atName(v, k));
  }
  return f;
}

function contextValue(ctx: ParseContext, v: unknown, at: JsonObject): CompletionQueryContext {
  if (isValue(v)) return { context: textValue(v), boost: 1, prefix: false };
  if (!isObject(v)) throw ctx.error(`contexts must be a string, number, boolean or object, but was [${tokenOf(v)}]`, ctx.atStart(at));
  if (v['lat'] !== undefined || v['lon'] !== undefined) return { lat: Number(v['lat']), lon: Number(v['lon']), boost: 1, prefix: false };
  const out: CompletionQueryContext = { boost: 1, prefix: false };
  for (const [k, x] of Object.entries(v)) {
    if (k === 'context') {
      if (isObject(x)) {
        out.lat = Number(x['lat']);
        out.lon = Number(x['lon']);
      } else out.context = textValue(x);
    } else if (k === 'boost') {
      out.boost = floatValue(x);
      if (out.boost < 0) throw iae('[boost] must be greater than 0');
    } else if (k === 'prefix') out.prefix = booleanValue(x);
    else if (k === 'precision') out.precision = intValue(x);
    else if (k === 'neighbours' && Array.isArray(x)) out.neighbours = x.map(intValue);
    else throw ctx.error(`[context] unknown field [${k}], parser not found`, ctx.atName(v, k));
  }
  return out;
}

function parseContexts(ctx: ParseContext, v: JsonObject): Array<{ name: string; values: CompletionQueryContext[] }> {
  return Object.entries(v).map(([name, x]) => {
    // a geo point given as [lon, lat] is one value, not a list
    const list = Array.isArray(x) && !(x.length === 2 && typeof x[0] === 'number') ? x : [x];
    return { name, values: list.map((y) => contextValue(ctx, y, v)) };
  });
}

function parseCompletion(ctx: ParseContext, obj: JsonObject): Omit<SuggestSpec, 'text' | 'name'> {
  const o: CompletionSuggestOptions = {};
  const common: { field?: string; analyzer?: string; size: number; shardSize?: number } = { size: 5 };
  for (const [k, v] of Object.entries(obj)) {
    if (isValue(v) && readCommon(common, k, v)) continue;
    if (k === 'fuzzy') o.fuzzy = parseFuzzy(ctx, v, obj);
    else if (k === 'regex' && isObject(v)) {
      for (const [rk, rv] of Object.entries(v)) {
        if (rk === 'flags') o.regexFlags = textValue(rv);
        else if (rk === 'max_determinized_states') o.maxDeterminizedStates = intValue(rv);
        else throw ctx.error(`[regex] unknown field [${rk}], parser not found`, ctx.atName(v, rk));
      }
    } else if ((k === 'contexts' || k === 'context') && isObject(v)) {
      o.contexts = parseContexts(ctx, v);
      o.contextsRaw = v;
    }
    else throw ctx.error(`[completion] unknown field [${k}], parser not found`, ctx.atName(obj, k));
  }
  const { field, ...rest } = common;
  return { kind: 'completion', field: requireField(field), ...rest, completion: o };
}

/** Parse the body of `POST /_suggest` (or a suggestion built from URI parameters). */
export function parseSuggestBody(body: unknown, opts: ParseOptions = {}): SuggestSpec[] {
  const ctx = newParseContext(body, opts);
  if (!isObject(body)) throw ctx.error(`Expected [START_OBJECT] but found [${tokenOf(body)}]`, { kind: 'unknown' });
  return parseSuggest(ctx, body);
}
