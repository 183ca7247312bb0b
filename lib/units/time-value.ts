/**
 * ES 5.6 `TimeValue`: a duration with its unit, `parseTimeValue` (`30s`, `1m`, `100ms`, `5nanos`,
 * `-1`, `0`) and `toString` (`1.5s`, `10ms`, `2.1m`: largest unit, one decimal cut).
 * See org.elasticsearch.common.unit.TimeValue.
 */
import { EsError } from '../errors/errors.js';
import { format1Decimals } from './java-number.js';
import { javaParseDouble, NumberFormatError } from './java-parse.js';

export type TimeUnit = 'nanos' | 'micros' | 'ms' | 's' | 'm' | 'h' | 'd';

/** Nanoseconds per unit (ES's C0..C6). */
const NANOS_PER: Record<TimeUnit, number> = {
  nanos: 1,
  micros: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
  d: 86400e9,
};

/** An immutable duration. Negative durations (only `-1` in practice) mean "unset / infinite". */
export class TimeValue {
  constructor(readonly duration: number, readonly unit: TimeUnit = 'ms') {}

  static readonly MINUS_ONE = new TimeValue(-1, 'ms');
  static readonly ZERO = new TimeValue(0, 'ms');

  static millis(ms: number): TimeValue {
    return new TimeValue(ms, 'ms');
  }
  static nanosValue(ns: number): TimeValue {
    return new TimeValue(ns, 'nanos');
  }
  static seconds(s: number): TimeValue {
    return new TimeValue(s, 's');
  }

  nanos(): number {
    return this.duration * NANOS_PER[this.unit];
  }
  /** Whole milliseconds (Java's TimeUnit conversion truncates). */
  millis(): number {
    return Math.trunc((this.duration * NANOS_PER[this.unit]) / 1e6);
  }
  /** The duration converted to `unit`, truncated toward zero like `TimeUnit#toX`. */
  to(unit: TimeUnit): number {
    return Math.trunc((this.duration * NANOS_PER[this.unit]) / NANOS_PER[unit]);
  }

  /** ES `TimeValue#toString`: `-1` for negatives, `0s`, else the largest unit with one decimal cut. */
  toString(): string {
    if (this.duration < 0) return String(Math.trunc(this.duration));
    const nanos = this.nanos();
    if (nanos === 0) return '0s';
    const order: TimeUnit[] = ['d', 'h', 'm', 's', 'ms', 'micros'];
    for (const u of order) {
      if (nanos >= NANOS_PER[u]) return format1Decimals(nanos / NANOS_PER[u], u);
    }
    return format1Decimals(nanos, 'nanos');
  }
}

/**
 * ES `TimeValue.parseTimeValue(sValue, settingName)`. Units are case-insensitive except `m`
 * (minutes), which must be lower case because `M` means months elsewhere. A unit-less value is
 * an error unless it is `-1` or `0`:
 * `failed to parse setting [timeout] with value [10] as a time value: unit is missing or unrecognized`.
 * A malformed number fails with `failed to parse [abc s]` caused by `number_format_exception`.
 * Fractional values (`1.5s`) are accepted and truncated to whole milliseconds, as 5.x did.
 */
export function parseTimeValue(sValue: string, settingName: string): TimeValue {
  const normalized = sValue.toLowerCase().trim();
  const suffixes: Array<[string, TimeUnit]> = [
    ['nanos', 'nanos'],
    ['micros', 'micros'],
    ['ms', 'ms'],
    ['s', 's'],
  ];
  for (const [suffix, unit] of suffixes) {
    if (normalized.endsWith(suffix)) return parseNumber(sValue, normalized, suffix.length, unit);
  }
  if (sValue.endsWith('m')) return parseNumber(sValue, normalized, 1, 'm');
  if (normalized.endsWith('h')) return parseNumber(sValue, normalized, 1, 'h');
  if (normalized.endsWith('d')) return parseNumber(sValue, normalized, 1, 'd');
  if (/^-0*1$/.test(normalized)) return TimeValue.MINUS_ONE;
  if (/^0+$/.test(normalized)) return TimeValue.ZERO;
  throw new EsError(
    'parse_exception',
    400,
    `failed to parse setting [${settingName}] with value [${sValue}] as a time value: unit is missing or unrecognized`,
  );
}

/** Like {@link parseTimeValue} but `undefined` gives `defaultValue`. */
export function parseTimeValueOr(sValue: string | undefined, defaultValue: TimeValue, settingName: string): TimeValue {
  return sValue === undefined ? defaultValue : parseTimeValue(sValue, settingName);
}

function parseNumber(initial: string, normalized: string, suffixLength: number, unit: TimeUnit): TimeValue {
  const s = normalized.substring(0, normalized.length - suffixLength).trim();
  let n: number;
  try {
    n = javaParseDouble(s);
  } catch (e) {
    const cause = e instanceof NumberFormatError ? e.toEsError() : undefined;
    throw new EsError('parse_exception', 400, `failed to parse [${initial}]`, cause ? { causedBy: cause } : {});
  }
  if (Number.isInteger(n)) return new TimeValue(n, unit);
  return new TimeValue(Math.trunc((n * NANOS_PER[unit]) / 1e6), 'ms');
}
