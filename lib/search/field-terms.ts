/**
 * Turn a query value into the indexed term of a field, by field type, using the mapping layer's
 * term encoding (lib/mapping/term-encoding.ts), and the ES 5.6 errors for values or field types
 * that cannot be searched that way.
 */
import { EsError } from '../errors/errors.js';
import { encodeBoolean, encodeDouble, encodeIp, encodeLong } from '../mapping/term-encoding.js';
import { dateFormatter, DEFAULT_DATE_FORMAT } from '../mapping/date-format.js';
import { parseDateMath, parseIsoDate, type TimeZone } from '../dsl/date-math.js';
import { queryShardError, searchAnalyzerFor, type CompileContext } from './compile-context.js';
import { isNumericType, type SearchField } from './field-types.js';

export type QueryValue = string | number | boolean;

function numberFormat(text: string): EsError {
  return new EsError('number_format_exception', 400, `For input string: "${text}"`);
}

const INT_RANGES: Record<string, [number, number]> = {
  byte: [-128, 127],
  short: [-32768, 32767],
  integer: [-2147483648, 2147483647],
};

/** Parse a numeric query value as the field type does (coercing, as term queries do). */
export function parseNumber(field: SearchField, value: QueryValue): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'boolean') throw numberFormat(String(value));
  else {
    const t = value.trim();
    n = t === '' ? NaN : Number(t);
    if (Number.isNaN(n)) throw numberFormat(value);
  }
  const t = field.type;
  if (t === 'long' || t === 'integer' || t === 'short' || t === 'byte') {
    // `1e400` reads as Infinity (Jackson too); ES 5.6 NumberType.LONG#parse: out of range.
    if (t === 'long' && !(Math.abs(n) <= 9223372036854775807)) throw new EsError('illegal_argument_exception', 400, `Value [${value}] is out of range for a long`);
    const r = INT_RANGES[t];
    if (r && (n < r[0] || n > r[1])) throw new EsError('illegal_argument_exception', 400, `Value [${value}] is out of range for ${t === 'integer' ? 'an integer' : 'a ' + t}`);
    return Math.trunc(n);
  }
  if (t === 'float' || t === 'half_float') return Math.fround(n);
  if (t === 'scaled_float') {
    const sf = field.scalingFactor ?? 1;
    return Math.round(n * sf) / sf;
  }
  return n;
}

/** Encode a number for the field's term dictionary. */
export function encodeNumber(field: SearchField, n: number): string {
  const t = field.type;
  if (t === 'long' || t === 'integer' || t === 'short' || t === 'byte') {
    // A bound such as `1e400` parses to Infinity, which no integer term can hold.
    if (!Number.isFinite(n)) throw new EsError('illegal_argument_exception', 400, `Value [${n}] is out of range for ${t === 'integer' ? 'an integer' : `a ${t}`}`);
    return encodeLong(n);
  }
  return encodeDouble(n);
}

/** Parse a date query value (with date math) to epoch millis. */
export function parseDateValue(ctx: CompileContext, field: SearchField | undefined, value: QueryValue, roundUp: boolean, zone?: TimeZone | string, format?: string): number {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'boolean') throw new EsError('illegal_argument_exception', 400, `Invalid format: "${value}"`);
  const fmt = format ?? field?.format ?? DEFAULT_DATE_FORMAT;
  const parseDate = fmt === DEFAULT_DATE_FORMAT ? parseIsoDate : (text: string): number => dateFormatter(fmt).parseMillis(text);
  return parseDateMath(value, { now: ctx.nowMs, roundUp, ...(zone !== undefined ? { timeZone: zone } : {}), parseDate });
}

/**
 * The term a `term` query looks up for `value` on `field` (undefined field = unmapped: the value
 * as text). Throws ES's errors for geo fields and unparsable values.
 */
export function termFor(ctx: CompileContext, path: string, field: SearchField | undefined, value: QueryValue): string {
  if (!field) return String(value);
  const t = field.type;
  // PercolatorFieldMapper.FieldType#termQuery
  if (t === 'percolator') throw queryShardError(ctx, 'Percolator fields are not searchable directly, use a percolate query instead');
  checkSearchable(ctx, field);
  if (isNumericType(t)) return encodeNumber(field, parseNumber(field, value));
  if (t === 'date') return encodeLong(parseDateValue(ctx, field, value, false));
  if (t === 'boolean') return encodeBoolean(parseBoolean(value));
  if (t === 'ip') {
    const e = encodeIp(String(value));
    if (e === undefined) throw new EsError('illegal_argument_exception', 400, `'${value}' is not an IP string literal.`);
    return e;
  }
  if (t === 'keyword' && field.normalizer) {
    const a = searchAnalyzerFor(ctx, field);
    const toks = a ? a.analyze(String(value)) : [];
    return toks.length > 0 ? (toks[0] as { term: string }).term : String(value);
  }
  return String(value);
}

/** Booleans as ES 5.6 reads them in queries. */
export function parseBoolean(value: QueryValue): boolean {
  if (typeof value === 'boolean') return value;
  const s = String(value);
  if (s === 'true' || s === 'T') return true;
  if (s === 'false' || s === 'F' || s === '') return false;
  throw new EsError('illegal_argument_exception', 400, `Can't parse boolean value [${s}], expected [true] or [false]`);
}

/** Fail as ES does for fields that have no term index to search. */
export function checkSearchable(ctx: CompileContext, field: SearchField): void {
  if (field.type === 'geo_point' || field.type === 'geo_shape') {
    throw queryShardError(ctx, `Geo fields do not support exact searching, use dedicated geo queries instead: [${field.path}]`);
  }
  if (!field.indexed) throw queryShardError(ctx, `Cannot search on field [${field.path}] since it is not indexed.`);
}

/** Whether term queries on this field score as constant (points in ES 5: numbers, dates, ips). */
export function isPointField(field: SearchField | undefined): boolean {
  return !!field && (isNumericType(field.type) || field.type === 'date' || field.type === 'ip');
}
