/**
 * ES 5.6 date math (`DateMathParser.parse(text, now, roundUp, timeZone)`):
 * `now`, `now-1d/d`, `2014-11-18||/M`, `2014-11-18||+1M-1d`. Units y, M, w, d, h/H, m, s;
 * `+n`/`-n` add or subtract, `/u` rounds. Rounding is down, or — with `roundUp`, used for
 * `gt` and `lte` bounds — to the last millisecond of the unit (add one unit, floor, minus 1 ms).
 * Arithmetic and rounding happen on the wall clock of the time zone (UTC by default);
 * hours, minutes and seconds are added as absolute durations, as Joda's zoned chronology does.
 *
 * The anchor date is parsed by a caller-supplied callback (the field's date format), which gets
 * `roundUpIfNoTime` = roundUp when no `||` math follows — so `lte: "2014-11-18"` means the end of
 * that day, as ES fills missing fields with 23:59:59.999.
 */
import { EsError } from '../errors/errors.js';
import { localToUtc, offsetAt, parseTimeZone, UTC, type TimeZone } from './time-zone.js';

export { parseTimeZone, UTC, type TimeZone } from './time-zone.js';

/** Parses an anchor date text into epoch millis. */
export type DateParser = (text: string, timeZone: TimeZone, roundUpIfNoTime: boolean) => number;

/** Options of {@link parseDateMath}. */
export interface DateMathOptions {
  /** Current time in epoch millis (default `Date.now()`), evaluated at most once. */
  now?: number | (() => number);
  /** Round up (`gt`, `lte`): results land on the last millisecond of the rounded unit. */
  roundUp?: boolean;
  /** Time zone of the anchor and of rounding; UTC by default. A string is resolved with {@link parseTimeZone}. */
  timeZone?: TimeZone | string;
  /** Anchor parser; defaults to {@link parseIsoDate} (`strict_date_optional_time||epoch_millis`). */
  parseDate?: DateParser;
}

function parseException(reason: string, causedBy?: EsError): EsError {
  return new EsError('parse_exception', 400, reason, causedBy ? { causedBy } : {});
}

/** Evaluate a date-math expression to epoch millis. Errors are ES `parse_exception`s. */
export function parseDateMath(text: string, opts: DateMathOptions = {}): number {
  const zone = typeof opts.timeZone === 'string' ? parseTimeZone(opts.timeZone) : (opts.timeZone ?? UTC);
  const roundUp = opts.roundUp ?? false;
  const parseDate = opts.parseDate ?? parseIsoDate;
  let time: number;
  let math: string;
  if (text.startsWith('now')) {
    const now = opts.now;
    time = typeof now === 'function' ? now() : (now ?? Date.now());
    math = text.slice(3);
  } else {
    const i = text.indexOf('||');
    if (i === -1) return parseDate(text, zone, roundUp);
    time = parseDate(text.slice(0, i), zone, false);
    math = text.slice(i + 2);
  }
  return applyDateMath(math, time, roundUp, zone);
}

type Unit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

/** Apply the math part (`+1d/d`) to `time`. */
export function applyDateMath(math: string, time: number, roundUp: boolean, zone: TimeZone = UTC): number {
  let t = time;
  let i = 0;
  while (i < math.length) {
    const c = math[i++];
    let round = false;
    let sign = 1;
    if (c === '/') round = true;
    else if (c === '+') sign = 1;
    else if (c === '-') sign = -1;
    else throw parseException(`operator not supported for date math [${math}]`);
    if (i >= math.length) throw parseException(`truncated date math [${math}]`);
    let num = 1;
    if (/\d/.test(math[i] as string)) {
      const from = i;
      while (i < math.length && /\d/.test(math[i] as string)) i++;
      if (i >= math.length) throw parseException(`truncated date math [${math}]`);
      num = Number(math.slice(from, i));
    }
    if (round && num !== 1) throw parseException(`rounding \`/\` can only be used on single unit types [${math}]`);
    const ch = math[i++] as string;
    const unit: Unit | undefined =
      ch === 'y' || ch === 'M' || ch === 'w' || ch === 'd' || ch === 'h' || ch === 'm' || ch === 's' ? ch : ch === 'H' ? 'h' : undefined;
    if (!unit) throw parseException(`unit [${ch}] not supported for date math [${math}]`);
    if (round) {
      if (roundUp) t = floorTo(add(t, unit, 1, zone), unit, zone) - 1;
      else t = floorTo(t, unit, zone);
    } else {
      t = add(t, unit, sign * num, zone);
    }
  }
  return t;
}

const HOUR = 3600_000;

/** Local wall-clock fields of an instant. */
interface Fields {
  y: number;
  M: number; // 0-based
  d: number;
  h: number;
  m: number;
  s: number;
  ms: number;
}

function toFields(local: number): Fields {
  const dt = new Date(local);
  return {
    y: dt.getUTCFullYear(),
    M: dt.getUTCMonth(),
    d: dt.getUTCDate(),
    h: dt.getUTCHours(),
    m: dt.getUTCMinutes(),
    s: dt.getUTCSeconds(),
    ms: dt.getUTCMilliseconds(),
  };
}

function fromFields(f: Fields): number {
  const dt = new Date(0);
  dt.setUTCFullYear(f.y, f.M, f.d);
  dt.setUTCHours(f.h, f.m, f.s, f.ms);
  return dt.getTime();
}

function daysInMonth(y: number, M: number): number {
  const dt = new Date(0);
  dt.setUTCFullYear(y, M + 1, 0);
  return dt.getUTCDate();
}

/** Add `n` units: h/m/s as durations, larger units on the local calendar (day-of-month clamped). */
function add(t: number, unit: Unit, n: number, zone: TimeZone): number {
  if (unit === 'h') return t + n * HOUR;
  if (unit === 'm') return t + n * 60_000;
  if (unit === 's') return t + n * 1000;
  const offset = offsetAt(zone, t);
  const f = toFields(t + offset);
  if (unit === 'd') f.d += n;
  else if (unit === 'w') f.d += 7 * n;
  else {
    const months = unit === 'y' ? 12 * n : n;
    const total = f.y * 12 + f.M + months;
    f.y = Math.floor(total / 12);
    f.M = total - f.y * 12;
    f.d = Math.min(f.d, daysInMonth(f.y, f.M));
  }
  return localToUtc(zone, fromFields(f), offset);
}

/** Round down to the start of the unit on the local wall clock (weeks start on Monday). */
function floorTo(t: number, unit: Unit, zone: TimeZone): number {
  const offset = offsetAt(zone, t);
  const f = toFields(t + offset);
  f.ms = 0;
  if (unit !== 's') f.s = 0;
  if (unit !== 's' && unit !== 'm') f.m = 0;
  if (unit === 'd' || unit === 'w' || unit === 'M' || unit === 'y') f.h = 0;
  if (unit === 'w') {
    const dow = (new Date(fromFields(f)).getUTCDay() + 6) % 7; // Monday = 0
    f.d -= dow;
  }
  if (unit === 'M' || unit === 'y') f.d = 1;
  if (unit === 'y') f.M = 0;
  return localToUtc(zone, fromFields(f), offset);
}

const ISO =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

/**
 * Default anchor parser: ES's `strict_date_optional_time||epoch_millis`.
 * Missing fields are filled from 1970-01-01T00:00:00.000, or with 23:59:59.999 (and the last
 * day/month) when `roundUpIfNoTime` — ES's behaviour for `lte`/`gt` bounds without a time.
 */
export function parseIsoDate(text: string, zone: TimeZone, roundUpIfNoTime: boolean): number {
  const m = ISO.exec(text);
  if (m) {
    const y = Number(m[1]);
    const f: Fields = roundUpIfNoTime
      ? { y, M: 0, d: 1, h: 23, m: 59, s: 59, ms: 999 }
      : { y, M: 0, d: 1, h: 0, m: 0, s: 0, ms: 0 };
    // Joda fills unparsed fields from the base date 1970-01-01T23:59:59.999 when rounding up:
    // month and day stay at January 1st, only the time-of-day is filled.
    if (m[2] !== undefined) f.M = Number(m[2]) - 1;
    if (m[3] !== undefined) f.d = Number(m[3]);
    if (m[4] !== undefined) f.h = Number(m[4]);
    if (m[5] !== undefined) f.m = Number(m[5]);
    if (m[6] !== undefined) f.s = Number(m[6]);
    if (m[7] !== undefined) f.ms = Number(m[7].slice(0, 3).padEnd(3, '0'));
    if (f.M > 11 || f.d < 1 || f.d > daysInMonth(f.y, f.M) || f.h > 23 || f.m > 59 || f.s > 59) {
      throw failedToParse(text);
    }
    const local = fromFields(f);
    if (m[8] !== undefined) {
      const z = parseTimeZone(m[8] === 'Z' ? 'UTC' : m[8]);
      return local - (z.kind === 'fixed' ? z.offsetMs : 0);
    }
    return localToUtc(zone, local);
  }
  if (/^-?\d+$/.test(text)) return Number(text);
  throw failedToParse(text);
}

function failedToParse(text: string): EsError {
  return parseException(
    `failed to parse date field [${text}] with format [strict_date_optional_time||epoch_millis]`,
    new EsError('illegal_argument_exception', 400, `Parse failure at index [0] of [${text}]`),
  );
}
