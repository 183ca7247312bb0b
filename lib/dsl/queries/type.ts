/** `type` (ES 5.6 `TypeQueryBuilder.fromXContent`): documents of one mapping type. */
import type { ParseContext } from '../parse-context.js';
import { baseFields, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { isValue, textValue, type JsonObject } from '../xcontent.js';

/** A parsed `type` query. */
export interface TypeQuery extends QueryBase {
  kind: 'type';
  type: string;
}

/** Parse a `type` body. */
export function parseType(ctx: ParseContext, body: JsonObject): TypeQuery {
  let type: string | undefined;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    const unsupported = (): Error => ctx.error(`[type] filter doesn't support [${key}]`, ctx.atValue(body, key));
    if (!isValue(v)) throw unsupported();
    if (key === 'value') type = textValue(v);
    else if (!readBaseField(base, key, v)) throw unsupported();
  }
  if (type === undefined) throw ctx.error('[type] filter needs to be provided with a value for the type', ctx.atEnd(body));
  return withBase(base, { kind: 'type' as const, type });
}
