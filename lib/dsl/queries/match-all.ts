/**
 * `match_all` and `match_none`. ES 5.6 parses `match_all` with an `ObjectParser`
 * (unknown field → `[match_all] unknown field [x], parser not found`) and `match_none` with a
 * hand-written loop (`[match_none] query does not support [x]`).
 */
import type { At, ParseContext } from '../parse-context.js';
import { baseFields, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { isValue, type JsonObject } from '../xcontent.js';
import { EsError } from '../../errors/errors.js';

/** `{"match_all": {}}`: every document, score = boost. */
export interface MatchAllQuery extends QueryBase {
  kind: 'match_all';
}

/** `{"match_none": {}}`: no document. */
export interface MatchNoneQuery extends QueryBase {
  kind: 'match_none';
}

/** Parse a `match_all` body. */
export function parseMatchAll(ctx: ParseContext, body: JsonObject): MatchAllQuery {
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (key !== 'boost' && key !== '_name') {
      const reason = `[match_all] unknown field [${key}], parser not found`;
      throw ctx.error(reason, ctx.atName(body, key), new EsError('illegal_argument_exception', 400, reason));
    }
    if (!isValue(v)) {
      const reason = `[match_all] ${key} doesn't support values of type: ${v === null ? 'VALUE_NULL' : Array.isArray(v) ? 'START_ARRAY' : 'START_OBJECT'}`;
      throw ctx.error(reason, ctx.atValue(body, key), new EsError('illegal_argument_exception', 400, reason));
    }
    try {
      readBaseField(base, key, v);
    } catch (e) {
      throw ctx.error(`[match_all] failed to parse field [${key}]`, ctx.atValue(body, key), e as EsError);
    }
  }
  return withBase(base, { kind: 'match_all' as const });
}

/** Parse a `match_none` body. */
export function parseMatchNone(ctx: ParseContext, body: JsonObject): MatchNoneQuery {
  const base = baseFields();
  for (const [key, v] of Object.entries(body)) {
    if (isValue(v)) {
      if (!readBaseField(base, key, v)) throw ctx.unsupported('match_none', body, key);
    } else {
      throw ctx.unknownToken('match_none', body, key);
    }
  }
  return withBase(base, { kind: 'match_none' as const });
}

/** The query an empty top-level clause stands for. */
export const MATCH_ALL: MatchAllQuery = { kind: 'match_all', boost: 1 };

/** Shared type for parse functions of single-object query bodies. */
export type BodyParser<Q> = (ctx: ParseContext, body: JsonObject, at: At) => Q | null;
