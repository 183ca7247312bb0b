/**
 * `terms` (ES 5.6 `TermsQueryBuilder.fromXContent`): `{"terms": {"f": [v1, v2]}}` or a terms
 * lookup `{"terms": {"f": {"index", "type", "id", "path", "routing"}}}`.
 */
import type { ParseContext } from '../parse-context.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { isObject, isValue, objectText, textOrNull, textValue, type JsonObject } from '../xcontent.js';
import type { TermValue } from './term.js';

/** Where a terms lookup fetches its values from. */
export interface TermsLookup {
  /** unset: the index being searched */
  index?: string;
  type: string;
  id: string;
  path: string;
  routing?: string;
}

/** A parsed `terms` query: either `values` or `lookup` is set. */
export interface TermsQuery extends QueryBase {
  kind: 'terms';
  field: string;
  values?: TermValue[];
  lookup?: TermsLookup;
}

function parseLookup(ctx: ParseContext, obj: JsonObject): TermsLookup {
  let index: string | null = null;
  let type: string | undefined;
  let id: string | undefined;
  let path: string | undefined;
  let routing: string | null = null;
  for (const [key, v] of Object.entries(obj)) {
    if (!isValue(v)) continue; // only value tokens are read
    switch (key) {
      case 'index':
        index = textOrNull(v);
        break;
      case 'type':
        type = textValue(v);
        break;
      case 'id':
        id = textValue(v);
        break;
      case 'routing':
        routing = textOrNull(v);
        break;
      case 'path':
        path = textValue(v);
        break;
      default:
        throw ctx.error(`[terms] query does not support [${key}] within lookup element`, ctx.atValue(obj, key));
    }
  }
  if (id === undefined) throw illegalArgument('[terms] query lookup element requires specifying the id.');
  if (type === undefined) throw illegalArgument('[terms] query lookup element requires specifying the type.');
  if (path === undefined) throw illegalArgument('[terms] query lookup element requires specifying the path.');
  return { ...(index !== null ? { index } : {}), type, id, path, ...(routing !== null ? { routing } : {}) };
}

/** Parse a `terms` body. */
export function parseTerms(ctx: ParseContext, body: JsonObject): TermsQuery {
  let field: string | undefined;
  let values: TermValue[] | undefined;
  let lookup: TermsLookup | undefined;
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isDeprecatedSetting(key)) continue;
    if (Array.isArray(v)) {
      if (field !== undefined) throw ctx.error('[terms] query does not support multiple fields', ctx.atValue(body, key));
      field = key;
      values = v.map((item, i) => {
        if (item === null || !isValue(item)) throw ctx.error('No value specified for terms query', ctx.atItem(v, i));
        return objectText(item);
      });
    } else if (isObject(v)) {
      if (field !== undefined) {
        throw ctx.error(
          `[terms] query does not support more than one field. Already got: [${field}] but also found [${key}]`,
          ctx.atValue(body, key),
        );
      }
      field = key;
      lookup = parseLookup(ctx, v);
    } else if (isValue(v)) {
      if (!readBaseField(base, key, v)) throw ctx.unsupported('terms', body, key);
    } else {
      throw ctx.unknownToken('terms', body, key);
    }
  }
  if (field === undefined) {
    throw ctx.error(
      '[terms] query requires a field name, followed by array of terms or a document lookup specification',
      ctx.atEnd(body),
    );
  }
  return withBase(base, { kind: 'terms' as const, field, ...(values ? { values } : {}), ...(lookup ? { lookup } : {}) });
}
