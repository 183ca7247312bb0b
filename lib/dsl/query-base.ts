/**
 * Pieces every query kind shares: `boost` and `_name` (ES's `AbstractQueryBuilder` fields) and
 * the deprecated `_cache`/`_cache_key` settings that 5.x still skips silently.
 */
import { floatValue, textValue } from './xcontent.js';

/** ES `AbstractQueryBuilder.DEFAULT_BOOST`. */
export const DEFAULT_BOOST = 1;

/** Fields carried by every parsed query. */
export interface QueryBase {
  /** `boost`, default 1 (float precision, as ES stores it). */
  boost: number;
  /** `_name`: the named-query label reported in `matched_queries`. */
  queryName?: string;
}

/** Mutable accumulator for `boost`/`_name` while a query body is read. */
export interface BaseFields {
  boost: number;
  queryName?: string;
}

/** A fresh accumulator holding the defaults. */
export function baseFields(): BaseFields {
  return { boost: DEFAULT_BOOST };
}

/**
 * Consume `boost` or `_name` if `key` is one of them.
 * @returns true when the key was consumed.
 */
export function readBaseField(base: BaseFields, key: string, value: unknown): boolean {
  if (key === 'boost') {
    base.boost = floatValue(value);
    return true;
  }
  if (key === '_name') {
    base.queryName = textValue(value);
    return true;
  }
  return false;
}

/** Copy the accumulated base fields onto a query object (omits `queryName` when unset). */
export function withBase<T extends object>(base: BaseFields, q: T): T & QueryBase {
  return base.queryName !== undefined ? { ...q, boost: base.boost, queryName: base.queryName } : { ...q, boost: base.boost };
}

/** `QueryParseContext.isDeprecatedSetting`: `_cache` and `_cache_key` are skipped (deprecated no-ops). */
export function isDeprecatedSetting(key: string): boolean {
  return key === '_cache' || key === '_cache_key';
}

/** `Operator` of match-family queries. */
export type Operator = 'or' | 'and';

/** `Operator.fromString`: case-insensitive `or`/`and`, else ES's IllegalArgumentException. */
export function parseOperator(text: string): Operator {
  const t = text.toLowerCase();
  if (t === 'or' || t === 'and') return t;
  throw illegalArgument(`operator needs to be either [OR, AND], but not [${text}]`);
}

import { EsError } from '../errors/errors.js';

/** An `illegal_argument_exception` (400), as the builders' constructors throw. */
export function illegalArgument(reason: string): EsError {
  return new EsError('illegal_argument_exception', 400, reason);
}
