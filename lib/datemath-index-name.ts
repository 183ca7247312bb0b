/**
 * Date math in index names (ES 5.6 `IndexNameExpressionResolver.DateMathExpressionResolver`):
 * `<static{math{format|time_zone}}static>`, e.g. `<logs-{now/d}-1>` → `logs-2017.03.22-1`.
 * A name not wrapped in `<` `>` is returned unchanged. `\` escapes the next character; the
 * default format is `YYYY.MM.dd`; the math is anchored at `now` or at a date followed by `||`.
 */
import { EsError } from './errors/errors.js';
import { parseDateMath, parseTimeZone, UTC, type TimeZone } from './dsl/date-math.js';
import { offsetAt } from './dsl/time-zone.js';
import { dateFormatter } from './mapping/date-format.js';

const DEFAULT_FORMAT = 'YYYY.MM.dd';

function parseError(expression: string, why: string): EsError {
  return new EsError('parse_exception', 400, `invalid dynamic name expression [${expression}]. ${why}`);
}

/** Whether `name` is a date-math expression (`<...>`). */
export function isDateMathName(name: string): boolean {
  return name.length > 1 && name.startsWith('<') && name.endsWith('>');
}

/** Resolve the date math in `name` against `now` (epoch millis). */
export function resolveDateMathIndexName(name: string, now: number = Date.now()): string {
  if (!isDateMathName(name)) return name;
  const text = name.slice(1, -1);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      if (i + 1 >= text.length) throw parseError(text, `invalid escape character at position [${i}]`);
      out += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '}') throw parseError(text, `invalid character in placeholder at position [${i}]`);
    if (c !== '{') {
      out += c;
      i++;
      continue;
    }
    // Placeholder: math up to `{format}` or the closing `}`.
    const start = i;
    i++;
    let math = '';
    let format: string | undefined;
    let closed = false;
    while (i < text.length) {
      const d = text[i]!;
      if (d === '\\') {
        math += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (d === '{') {
        const end = text.indexOf('}', i + 1);
        if (end === -1) throw parseError(text, `missing closing '}' for date format at position [${i}]`);
        format = text.slice(i + 1, end);
        i = end + 1;
        continue;
      }
      if (d === '}') {
        closed = true;
        i++;
        break;
      }
      math += d;
      i++;
    }
    if (!closed) throw parseError(text, `date math placeholder is open ended`);
    if (math.length === 0) throw parseError(text, `missing date math expression at position [${start}]`);
    out += evaluate(text, math, format, now);
  }
  return out;
}

function evaluate(expression: string, math: string, formatSpec: string | undefined, now: number): string {
  let pattern = DEFAULT_FORMAT;
  let zone: TimeZone = UTC;
  if (formatSpec !== undefined) {
    const bar = formatSpec.indexOf('|');
    pattern = bar === -1 ? formatSpec : formatSpec.slice(0, bar);
    if (bar !== -1) zone = parseTimeZone(formatSpec.slice(bar + 1));
    if (pattern.length === 0) throw parseError(expression, `missing date format`);
  }
  const millis = parseDateMath(math, { now, timeZone: zone });
  // Print the wall-clock time of the zone: shift by its offset and print as UTC.
  return dateFormatter(pattern).print(millis + offsetAt(zone, millis));
}
