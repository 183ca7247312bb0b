/**
 * Minimal duration parsing for settings validation, as ES `TimeValue.parseTimeValue`.
 * (api/rest and lib/units carry the full unit set for request parameters.)
 */
import { EsError } from '../errors/es-error.js';

const UNITS: Array<[string, number]> = [
  ['nanos', 1e-6],
  ['micros', 1e-3],
  ['ms', 1],
  ['s', 1000],
  ['m', 60_000],
  ['h', 3_600_000],
  ['d', 86_400_000],
];

/** Milliseconds for a duration string; `-1` and `0` need no unit. */
export function parseTimeMs(value: string, settingName: string): number {
  const v = value.trim().toLowerCase();
  if (v === '-1') return -1;
  if (v === '0') return 0;
  for (const [unit, factor] of UNITS.slice().sort((a, b) => b[0].length - a[0].length)) {
    if (v.endsWith(unit)) {
      const num = v.slice(0, -unit.length).trim();
      if (/^-?\d+(\.\d+)?$/.test(num)) return Number(num) * factor;
      break;
    }
  }
  throw new EsError(
    'illegal_argument_exception',
    400,
    `failed to parse setting [${settingName}] with value [${value}] as a time value: unit is missing or unrecognized`,
  );
}
