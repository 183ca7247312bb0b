/**
 * `_source` and `stored_fields` request options (ES 5.6 `FetchSourceContext.fromXContent`,
 * `StoredFieldsContext.fromXContent`).
 */
import { EsError } from '../errors/errors.js';
import type { ParseContext } from './parse-context.js';
import { booleanValue, isObject, textValue, tokenOf, type JsonObject } from './xcontent.js';

/** What to return of `_source`. */
export interface FetchSource {
  fetchSource: boolean;
  includes: string[];
  excludes: string[];
}

/** Parse `_source`: boolean, pattern, pattern array, or `{includes|include, excludes|exclude}`. */
export function parseFetchSource(ctx: ParseContext, parent: JsonObject, key: string): FetchSource {
  const v = parent[key];
  const out: FetchSource = { fetchSource: true, includes: [], excludes: [] };
  const unknown = (obj: object, k: string, tok: string, at = ctx.atValue(obj, k)): EsError => ctx.error(`Unknown key for a ${tok} in [${k}].`, at);
  if (typeof v === 'boolean') out.fetchSource = booleanValue(v);
  else if (typeof v === 'string') out.includes = [v];
  else if (Array.isArray(v)) out.includes = v.map((x) => textValue(x));
  else if (isObject(v)) {
    for (const [k, val] of Object.entries(v)) {
      const which = k === 'includes' || k === 'include' ? 'includes' : k === 'excludes' || k === 'exclude' ? 'excludes' : undefined;
      if (Array.isArray(val)) {
        if (!which) throw unknown(v, k, 'START_ARRAY');
        out[which] = val.map((x, i) => {
          if (typeof x !== 'string') throw unknown(v, k, tokenOf(x), ctx.atItem(val, i));
          return x;
        });
      } else if (typeof val === 'string') {
        if (!which) throw unknown(v, k, 'VALUE_STRING');
        out[which] = [val];
      } else {
        throw unknown(v, k, tokenOf(val));
      }
    }
  } else {
    throw ctx.error(`Expected one of [VALUE_BOOLEAN, START_OBJECT] but found [${tokenOf(v)}]`, ctx.atValue(parent, key));
  }
  return out;
}

/** `stored_fields`: a list of names, or `_none_` alone to disable stored and metadata fields. */
export type StoredFields = { fetchFields: false } | { fetchFields: true; fields: string[] };

/** Parse `stored_fields` (string or array of strings). */
export function parseStoredFields(ctx: ParseContext, parent: JsonObject, key: string): StoredFields {
  const v = parent[key];
  let list: string[];
  if (typeof v === 'string') list = [v];
  else if (Array.isArray(v)) list = v.map((x) => textValue(x));
  else {
    throw ctx.error(`Expected [VALUE_STRING] or [START_ARRAY] in [${key}] but found [${tokenOf(v)}]`, ctx.atValue(parent, key));
  }
  return storedFieldsFromList(list);
}

/** `StoredFieldsContext.fromList`: `_none_` must stand alone. */
export function storedFieldsFromList(list: string[]): StoredFields {
  if (list.length === 1 && list[0] === '_none_') return { fetchFields: false };
  if (list.includes('_none_')) throw new EsError('illegal_argument_exception', 400, 'cannot combine _none_ with other fields');
  return { fetchFields: true, fields: list };
}

/** A parsed `_source` spec as the fetch phase takes it (false, true, or includes/excludes). */
export function sourceOption(fs: FetchSource): unknown {
  return !fs.fetchSource ? false : fs.includes.length === 0 && fs.excludes.length === 0 ? true : { includes: fs.includes, excludes: fs.excludes };
}
