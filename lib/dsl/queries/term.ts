/**
 * `term` (ES 5.6 `TermQueryBuilder.fromXContent`): `{"term": {"f": value}}` or
 * `{"term": {"f": {"value"|"term": value, "boost", "_name"}}}`. Arrays are rejected.
 */
import type { ParseContext } from '../parse-context.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { isObject, isValue, objectText, type JsonObject } from '../xcontent.js';

/** A term value as given: strings stay strings, numbers and booleans keep their type. */
export type TermValue = string | number | boolean;

/** A parsed `term` query. */
export interface TermQuery extends QueryBase {
  kind: 'term';
  field: string;
  value: TermValue;
}

/** Parse a `term` body. */
export function parseTerm(ctx: ParseContext, body: JsonObject): TermQuery {
  let field: string | undefined;
  let value: TermValue | null = null;
  const base = baseFields();
  for (const [name, v] of Object.entries(body)) {
    if (isDeprecatedSetting(name)) continue;
    if (isObject(v)) {
      if (field !== undefined) throw ctx.multipleFields('term', field, name, ctx.atValue(body, name));
      field = name;
      for (const [key, iv] of Object.entries(v)) {
        if (key === 'term' || key === 'value') {
          if (!isValue(iv) && iv !== null) throw ctx.unsupported('term', v, key);
          value = iv === null ? null : objectText(iv);
        } else if (!isValue(iv) || !readBaseField(base, key, iv)) {
          throw ctx.unsupported('term', v, key);
        }
      }
    } else if (isValue(v)) {
      if (field !== undefined) throw ctx.multipleFields('term', field, name, ctx.atValue(body, name));
      field = name;
      value = objectText(v);
    } else if (Array.isArray(v)) {
      throw ctx.error('[term] query does not support array of values', ctx.atValue(body, name));
    }
    // VALUE_NULL is silently skipped, as in ES; the constructor then rejects the missing value.
  }
  if (field === undefined || field === '') throw illegalArgument('field name is null or empty');
  if (value === null) throw illegalArgument('value cannot be null');
  return withBase(base, { kind: 'term' as const, field, value });
}
