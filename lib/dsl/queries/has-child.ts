/** `has_child` (ES 5.6 `HasChildQueryBuilder.fromXContent`), parents whose children match (compiled in lib/search/compile-join.ts). */
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { parseInnerHits, type InnerHits } from '../inner-hits.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, intValue, isObject, isValue, textValue, type JsonObject } from '../xcontent.js';
import { parseJoinScoreMode, type JoinScoreMode } from './join-score-mode.js';

/** A parsed `has_child` query. */
export interface HasChildQuery extends QueryBase {
  kind: 'has_child';
  childType: string;
  query: Query;
  /** default none */
  scoreMode: JoinScoreMode;
  /** default 0 */
  minChildren: number;
  /** default Integer.MAX_VALUE */
  maxChildren: number;
  ignoreUnmapped: boolean;
  innerHits?: InnerHits;
}

/** Parse a `has_child` body; `null` when the inner query is an empty clause. */
export function parseHasChild(ctx: ParseContext, body: JsonObject): HasChildQuery | null {
  let childType: string | undefined;
  let query: Query | null = null;
  let queryFound = false;
  let scoreMode: JoinScoreMode = 'none';
  let minChildren = 0;
  let maxChildren = 2147483647;
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
      else throw ctx.unsupported('has_child', body, key);
    } else if (isValue(v)) {
      if (key === 'type' || key === 'child_type') childType = textValue(v);
      else if (key === 'score_mode') scoreMode = parseJoinScoreMode(textValue(v));
      else if (key === 'min_children') minChildren = intValue(v);
      else if (key === 'max_children') maxChildren = intValue(v);
      else if (key === 'ignore_unmapped') ignoreUnmapped = booleanValue(v);
      else if (!readBaseField(base, key, v)) throw ctx.unsupported('has_child', body, key);
    }
  }
  if (!queryFound) throw illegalArgument("[has_child] requires 'query' field");
  if (childType === undefined) throw illegalArgument("[has_child] requires 'type' field");
  // HasChildQueryBuilder.minMaxChildren
  if (minChildren < 0) throw illegalArgument("[has_child] requires non-negative 'min_children' field");
  if (maxChildren < 0) throw illegalArgument("[has_child] requires non-negative 'max_children' field");
  if (maxChildren < minChildren) throw illegalArgument("[has_child] 'max_children' is less than 'min_children'");
  if (!query) return null;
  return withBase(base, {
    kind: 'has_child' as const,
    childType,
    query,
    scoreMode,
    minChildren,
    maxChildren,
    ignoreUnmapped,
    ...(innerHits ? { innerHits } : {}),
  });
}
