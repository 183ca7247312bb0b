/**
 * Durations in index and cluster settings (`index.refresh_interval`, ...): ES's
 * `TimeValue.parseTimeValue`, whose failure a settings update reports as an
 * `illegal_argument_exception` with the same reason.
 */
import { EsError } from '../errors/es-error.js';
import { parseTimeValue } from '../units/time-value.js';

/** Milliseconds for a duration string; `-1` and `0` need no unit. */
export function parseTimeMs(value: string, settingName: string): number {
  try {
    return parseTimeValue(value, settingName).millis();
  } catch (err) {
    if (!(err instanceof EsError)) throw err;
    throw new EsError('illegal_argument_exception', 400, err.reason, err.causedBy ? { causedBy: err.causedBy } : {});
  }
}
