/**
 * Term-level queries as ES 5.6's builders print them (`doXContent`), each with its source:
 * match_all/match_none (MatchAllQueryBuilder, MatchNoneQueryBuilder), term and span_term
 * (BaseTermQueryBuilder), terms (TermsQueryBuilder + TermsLookup), range (RangeQueryBuilder),
 * exists, prefix, wildcard, regexp, fuzzy, type, ids.
 */
import type {
  ExistsQuery,
  FuzzyQuery,
  IdsQuery,
  MatchAllQuery,
  MatchNoneQuery,
  PrefixQuery,
  RangeQuery,
  RegexpQuery,
  TermQuery,
  TermsQuery,
  TypeQuery,
  WildcardQuery,
} from '../query-types.js';
import type { SpanTermQuery } from '../queries/span.js';
import { body, fuzzinessNode, named, termValue } from './common.js';
import { javaHashSetOrder } from '../../units/java-hash.js';
import { obj, type XObject } from './xcontent.js';

/** match_all / match_none: only boost and _name. */
export function renderMatchAll(q: MatchAllQuery | MatchNoneQuery): XObject {
  return named(q.kind, body(q));
}

/** BaseTermQueryBuilder: `{term: {field: {value, boost, _name}}}` (also span_term). */
export function renderTerm(q: TermQuery | SpanTermQuery): XObject {
  return named(q.kind, named(q.field, body(q, ['value', termValue(q.value)])));
}

/** TermsQueryBuilder: the values array (or the lookup object) under the field name. */
export function renderTerms(q: TermsQuery): XObject {
  if (q.lookup) {
    const l = q.lookup;
    // TermsLookup.toXContent: index only when given, routing only when given
    const lookup = obj(['index', l.index], ['type', l.type], ['id', l.id], ['path', l.path], ['routing', l.routing]);
    return named('terms', body(q, [q.field, lookup]));
  }
  return named('terms', body(q, [q.field, (q.values ?? []).map(termValue)]));
}

/** RangeQueryBuilder: from/to (null when open), include_lower/upper, time_zone, format, relation. */
export function renderRange(q: RangeQuery): XObject {
  return named(
    'range',
    named(
      q.field,
      body(
        q,
        ['from', termValue(q.from)],
        ['to', termValue(q.to)],
        ['include_lower', q.includeLower],
        ['include_upper', q.includeUpper],
        ['time_zone', q.timeZone],
        ['format', q.format],
        ['relation', q.relation],
      ),
    ),
  );
}

/** ExistsQueryBuilder: `{exists: {field, boost}}`. */
export function renderExists(q: ExistsQuery): XObject {
  return named('exists', body(q, ['field', q.field]));
}

/** PrefixQueryBuilder: value, rewrite when set. */
export function renderPrefix(q: PrefixQuery): XObject {
  return named('prefix', named(q.field, body(q, ['value', q.value], ['rewrite', q.rewrite])));
}

/** WildcardQueryBuilder: the pattern under `wildcard` (its preferred name), rewrite when set. */
export function renderWildcard(q: WildcardQuery): XObject {
  return named('wildcard', named(q.field, body(q, ['wildcard', q.value], ['rewrite', q.rewrite])));
}

/** RegexpQueryBuilder: value, flags_value (the int), max_determinized_states, rewrite when set. */
export function renderRegexp(q: RegexpQuery): XObject {
  return named(
    'regexp',
    named(
      q.field,
      body(q, ['value', q.value], ['flags_value', q.flags], ['max_determinized_states', q.maxDeterminizedStates], ['rewrite', q.rewrite]),
    ),
  );
}

/** FuzzyQueryBuilder: value, fuzziness, prefix_length, max_expansions, transpositions, rewrite. */
export function renderFuzzy(q: FuzzyQuery): XObject {
  return named(
    'fuzzy',
    named(
      q.field,
      body(
        q,
        ['value', termValue(q.value)],
        ['fuzziness', fuzzinessNode(q.fuzziness)],
        ['prefix_length', q.prefixLength],
        ['max_expansions', q.maxExpansions],
        ['transpositions', q.transpositions],
        ['rewrite', q.rewrite],
      ),
    ),
  );
}

/** TypeQueryBuilder: `{type: {value, boost}}`. */
export function renderType(q: TypeQuery): XObject {
  return named('type', body(q, ['value', q.type]));
}

/** IdsQueryBuilder: the `type` array as given, `values` in the order of the builder's HashSet. */
export function renderIds(q: IdsQuery): XObject {
  return named('ids', body(q, ['type', [...q.types]], ['values', javaHashSetOrder(q.values)]));
}
