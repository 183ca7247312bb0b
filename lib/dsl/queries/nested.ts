/** `nested` (ES 5.6 `NestedQueryBuilder.fromXContent`): `query` run on the nested documents under `path`. */
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { parseInnerHits, type InnerHits } from '../inner-hits.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, isObject, isValue, textValue, type JsonObject } from '../xcontent.js';
import { parseJoinScoreMode, type JoinScoreMode } from './join-score-mode.js';

/** A parsed `nested` query. */
export interface NestedQuery extends QueryBase {
  kind: 'nested';
  path: string;
  query: Query;
  /** default avg */
  scoreMode: JoinScoreMode;
  /** default false */
  ignoreUnmapped: boolean;
  innerHits?: InnerHits;
}

/** Parse a `nested` body; `null` when the inner query is an empty clause. */
export function parseNested(ctx: ParseContext, body: JsonObject): NestedQuery | null {
  let path: string | undefined;
  let query: Query | null = null;
  let queryFound = false;
  let scoreMode: JoinScoreMode = 'avg';
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
      else throw ctx.unsupported('nested', body, key);
    } else if (isValue(v)) {
      if (key === 'path') path = textValue(v);
      else if (key === 'ignore_unmapped') ignoreUnmapped = booleanValue(v);
      else if (key === 'score_mode') scoreMode = parseJoinScoreMode(textValue(v));
      else if (!readBaseField(base, key, v)) throw ctx.unsupported('nested', body, key);
    }
  }
  if (!queryFound) throw illegalArgument("[nested] requires 'query' field");
  if (path === undefined) throw illegalArgument("[nested] requires 'path' field");
  if (!query) return null;
  return withBase(base, {
    kind: 'nested' as const,
    path,
    query,
    scoreMode,
    ignoreUnmapped,
    ...(innerHits ? { innerHits } : {}),
  });
}
