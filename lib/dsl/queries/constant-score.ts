/** `constant_score` (ES 5.6 `ConstantScoreQueryBuilder.fromXContent`): a `filter` scored as `boost`. */
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { baseFields, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { isObject, isValue, tokenOf, type JsonObject } from '../xcontent.js';

/** A parsed `constant_score` query. */
export interface ConstantScoreQuery extends QueryBase {
  kind: 'constant_score';
  filter: Query;
}

/** Parse a `constant_score` body; `null` when the filter is an empty clause. */
export function parseConstantScore(ctx: ParseContext, body: JsonObject): ConstantScoreQuery | null {
  let filter: Query | null = null;
  let found = false;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      if (key !== 'filter') throw ctx.unsupported('constant_score', body, key);
      filter = ctx.parseInnerQuery(v, ctx.atValue(body, key));
      found = true;
    } else if (isValue(v)) {
      if (!readBaseField(base, key, v)) throw ctx.unsupported('constant_score', body, key);
    } else {
      throw ctx.error(`unexpected token [${tokenOf(v)}]`, ctx.atValue(body, key));
    }
  }
  if (!found) throw ctx.error("[constant_score] requires a 'filter' element", ctx.atEnd(body));
  if (!filter) return null;
  return withBase(base, { kind: 'constant_score' as const, filter });
}
