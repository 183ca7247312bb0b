/**
 * `multi_match` (ES 5.6 `MultiMatchQueryBuilder.fromXContent`): one query text over several
 * fields (`fields` with `^boost` and wildcards), type best_fields (default) / most_fields /
 * cross_fields / phrase / phrase_prefix.
 */
import { EsError } from '../../errors/errors.js';
import type { ParseContext } from '../parse-context.js';
import { parseFieldAndBoost, putFieldBoost, type FieldBoost } from '../field-boosts.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, floatValue, isValue, objectText, textValue, type JsonObject } from '../xcontent.js';
import { readTextQueryOption, type TextQueryOptions } from './text-query-options.js';
import { own } from '../../dict.js';

/** `MultiMatchQueryBuilder.Type`. */
export type MultiMatchType = 'best_fields' | 'most_fields' | 'cross_fields' | 'phrase' | 'phrase_prefix';

/** A parsed `multi_match` query. */
export interface MultiMatchQuery extends QueryBase, TextQueryOptions {
  kind: 'multi_match';
  query: string | number | boolean;
  /** Sorted by field name (ES keeps a TreeMap). */
  fields: FieldBoost[];
  /** default `best_fields` */
  type: MultiMatchType;
  /** default true (deprecated) */
  useDisMax: boolean;
  /** `use_dis_max` was given (ES keeps it nullable and prints it only then). */
  useDisMaxSet?: boolean;
  /** unset: 0 for best_fields (dis_max), most_fields ignores it */
  tieBreaker?: number;
}

const TYPES: Record<string, MultiMatchType> = {
  best_fields: 'best_fields',
  boolean: 'best_fields', // deprecated alias
  most_fields: 'most_fields',
  cross_fields: 'cross_fields',
  phrase: 'phrase',
  phrase_prefix: 'phrase_prefix',
};

/** Parse a `multi_match` body. */
export function parseMultiMatch(ctx: ParseContext, body: JsonObject): MultiMatchQuery {
  let value: string | number | boolean | null = null;
  const fields: FieldBoost[] = [];
  const base = baseFields();
  const q: Omit<MultiMatchQuery, 'kind' | 'query' | 'fields' | 'boost' | 'queryName'> = {
    type: 'best_fields',
    operator: 'or',
    slop: 0,
    prefixLength: 0,
    maxExpansions: 50,
    useDisMax: true,
    lenient: false,
    zeroTermsQuery: 'none',
  };
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (key === 'fields') {
      if (Array.isArray(v)) for (const item of v) putFieldBoost(fields, parseFieldAndBoost(item));
      else if (isValue(v)) putFieldBoost(fields, parseFieldAndBoost(v));
      else throw ctx.unsupported('multi_match', body, key);
      continue;
    }
    if (!isValue(v)) throw ctx.unknownToken('multi_match', body, key);
    if (readTextQueryOption(ctx, q, body, key)) continue;
    switch (key) {
      case 'query':
        value = objectText(v);
        break;
      case 'type': {
        const t = own(TYPES, textValue(v));
        if (!t) throw new EsError('parse_exception', 400, `failed to parse [multi_match] query type [${textValue(v)}]. unknown type.`);
        q.type = t;
        break;
      }
      case 'use_dis_max':
        q.useDisMax = booleanValue(v);
        q.useDisMaxSet = true;
        break;
      case 'tie_breaker':
        q.tieBreaker = floatValue(v);
        break;
      default:
        if (!readBaseField(base, key, v)) throw ctx.unsupported('multi_match', body, key);
    }
  }
  const end = ctx.atEnd(body);
  if (value === null) throw ctx.error('No text specified for multi_match query', end);
  if (fields.length === 0) throw ctx.error('No fields specified for multi_match query', end);
  if (q.fuzziness && (q.type === 'cross_fields' || q.type === 'phrase' || q.type === 'phrase_prefix')) {
    throw ctx.error(`Fuzziness not allowed for type [${q.type}]`, end);
  }
  return withBase(base, { kind: 'multi_match' as const, query: value, fields, ...q });
}
