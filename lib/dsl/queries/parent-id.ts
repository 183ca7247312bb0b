/** `parent_id` (ES 5.6 `ParentIdQueryBuilder.fromXContent`), compiled in lib/search/compile-join.ts: children of type `type` with parent `id`. */
import type { ParseContext } from '../parse-context.js';
import { baseFields, illegalArgument, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, isValue, textValue, type JsonObject } from '../xcontent.js';

/** A parsed `parent_id` query. */
export interface ParentIdQuery extends QueryBase {
  kind: 'parent_id';
  type: string;
  id: string;
  ignoreUnmapped: boolean;
}

/** Parse a `parent_id` body. */
export function parseParentId(ctx: ParseContext, body: JsonObject): ParentIdQuery {
  let type: string | undefined;
  let id: string | undefined;
  let ignoreUnmapped = false;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (!isValue(v)) throw ctx.unknownToken('parent_id', body, key);
    if (key === 'type') type = textValue(v);
    else if (key === 'id') id = textValue(v);
    else if (key === 'ignore_unmapped') ignoreUnmapped = booleanValue(v);
    else if (!readBaseField(base, key, v)) throw ctx.unsupported('parent_id', body, key);
  }
  if (type === undefined) throw illegalArgument("[parent_id] requires 'type' field");
  if (id === undefined) throw illegalArgument("[parent_id] requires 'id' field");
  return withBase(base, { kind: 'parent_id' as const, type, id, ignoreUnmapped });
}
