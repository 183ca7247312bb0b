/**
 * `match` (ES 5.6 `MatchQueryBuilder.fromXContent`): one field, short form
 * `{"match": {"f": "text"}}` or long form `{"match": {"f": {"query": ..., options}}}`.
 * The legacy `type` (`boolean` | `phrase` | `phrase_prefix`) is kept for the compiler.
 */
import type { ParseContext } from '../parse-context.js';
import { parseFuzziness, type Fuzziness } from '../fuzziness.js';
import { baseFields, isDeprecatedSetting, parseOperator, readBaseField, withBase, type Operator, type QueryBase } from '../query-base.js';
import { booleanValue, floatValue, intValue, isObject, isValue, objectText, textOrNull, textValue, type JsonObject } from '../xcontent.js';

/** `zero_terms_query`: what an all-stopwords query matches. */
export type ZeroTermsQuery = 'none' | 'all';

/** `MatchQuery.Type`. */
export type MatchType = 'boolean' | 'phrase' | 'phrase_prefix';

/** A parsed `match` query with ES 5.6 defaults filled in. */
export interface MatchQuery extends QueryBase {
  kind: 'match';
  field: string;
  /** The query value as given (string, number or boolean). */
  query: string | number | boolean;
  /** default `boolean` */
  type: MatchType;
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
  /** default true */
  fuzzyTranspositions: boolean;
  fuzzyRewrite?: string;
  minimumShouldMatch?: string;
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

/** Parse a `match` body. */
export function parseMatch(ctx: ParseContext, body: JsonObject): MatchQuery {
  let field: string | undefined;
  let value: string | number | boolean | null = null;
  const base = baseFields();
  const q: Omit<MatchQuery, 'kind' | 'field' | 'query' | 'boost' | 'queryName'> = {
    type: 'boolean',
    operator: 'or',
    slop: 0,
    prefixLength: 0,
    maxExpansions: 50,
    fuzzyTranspositions: true,
    lenient: false,
    zeroTermsQuery: 'none',
  };
  for (const [name, fieldBody] of Object.entries(body)) {
    if (isDeprecatedSetting(name)) continue;
    if (field !== undefined) throw ctx.multipleFields('match', field, name, ctx.atValue(body, name));
    field = name;
    if (!isObject(fieldBody)) {
      // short form: objectText() — null leaves the value unset
      value = fieldBody === null ? null : isValue(fieldBody) ? objectText(fieldBody) : null;
      if (!isValue(fieldBody) && fieldBody !== null) throw ctx.unknownToken('match', body, name);
      continue;
    }
    for (const [key, v] of Object.entries(fieldBody)) {
      if (!isValue(v)) throw ctx.unknownToken('match', fieldBody, key);
      switch (key) {
        case 'query':
          value = objectText(v);
          break;
        case 'type': {
          const t = textValue(v);
          if (t === 'boolean') q.type = 'boolean';
          else if (t === 'phrase') q.type = 'phrase';
          else if (t === 'phrase_prefix' || t === 'phrasePrefix') q.type = 'phrase_prefix';
          else throw ctx.error(`[match] query does not support type ${t}`, ctx.atValue(fieldBody, key));
          break;
        }
        case 'analyzer':
          q.analyzer = textValue(v);
          break;
        case 'slop':
        case 'phrase_slop':
          q.slop = intValue(v);
          break;
        case 'fuzziness':
          q.fuzziness = parseFuzziness(v);
          break;
        case 'prefix_length':
          q.prefixLength = intValue(v);
          break;
        case 'max_expansions':
          q.maxExpansions = intValue(v);
          break;
        case 'operator':
          q.operator = parseOperator(textValue(v));
          break;
        case 'minimum_should_match': {
          const m = textOrNull(v);
          if (m !== null) q.minimumShouldMatch = m;
          break;
        }
        case 'fuzzy_rewrite': {
          const r = textOrNull(v);
          if (r !== null) q.fuzzyRewrite = r;
          break;
        }
        case 'fuzzy_transpositions':
          q.fuzzyTranspositions = booleanValue(v);
          break;
        case 'lenient':
          q.lenient = booleanValue(v);
          break;
        case 'cutoff_frequency':
          q.cutoffFrequency = floatValue(v);
          break;
        case 'zero_terms_query':
          q.zeroTermsQuery = parseZeroTerms(ctx, fieldBody, key);
          break;
        default:
          if (!readBaseField(base, key, v)) throw ctx.unsupported('match', fieldBody, key);
      }
    }
  }
  if (value === null) throw ctx.error('No text specified for text query', ctx.atEnd(body));
  return withBase(base, { kind: 'match' as const, field: field as string, query: value, ...q });
}

