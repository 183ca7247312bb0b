/**
 * ES `TimeValue.parseTimeValue(text, null, setting)` for body durations such as `timeout`:
 * a number with a unit (`nanos`, `micros`, `ms`, `s`, `m`, `h`, `d`), `-1` or `0`.
 */
import { EsError } from '../errors/errors.js';

/** A parsed duration. */
export interface TimeValue {
  /** As given. */
  text: string;
  /** Milliseconds (fractional for sub-millisecond units); -1 means "no limit". */
  millis: number;
}

const UNITS: [string, number][] = [
  ['nanos', 1e-6],
  ['micros', 1e-3],
  ['ms', 1],
  ['s', 1000],
  ['m', 60_000],
  ['h', 3_600_000],
  ['d', 86_400_000],
];

/** Parse a duration; errors are `parse_exception`s worded as ES's. */
export function parseTimeValue(text: string, setting: string): TimeValue {
  const t = text.trim().toLowerCase();
  if (t === '-1') return { text, millis: -1 };
  if (t === '0') return { text, millis: 0 };
  for (const [unit, factor] of UNITS) {
    if (t.endsWith(unit) && !(unit === 's' && t.endsWith('nanos')) && !(unit === 's' && t.endsWith('micros')) && !(unit === 's' && t.endsWith('ms'))) {
      const num = t.slice(0, -unit.length).trim();
      if (!/^-?\d+(\.\d+)?$/.test(num)) {
        throw new EsError('parse_exception', 400, `failed to parse [${text}]`, {
          causedBy: new EsError('number_format_exception', 400, `For input string: "${num}"`),
        });
      }
      return { text, millis: Number(num) * factor };
    }
  }
  throw new EsError('parse_exception', 400, `failed to parse setting [${setting}] with value [${text}] as a time value: unit is missing or unrecognized`);
}
