/**
 * Full-text queries as ES 5.6's builders print them (`doXContent`): match (MatchQueryBuilder),
 * match_phrase, match_phrase_prefix, multi_match (MultiMatchQueryBuilder), common
 * (CommonTermsQueryBuilder), query_string (QueryStringQueryBuilder), simple_query_string
 * (SimpleQueryStringBuilder), more_like_this (MoreLikeThisQueryBuilder + its Item).
 */
import type {
  CommonTermsQuery,
  MatchPhrasePrefixQuery,
  MatchPhraseQuery,
  MatchQuery,
  MoreLikeThisQuery,
  MltItem,
  MultiMatchQuery,
  QueryStringQuery,
  SimpleQueryStringQuery,
} from '../query-types.js';
import type { FieldBoost } from '../field-boosts.js';
import { body, fuzzinessNode, named, operatorName, termValue } from './common.js';
import { javaFloatToString } from '../../units/java-number.js';
import { fromJson, jfloat, obj, type XNode, type XObject } from './xcontent.js';

/** `field^boost` with the boost as a Java Float (`title^1.0`), as the builders print their TreeMap. */
function fieldsNode(fields: readonly FieldBoost[]): string[] {
  return fields.map((f) => `${f.field}^${javaFloatToString(f.boost)}`);
}

/** MatchQueryBuilder: type and slop only when not the (deprecated) defaults. */
export function renderMatch(q: MatchQuery): XObject {
  return named(
    'match',
    named(
      q.field,
      body(
        q,
        ['query', termValue(q.query)],
        ['type', q.type !== 'boolean' ? q.type : undefined],
        ['operator', operatorName(q.operator)],
        ['analyzer', q.analyzer],
        ['slop', q.slop !== 0 ? q.slop : undefined],
        ['fuzziness', q.fuzziness ? fuzzinessNode(q.fuzziness) : undefined],
        ['prefix_length', q.prefixLength],
        ['max_expansions', q.maxExpansions],
        ['minimum_should_match', q.minimumShouldMatch],
        ['fuzzy_rewrite', q.fuzzyRewrite],
        ['fuzzy_transpositions', q.fuzzyTranspositions],
        ['lenient', q.lenient],
        ['zero_terms_query', q.zeroTermsQuery.toUpperCase()],
        ['cutoff_frequency', q.cutoffFrequency !== undefined ? jfloat(q.cutoffFrequency) : undefined],
      ),
    ),
  );
}

/** MatchPhraseQueryBuilder / MatchPhrasePrefixQueryBuilder: query, analyzer, slop (, max_expansions). */
export function renderMatchPhrase(q: MatchPhraseQuery | MatchPhrasePrefixQuery): XObject {
  const maxExpansions = q.kind === 'match_phrase_prefix' ? q.maxExpansions : undefined;
  return named(
    q.kind,
    named(q.field, body(q, ['query', termValue(q.query)], ['analyzer', q.analyzer], ['slop', q.slop], ['max_expansions', maxExpansions])),
  );
}

/** MultiMatchQueryBuilder (5.6): use_dis_max and tie_breaker only when given; lenient always. */
export function renderMultiMatch(q: MultiMatchQuery): XObject {
  return named(
    'multi_match',
    body(
      q,
      ['query', termValue(q.query)],
      ['fields', fieldsNode(q.fields)],
      ['type', q.type],
      ['operator', operatorName(q.operator)],
      ['analyzer', q.analyzer],
      ['slop', q.slop],
      ['fuzziness', q.fuzziness ? fuzzinessNode(q.fuzziness) : undefined],
      ['prefix_length', q.prefixLength],
      ['max_expansions', q.maxExpansions],
      ['minimum_should_match', q.minimumShouldMatch],
      ['fuzzy_rewrite', q.fuzzyRewrite],
      ['use_dis_max', q.useDisMaxSet ? q.useDisMax : undefined],
      ['tie_breaker', q.tieBreaker !== undefined ? jfloat(q.tieBreaker) : undefined],
      ['lenient', q.lenient],
      ['cutoff_frequency', q.cutoffFrequency !== undefined ? jfloat(q.cutoffFrequency) : undefined],
      ['zero_terms_query', q.zeroTermsQuery.toUpperCase()],
    ),
  );
}

/** CommonTermsQueryBuilder: minimum_should_match as `{low_freq, high_freq}` when either is set. */
export function renderCommon(q: CommonTermsQuery): XObject {
  const msm =
    q.lowFreqMinimumShouldMatch !== undefined || q.highFreqMinimumShouldMatch !== undefined
      ? obj(['low_freq', q.lowFreqMinimumShouldMatch], ['high_freq', q.highFreqMinimumShouldMatch])
      : undefined;
  return named(
    'common',
    named(
      q.field,
      body(
        q,
        ['query', termValue(q.query)],
        ['disable_coord', q.disableCoord],
        ['high_freq_operator', operatorName(q.highFreqOperator)],
        ['low_freq_operator', operatorName(q.lowFreqOperator)],
        ['analyzer', q.analyzer],
        ['cutoff_frequency', jfloat(q.cutoffFrequency)],
        ['minimum_should_match', msm],
      ),
    ),
  );
}

/** QueryStringQueryBuilder (5.6): nullable settings (allow_leading_wildcard, analyze_wildcard, lenient…) only when given. */
export function renderQueryString(q: QueryStringQuery): XObject {
  return named(
    'query_string',
    body(
      q,
      ['query', q.query],
      ['default_field', q.defaultField],
      ['fields', fieldsNode(q.fields)],
      ['use_dis_max', q.useDisMax],
      ['tie_breaker', jfloat(q.tieBreaker)],
      ['default_operator', q.defaultOperator],
      ['analyzer', q.analyzer],
      ['quote_analyzer', q.quoteAnalyzer],
      ['auto_generate_phrase_queries', q.autoGeneratePhraseQueries],
      ['max_determinized_states', q.maxDeterminizedStates],
      ['allow_leading_wildcard', q.allowLeadingWildcardSet ? q.allowLeadingWildcard : undefined],
      ['enable_position_increments', q.enablePositionIncrements],
      ['fuzziness', fuzzinessNode(q.fuzziness)],
      ['fuzzy_prefix_length', q.fuzzyPrefixLength],
      ['fuzzy_max_expansions', q.fuzzyMaxExpansions],
      ['fuzzy_rewrite', q.fuzzyRewrite],
      ['phrase_slop', q.phraseSlop],
      ['analyze_wildcard', q.analyzeWildcardSet ? q.analyzeWildcard : undefined],
      ['rewrite', q.rewrite],
      ['minimum_should_match', q.minimumShouldMatch],
      ['quote_field_suffix', q.quoteFieldSuffix],
      ['lenient', q.lenient],
      ['time_zone', q.timeZone],
      ['escape', q.escape],
      ['split_on_whitespace', q.splitOnWhitespace],
      ['all_fields', q.allFields],
    ),
  );
}

/** SimpleQueryStringBuilder (5.6): fields only when any, lenient only when given. */
export function renderSimpleQueryString(q: SimpleQueryStringQuery): XObject {
  return named(
    'simple_query_string',
    body(
      q,
      ['query', q.query],
      ['fields', q.fields.length > 0 ? fieldsNode(q.fields) : undefined],
      ['analyzer', q.analyzer],
      ['flags', q.flags],
      ['default_operator', q.defaultOperator],
      ['lenient', q.lenientSet ? q.lenient : undefined],
      ['analyze_wildcard', q.analyzeWildcard],
      ['quote_field_suffix', q.quoteFieldSuffix],
      ['minimum_should_match', q.minimumShouldMatch],
      ['all_fields', q.allFields],
    ),
  );
}

/** MoreLikeThisQueryBuilder.Item.toXContent: `_index`, `_type`, `_id`, `doc`, `fields`, `_routing`. */
function itemNode(item: MltItem): XObject {
  return obj(
    ['_index', item.index],
    ['_type', item.type],
    ['_id', item.id],
    ['doc', item.doc !== undefined ? fromJson(item.doc) : undefined],
    ['fields', item.fields ? [...item.fields] : undefined],
    ['_routing', item.routing],
  );
}

/** `buildLikeField`: texts then items, only when there is any. */
function likeNode(texts: readonly string[], items: readonly MltItem[]): XNode[] | undefined {
  if (texts.length === 0 && items.length === 0) return undefined;
  return [...texts, ...items.map(itemNode)];
}

/** MoreLikeThisQueryBuilder: every setting with its value, stop_words/analyzer only when set. */
export function renderMoreLikeThis(q: MoreLikeThisQuery): XObject {
  return named(
    'more_like_this',
    body(
      q,
      ['fields', q.fields ? [...q.fields] : undefined],
      ['like', likeNode(q.likeTexts, q.likeItems)],
      ['unlike', likeNode(q.unlikeTexts, q.unlikeItems)],
      ['max_query_terms', q.maxQueryTerms],
      ['min_term_freq', q.minTermFreq],
      ['min_doc_freq', q.minDocFreq],
      ['max_doc_freq', q.maxDocFreq],
      ['min_word_length', q.minWordLength],
      ['max_word_length', q.maxWordLength],
      ['stop_words', q.stopWords ? [...q.stopWords] : undefined],
      ['analyzer', q.analyzer],
      ['minimum_should_match', q.minimumShouldMatch],
      ['boost_terms', jfloat(q.boostTerms)],
      ['include', q.include],
      ['fail_on_unsupported_field', q.failOnUnsupportedField],
    ),
  );
}
