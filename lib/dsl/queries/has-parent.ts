/** `has_parent` (ES 5.6 `HasParentQueryBuilder.fromXContent`), children whose parent matches (compiled in lib/search/compile-join.ts). */
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { parseInnerHits, type InnerHits } from '../inner-hits.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, isObject, isValue, textValue, type JsonObject } from '../xcontent.js';

/** A parsed `has_parent` query. */
export interface HasParentQuery extends QueryBase {
  kind: 'has_parent';
  parentType: string;
  query: Query;
  /** default false: constant score */
  score: boolean;
  ignoreUnmapped: boolean;
  innerHits?: InnerHits;
}

/** Parse a `has_parent` body; `null` when the inner query is an empty clause. */
export function parseHasParent(ctx: ParseContext, body: JsonObject): HasParentQuery | null {
  let parentType: string | undefined;
  let query: Query | null = null;
  let queryFound = false;
  let score = false;
  let ignoreUnmapped = false;
  let innerHits: InnerHits | undefined;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (isObject(v)) {
      if (key === 'query') {
        query = ctx.parseInnerQuery(v, ctx.atValue(body, key));
        queryFound = true;
      } else if (key === 'inner_hits') innerHits = parseInnerHits(ctx, v);
      else throw ctx.unsupported('has_parent', body, key);
    } else if (isValue(v)) {
      if (key === 'type' || key === 'parent_type') parentType = textValue(v);
      else if (key === 'score') score = booleanValue(v);
      else if (key === 'score_mode') {
        // deprecated 2.x form: "score" enables scoring, "none" disables it
        const m = textValue(v);
        if (m === 'score') score = true;
        else if (m === 'none') score = false;
        else throw ctx.error(`[has_parent] query does not support [${m}] as an option for score_mode`, ctx.atValue(body, key));
      } else if (key === 'ignore_unmapped') ignoreUnmapped = booleanValue(v);
      else if (!readBaseField(base, key, v)) throw ctx.unsupported('has_parent', body, key);
    }
  }
  if (!queryFound) throw illegalArgument("[has_parent] requires 'query' field");
  if (parentType === undefined) throw illegalArgument("[has_parent] requires 'parent_type' field");
  if (!query) return null;
  return withBase(base, {
    kind: 'has_parent' as const,
    parentType,
    query,
    score,
    ignoreUnmapped,
    ...(innerHits ? { innerHits } : {}),
  });
}
