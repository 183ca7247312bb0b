/**
 * The `phrase` suggester's options (ES 5.6 `PhraseSuggestionBuilder.fromXContent`,
 * `DirectCandidateGeneratorBuilder`, the `SmoothingModel`s): plain data for the shards.
 */
import { EsError } from '../errors/errors.js';
import type { ParseContext } from './parse-context.js';
import { parseScript, type ScriptRef } from './script-ref.js';
import { defaultTermOptions, iae, readCommon, readTermOption, requireField, type DirectGeneratorSpec, type PhraseSuggestOptions, type SmoothingModel, type SuggestSpec } from './suggest.js';
import { booleanValue, doubleValue, floatValue, intValue, isObject, isValue, textValue, type JsonObject } from './xcontent.js';

const GENERATOR_FLOATS = new Set(['accuracy', 'max_term_freq', 'min_doc_freq']);
const GENERATOR_TEXTS = new Set(['suggest_mode', 'sort', 'string_distance']);

function parseGenerator(ctx: ParseContext, v: unknown, arr: unknown[], i: number): DirectGeneratorSpec {
  if (!isObject(v)) throw ctx.error('[direct_generator] expected an object', ctx.atItem(arr, i));
  const options = defaultTermOptions();
  let field: string | undefined;
  let size = 5;
  let preFilter: string | undefined;
  let postFilter: string | undefined;
  // what the request set, as DirectCandidateGeneratorBuilder keeps it (boxed fields, null when
  // not set) to print it back: floats, ints, and the enum options' text as given
  const given: Array<[string, string | number]> = [];
  for (const [k, x] of Object.entries(v)) {
    if (!isValue(x)) throw ctx.error(`[direct_generator] unknown field [${k}], parser not found`, ctx.atName(v, k));
    if (readTermOption(options, k, x)) {
      given.push([k, GENERATOR_FLOATS.has(k) ? floatValue(x) : GENERATOR_TEXTS.has(k) ? textValue(x) : intValue(x)]);
      continue;
    }
    if (k === 'size' || k === 'field' || k === 'pre_filter' || k === 'post_filter') given.push([k, k === 'size' ? intValue(x) : textValue(x)]);
    if (k === 'field') field = textValue(x);
    else if (k === 'size') size = intValue(x);
    else if (k === 'pre_filter') preFilter = textValue(x);
    else if (k === 'post_filter') postFilter = textValue(x);
    else throw ctx.error(`[direct_generator] unknown field [${k}], parser not found`, ctx.atName(v, k));
  }
  if (field === undefined) throw iae('Required [field]');
  return { field, options, size, ...(preFilter !== undefined ? { preFilter } : {}), ...(postFilter !== undefined ? { postFilter } : {}), given };
}

function parseSmoothing(ctx: ParseContext, v: JsonObject): SmoothingModel {
  let model: SmoothingModel | undefined;
  for (const [k, x] of Object.entries(v)) {
    if (!isObject(x)) throw ctx.error(`suggester[phrase] doesn't support field [${k}]`, ctx.atName(v, k));
    const num = (name: string, dflt: number): number => (x[name] === undefined ? dflt : doubleValue(x[name]));
    for (const key of Object.keys(x)) {
      const known = k === 'stupid_backoff' ? ['discount'] : k === 'laplace' ? ['alpha'] : ['trigram_lambda', 'bigram_lambda', 'unigram_lambda'];
      if (!known.includes(key)) throw ctx.error(`suggester[phrase] doesn't support field [${key}]`, ctx.atName(x, key));
    }
    if (k === 'stupid_backoff' || k === 'stupidBackoff') model = { kind: 'stupid_backoff', discount: num('discount', 0.4) };
    else if (k === 'laplace') model = { kind: 'laplace', alpha: num('alpha', 0.5) };
    else if (k === 'linear_interpolation' || k === 'linearInterpolation') {
      const m = { kind: 'linear_interpolation' as const, trigramLambda: num('trigram_lambda', 0), bigramLambda: num('bigram_lambda', 0), unigramLambda: num('unigram_lambda', 0) };
      const sum = m.trigramLambda + m.bigramLambda + m.unigramLambda;
      if (Math.abs(sum - 1) > 0.001) throw iae('linear smoothing lambdas must sum to 1');
      model = m;
    } else throw ctx.error(`suggester[phrase] doesn't support field [${k}]`, ctx.atName(v, k));
  }
  if (!model) throw ctx.error('suggester[phrase] smoothing model is missing', ctx.atStart(v));
  return model;
}

function parseCollate(ctx: ParseContext, v: JsonObject): PhraseSuggestOptions['collate'] {
  let template: string | undefined;
  let params: Record<string, unknown> = {};
  let prune = false;
  let script: ScriptRef | undefined;
  let givenParams: JsonObject | undefined;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'query') {
      if (template !== undefined) throw ctx.error(`suggester[phrase][collate] query already set, doesn't support additional [${k}]`, ctx.atName(v, k));
      script = parseScript(x, 'mustache');
      // a stored (or file) template is resolved now, as ES compiles the collate script while building the suggestion
      const lookup = ctx.options.templateSource;
      if (script.type !== 'inline' && !lookup) throw new EsError('illegal_state_exception', 500, `${script.type} templates cannot be resolved here`);
      template = lookup ? lookup(script.type, script.idOrCode) : script.idOrCode;
      params = { ...script.params };
    } else if (k === 'params' && isObject(x)) {
      params = { ...params, ...x };
      givenParams = x;
    }
    else if (k === 'prune' && isValue(x)) prune = booleanValue(x);
    else throw ctx.error(`suggester[phrase][collate] doesn't support field [${k}]`, ctx.atName(v, k));
  }
  if (template === undefined || script === undefined) throw iae('collate query is missing');
  return { template, params, prune, script, ...(givenParams !== undefined ? { givenParams } : {}) };
}

/** Parse a `phrase` suggestion body. */
export function parsePhrase(ctx: ParseContext, obj: JsonObject): Omit<SuggestSpec, 'text' | 'name'> {
  const o: PhraseSuggestOptions = {
    realWordErrorLikelihood: 0.95,
    confidence: 1,
    maxErrors: 1,
    separator: ' ',
    forceUnigrams: true,
    tokenLimit: 10,
    smoothing: { kind: 'stupid_backoff', discount: 0.4 },
    generators: [],
  };
  const common: { field?: string; analyzer?: string; size: number; shardSize?: number } = { size: 5 };
  const unsupported = (k: string): EsError => ctx.error(`suggester[phrase] doesn't support field [${k}]`, ctx.atName(obj, k));
  for (const [k, v] of Object.entries(obj)) {
    if (isValue(v)) {
      if (readCommon(common, k, v)) continue;
      switch (k) {
        case 'real_word_error_likelihood':
          o.realWordErrorLikelihood = floatValue(v);
          if (o.realWordErrorLikelihood <= 0) throw iae('real_word_error_likelihood must be > 0.0');
          break;
        case 'confidence':
          o.confidence = floatValue(v);
          if (o.confidence < 0) throw iae('confidence must be >= 0.0');
          break;
        case 'max_errors':
          o.maxErrors = floatValue(v);
          if (o.maxErrors <= 0) throw iae('max_error must be > 0.0');
          break;
        case 'separator':
          o.separator = textValue(v);
          break;
        case 'gram_size':
          o.gramSize = intValue(v);
          if (o.gramSize < 1) throw iae('gramSize must be >= 1');
          break;
        case 'force_unigrams':
          o.forceUnigrams = booleanValue(v);
          break;
        case 'token_limit':
          o.tokenLimit = intValue(v);
          if (o.tokenLimit <= 0) throw iae('token_limit must be >= 1');
          break;
        default:
          throw unsupported(k);
      }
    } else if (Array.isArray(v) && k === 'direct_generator') {
      o.generators = v.map((g, i) => parseGenerator(ctx, g, v, i));
    } else if (isObject(v) && k === 'highlight') {
      let pre: string | undefined;
      let post: string | undefined;
      for (const [hk, hv] of Object.entries(v)) {
        if (hk === 'pre_tag' || hk === 'preTag') pre = textValue(hv);
        else if (hk === 'post_tag' || hk === 'postTag') post = textValue(hv);
        else throw ctx.error(`suggester[phrase][highlight] doesn't support field [${hk}]`, ctx.atName(v, hk));
      }
      if ((pre === undefined) !== (post === undefined)) throw iae('Pre and post tag must both be null or both not be null.');
      if (pre !== undefined && post !== undefined) o.highlight = { preTag: pre, postTag: post };
    } else if (isObject(v) && k === 'smoothing') {
      o.smoothing = parseSmoothing(ctx, v);
      o.smoothingGiven = true;
    }
    else if (isObject(v) && k === 'collate') o.collate = parseCollate(ctx, v);
    else throw unsupported(k);
  }
  const { field, ...rest } = common;
  return { kind: 'phrase', field: requireField(field), ...rest, phrase: o };
}
