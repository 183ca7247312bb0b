/**
 * `match` (ES 5.6 `MatchQueryBuilder.fromXContent`): one field, short form
 * `{"match": {"f": "text"}}` or long form `{"match": {"f": {"query": ..., options}}}`.
 * The legacy `type` (`boolean` | `phrase` | `phrase_prefix`) is kept for the compiler.
 */
import type { ParseContext } from '../parse-context.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, isObject, isValue, objectText, textValue, type JsonObject } from '../xcontent.js';
import { readTextQueryOption, type TextQueryOptions } from './text-query-options.js';

export type { ZeroTermsQuery } from './text-query-options.js';

/** `MatchQuery.Type`. */
export type MatchType = 'boolean' | 'phrase' | 'phrase_prefix';

/** A parsed `match` query with ES 5.6 defaults filled in. */
export interface MatchQuery extends QueryBase, TextQueryOptions {
  kind: 'match';
  field: string;
  /** The query value as given (string, number or boolean). */
  query: string | number | boolean;
  /** default `boolean` */
  type: MatchType;
  /** default true */
  fuzzyTranspositions: boolean;
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
      if (readTextQueryOption(ctx, q, fieldBody, key)) continue;
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
        case 'fuzzy_transpositions':
          q.fuzzyTranspositions = booleanValue(v);
          break;
        default:
          if (!readBaseField(base, key, v)) throw ctx.unsupported('match', fieldBody, key);
      }
    }
  }
  if (value === null) throw ctx.error('No text specified for text query', ctx.atEnd(body));
  return withBase(base, { kind: 'match' as const, field: field as string, query: value, ...q });
}

