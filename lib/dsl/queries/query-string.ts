/**
 * `query_string` (ES 5.6 `QueryStringQueryBuilder.fromXContent`): Lucene classic syntax over
 * `default_field` / `fields`. The text is parsed into a syntax tree by
 * `lucene-query-syntax/` when the query is compiled (errors there are query_shard_exceptions,
 * raised per shard as ES does), not here.
 */
import type { ParseContext } from '../parse-context.js';
import { parseFieldAndBoost, putFieldBoost, type FieldBoost } from '../field-boosts.js';
import { AUTO, parseFuzziness, type Fuzziness } from '../fuzziness.js';
import { parseTimeZone } from '../time-zone.js';
import { baseFields, isDeprecatedSetting, parseOperator, readBaseField, withBase, type Operator, type QueryBase } from '../query-base.js';
import { booleanValue, floatValue, intValue, isValue, textOrNull, textValue, type JsonObject } from '../xcontent.js';

/** A parsed `query_string` query with ES 5.6 defaults. */
export interface QueryStringQuery extends QueryBase {
  kind: 'query_string';
  query: string;
  defaultField?: string;
  /** Sorted by field name; may hold wildcards. */
  fields: FieldBoost[];
  /** default or */
  defaultOperator: Operator;
  analyzer?: string;
  quoteAnalyzer?: string;
  quoteFieldSuffix?: string;
  /** default true */
  allowLeadingWildcard: boolean;
  /** `allow_leading_wildcard` was given (ES keeps it nullable and prints it only then). */
  allowLeadingWildcardSet?: boolean;
  /** `analyze_wildcard` was given (likewise). */
  analyzeWildcardSet?: boolean;
  /** default false */
  autoGeneratePhraseQueries: boolean;
  /** default 10000 */
  maxDeterminizedStates: number;
  /** Accepted but ignored by ES 5.6 (deprecated); kept for completeness, default true. */
  lowercaseExpandedTerms: boolean;
  /** default true */
  enablePositionIncrements: boolean;
  /** default false */
  escape: boolean;
  /** default true */
  useDisMax: boolean;
  /** default 0 */
  tieBreaker: number;
  /** default AUTO */
  fuzziness: Fuzziness;
  /** default 0 */
  fuzzyPrefixLength: number;
  /** default 50 */
  fuzzyMaxExpansions: number;
  fuzzyRewrite?: string;
  /** default 0 */
  phraseSlop: number;
  /** default false */
  analyzeWildcard: boolean;
  rewrite?: string;
  minimumShouldMatch?: string;
  lenient?: boolean;
  timeZone?: string;
  /** default true */
  splitOnWhitespace: boolean;
  allFields?: boolean;
  /** deprecated `locale`: accepted and ignored by ES 5.6 */
  locale?: string;
}

/** Parse a `query_string` body. */
export function parseQueryString(ctx: ParseContext, body: JsonObject): QueryStringQuery {
  let query: string | undefined;
  const fields: FieldBoost[] = [];
  const base = baseFields();
  const q: Omit<QueryStringQuery, 'kind' | 'query' | 'fields' | 'boost' | 'queryName'> = {
    defaultOperator: 'or',
    allowLeadingWildcard: true,
    autoGeneratePhraseQueries: false,
    maxDeterminizedStates: 10000,
    lowercaseExpandedTerms: true,
    enablePositionIncrements: true,
    escape: false,
    useDisMax: true,
    tieBreaker: 0,
    fuzziness: AUTO,
    fuzzyPrefixLength: 0,
    fuzzyMaxExpansions: 50,
    phraseSlop: 0,
    analyzeWildcard: false,
    splitOnWhitespace: true,
  };
  const opt = (v: unknown): string | undefined => textOrNull(v) ?? undefined;
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (Array.isArray(v)) {
      if (key !== 'fields') throw ctx.unsupported('query_string', body, key);
      for (const item of v) putFieldBoost(fields, parseFieldAndBoost(item));
      continue;
    }
    if (!isValue(v)) throw ctx.unknownToken('query_string', body, key);
    switch (key) {
      case 'query':
        query = textValue(v);
        break;
      case 'default_field':
        q.defaultField = textValue(v);
        break;
      case 'default_operator':
        q.defaultOperator = parseOperator(textValue(v));
        break;
      case 'analyzer':
        q.analyzer = textValue(v);
        break;
      case 'quote_analyzer':
        q.quoteAnalyzer = textValue(v);
        break;
      case 'allow_leading_wildcard':
        q.allowLeadingWildcard = booleanValue(v);
        q.allowLeadingWildcardSet = true;
        break;
      case 'auto_generate_phrase_queries':
        q.autoGeneratePhraseQueries = booleanValue(v);
        break;
      case 'max_determinized_states':
        q.maxDeterminizedStates = intValue(v);
        break;
      case 'lowercase_expanded_terms':
        q.lowercaseExpandedTerms = booleanValue(v);
        break;
      case 'enable_position_increments':
        q.enablePositionIncrements = booleanValue(v);
        break;
      case 'escape':
        q.escape = booleanValue(v);
        break;
      case 'use_dis_max':
        q.useDisMax = booleanValue(v);
        break;
      case 'fuzzy_prefix_length':
        q.fuzzyPrefixLength = intValue(v);
        break;
      case 'fuzzy_max_expansions':
        q.fuzzyMaxExpansions = intValue(v);
        break;
      case 'fuzzy_rewrite': {
        const r = opt(v);
        if (r !== undefined) q.fuzzyRewrite = r;
        break;
      }
      case 'phrase_slop':
        q.phraseSlop = intValue(v);
        break;
      case 'fuzziness':
        q.fuzziness = parseFuzziness(v);
        break;
      case 'tie_breaker':
        q.tieBreaker = floatValue(v);
        break;
      case 'analyze_wildcard':
        q.analyzeWildcard = booleanValue(v);
        q.analyzeWildcardSet = true;
        break;
      case 'rewrite': {
        const r = opt(v);
        if (r !== undefined) q.rewrite = r;
        break;
      }
      case 'minimum_should_match': {
        const m = opt(v);
        if (m !== undefined) q.minimumShouldMatch = m;
        break;
      }
      case 'quote_field_suffix': {
        const s = opt(v);
        if (s !== undefined) q.quoteFieldSuffix = s;
        break;
      }
      case 'lenient':
        q.lenient = booleanValue(v);
        break;
      case 'all_fields':
        q.allFields = booleanValue(v);
        break;
      case 'locale':
        q.locale = textValue(v);
        break;
      case 'time_zone':
        // ES 5.6 only validates the zone in the builder's setter (DateTimeZone.forID), so an
        // unknown zone surfaces as illegal_argument_exception, not as its dead-code
        // "[query_string] time_zone [x] is unknown" parsing_exception.
        q.timeZone = textValue(v);
        parseTimeZone(q.timeZone);
        break;
      case 'split_on_whitespace':
        q.splitOnWhitespace = booleanValue(v);
        break;
      default:
        if (!readBaseField(base, key, v)) throw ctx.unsupported('query_string', body, key);
    }
  }
  const end = ctx.atEnd(body);
  if (query === undefined) throw ctx.error('[query_string] must be provided with a [query]', end);
  if (q.allFields === true && (q.defaultField !== undefined || fields.length > 0)) {
    throw ctx.error('cannot use [all_fields] parameter in conjunction with [default_field] or [fields]', end);
  }
  return withBase(base, { kind: 'query_string' as const, query, fields, ...q });
}
