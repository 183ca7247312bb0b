/**
 * `simple_query_string` (ES 5.6 `SimpleQueryStringBuilder.fromXContent`). The text is parsed
 * by `lucene-query-syntax/simple-parser.ts` at compile time; `flags` select the operators it
 * honours.
 */
import type { ParseContext } from '../parse-context.js';
import { parseFieldAndBoost, putFieldBoost, type FieldBoost } from '../field-boosts.js';
import { resolveSimpleQueryStringFlags, SIMPLE_FLAGS } from '../lucene-query-syntax/simple-flags.js';
import { baseFields, isDeprecatedSetting, parseOperator, readBaseField, withBase, type Operator, type QueryBase } from '../query-base.js';
import { booleanValue, intValue, isValue, textOrNull, textValue, type JsonObject } from '../xcontent.js';

/** A parsed `simple_query_string` query. */
export interface SimpleQueryStringQuery extends QueryBase {
  kind: 'simple_query_string';
  query: string;
  /** Sorted by field name; empty means the index default field (`_all`). */
  fields: FieldBoost[];
  analyzer?: string;
  /** default or */
  defaultOperator: Operator;
  /** Lucene SimpleQueryParser flag bits; default ALL (-1). */
  flags: number;
  /** default true (5.x, deprecated) */
  lowercaseExpandedTerms: boolean;
  /** default false */
  lenient: boolean;
  /** `lenient` was given (ES prints it only then: `lenientSet`). */
  lenientSet?: boolean;
  /** default false */
  analyzeWildcard: boolean;
  minimumShouldMatch?: string;
  quoteFieldSuffix?: string;
  allFields?: boolean;
  locale?: string;
}

/** Parse a `simple_query_string` body. */
export function parseSimpleQueryString(ctx: ParseContext, body: JsonObject): SimpleQueryStringQuery {
  let query: string | undefined;
  const fields: FieldBoost[] = [];
  const base = baseFields();
  const q: Omit<SimpleQueryStringQuery, 'kind' | 'query' | 'fields' | 'boost' | 'queryName'> = {
    defaultOperator: 'or',
    flags: SIMPLE_FLAGS.ALL,
    lowercaseExpandedTerms: true,
    lenient: false,
    analyzeWildcard: false,
  };
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (Array.isArray(v)) {
      if (key !== 'fields') throw ctx.unsupported('simple_query_string', body, key);
      for (const item of v) putFieldBoost(fields, parseFieldAndBoost(item));
      continue;
    }
    if (!isValue(v)) throw ctx.unknownToken('simple_query_string', body, key);
    switch (key) {
      case 'query':
        query = textValue(v);
        break;
      case 'analyzer':
        q.analyzer = textValue(v);
        break;
      case 'default_operator':
        q.defaultOperator = parseOperator(textValue(v));
        break;
      case 'flags':
        if (typeof v !== 'number') q.flags = resolveSimpleQueryStringFlags(textValue(v));
        else {
          const n = intValue(v);
          q.flags = n < 0 ? SIMPLE_FLAGS.ALL : n;
        }
        break;
      case 'locale':
        q.locale = textValue(v);
        break;
      case 'lowercase_expanded_terms':
        q.lowercaseExpandedTerms = booleanValue(v);
        break;
      case 'lenient':
        q.lenient = booleanValue(v);
        q.lenientSet = true;
        break;
      case 'analyze_wildcard':
        q.analyzeWildcard = booleanValue(v);
        break;
      case 'minimum_should_match': {
        const m = textOrNull(v);
        if (m !== null) q.minimumShouldMatch = m;
        break;
      }
      case 'quote_field_suffix': {
        const s = textOrNull(v);
        if (s !== null) q.quoteFieldSuffix = s;
        break;
      }
      case 'all_fields':
        q.allFields = booleanValue(v);
        break;
      default:
        if (!readBaseField(base, key, v)) {
          throw ctx.error(`[simple_query_string] unsupported field [${key}]`, ctx.atValue(body, key));
        }
    }
  }
  const end = ctx.atEnd(body);
  if (query === undefined) throw ctx.error('[simple_query_string] query text missing', end);
  if (q.allFields === true && fields.length > 0) {
    throw ctx.error('cannot use [all_fields] parameter in conjunction with [fields]', end);
  }
  return withBase(base, { kind: 'simple_query_string' as const, query, fields, ...q });
}
