/**
 * The parsed query DSL: one discriminated union over `kind`, one member per ES query type.
 * Produced by `parseQuery` (parse-query.ts); consumed by the shard-level compiler, which maps
 * fields and analyzers. Every member carries `boost` (default 1) and optional `queryName`
 * (`_name`).
 */
import type { BoolQuery } from './queries/bool.js';
import type { BoostingQuery } from './queries/boosting.js';
import type { CommonTermsQuery } from './queries/common.js';
import type { ConstantScoreQuery } from './queries/constant-score.js';
import type { DisMaxQuery } from './queries/dis-max.js';
import type { ExistsQuery } from './queries/exists.js';
import type { FunctionScoreQuery } from './queries/function-score.js';
import type { FuzzyQuery } from './queries/fuzzy.js';
import type { GeoBoundingBoxQuery, GeoDistanceQuery, GeoPolygonQuery } from './queries/geo.js';
import type { HasChildQuery } from './queries/has-child.js';
import type { HasParentQuery } from './queries/has-parent.js';
import type { IdsQuery } from './queries/ids.js';
import type { MatchAllQuery, MatchNoneQuery } from './queries/match-all.js';
import type { MatchQuery } from './queries/match.js';
import type { MatchPhrasePrefixQuery, MatchPhraseQuery } from './queries/match-phrase.js';
import type { MoreLikeThisQuery } from './queries/more-like-this.js';
import type { MultiMatchQuery } from './queries/multi-match.js';
import type { PrefixQuery, RegexpQuery, WildcardQuery } from './queries/multi-term.js';
import type { NestedQuery } from './queries/nested.js';
import type { ParentIdQuery } from './queries/parent-id.js';
import type { PercolateQuery } from './queries/percolate.js';
import type { QueryStringQuery } from './queries/query-string.js';
import type { RangeQuery } from './queries/range.js';
import type { ScriptQuery } from './queries/script.js';
import type { SimpleQueryStringQuery } from './queries/simple-query-string.js';
import type { SpanQuery } from './queries/span.js';
import type { TermQuery } from './queries/term.js';
import type { TermsQuery } from './queries/terms.js';
import type { TypeQuery } from './queries/type.js';

export type { BoolQuery } from './queries/bool.js';
export type { BoostingQuery } from './queries/boosting.js';
export type { CommonTermsQuery } from './queries/common.js';
export type { ConstantScoreQuery } from './queries/constant-score.js';
export type { DisMaxQuery } from './queries/dis-max.js';
export type { ExistsQuery } from './queries/exists.js';
export type { FunctionScoreQuery, FilterFunction, FunctionScoreMode, BoostMode } from './queries/function-score.js';
export type { ScoreFunction, FieldValueFactorModifier, MultiValueMode } from './queries/score-functions.js';
export type { FuzzyQuery } from './queries/fuzzy.js';
export type { GeoBoundingBoxQuery, GeoDistanceQuery, GeoPolygonQuery } from './queries/geo.js';
export type { HasChildQuery } from './queries/has-child.js';
export type { HasParentQuery } from './queries/has-parent.js';
export type { IdsQuery } from './queries/ids.js';
export type { MatchAllQuery, MatchNoneQuery } from './queries/match-all.js';
export type { MatchQuery, MatchType, ZeroTermsQuery } from './queries/match.js';
export type { MatchPhrasePrefixQuery, MatchPhraseQuery } from './queries/match-phrase.js';
export type { MoreLikeThisQuery, MltItem } from './queries/more-like-this.js';
export type { MultiMatchQuery, MultiMatchType } from './queries/multi-match.js';
export type { PrefixQuery, RegexpQuery, WildcardQuery } from './queries/multi-term.js';
export type { NestedQuery } from './queries/nested.js';
export type { ParentIdQuery } from './queries/parent-id.js';
export type { PercolateQuery, PercolateIndexedDocument } from './queries/percolate.js';
export type { QueryStringQuery } from './queries/query-string.js';
export type { RangeQuery, RangeRelation } from './queries/range.js';
export type { ScriptQuery } from './queries/script.js';
export type { SimpleQueryStringQuery } from './queries/simple-query-string.js';
export type * from './queries/span.js';
export type { TermQuery, TermValue } from './queries/term.js';
export type { TermsQuery, TermsLookup } from './queries/terms.js';
export type { TypeQuery } from './queries/type.js';
export type { JoinScoreMode } from './queries/join-score-mode.js';
export type { QueryBase, Operator } from './query-base.js';
export type { FieldBoost } from './field-boosts.js';
export type { Fuzziness } from './fuzziness.js';
export type { InnerHits } from './inner-hits.js';
export type { ScriptRef } from './script-ref.js';
export type { GeoPoint } from './geo-point.js';

/** Any parsed query. Switch on `kind`. */
export type Query =
  | MatchAllQuery
  | MatchNoneQuery
  | MatchQuery
  | MatchPhraseQuery
  | MatchPhrasePrefixQuery
  | MultiMatchQuery
  | CommonTermsQuery
  | QueryStringQuery
  | SimpleQueryStringQuery
  | TermQuery
  | TermsQuery
  | RangeQuery
  | ExistsQuery
  | PrefixQuery
  | WildcardQuery
  | RegexpQuery
  | FuzzyQuery
  | TypeQuery
  | IdsQuery
  | BoolQuery
  | ConstantScoreQuery
  | DisMaxQuery
  | BoostingQuery
  | FunctionScoreQuery
  | NestedQuery
  | HasChildQuery
  | HasParentQuery
  | ParentIdQuery
  | PercolateQuery
  | GeoDistanceQuery
  | GeoBoundingBoxQuery
  | GeoPolygonQuery
  | MoreLikeThisQuery
  | ScriptQuery
  | SpanQuery;

/** The `kind` tags of {@link Query}. */
export type QueryKind = Query['kind'];
