/**
 * `strata.reset.enabled` (node setting, default false): serve `POST /_strata/reset`, which puts
 * a memory node back to its fixture state. Off by default because it throws data away; a test
 * harness outside JavaScript turns it on (`-E strata.reset.enabled=true`).
 */
import { EsError } from '../errors/errors.js';

export const RESET_SETTING = 'strata.reset.enabled';

/** The setting's value; anything but `true`/`false` stops the node as a bad boolean setting stops ES. */
export function resetEnabled(settings: Record<string, string>): boolean {
  const raw = settings[RESET_SETTING];
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${raw}] as only [true] or [false] are allowed.`);
}
