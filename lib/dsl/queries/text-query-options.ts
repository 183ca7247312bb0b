/**
 * The options `match` and `multi_match` share (ES 5.6 parses them alike in
 * `MatchQueryBuilder` and `MultiMatchQueryBuilder`): analysis, operator, fuzziness, phrase slop,
 * minimum_should_match, leniency, cutoff frequency and zero_terms_query.
 */
import type { ParseContext } from '../parse-context.js';
import { parseFuzziness, type Fuzziness } from '../fuzziness.js';
import { parseOperator, type Operator } from '../query-base.js';
import { floatValue, booleanValue, intValue, textOrNull, textValue, type JsonObject } from '../xcontent.js';

/** `zero_terms_query`: what an all-stopwords query matches. */
export type ZeroTermsQuery = 'none' | 'all';

/** The options both queries carry, with the same names and defaults. */
export interface TextQueryOptions {
  /** default `or` */
  operator: Operator;
  analyzer?: string;
  /** phrase slop, default 0 */
  slop: number;
  fuzziness?: Fuzziness;
  /** default 0 */
  prefixLength: number;
  /** default 50 */
  maxExpansions: number;
  minimumShouldMatch?: string;
  fuzzyRewrite?: string;
  /** default false */
  lenient: boolean;
  cutoffFrequency?: number;
  /** default `none` */
  zeroTermsQuery: ZeroTermsQuery;
}

/** Parse `zero_terms_query` (`none`/`all`, any case). */
export function parseZeroTerms(ctx: ParseContext, obj: JsonObject, key: string): ZeroTermsQuery {
  const t = textValue(obj[key]);
  const l = t.toLowerCase();
  if (l === 'none' || l === 'all') return l;
  throw ctx.error(`Unsupported zero_terms_docs value [${t}]`, ctx.atValue(obj, key));
}

/**
 * Read `obj[key]` into `q` when it is one of the shared options; false when `key` is not one
 * (the caller then tries its own options).
 */
export function readTextQueryOption(ctx: ParseContext, q: TextQueryOptions, obj: JsonObject, key: string): boolean {
  const v = obj[key];
  switch (key) {
    case 'analyzer':
      q.analyzer = textValue(v);
      return true;
    case 'slop':
    case 'phrase_slop':
      q.slop = intValue(v);
      return true;
    case 'fuzziness':
      q.fuzziness = parseFuzziness(v);
      return true;
    case 'prefix_length':
      q.prefixLength = intValue(v);
      return true;
    case 'max_expansions':
      q.maxExpansions = intValue(v);
      return true;
    case 'operator':
      q.operator = parseOperator(textValue(v));
      return true;
    case 'minimum_should_match': {
      const m = textOrNull(v);
      if (m !== null) q.minimumShouldMatch = m;
      return true;
    }
    case 'fuzzy_rewrite': {
      const r = textOrNull(v);
      if (r !== null) q.fuzzyRewrite = r;
      return true;
    }
    case 'lenient':
      q.lenient = booleanValue(v);
      return true;
    case 'cutoff_frequency':
      q.cutoffFrequency = floatValue(v);
      return true;
    case 'zero_terms_query':
      q.zeroTermsQuery = parseZeroTerms(ctx, obj, key);
      return true;
    default:
      return false;
  }
}
