/**
 * The score functions of `function_score` (ES 5.6 `ScoreFunctionBuilder` parsers):
 * `weight`, `random_score {seed}`, `field_value_factor {field, factor, modifier, missing}`,
 * `script_score {script}`, and the decay functions `gauss`/`linear`/`exp`
 * `{<field>: {origin, scale, offset, decay}, multi_value_mode}`.
 * Decay parameters are kept as given: ES itself interprets them only against the field type.
 */
import { EsError } from '../../errors/errors.js';
import type { ParseContext } from '../parse-context.js';
import { javaStringHash } from '../../units/java-hash.js';
import { parseScript, type ScriptRef } from '../script-ref.js';
import { doubleValue, floatValue, isObject, isValue, textValue, tokenOf, type JsonObject } from '../xcontent.js';

/** `FieldValueFactorFunction.Modifier`. */
export type FieldValueFactorModifier =
  | 'none'
  | 'log'
  | 'log1p'
  | 'log2p'
  | 'ln'
  | 'ln1p'
  | 'ln2p'
  | 'square'
  | 'sqrt'
  | 'reciprocal';

/** `MultiValueMode` for decay functions over multi-valued fields. */
export type MultiValueMode = 'min' | 'max' | 'avg' | 'sum' | 'median';

/** One score function; `weight` multiplies its result (a bare weight function has `type: 'weight'`). */
export type ScoreFunction =
  | { type: 'weight'; weight: number }
  | { type: 'random_score'; seed?: number; weight?: number }
  | { type: 'field_value_factor'; field: string; factor: number; modifier: FieldValueFactorModifier; missing?: number; weight?: number }
  | { type: 'script_score'; script: ScriptRef; weight?: number }
  | {
      type: 'gauss' | 'linear' | 'exp';
      field: string;
      /** `{origin, scale, offset, decay}` as given (origin may be a date, number or geo point). */
      params: JsonObject;
      multiValueMode: MultiValueMode;
      weight?: number;
    };

/** Names `parseScoreFunction` accepts. */
export const SCORE_FUNCTION_NAMES = ['random_score', 'field_value_factor', 'script_score', 'gauss', 'linear', 'exp', 'weight'];

const MODIFIERS = new Set(['none', 'log', 'log1p', 'log2p', 'ln', 'ln1p', 'ln2p', 'square', 'sqrt', 'reciprocal']);

/**
 * Parse the body of score function `name` (`parser.namedObject(ScoreFunctionBuilder.class, ...)`).
 * Unknown names fail with `unknown_named_object_exception` "Unknown ScoreFunctionBuilder [x]".
 */
export function parseScoreFunction(ctx: ParseContext, name: string, body: unknown, parent: JsonObject): ScoreFunction {
  const at = ctx.atValue(parent, name);
  if (!SCORE_FUNCTION_NAMES.includes(name) || name === 'weight') {
    const { line, col } = ctx.locate(at);
    throw new EsError('unknown_named_object_exception', 400, `Unknown ScoreFunctionBuilder [${name}]`, { metadata: { line, col } });
  }
  const obj = body as JsonObject;
  switch (name) {
    case 'random_score':
      return parseRandomScore(ctx, obj);
    case 'field_value_factor':
      return parseFieldValueFactor(ctx, obj);
    case 'script_score':
      return parseScriptScore(ctx, obj);
    default:
      return parseDecay(ctx, name as 'gauss' | 'linear' | 'exp', obj);
  }
}

function parseRandomScore(ctx: ParseContext, obj: JsonObject): ScoreFunction {
  let seed: number | undefined;
  for (const [key, v] of Object.entries(obj)) {
    if (!isValue(v)) continue;
    if (key !== 'seed') throw ctx.error(`random_score query does not support [${key}]`, ctx.atValue(obj, key));
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) throw ctx.error(`random_score seed must be an int, long or string, not '${tokenOf(v)}'`, ctx.atValue(obj, key));
      // int seeds are used as is; longs are folded with Long.hashCode
      if (v >= -2147483648 && v <= 2147483647) seed = v;
      else {
        const big = BigInt.asUintN(64, BigInt(v));
        seed = Number(BigInt.asIntN(32, big ^ (big >> 32n)));
      }
    } else if (typeof v === 'string') {
      seed = javaStringHash(v);
    } else {
      throw ctx.error(`random_score seed must be an int/long or string, not '${tokenOf(v)}'`, ctx.atValue(obj, key));
    }
  }
  return seed !== undefined ? { type: 'random_score', seed } : { type: 'random_score' };
}

function parseFieldValueFactor(ctx: ParseContext, obj: JsonObject): ScoreFunction {
  let field: string | undefined;
  let factor = 1;
  let modifier: FieldValueFactorModifier = 'none';
  let missing: number | undefined;
  for (const [key, v] of Object.entries(obj)) {
    if (!isValue(v)) throw ctx.error(`unexpected token [${tokenOf(v)}]`, ctx.atValue(obj, key));
    if (key === 'field') field = textValue(v);
    else if (key === 'factor') factor = floatValue(v);
    else if (key === 'modifier') {
      const m = textValue(v).toLowerCase();
      if (!MODIFIERS.has(m)) {
        throw new EsError(
          'illegal_argument_exception',
          400,
          `No enum constant org.elasticsearch.common.lucene.search.function.FieldValueFactorFunction.Modifier.${textValue(v).toUpperCase()}`,
        );
      }
      modifier = m as FieldValueFactorModifier;
    } else if (key === 'missing') missing = doubleValue(v);
    else throw ctx.error(`field_value_factor query does not support [${key}]`, ctx.atValue(obj, key));
  }
  if (field === undefined) throw ctx.error("[field_value_factor] required field 'field' missing", ctx.atEnd(obj));
  return { type: 'field_value_factor', field, factor, modifier, ...(missing !== undefined ? { missing } : {}) };
}

function parseScriptScore(ctx: ParseContext, obj: JsonObject): ScoreFunction {
  let script: ScriptRef | undefined;
  for (const [key, v] of Object.entries(obj)) {
    if (key === 'script') script = parseScript(v);
    else throw ctx.error(`script_score query does not support [${key}]`, ctx.atValue(obj, key));
  }
  if (!script) throw ctx.error("script_score requires 'script' field", ctx.atEnd(obj));
  return { type: 'script_score', script };
}

const MULTI_VALUE_MODES = new Set(['min', 'max', 'avg', 'sum', 'median']);

function parseDecay(ctx: ParseContext, name: 'gauss' | 'linear' | 'exp', obj: JsonObject): ScoreFunction {
  let field: string | undefined;
  let params: JsonObject | undefined;
  let multiValueMode: MultiValueMode = 'min';
  for (const [key, v] of Object.entries(obj)) {
    if (isObject(v)) {
      field = key;
      params = v;
    } else if (key === 'multi_value_mode') {
      const m = textValue(v).toLowerCase();
      if (!MULTI_VALUE_MODES.has(m)) throw new EsError('illegal_argument_exception', 400, `Illegal sort mode: ${textValue(v)}`);
      multiValueMode = m as MultiValueMode;
    } else {
      throw ctx.error('malformed score function score parameters.', ctx.atValue(obj, key));
    }
  }
  if (field === undefined || params === undefined) throw ctx.error('malformed score function score parameters.', ctx.atEnd(obj));
  return { type: name, field, params, multiValueMode };
}
