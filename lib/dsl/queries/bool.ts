/**
 * `bool` (ES 5.6 `BoolQueryBuilder.fromXContent`): must / should / must_not (`mustNot`) /
 * filter, each one query object or an array; minimum_should_match (alias
 * minimum_number_should_match), disable_coord, adjust_pure_negative. Empty clauses `{}` are
 * dropped, as ES drops `Optional.empty()`.
 */
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, isObject, isValue, textOrNull, type JsonObject } from '../xcontent.js';

/** A parsed `bool` query. */
export interface BoolQuery extends QueryBase {
  kind: 'bool';
  must: Query[];
  should: Query[];
  mustNot: Query[];
  filter: Query[];
  minimumShouldMatch?: string;
  /** default false */
  disableCoord: boolean;
  /** default true */
  adjustPureNegative: boolean;
}

type Occur = 'must' | 'should' | 'mustNot' | 'filter';

function occurOf(key: string): Occur | undefined {
  switch (key) {
    case 'must':
      return 'must';
    case 'should':
      return 'should';
    case 'must_not':
    case 'mustNot':
      return 'mustNot';
    case 'filter':
      return 'filter';
    default:
      return undefined;
  }
}

/** Parse a `bool` body. */
export function parseBool(ctx: ParseContext, body: JsonObject): BoolQuery {
  const clauses: Record<Occur, Query[]> = { must: [], should: [], mustNot: [], filter: [] };
  let minimumShouldMatch: string | null = null;
  let disableCoord = false;
  let adjustPureNegative = true;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      const occur = occurOf(key);
      if (!occur) throw ctx.unsupported('bool', body, key);
      const q = ctx.parseInnerQuery(v, ctx.atValue(body, key));
      if (q) clauses[occur].push(q);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => {
        const occur = occurOf(key);
        // ES's array branch words this error without brackets around "bool".
        if (!occur) throw ctx.error(`bool query does not support [${key}]`, ctx.atItem(v, i));
        const q = ctx.parseInnerQuery(item, ctx.atItem(v, i));
        if (q) clauses[occur].push(q);
      });
    } else if (isValue(v)) {
      switch (key) {
        case 'disable_coord':
          disableCoord = booleanValue(v);
          break;
        case 'minimum_should_match':
        case 'minimum_number_should_match':
          minimumShouldMatch = textOrNull(v);
          break;
        case 'adjust_pure_negative':
          adjustPureNegative = booleanValue(v);
          break;
        default:
          if (!readBaseField(base, key, v)) throw ctx.unsupported('bool', body, key);
      }
    }
    // null values are ignored, as ES's loop has no branch for VALUE_NULL
  }
  return withBase(base, {
    kind: 'bool' as const,
    ...clauses,
    ...(minimumShouldMatch !== null ? { minimumShouldMatch } : {}),
    disableCoord,
    adjustPureNegative,
  });
}
