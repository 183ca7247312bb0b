/**
 * Compound, joining and scripted queries as ES 5.6's builders print them (`doXContent`): bool
 * (BoolQueryBuilder), constant_score, dis_max, boosting, function_score (FunctionScoreQueryBuilder,
 * FilterFunctionBuilder, the ScoreFunctionBuilders), nested, has_child, has_parent, parent_id,
 * percolate (PercolateQueryBuilder), script (ScriptQueryBuilder).
 */
import type {
  BoolQuery,
  BoostingQuery,
  ConstantScoreQuery,
  DisMaxQuery,
  FunctionScoreQuery,
  HasChildQuery,
  HasParentQuery,
  NestedQuery,
  ParentIdQuery,
  PercolateQuery,
  Query,
  ScoreFunction,
  ScriptQuery,
} from '../query-types.js';
import { body, named, scriptNode } from './common.js';
import { renderInnerHits } from './inner-hits.js';
import { renderQuery } from './query.js';
import { fromJson, jdouble, jfloat, obj, type XNode, type XObject } from './xcontent.js';

const clauses = (qs: readonly Query[]): XNode[] | undefined => (qs.length > 0 ? qs.map(renderQuery) : undefined);

/** BoolQueryBuilder: must, filter, must_not, should (when not empty), disable_coord, adjust_pure_negative, minimum_should_match. */
export function renderBool(q: BoolQuery): XObject {
  return named(
    'bool',
    body(
      q,
      ['must', clauses(q.must)],
      ['filter', clauses(q.filter)],
      ['must_not', clauses(q.mustNot)],
      ['should', clauses(q.should)],
      ['disable_coord', q.disableCoord],
      ['adjust_pure_negative', q.adjustPureNegative],
      ['minimum_should_match', q.minimumShouldMatch],
    ),
  );
}

/** ConstantScoreQueryBuilder: filter. */
export function renderConstantScore(q: ConstantScoreQuery): XObject {
  return named('constant_score', body(q, ['filter', renderQuery(q.filter)]));
}

/** DisMaxQueryBuilder: tie_breaker first, then queries. */
export function renderDisMax(q: DisMaxQuery): XObject {
  return named('dis_max', body(q, ['tie_breaker', jfloat(q.tieBreaker)], ['queries', q.queries.map(renderQuery)]));
}

/** BoostingQueryBuilder: positive, negative, negative_boost. */
export function renderBoosting(q: BoostingQuery): XObject {
  return named(
    'boosting',
    body(q, ['positive', renderQuery(q.positive)], ['negative', renderQuery(q.negative)], ['negative_boost', jfloat(q.negativeBoost)]),
  );
}

/** ScoreFunctionBuilder.toXContent: `weight` (when set) then the function's own object. */
function scoreFunctionEntries(fn: ScoreFunction): Array<[string, XNode | undefined]> {
  const weight: [string, XNode | undefined] = ['weight', fn.weight !== undefined ? jfloat(fn.weight) : undefined];
  switch (fn.type) {
    case 'weight':
      return [weight];
    case 'random_score':
      return [weight, ['random_score', obj(['seed', fn.seed])]];
    case 'field_value_factor':
      return [
        weight,
        [
          'field_value_factor',
          obj(['field', fn.field], ['factor', jfloat(fn.factor)], ['missing', fn.missing !== undefined ? jdouble(fn.missing) : undefined], ['modifier', fn.modifier]),
        ],
      ];
    case 'script_score':
      return [weight, ['script_score', obj(['script', scriptNode(fn.script)])]];
    default:
      // DecayFunctionBuilder copies the function's original object, then the upper-case mode name
      return [weight, [fn.type, obj([fn.field, fromJson(fn.params)], ['multi_value_mode', fn.multiValueMode.toUpperCase()])]];
  }
}

/** FunctionScoreQueryBuilder: query, functions (each with its filter), score_mode, boost_mode when given, max_boost, min_score. */
export function renderFunctionScore(q: FunctionScoreQuery): XObject {
  const functions = q.functions.map((f) => obj(['filter', renderQuery(f.filter)], ...scoreFunctionEntries(f.function)));
  return named(
    'function_score',
    body(
      q,
      ['query', renderQuery(q.query)],
      ['functions', functions],
      ['score_mode', q.scoreMode],
      ['boost_mode', q.boostModeSet ? q.boostMode : undefined],
      ['max_boost', jfloat(q.maxBoost)],
      ['min_score', q.minScore !== undefined ? jfloat(q.minScore) : undefined],
    ),
  );
}

/** `inner_hits` comes after boost and _name in the joining queries. */
function withInnerHits(o: XObject, inner: XNode | undefined): XObject {
  if (inner !== undefined) o.set('inner_hits', inner);
  return o;
}

/** NestedQueryBuilder: query, path, ignore_unmapped, score_mode, then inner_hits (named after the path by default). */
export function renderNested(q: NestedQuery): XObject {
  const b = body(q, ['query', renderQuery(q.query)], ['path', q.path], ['ignore_unmapped', q.ignoreUnmapped], ['score_mode', q.scoreMode]);
  return named('nested', withInnerHits(b, q.innerHits ? renderInnerHits(q.innerHits, q.path) : undefined));
}

/** HasChildQueryBuilder: query, type, score_mode, min_children, max_children, ignore_unmapped, inner_hits. */
export function renderHasChild(q: HasChildQuery): XObject {
  const b = body(
    q,
    ['query', renderQuery(q.query)],
    ['type', q.childType],
    ['score_mode', q.scoreMode],
    ['min_children', q.minChildren],
    ['max_children', q.maxChildren],
    ['ignore_unmapped', q.ignoreUnmapped],
  );
  return named('has_child', withInnerHits(b, q.innerHits ? renderInnerHits(q.innerHits, q.childType) : undefined));
}

/** HasParentQueryBuilder: query, parent_type, score, ignore_unmapped, inner_hits. */
export function renderHasParent(q: HasParentQuery): XObject {
  const b = body(q, ['query', renderQuery(q.query)], ['parent_type', q.parentType], ['score', q.score], ['ignore_unmapped', q.ignoreUnmapped]);
  return named('has_parent', withInnerHits(b, q.innerHits ? renderInnerHits(q.innerHits, q.parentType) : undefined));
}

/** ParentIdQueryBuilder: type, id, ignore_unmapped. */
export function renderParentId(q: ParentIdQuery): XObject {
  return named('parent_id', body(q, ['type', q.type], ['id', q.id], ['ignore_unmapped', q.ignoreUnmapped]));
}

/** PercolateQueryBuilder: document_type, field, then the document or the stored document's coordinates. */
export function renderPercolate(q: PercolateQuery): XObject {
  const d = q.indexed;
  return named(
    'percolate',
    body(
      q,
      ['document_type', q.documentType],
      ['field', q.field],
      ['document', q.document !== undefined ? fromJson(q.document) : undefined],
      ['index', d?.index],
      ['type', d?.type],
      ['id', d?.id],
      ['routing', d?.routing],
      ['preference', d?.preference],
      ['version', d?.version],
    ),
  );
}

/** ScriptQueryBuilder: `{script: {script: {...}, boost}}`. */
export function renderScript(q: ScriptQuery): XObject {
  return named('script', body(q, ['script', scriptNode(q.script)]));
}
