/**
 * `function_score` (ES 5.6 `FunctionScoreQueryBuilder.fromXContent`): a `query` (default
 * match_all) re-scored by `functions` (each with optional `filter` and `weight`) or by one
 * function given inline (the single-function shorthand), combined by `score_mode` (default
 * multiply) and `boost_mode` (default multiply), capped by `max_boost`, cut by `min_score`.
 */
import { EsError } from '../../errors/errors.js';
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { floatValue, isObject, isValue, textValue, tokenOf, type JsonObject } from '../xcontent.js';
import { MATCH_ALL } from './match-all.js';
import { parseScoreFunction, type ScoreFunction } from './score-functions.js';

/** `FiltersFunctionScoreQuery.ScoreMode`. */
export type FunctionScoreMode = 'multiply' | 'sum' | 'avg' | 'first' | 'max' | 'min';
/** `CombineFunction` (boost_mode). */
export type BoostMode = 'multiply' | 'replace' | 'sum' | 'avg' | 'max' | 'min';

/** One entry of `functions`: the function applies where `filter` matches (match_all by default). */
export interface FilterFunction {
  filter: Query;
  function: ScoreFunction;
}

/** A parsed `function_score` query. */
export interface FunctionScoreQuery extends QueryBase {
  kind: 'function_score';
  query: Query;
  functions: FilterFunction[];
  /** default multiply */
  scoreMode: FunctionScoreMode;
  /** default multiply */
  boostMode: BoostMode;
  /** `boost_mode` was given (ES keeps it nullable and prints it only then). */
  boostModeSet?: boolean;
  /** default Float.MAX_VALUE */
  maxBoost: number;
  minScore?: number;
}

const MISPLACED = 'you can either define [functions] array or a single function, not both. ';
const FLOAT_MAX = 3.4028234663852886e38;
const SCORE_MODES = new Set(['multiply', 'sum', 'avg', 'first', 'max', 'min']);
const BOOST_MODES = new Set(['multiply', 'replace', 'sum', 'avg', 'max', 'min']);

function enumError(cls: string, v: string): EsError {
  return new EsError('illegal_argument_exception', 400, `No enum constant ${cls}.${v.toUpperCase()}`);
}

/** Parse a `function_score` body. */
export function parseFunctionScore(ctx: ParseContext, body: JsonObject): FunctionScoreQuery {
  let query: Query | null = null;
  let scoreMode: FunctionScoreMode = 'multiply';
  let boostMode: BoostMode = 'multiply';
  let boostModeSet = false;
  let maxBoost = FLOAT_MAX;
  let minScore: number | undefined;
  let arrayFound = false;
  let singleFound = false;
  let singleName = '';
  const functions: FilterFunction[] = [];
  const base = baseFields();
  const fail = (msg: string, key: string): EsError => ctx.error(`failed to parse [function_score] query. ${msg}`, ctx.atValue(body, key));
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      if (key === 'query') {
        if (query !== null) throw fail('[query] is already defined.', key);
        query = ctx.parseInnerQuery(v, ctx.atValue(body, key)) ?? MATCH_ALL;
      } else {
        if (singleFound) {
          throw fail(`already found function [${singleName}], now encountering [${key}]. use [functions] array if you want to define several functions.`, key);
        }
        if (arrayFound) throw fail(`[${MISPLACED}already found [functions] array, now encountering [${key}].]`, key);
        singleFound = true;
        singleName = key;
        functions.push({ filter: MATCH_ALL, function: parseScoreFunction(ctx, key, v, body) });
      }
    } else if (Array.isArray(v)) {
      if (key !== 'functions') throw fail(`array [${key}] is not supported`, key);
      if (singleFound) throw fail(`[${MISPLACED}already found [${singleName}], now encountering [functions].]`, key);
      arrayFound = true;
      parseFunctionsArray(ctx, v, functions);
    } else if (isValue(v)) {
      switch (key) {
        case 'score_mode': {
          const m = textValue(v).toLowerCase();
          if (!SCORE_MODES.has(m)) throw enumError('org.elasticsearch.common.lucene.search.function.FiltersFunctionScoreQuery.ScoreMode', textValue(v));
          scoreMode = m as FunctionScoreMode;
          break;
        }
        case 'boost_mode': {
          const m = textValue(v).toLowerCase();
          if (!BOOST_MODES.has(m)) throw enumError('org.elasticsearch.common.lucene.search.function.CombineFunction', textValue(v));
          boostMode = m as BoostMode;
          boostModeSet = true;
          break;
        }
        case 'max_boost':
          maxBoost = floatValue(v);
          break;
        case 'min_score':
          minScore = floatValue(v);
          break;
        default:
          if (readBaseField(base, key, v)) break;
          if (singleFound) {
            throw fail(`already found function [${singleName}], now encountering [${key}]. use [functions] array if you want to define several functions.`, key);
          }
          if (arrayFound) throw fail(`[${MISPLACED}already found [functions] array, now encountering [${key}].]`, key);
          if (key !== 'weight') throw fail(`field [${key}] is not supported`, key);
          functions.push({ filter: MATCH_ALL, function: { type: 'weight', weight: floatValue(v) } });
          singleFound = true;
          singleName = key;
      }
    }
  }
  return withBase(base, {
    kind: 'function_score' as const,
    query: query ?? MATCH_ALL,
    functions,
    scoreMode,
    boostMode,
    ...(boostModeSet ? { boostModeSet } : {}),
    maxBoost,
    ...(minScore !== undefined ? { minScore } : {}),
  });
}

function parseFunctionsArray(ctx: ParseContext, arr: unknown[], out: FilterFunction[]): void {
  arr.forEach((item, i) => {
    if (!isObject(item)) {
      throw ctx.error(
        // (sic) ES passes its format arguments in the wrong order
        `failed to parse [START_OBJECT]. malformed query, expected a [${tokenOf(item)}] while parsing functions but got a [function_score] instead`,
        ctx.atItem(arr, i),
      );
    }
    let filter: Query | null = null;
    let fn: ScoreFunction | undefined;
    let weight: number | undefined;
    for (const [key, v] of Object.entries(item)) {
      if (isObject(v)) {
        if (key === 'filter') {
          filter = ctx.parseInnerQuery(v, ctx.atValue(item, key)) ?? MATCH_ALL;
        } else {
          if (fn) {
            throw ctx.error(
              `failed to parse function_score functions. already found [${fn.type}], now encountering [${key}].`,
              ctx.atValue(item, key),
            );
          }
          fn = parseScoreFunction(ctx, key, v, item);
        }
      } else if (isValue(v)) {
        if (key === 'weight') weight = floatValue(v);
        else throw ctx.error(`failed to parse [function_score] query. field [${key}] is not supported`, ctx.atValue(item, key));
      }
    }
    if (weight !== undefined) fn = fn ? { ...fn, weight } : { type: 'weight', weight };
    if (!fn) throw ctx.error('failed to parse [function_score] query. an entry in functions list is missing a function.', ctx.atEnd(item));
    out.push({ filter: filter ?? MATCH_ALL, function: fn });
  });
}
