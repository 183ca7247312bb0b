/**
 * `date` and `date_index_name` (ES 5.6 ingest-common). Formats: `ISO8601`, `UNIX`, `UNIX_MS`,
 * `TAI64N`, or a Joda pattern; the result is printed as ISO-8601 with milliseconds in the
 * configured time zone (`Z` for UTC). `date_index_name` writes a date-math `_index`
 * (`<prefix{date||/rounding{format|zone}}>`), resolved when the index is written.
 */
import { illegalArgument, toEsError } from '../../errors/errors.js';
import { parseTimeZone, UTC, type TimeZone } from '../../dsl/date-math.js';
import { offsetAt } from '../../dsl/time-zone.js';
import { dateFormatter } from '../../mapping/date-format.js';
import { parseIsoDate } from '../../dsl/date-math.js';
import type { ConfigReader } from '../config.js';
import { javaType } from '../ingest-document.js';
import type { ProcessorFactory } from './mutate.js';
import { renderTemplate } from '../value-template.js';

type DateParser = (text: string) => number;

function parserFor(format: string, zone: TimeZone): DateParser {
  switch (format) {
    case 'ISO8601':
      return (t) => parseIsoDate(t, zone, false);
    case 'UNIX':
      return (t) => {
        const n = Number(t);
        if (t.trim() === '' || Number.isNaN(n)) throw illegalArgument(`For input string: "${t}"`);
        return Math.round(n * 1000);
      };
    case 'UNIX_MS':
      return (t) => {
        if (!/^-?\d+$/.test(t.trim())) throw illegalArgument(`For input string: "${t}"`);
        return Number(t);
      };
    case 'TAI64N':
      return (t) => {
        const s = t.startsWith('@') ? t.slice(1) : t;
        const secs = Number.parseInt(s.slice(1, 16), 16);
        const nanos = Number.parseInt(s.slice(16, 24), 16);
        return secs * 1000 + Math.floor(nanos / 1e6) - 10 * 1000;
      };
    default: {
      const f = dateFormatter(format);
      // Patterns without a zone are read on the zone's wall clock.
      return (t) => {
        const local = f.parseMillis(t);
        return local - offsetAt(zone, local);
      };
    }
  }
}

function pad(n: number, w = 2): string {
  return String(Math.abs(n)).padStart(w, '0');
}

/** Joda `ISODateTimeFormat.dateTime()` in `zone`. */
export function printIso(millis: number, zone: TimeZone): string {
  const off = offsetAt(zone, millis);
  const d = new Date(millis + off);
  const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
  if (off === 0) return `${base}Z`;
  const mins = Math.round(Math.abs(off) / 60000);
  return `${base}${off < 0 ? '-' : '+'}${pad(Math.floor(mins / 60))}:${pad(mins % 60)}`;
}

function zoneOf(c: ConfigReader): TimeZone {
  const tz = c.string('timezone', undefined);
  if (tz === undefined) return UTC;
  try {
    return parseTimeZone(tz);
  } catch (e) {
    throw c.error('timezone', toEsError(e).reason);
  }
}

/**
 * The field's text (`getFieldValue(field, String.class)`): an object or array is ES's cast
 * error, never its JavaScript text; numbers and booleans are read as their text.
 */
function dateText(v: unknown, field: string): string {
  if (typeof v === 'string') return v;
  if (v !== null && typeof v === 'object') throw illegalArgument(`field [${field}] of type [${javaType(v)}] cannot be cast to [java.lang.String]`);
  return String(v);
}

function parseWithAny(value: string, parsers: DateParser[]): number {
  let last: unknown;
  for (const p of parsers) {
    try {
      const ms = p(value);
      if (Number.isFinite(ms)) return ms;
    } catch (e) {
      last = e;
    }
  }
  throw illegalArgument(`unable to parse date [${value}]`, last ? toEsError(last) : undefined);
}

export const DATE_PROCESSORS: Record<string, ProcessorFactory> = {
  date: (c) => {
    const field = c.string('field');
    const target = c.string('target_field', '@timestamp')!;
    const zone = zoneOf(c);
    c.string('locale', undefined);
    const parsers = c.stringList('formats', true).map((f) => parserFor(f, zone));
    return (doc) => {
      doc.setFieldValue(target, printIso(parseWithAny(dateText(doc.getFieldValue(field), field), parsers), zone));
    };
  },
  date_index_name: (c) => {
    const field = c.string('field');
    const prefix = c.string('index_name_prefix', '')!;
    const rounding = c.string('date_rounding');
    if (!['y', 'M', 'w', 'd', 'h', 'm', 's'].includes(rounding)) {
      throw c.error('date_rounding', `date rounding [${rounding}] not supported`);
    }
    const zone = zoneOf(c);
    c.string('locale', undefined);
    const indexNameFormat = c.string('index_name_format', 'yyyy-MM-dd')!;
    const formats = c.stringList('date_formats', false) ?? ['yyyy-MM-dd\'T\'HH:mm:ss.SSSZ'];
    const parsers = formats.map((f) => parserFor(f, zone));
    return (doc) => {
      const millis = parseWithAny(dateText(doc.getFieldValue(field), field), parsers);
      const printed = dateFormatter("yyyy-MM-dd'T'HH:mm:ss.SSSZ").print(millis);
      doc.setFieldValue('_index', `<${renderTemplate(prefix, doc)}{${printed}||/${rounding}{${indexNameFormat}|${zone.id}}}>`);
    };
  },
};
