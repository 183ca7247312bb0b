/**
 * Java's `Double.parseDouble` / `Long.parseLong` acceptance rules, so unit parsing fails on the
 * same inputs as ES (with the same `number_format_exception` reason).
 */
import { EsError } from '../errors/errors.js';

const DOUBLE_RE = /^[+-]?(NaN|Infinity|((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?)$/;
const LONG_RE = /^[+-]?\d+$/;

/** `Double.parseDouble(s)` (s is trimmed as Java does); throws `number_format_exception`. */
export function javaParseDouble(s: string): number {
  const t = s.trim();
  if (t.length === 0) throw new NumberFormatError(s.length === 0 ? 'empty String' : `For input string: "${s}"`);
  if (!DOUBLE_RE.test(t)) throw new NumberFormatError(`For input string: "${s}"`);
  return Number(t.replace(/[fFdD]$/, ''));
}

/** `Long.parseLong(s)` (no trimming); throws `number_format_exception`. */
export function javaParseLong(s: string): number {
  if (!LONG_RE.test(s)) throw new NumberFormatError(s.length === 0 ? 'For input string: ""' : `For input string: "${s}"`);
  return Number(s);
}

/** `Integer.parseInt(s)`: like {@link javaParseLong} but also range-checked to 32 bits. */
export function javaParseInt(s: string): number {
  const n = javaParseLong(s);
  if (n > 2147483647 || n < -2147483648) throw new NumberFormatError(`For input string: "${s}"`);
  return n;
}

/** A Java NumberFormatException (an IllegalArgumentException: status 400) as ES renders it. */
export class NumberFormatError extends EsError {
  constructor(reason: string) {
    super('number_format_exception', 400, reason);
  }
  /** Itself: kept so callers can treat it like any wrapped cause. */
  toEsError(): EsError {
    return this;
  }
}
