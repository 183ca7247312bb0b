/**
 * Date formats as ES 5.6 understands them in mappings (`format`), dynamic date detection
 * (`dynamic_date_formats`) and wherever a date string is parsed: `||`-separated alternatives of
 * built-in names (`strict_date_optional_time`, `epoch_millis`, `date_time`, ...) and Joda patterns.
 * All dates are UTC epoch milliseconds. Parse failures raise `illegal_argument_exception` with
 * Joda's messages (`Invalid format: "x" is malformed at "y"`), which ES wraps in
 * `failed to parse [field]`. See ES's `Joda.forPattern` and `ISODateTimeFormat`.
 */
import { EsError } from '../errors/errors.js';
import { javaToString } from '../errors/java-value.js';
import {
  type DateFields,
  type Element,
  choiceElement,
  compileJodaPattern,
  fractionElement,
  literalElement,
  numberElement,
  offsetElement,
  optionalElement,
  parseSequence,
} from './joda-pattern.js';
import { own } from '../dict.js';

/** A compiled date format. */
export interface DateFormatter {
  /** The format string as configured, e.g. `strict_date_optional_time||epoch_millis`. */
  readonly format: string;
  /** Parse to UTC epoch millis; throws `illegal_argument_exception` (Joda's message). */
  parseMillis(text: string): number;
  /** Render epoch millis with the first format of the list. */
  print(millis: number): string;
}

/** ES 5's default `format` of date fields. */
export const DEFAULT_DATE_FORMAT = 'strict_date_optional_time||epoch_millis';
/** ES 5's default `dynamic_date_formats`. */
export const DEFAULT_DYNAMIC_DATE_FORMATS = ['strict_date_optional_time||epoch_millis', 'yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis'];

interface SingleFormat {
  parse(text: string): { millis: number } | { failAt: number; fieldError?: string };
  print(millis: number): string;
}

function illegalArg(reason: string): EsError {
  return new EsError('illegal_argument_exception', 400, reason);
}

const cache = new Map<string, DateFormatter>();

/**
 * A mapping's `format` / `dynamic_date_formats` item (`TypeParsers.parseDateTimeFormatter`):
 * only a string is a pattern; anything else is `Invalid format: [<toString>]: expected string value`.
 */
export function mappingDateFormat(v: unknown): string {
  if (typeof v !== 'string') {
    throw new EsError('illegal_argument_exception', 400, `Invalid format: [${javaToString(v)}]: expected string value`);
  }
  dateFormatter(v);
  return v;
}

/**
 * Compile a format spec (cached). Throws `illegal_argument_exception`
 * `Invalid format: [spec]: <why>` for an unknown pattern letter, as `Joda.forPattern` does.
 */
export function dateFormatter(spec: string): DateFormatter {
  const hit = cache.get(spec);
  if (hit) return hit;
  const parts = spec.split('||');
  let singles: SingleFormat[];
  try {
    singles = parts.map((p) => namedOrPattern(p.trim()));
  } catch (e) {
    throw illegalArg(`Invalid format: [${spec}]: ${(e as Error).message}`);
  }
  const f: DateFormatter = {
    format: spec,
    parseMillis(text: string): number {
      let bestFail = -1;
      let fieldError: string | undefined;
      for (const s of singles) {
        const r = s.parse(text);
        if ('millis' in r) return r.millis;
        if (r.fieldError && !fieldError) fieldError = r.fieldError;
        bestFail = Math.max(bestFail, r.failAt);
      }
      if (fieldError) throw illegalArg(fieldError);
      throw illegalArg(jodaErrorMessage(text, bestFail));
    },
    print(millis: number): string {
      return (singles[0] as SingleFormat).print(millis);
    },
  };
  if (cache.size > 1000) cache.clear();
  cache.set(spec, f);
  return f;
}

/** Joda's `FormatUtils.createErrorMessage`. */
function jodaErrorMessage(text: string, errorPos: number): string {
  if (errorPos >= text.length) return `Invalid format: "${text}" is too short`;
  if (errorPos <= 0) return `Invalid format: "${text}"`;
  return `Invalid format: "${text}" is malformed at "${text.slice(errorPos)}"`;
}

function epochFormat(seconds: boolean): SingleFormat {
  return {
    parse(text) {
      // ES's EpochTimeParser: optional sign, digits, optional fraction; positive values longer than
      // 13 (millis) / 10 (seconds) integer digits are rejected.
      const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
      if (!m) return { failAt: 0 };
      if (!m[1] && (m[2] as string).length > (seconds ? 10 : 13)) return { failAt: 0 };
      const whole = Number(m[2]) * (m[1] ? -1 : 1);
      const frac = m[3] ? Number('0.' + m[3]) * (m[1] ? -1 : 1) : 0;
      return { millis: Math.trunc(seconds ? whole * 1000 + frac * 1000 : whole + frac) };
    },
    print(millis) {
      return String(seconds ? Math.trunc(millis / 1000) : millis);
    },
  };
}

/** Build a single format from elements: the parser must consume all text; resolve fields to millis. */
function elementsFormat(parser: Element[], printer: Element[]): SingleFormat {
  return {
    parse(text) {
      const f: DateFields = {};
      const end = parseSequence(parser, text, 0, f);
      if (end < 0) return { failAt: ~end };
      if (end < text.length) return { failAt: end };
      const r = resolveFields(f);
      if (typeof r === 'string') return { failAt: text.length, fieldError: `Cannot parse "${text}": ${r}` };
      return { millis: r };
    },
    print(millis) {
      const d = new Date(millis);
      return printer.map((e) => e.print(d)).join('');
    },
  };
}

function range(name: string, v: number, lo: number, hi: number): string | undefined {
  return v < lo || v > hi ? `Value ${v} for ${name} must be in the range [${lo},${hi}]` : undefined;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate() || [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

function utc(y: number, m0: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const t = new Date(0);
  t.setUTCFullYear(y, m0, d);
  t.setUTCHours(h, mi, s, ms);
  return t.getTime();
}

/** Combine parsed fields into UTC millis (Joda defaults: 1970-01-01T00:00:00.000), or an error. */
function resolveFields(f: DateFields): number | string {
  let hour = f.hour ?? 0;
  if (f.hourOfHalfday !== undefined) {
    const e = range('hourOfHalfday', f.hourOfHalfday, 0, 11);
    if (e) return e;
    hour = f.hourOfHalfday + 12 * (f.halfday ?? 0);
  } else if (f.halfday !== undefined && f.hour !== undefined) hour = (f.hour % 12) + 12 * f.halfday;
  const err =
    range('hourOfDay', hour, 0, 23) ??
    range('minuteOfHour', f.minute ?? 0, 0, 59) ??
    range('secondOfMinute', f.second ?? 0, 0, 59) ??
    range('millisOfSecond', f.millis ?? 0, 0, 999);
  if (err) return err;
  let dayStart: number;
  if (f.weekyear !== undefined || f.week !== undefined) {
    const wy = f.weekyear ?? f.year ?? 1970;
    const week = f.week ?? 1;
    const dow = f.dayOfWeek ?? 1;
    const e = range('weekOfWeekyear', week, 1, 53) ?? range('dayOfWeek', dow, 1, 7);
    if (e) return e;
    // ISO week 1 contains January 4th
    const jan4 = utc(wy, 0, 4);
    const jan4Dow = ((new Date(jan4).getUTCDay() + 6) % 7) + 1;
    dayStart = jan4 + ((week - 1) * 7 + (dow - jan4Dow)) * 86400000;
  } else {
    const y = f.year ?? 1970;
    if (f.dayOfYear !== undefined) {
      const leap = daysInMonth(y, 2) === 29;
      const e = range('dayOfYear', f.dayOfYear, 1, leap ? 366 : 365);
      if (e) return e;
      dayStart = utc(y, 0, 1) + (f.dayOfYear - 1) * 86400000;
    } else {
      const m = f.month ?? 1;
      const e1 = range('monthOfYear', m, 1, 12);
      if (e1) return e1;
      const d = f.day ?? 1;
      const e2 = range('dayOfMonth', d, 1, daysInMonth(y, m));
      if (e2) return e2;
      dayStart = utc(y, m - 1, d);
    }
  }
  const millis = dayStart + ((hour * 60 + (f.minute ?? 0)) * 60 + (f.second ?? 0)) * 1000 + (f.millis ?? 0);
  return millis - (f.offset ?? 0) * 60000;
}

// ---- ISO building blocks (ISODateTimeFormat / ES StrictISODateTimeFormat) ----

function iso(strict: boolean) {
  const n = (field: Parameters<typeof numberElement>[0], width: number, max: number, signed = false): Element =>
    numberElement(field, width, strict ? width : max, signed && !strict);
  const year = n('year', 4, 9, true);
  const month = n('month', 2, 2);
  const day = n('day', 2, 2);
  const dash = literalElement('-');
  const colon = literalElement(':');
  const fraction = fractionElement(3, 9);
  const offset = offsetElement('Z', true);
  const seconds = [colon, n('second', 2, 2), optionalElement([choiceElement([[literalElement('.')], [literalElement(',')]]), fraction])];
  const minutes = [colon, n('minute', 2, 2), optionalElement(seconds)];
  const timeElement = [n('hour', 2, 2), optionalElement(minutes)];
  const calendarDate = [year, optionalElement([dash, month, optionalElement([dash, day])])];
  const ordinalDate = [year, dash, n('dayOfYear', 3, 3)];
  const weekDate = [n('weekyear', 4, 9, true), literalElement('-W'), n('week', 2, 2), optionalElement([dash, n('dayOfWeek', 1, 1)])];
  const dateElement = choiceElement([calendarDate, ordinalDate, weekDate]);
  const dateOptionalTime = [dateElement, optionalElement([literalElement('T'), optionalElement(timeElement), optionalElement([offset])])];
  return { year, month, day, dash, colon, offset, dateOptionalTime };
}

/**
 * Joda patterns of ES's built-in named formats (printing and simple parsing). A `Map`, because the
 * key is user input: a plain object answered `constructor` with `Object` and the pattern compiler
 * then spun forever on it (issue 8).
 */
const NAMED_PATTERNS = new Map<string, string>(Object.entries({
  basic_date: 'yyyyMMdd',
  basic_date_time: "yyyyMMdd'T'HHmmss.SSSZ",
  basic_date_time_no_millis: "yyyyMMdd'T'HHmmssZ",
  basic_ordinal_date: 'yyyyDDD',
  basic_ordinal_date_time: "yyyyDDD'T'HHmmss.SSSZ",
  basic_ordinal_date_time_no_millis: "yyyyDDD'T'HHmmssZ",
  basic_time: 'HHmmss.SSSZ',
  basic_time_no_millis: 'HHmmssZ',
  basic_t_time: "'T'HHmmss.SSSZ",
  basic_t_time_no_millis: "'T'HHmmssZ",
  basic_week_date: "xxxx'W'wwe",
  basic_week_date_time: "xxxx'W'wwe'T'HHmmss.SSSZ",
  basic_week_date_time_no_millis: "xxxx'W'wwe'T'HHmmssZ",
  date: 'yyyy-MM-dd',
  date_hour: "yyyy-MM-dd'T'HH",
  date_hour_minute: "yyyy-MM-dd'T'HH:mm",
  date_hour_minute_second: "yyyy-MM-dd'T'HH:mm:ss",
  date_hour_minute_second_fraction: "yyyy-MM-dd'T'HH:mm:ss.SSS",
  date_hour_minute_second_millis: "yyyy-MM-dd'T'HH:mm:ss.SSS",
  date_time: "yyyy-MM-dd'T'HH:mm:ss.SSSZZ",
  date_time_no_millis: "yyyy-MM-dd'T'HH:mm:ssZZ",
  hour: 'HH',
  hour_minute: 'HH:mm',
  hour_minute_second: 'HH:mm:ss',
  hour_minute_second_fraction: 'HH:mm:ss.SSS',
  hour_minute_second_millis: 'HH:mm:ss.SSS',
  ordinal_date: 'yyyy-DDD',
  ordinal_date_time: "yyyy-DDD'T'HH:mm:ss.SSSZZ",
  ordinal_date_time_no_millis: "yyyy-DDD'T'HH:mm:ssZZ",
  time: 'HH:mm:ss.SSSZZ',
  time_no_millis: 'HH:mm:ssZZ',
  t_time: "'T'HH:mm:ss.SSSZZ",
  t_time_no_millis: "'T'HH:mm:ssZZ",
  week_date: "xxxx-'W'ww-e",
  week_date_time: "xxxx-'W'ww-e'T'HH:mm:ss.SSSZZ",
  week_date_time_no_millis: "xxxx-'W'ww-e'T'HH:mm:ssZZ",
  weekyear: 'xxxx',
  weekyear_week: "xxxx-'W'ww",
  weekyear_week_day: "xxxx-'W'ww-e",
  year: 'yyyy',
  year_month: 'yyyy-MM',
  year_month_day: 'yyyy-MM-dd',
}));

/** camelCase aliases ES 5 accepts (`dateOptionalTime`, `basicDate`, ...). */
function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

/** Printer used by ISO formats: UTC rendered as `Z` (ISODateTimeFormat's offset printer). */
function isoPrinter(pattern: string): Element[] {
  const zone = /Z+$/.test(pattern);
  return [...compileJodaPattern(pattern.replace(/Z+$/, ''), true), ...(zone ? [literalElement('Z')] : [])];
}

function namedOrPattern(spec: string): SingleFormat {
  if (spec === 'epoch_millis') return epochFormat(false);
  if (spec === 'epoch_second') return epochFormat(true);
  let name = snake(spec);
  let strict = false;
  if (!NAMED_PATTERNS.has(name) && name !== 'date_optional_time' && name !== 'strict_date_optional_time' && name.startsWith('strict_')) {
    strict = true;
    name = name.slice('strict_'.length);
  }
  if (name === 'date_optional_time' || name === 'strict_date_optional_time') {
    const p = iso(name.startsWith('strict_'));
    return elementsFormat(p.dateOptionalTime, isoPrinter(NAMED_PATTERNS.get('date_time') as string));
  }
  const named = NAMED_PATTERNS.get(name);
  if (named !== undefined && (spec === name || strict || snake(spec) === name)) {
    return elementsFormat(compileJodaPattern(named, strict), isoPrinter(named));
  }
  if (spec.length === 0) throw new Error('No date pattern provided');
  const elements = compileJodaPattern(spec);
  return elementsFormat(elements, elements);
}
