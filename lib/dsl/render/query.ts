/**
 * ES 5.6's rendering of a parsed query (`QueryBuilder.toXContent`): every field with its default
 * filled in, in the builder's order, floats as Java prints them. `queryToString` is
 * `AbstractQueryBuilder.toString()` (`Strings.toString(this, true, true)`: pretty printed), the
 * form of `failed to create query: …`.
 */
import type { Query } from '../query-types.js';
import { renderBool, renderBoosting, renderConstantScore, renderDisMax, renderFunctionScore, renderHasChild, renderHasParent, renderNested, renderParentId, renderPercolate, renderScript } from './queries-compound.js';
import { renderGeoBoundingBox, renderGeoDistance, renderGeoPolygon, renderSpan } from './queries-geo-span.js';
import { renderExists, renderFuzzy, renderIds, renderMatchAll, renderPrefix, renderRange, renderRegexp, renderTerm, renderTerms, renderType, renderWildcard } from './queries-term.js';
import { renderCommon, renderMatch, renderMatchPhrase, renderMoreLikeThis, renderMultiMatch, renderQueryString, renderSimpleQueryString } from './queries-text.js';
import { toCompact, toPretty, type XObject } from './xcontent.js';

/** The XContent tree ES 5.6 writes for `q`. */
export function renderQuery(q: Query): XObject {
  switch (q.kind) {
    case 'match_all':
    case 'match_none':
      return renderMatchAll(q);
    case 'term':
    case 'span_term':
      return renderTerm(q);
    case 'terms':
      return renderTerms(q);
    case 'range':
      return renderRange(q);
    case 'exists':
      return renderExists(q);
    case 'prefix':
      return renderPrefix(q);
    case 'wildcard':
      return renderWildcard(q);
    case 'regexp':
      return renderRegexp(q);
    case 'fuzzy':
      return renderFuzzy(q);
    case 'type':
      return renderType(q);
    case 'ids':
      return renderIds(q);
    case 'match':
      return renderMatch(q);
    case 'match_phrase':
    case 'match_phrase_prefix':
      return renderMatchPhrase(q);
    case 'multi_match':
      return renderMultiMatch(q);
    case 'common':
      return renderCommon(q);
    case 'query_string':
      return renderQueryString(q);
    case 'simple_query_string':
      return renderSimpleQueryString(q);
    case 'more_like_this':
      return renderMoreLikeThis(q);
    case 'bool':
      return renderBool(q);
    case 'constant_score':
      return renderConstantScore(q);
    case 'dis_max':
      return renderDisMax(q);
    case 'boosting':
      return renderBoosting(q);
    case 'function_score':
      return renderFunctionScore(q);
    case 'nested':
      return renderNested(q);
    case 'has_child':
      return renderHasChild(q);
    case 'has_parent':
      return renderHasParent(q);
    case 'parent_id':
      return renderParentId(q);
    case 'percolate':
      return renderPercolate(q);
    case 'script':
      return renderScript(q);
    case 'geo_distance':
      return renderGeoDistance(q);
    case 'geo_bounding_box':
      return renderGeoBoundingBox(q);
    case 'geo_polygon':
      return renderGeoPolygon(q);
    default:
      return renderSpan(q);
  }
}

/** `QueryBuilder.toString()`: the pretty-printed rendering (used in `failed to create query: …`). */
export function queryToString(q: Query): string {
  return toPretty(renderQuery(q));
}

/** The compact rendering (`Strings.toString(queryBuilder)`). */
export function queryToCompactString(q: Query): string {
  return toCompact(renderQuery(q));
}
