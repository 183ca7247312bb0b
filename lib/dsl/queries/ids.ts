/**
 * `ids` (ES 5.6 `IdsQueryBuilder.fromXContent`): `values` (strings or numbers) and optional
 * `type`/`types`/`_type` (string or array).
 */
import type { ParseContext } from '../parse-context.js';
import { baseFields, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { isValue, textValue, tokenOf, type JsonObject } from '../xcontent.js';

/** A parsed `ids` query. An empty `types` means every type. */
export interface IdsQuery extends QueryBase {
  kind: 'ids';
  types: string[];
  values: string[];
}

const TYPE_KEYS = new Set(['type', 'types', '_type']);

/** Parse an `ids` body. */
export function parseIds(ctx: ParseContext, body: JsonObject): IdsQuery {
  const values: string[] = [];
  let types: string[] = [];
  let idsProvided = false;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (Array.isArray(v)) {
      if (key === 'values') {
        idsProvided = true;
        v.forEach((item, i) => {
          const t = tokenOf(item);
          if (t === 'VALUE_STRING' || t === 'VALUE_NUMBER') values.push(textValue(item));
          else throw ctx.error(`Illegal value for id, expecting a string or number, got: ${t}`, ctx.atItem(v, i));
        });
      } else if (TYPE_KEYS.has(key)) {
        v.forEach((item, i) => {
          if (item === null) throw ctx.error('No type specified for term filter', ctx.atItem(v, i));
          types.push(textValue(item));
        });
      } else {
        throw ctx.unsupported('ids', body, key);
      }
    } else if (isValue(v)) {
      if (TYPE_KEYS.has(key)) types = [textValue(v)];
      else if (!readBaseField(base, key, v)) throw ctx.unsupported('ids', body, key);
    } else {
      throw ctx.unknownToken('ids', body, key);
    }
  }
  if (!idsProvided) throw ctx.error('[ids] query, no ids values provided', ctx.atEnd(body));
  return withBase(base, { kind: 'ids' as const, types, values });
}
