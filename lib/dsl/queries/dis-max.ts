/** `dis_max` (ES 5.6 `DisMaxQueryBuilder.fromXContent`): best score of `queries` plus tie_breaker × the others. */
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { floatValue, isObject, type JsonObject } from '../xcontent.js';

/** A parsed `dis_max` query. */
export interface DisMaxQuery extends QueryBase {
  kind: 'dis_max';
  queries: Query[];
  /** default 0 */
  tieBreaker: number;
}

/** Parse a `dis_max` body. */
export function parseDisMax(ctx: ParseContext, body: JsonObject): DisMaxQuery {
  const queries: Query[] = [];
  let found = false;
  let tieBreaker = 0;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      if (key !== 'queries') throw ctx.unsupported('dis_max', body, key);
      found = true;
      const q = ctx.parseInnerQuery(v, ctx.atValue(body, key));
      if (q) queries.push(q);
    } else if (Array.isArray(v)) {
      if (key !== 'queries') throw ctx.unsupported('dis_max', body, key);
      found = true;
      v.forEach((item, i) => {
        const q = ctx.parseInnerQuery(item, ctx.atItem(v, i));
        if (q) queries.push(q);
      });
    } else if (key === 'tie_breaker') {
      tieBreaker = floatValue(v);
    } else if (v === null || !readBaseField(base, key, v)) {
      throw ctx.unsupported('dis_max', body, key);
    }
  }
  if (!found) throw ctx.error("[dis_max] requires 'queries' field", ctx.atEnd(body));
  return withBase(base, { kind: 'dis_max' as const, queries, tieBreaker });
}
