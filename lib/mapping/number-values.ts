/**
 * Reading numeric field values as ES 5.6's NumberFieldMapper.NumberType#parse does
 * (XContentParser#longValue/intValue/doubleValue with `coerce`), with the same failures:
 * `For input string: "x"` (number_format_exception), `Value [x] is out of range for a short`,
 * `[float] supports only finite values, but got [Infinity]`...
 */
import { EsError } from '../errors/errors.js';
import { JsonNumber, type JsonValue, JsonObject } from './json-tree.js';
import { illegalArgument } from './mapping-errors.js';

const JAVA_DOUBLE = /^\s*[+-]?(NaN|Infinity|((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?)\s*$/;

function tokenName(v: JsonValue): string {
  if (v === true) return 'VALUE_TRUE';
  if (v === false) return 'VALUE_FALSE';
  if (Array.isArray(v)) return 'START_ARRAY';
  if (v instanceof JsonObject) return 'START_OBJECT';
  return 'VALUE_NULL';
}

function notNumeric(v: JsonValue): EsError {
  return new EsError('json_parse_exception', 400, `Current token (${tokenName(v)}) not numeric, can not use numeric value accessors`);
}

/** Java's `Double.parseDouble` on a string value. */
export function javaParseDouble(text: string): number {
  if (text.trim().length === 0) throw new EsError('number_format_exception', 400, text.length === 0 ? 'empty String' : `For input string: "${text}"`);
  if (!JAVA_DOUBLE.test(text)) throw new EsError('number_format_exception', 400, `For input string: "${text}"`);
  return Number(text.trim().replace(/[fFdD]$/, ''));
}

const RANGES: Record<string, [bigint, bigint, string]> = {
  long: [-(1n << 63n), (1n << 63n) - 1n, 'a long'],
  integer: [-(1n << 31n), (1n << 31n) - 1n, 'an integer'],
  short: [-32768n, 32767n, 'a short'],
  byte: [-128n, 127n, 'a byte'],
};

/** Parse an integer-typed value; returns a bigint (exact for the whole long range). */
export function parseIntegerValue(type: 'long' | 'integer' | 'short' | 'byte', v: JsonValue, coerce: boolean): bigint {
  const [lo, hi, what] = RANGES[type] as [bigint, bigint, string];
  if (typeof v === 'string') {
    const d = javaParseDouble(v);
    if (Number.isNaN(d) || d < Number(lo) || d > Number(hi)) throw illegalArgument(`Value [${v}] is out of range for ${what}`);
    // exact for integral strings, truncated otherwise (Java's (long) cast)
    const t = v.trim();
    if (/^[+-]?\d+$/.test(t)) {
      const b = BigInt(t);
      if (b < lo || b > hi) throw illegalArgument(`Value [${v}] is out of range for ${what}`);
      return b;
    }
    return BigInt(Math.trunc(d));
  }
  if (!(v instanceof JsonNumber)) throw notNumeric(v);
  if (!v.isFloat) {
    const b = BigInt(v.text);
    if (b < lo || b > hi) {
      if (type === 'long' || type === 'integer') {
        const javaType = type === 'long' ? 'long' : 'int';
        throw new EsError('json_parse_exception', 400, `Numeric value (${v.text}) out of range of ${javaType} (${lo} - ${hi})`);
      }
      throw illegalArgument(`Value [${v.text}] is out of range for ${what}`);
    }
    return b;
  }
  const d = v.value;
  if (!coerce && Math.trunc(d) !== d) throw illegalArgument(`Value [${v.text}] has a decimal part`);
  if (d < Number(lo) || d > Number(hi)) throw illegalArgument(`Value [${v.text}] is out of range for ${what}`);
  return BigInt(Math.trunc(d));
}

/** Round to the nearest IEEE half-precision value (Lucene's HalfFloatPoint). */
export function roundToHalfFloat(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  if (a >= 65520) return sign * Infinity;
  // subnormal step 2^-24, normal step 2^(e-10)
  const e = Math.max(Math.floor(Math.log2(a)), -14);
  const step = 2 ** (e - 10);
  const q = a / step;
  let r = Math.round(q);
  if (Math.abs(q - Math.trunc(q) - 0.5) < 1e-12 && r % 2 === 1) r -= 1; // ties to even
  return sign * r * step;
}

/** Parse a floating-typed value to the double ES indexes (after float/half rounding). */
export function parseFloatingValue(type: 'double' | 'float' | 'half_float' | 'scaled_float', v: JsonValue, coerce: boolean, scalingFactor = 1): number {
  let d: number;
  if (typeof v === 'string') {
    d = javaParseDouble(v);
    void coerce;
  } else if (v instanceof JsonNumber) d = v.value;
  else throw notNumeric(v);
  if (type === 'float') d = Math.fround(d);
  else if (type === 'half_float') d = roundToHalfFloat(Math.fround(d));
  if (!Number.isFinite(d)) {
    const shown = Number.isNaN(d) ? 'NaN' : d > 0 ? 'Infinity' : '-Infinity';
    throw illegalArgument(`[${type === 'scaled_float' ? 'double' : type}] supports only finite values, but got [${shown}]`);
  }
  if (type === 'scaled_float') {
    // ScaledFloatFieldMapper indexes Math.round(value * scalingFactor) as a long
    const scaled = Math.floor(d * scalingFactor + 0.5);
    return scaled / scalingFactor;
  }
  return d;
}
