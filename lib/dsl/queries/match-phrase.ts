/**
 * `match_phrase` and `match_phrase_prefix` (ES 5.6 `MatchPhraseQueryBuilder`,
 * `MatchPhrasePrefixQueryBuilder`): one field, short or long form.
 */
import type { ParseContext } from '../parse-context.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { intValue, isObject, isValue, objectText, textValue, type JsonObject } from '../xcontent.js';

/** A parsed `match_phrase` query. */
export interface MatchPhraseQuery extends QueryBase {
  kind: 'match_phrase';
  field: string;
  query: string | number | boolean;
  analyzer?: string;
  /** default 0 */
  slop: number;
}

/** A parsed `match_phrase_prefix` query. */
export interface MatchPhrasePrefixQuery extends QueryBase {
  kind: 'match_phrase_prefix';
  field: string;
  query: string | number | boolean;
  analyzer?: string;
  /** default 0 */
  slop: number;
  /** default 50 */
  maxExpansions: number;
}

function parsePhrase(ctx: ParseContext, body: JsonObject, name: 'match_phrase' | 'match_phrase_prefix'): {
  field: string;
  query: string | number | boolean;
  analyzer?: string;
  slop: number;
  maxExpansions: number;
  boost: number;
  queryName?: string;
} {
  let field: string | undefined;
  let value: string | number | boolean | null = null;
  let analyzer: string | undefined;
  let slop = 0;
  let maxExpansions = 50;
  const base = baseFields();
  for (const [fname, fieldBody] of Object.entries(body)) {
    if (isDeprecatedSetting(fname)) continue;
    if (field !== undefined) throw ctx.multipleFields(name, field, fname, ctx.atValue(body, fname));
    field = fname;
    if (!isObject(fieldBody)) {
      if (fieldBody !== null && !isValue(fieldBody)) throw ctx.unknownToken(name, body, fname);
      value = fieldBody === null ? null : objectText(fieldBody);
      continue;
    }
    for (const [key, v] of Object.entries(fieldBody)) {
      if (!isValue(v)) throw ctx.unknownToken(name, fieldBody, key);
      if (key === 'query') value = objectText(v);
      else if (key === 'analyzer') analyzer = textValue(v);
      else if (key === 'slop' || key === 'phrase_slop') slop = intValue(v);
      else if (name === 'match_phrase_prefix' && key === 'max_expansions') maxExpansions = intValue(v);
      else if (!readBaseField(base, key, v)) throw ctx.unsupported(name, fieldBody, key);
    }
  }
  // The builders' constructors reject a missing field or value.
  if (field === undefined) throw illegalArgument(`[${name}] requires fieldName`);
  if (value === null) throw illegalArgument(`[${name}] requires query value`);
  return { field, query: value, ...(analyzer !== undefined ? { analyzer } : {}), slop, maxExpansions, ...base };
}

/** Parse a `match_phrase` body. */
export function parseMatchPhrase(ctx: ParseContext, body: JsonObject): MatchPhraseQuery {
  const { maxExpansions: _unused, boost, queryName, ...rest } = parsePhrase(ctx, body, 'match_phrase');
  return withBase({ boost, ...(queryName !== undefined ? { queryName } : {}) }, { kind: 'match_phrase' as const, ...rest });
}

/** Parse a `match_phrase_prefix` body. */
export function parseMatchPhrasePrefix(ctx: ParseContext, body: JsonObject): MatchPhrasePrefixQuery {
  const { boost, queryName, ...rest } = parsePhrase(ctx, body, 'match_phrase_prefix');
  return withBase({ boost, ...(queryName !== undefined ? { queryName } : {}) }, { kind: 'match_phrase_prefix' as const, ...rest });
}
