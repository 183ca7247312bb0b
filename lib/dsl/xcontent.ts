/**
 * Token-level reading of parsed JSON values with the coercions of ES 5.6's
 * `AbstractXContentParser` (`text()`, `intValue()`, `floatValue()`, `booleanValue()`,
 * `objectText()`), so query parsers accept exactly what ES accepts: numbers given as strings,
 * lenient booleans (`false`, `0`, `off`, `no` are false, any other string true) and so on.
 */
import { EsError } from '../errors/errors.js';

/** Jackson/XContent token names, as they appear in ES error messages. */
export type TokenName =
  | 'START_OBJECT'
  | 'START_ARRAY'
  | 'VALUE_STRING'
  | 'VALUE_NUMBER'
  | 'VALUE_BOOLEAN'
  | 'VALUE_NULL';

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

/** The token that starts `v` in a JSON stream. */
export function tokenOf(v: unknown): TokenName {
  if (v === null || v === undefined) return 'VALUE_NULL';
  if (Array.isArray(v)) return 'START_ARRAY';
  switch (typeof v) {
    case 'string':
      return 'VALUE_STRING';
    case 'number':
    case 'bigint':
      return 'VALUE_NUMBER';
    case 'boolean':
      return 'VALUE_BOOLEAN';
    default:
      return 'START_OBJECT';
  }
}

/** `Token.isValue()`: strings, numbers and booleans. Null is NOT a value token in XContent. */
export function isValue(v: unknown): v is string | number | boolean {
  const t = tokenOf(v);
  return t === 'VALUE_STRING' || t === 'VALUE_NUMBER' || t === 'VALUE_BOOLEAN';
}

/** True for a plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Java's `Number.toString` for a JSON number as Jackson returns its text. */
export function numberText(n: number): string {
  // Jackson's getText() returns the literal text; JSON.parse lost it, so use JS formatting.
  return String(n);
}

/** `parser.text()`: the text of a value token. */
export function textValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null || v === undefined) return 'null';
  throw jsonParseError(`Current token (${tokenOf(v)}) not a value token`);
}

/** `parser.textOrNull()`. */
export function textOrNull(v: unknown): string | null {
  return v === null || v === undefined ? null : textValue(v);
}

/** `parser.objectText()`: strings stay strings, numbers and booleans keep their type. */
export function objectText(v: unknown): string | number | boolean {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  throw jsonParseError(`Current token (${tokenOf(v)}) not a value token`);
}

function jsonParseError(reason: string): EsError {
  return new EsError('json_parse_exception', 400, reason);
}

function numberFormat(text: string): EsError {
  return new EsError('number_format_exception', 400, `For input string: "${text}"`);
}

function notNumeric(v: unknown): EsError {
  const t = tokenOf(v);
  const tok = t === 'VALUE_BOOLEAN' ? (v ? 'VALUE_TRUE' : 'VALUE_FALSE') : t;
  return jsonParseError(`Current token (${tok}) not numeric, can not use numeric value accessors`);
}

/** Java `Double.parseDouble` acceptance (trimmed decimal or `Infinity`/`NaN`), else NumberFormatException. */
export function parseJavaDouble(text: string): number {
  const t = text.trim();
  if (/^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/.test(t)) {
    return Number(t.replace(/[fFdD]$/, ''));
  }
  throw numberFormat(text);
}

/**
 * `parser.intValue()` (coerce on): numbers are truncated toward zero, strings parsed as
 * doubles then truncated; out-of-range strings fail as ES does.
 */
export function intValue(v: unknown): number {
  if (typeof v === 'string') {
    const d = parseJavaDouble(v);
    if (d < -2147483648 || d > 2147483647) {
      throw new EsError('illegal_argument_exception', 400, `Value [${v}] is out of range for an integer`);
    }
    return Math.trunc(d);
  }
  if (typeof v === 'number') {
    if (v < -2147483648 || v > 2147483647) throw jsonParseError(`Numeric value (${numberText(v)}) out of range of int`);
    return Math.trunc(v);
  }
  throw notNumeric(v);
}

/** `parser.longValue()` (coerce on). */
export function longValue(v: unknown): number {
  if (typeof v === 'string') return Math.trunc(parseJavaDouble(v));
  if (typeof v === 'number') return Math.trunc(v);
  throw notNumeric(v);
}

/** `parser.floatValue()`: float precision, strings parsed like `Float.parseFloat`. */
export function floatValue(v: unknown): number {
  if (typeof v === 'string') return Math.fround(parseJavaDouble(v));
  if (typeof v === 'number') return Math.fround(v);
  throw notNumeric(v);
}

/** `parser.doubleValue()`. */
export function doubleValue(v: unknown): number {
  if (typeof v === 'string') return parseJavaDouble(v);
  if (typeof v === 'number') return v;
  throw notNumeric(v);
}

/**
 * `parser.booleanValue()` in 5.x: numbers are true unless 0, strings are false only for
 * `false`, `0`, `off`, `no` (the lenient `Booleans.parseBoolean` of 5.x).
 */
export function booleanValue(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return !(v === 'false' || v === '0' || v === 'off' || v === 'no');
  throw jsonParseError(`Current token (${tokenOf(v)}) not of boolean type`);
}
