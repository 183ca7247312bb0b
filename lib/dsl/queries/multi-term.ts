/**
 * The single-field multi-term queries `prefix`, `wildcard` and `regexp` (ES 5.6
 * `PrefixQueryBuilder`, `WildcardQueryBuilder`, `RegexpQueryBuilder`): short form
 * `{"prefix": {"f": "ab"}}` or long form with `value`, `rewrite`, `boost`, `_name`
 * (regexp adds `flags`, `flags_value`, `max_determinized_states`).
 */
import { EsError } from '../../errors/errors.js';
import type { ParseContext } from '../parse-context.js';
import { baseFields, illegalArgument, isDeprecatedSetting, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { intValue, isObject, isValue, textOrNull, textValue, type JsonObject } from '../xcontent.js';

/** A parsed `prefix` query. */
export interface PrefixQuery extends QueryBase {
  kind: 'prefix';
  field: string;
  value: string;
  rewrite?: string;
}

/** A parsed `wildcard` query (`*` and `?` wildcards, `\` escapes). */
export interface WildcardQuery extends QueryBase {
  kind: 'wildcard';
  field: string;
  value: string;
  rewrite?: string;
}

/** A parsed `regexp` query. */
export interface RegexpQuery extends QueryBase {
  kind: 'regexp';
  field: string;
  value: string;
  /** Lucene `RegExp` syntax flags; default ALL (0xffff). */
  flags: number;
  /** default 10000 */
  maxDeterminizedStates: number;
  rewrite?: string;
}

/** ES `RegexpFlag` values (Lucene `RegExp` flags). */
export const REGEXP_FLAGS: Record<string, number> = {
  INTERSECTION: 0x0001,
  COMPLEMENT: 0x0002,
  EMPTY: 0x0004,
  ANYSTRING: 0x0008,
  INTERVAL: 0x0020,
  NONE: 0,
  ALL: 0xffff,
};

/** `RegexpFlag.resolveValue("INTERSECTION|COMPLEMENT")`. */
export function resolveRegexpFlags(text: string): number {
  if (text === '') return REGEXP_FLAGS.ALL as number;
  let magic = 0;
  for (const s of text.split('|')) {
    if (s === '') continue;
    const v = REGEXP_FLAGS[s.toUpperCase()];
    if (v === undefined) throw new EsError('illegal_argument_exception', 400, `Unknown regexp flag [${s}]`);
    magic |= v;
  }
  return magic;
}

type Kind = 'prefix' | 'wildcard' | 'regexp';

interface Parsed {
  field: string;
  value: string;
  rewrite?: string;
  flags: number;
  maxDeterminizedStates: number;
  boost: number;
  queryName?: string;
}

function parseSingleField(ctx: ParseContext, body: JsonObject, kind: Kind, valueKeys: string[]): Parsed {
  let field: string | undefined;
  let value: string | null = null;
  let rewrite: string | null = null;
  let flags = REGEXP_FLAGS.ALL as number;
  let maxStates = 10000;
  const base = baseFields();
  for (const [name, v] of Object.entries(body)) {
    if (isDeprecatedSetting(name)) continue;
    if (isObject(v)) {
      if (field !== undefined) throw ctx.multipleFields(kind, field, name, ctx.atValue(body, name));
      field = name;
      for (const [key, iv] of Object.entries(v)) {
        if (!isValue(iv) && iv !== null) throw ctx.unsupported(kind, v, key);
        if (valueKeys.includes(key)) value = textOrNull(iv);
        else if (key === 'rewrite') rewrite = textOrNull(iv);
        else if (kind === 'regexp' && key === 'flags') flags = resolveRegexpFlags(textValue(iv));
        else if (kind === 'regexp' && key === 'flags_value') flags = intValue(iv);
        else if (kind === 'regexp' && key === 'max_determinized_states') maxStates = intValue(iv);
        else if (iv === null || !readBaseField(base, key, iv)) throw ctx.unsupported(kind, v, key);
      }
    } else {
      if (field !== undefined) throw ctx.multipleFields(kind, field, name, ctx.atValue(body, name));
      if (!isValue(v) && v !== null) throw ctx.unknownToken(kind, body, name);
      field = name;
      value = textOrNull(v);
    }
  }
  if (kind !== 'prefix' && value === null) throw ctx.error(`No value specified for ${kind} query`, ctx.atEnd(body));
  if (field === undefined || field === '') throw illegalArgument('field name is null or empty');
  if (value === null) throw illegalArgument('value cannot be null');
  return {
    field,
    value,
    ...(rewrite !== null ? { rewrite } : {}),
    flags,
    maxDeterminizedStates: maxStates,
    boost: base.boost,
    ...(base.queryName !== undefined ? { queryName: base.queryName } : {}),
  };
}

/** Parse a `prefix` body. */
export function parsePrefix(ctx: ParseContext, body: JsonObject): PrefixQuery {
  const { flags: _f, maxDeterminizedStates: _m, boost, queryName, ...rest } = parseSingleField(ctx, body, 'prefix', ['value', 'prefix']);
  return withBase({ boost, ...(queryName !== undefined ? { queryName } : {}) }, { kind: 'prefix' as const, ...rest });
}

/** Parse a `wildcard` body. */
export function parseWildcard(ctx: ParseContext, body: JsonObject): WildcardQuery {
  const { flags: _f, maxDeterminizedStates: _m, boost, queryName, ...rest } = parseSingleField(ctx, body, 'wildcard', ['value', 'wildcard']);
  return withBase({ boost, ...(queryName !== undefined ? { queryName } : {}) }, { kind: 'wildcard' as const, ...rest });
}

/** Parse a `regexp` body. */
export function parseRegexp(ctx: ParseContext, body: JsonObject): RegexpQuery {
  const { boost, queryName, ...rest } = parseSingleField(ctx, body, 'regexp', ['value']);
  return withBase({ boost, ...(queryName !== undefined ? { queryName } : {}) }, { kind: 'regexp' as const, ...rest });
}
