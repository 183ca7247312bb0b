/** `exists` (ES 5.6 `ExistsQueryBuilder.fromXContent`): documents with a value in `field` (a pattern). */
import type { ParseContext } from '../parse-context.js';
import { baseFields, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { isValue, textValue, type JsonObject } from '../xcontent.js';

/** A parsed `exists` query. */
export interface ExistsQuery extends QueryBase {
  kind: 'exists';
  /** Field name or wildcard pattern. */
  field: string;
}

/** Parse an `exists` body. */
export function parseExists(ctx: ParseContext, body: JsonObject): ExistsQuery {
  let field: string | undefined;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (!isValue(v)) throw ctx.unknownToken('exists', body, key);
    if (key === 'field') field = textValue(v);
    else if (!readBaseField(base, key, v)) throw ctx.unsupported('exists', body, key);
  }
  if (field === undefined) throw ctx.error('[exists] must be provided with a [field]', ctx.atEnd(body));
  return withBase(base, { kind: 'exists' as const, field });
}
