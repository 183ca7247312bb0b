/**
 * `range` (ES 5.6 `RangeQueryBuilder.fromXContent`): one field with gt/gte/lt/lte or the
 * legacy from/to/include_lower/include_upper, plus format, time_zone and relation.
 * Bounds are kept as given; the compiler converts them per field type (dates via date math).
 */
import type { ParseContext } from '../parse-context.js';
import { parseTimeZone } from '../date-math.js';
import { dateFormatter } from '../../mapping/date-format.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, isObject, isValue, objectText, textValue, type JsonObject } from '../xcontent.js';

/** `ShapeRelation` accepted by range queries on range fields. */
export type RangeRelation = 'intersects' | 'disjoint' | 'within' | 'contains';

/** A parsed `range` query. Unset bounds are null (open). */
export interface RangeQuery extends QueryBase {
  kind: 'range';
  field: string;
  from: string | number | boolean | null;
  to: string | number | boolean | null;
  /** default true */
  includeLower: boolean;
  /** default true */
  includeUpper: boolean;
  /** date format overriding the mapping's */
  format?: string;
  /** time zone id as given (validated) */
  timeZone?: string;
  relation?: RangeRelation;
}

/** Parse a `range` body. */
export function parseRange(ctx: ParseContext, body: JsonObject): RangeQuery {
  let field: string | undefined;
  let from: string | number | boolean | null = null;
  let to: string | number | boolean | null = null;
  let includeLower = true;
  let includeUpper = true;
  let format: string | undefined;
  let timeZone: string | undefined;
  let relation: string | undefined;
  const base = baseFields();
  const bound = (v: unknown): string | number | boolean | null => (v === null ? null : objectText(v));
  for (const [name, v] of Object.entries(body)) {
    if (isDeprecatedSetting(name)) continue;
    if (isObject(v)) {
      if (field !== undefined) throw ctx.multipleFields('range', field, name, ctx.atValue(body, name));
      field = name;
      for (const [key, iv] of Object.entries(v)) {
        switch (key) {
          case 'from':
            from = bound(iv);
            break;
          case 'to':
            to = bound(iv);
            break;
          case 'include_lower':
            includeLower = booleanValue(iv);
            break;
          case 'include_upper':
            includeUpper = booleanValue(iv);
            break;
          case 'gt':
            from = bound(iv);
            includeLower = false;
            break;
          case 'gte':
            from = bound(iv);
            includeLower = true;
            break;
          case 'lt':
            to = bound(iv);
            includeUpper = false;
            break;
          case 'lte':
            to = bound(iv);
            includeUpper = true;
            break;
          case 'time_zone':
            timeZone = textValue(iv);
            break;
          case 'format':
            format = textValue(iv);
            break;
          case 'relation':
            relation = textValue(iv);
            break;
          default:
            if (!isValue(iv) || !readBaseField(base, key, iv)) throw ctx.unsupported('range', v, key);
        }
      }
    } else if (isValue(v)) {
      if (name === '_name') base.queryName = textValue(v);
      else if (name !== 'fielddata') throw ctx.unsupported('range', body, name);
    }
  }
  if (field === undefined || field === '') throw illegalArgument('field name is null or empty');
  if (timeZone !== undefined) parseTimeZone(timeZone); // rejects unknown zones as Joda does
  // RangeQueryBuilder#format compiles the pattern while parsing (Joda.forPattern), so a bad one
  // is the request's illegal_argument_exception, not a shard failure
  if (format !== undefined) dateFormatter(format);
  let rel: RangeRelation | undefined;
  if (relation !== undefined) {
    const r = relation.toLowerCase();
    if (r !== 'intersects' && r !== 'disjoint' && r !== 'within' && r !== 'contains') {
      throw illegalArgument(`${relation} is not a valid relation`);
    }
    rel = r;
  }
  return withBase(base, {
    kind: 'range' as const,
    field,
    from,
    to,
    includeLower,
    includeUpper,
    ...(format !== undefined ? { format } : {}),
    ...(timeZone !== undefined ? { timeZone } : {}),
    ...(rel !== undefined ? { relation: rel } : {}),
  });
}
