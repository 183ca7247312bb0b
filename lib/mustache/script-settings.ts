/**
 * Whether mustache scripts of a given type may run (ES 5.6 `ScriptModes`): mustache is a
 * sandboxed language, so inline, stored and file scripts are on unless `script.<type>` or
 * `script.engine.mustache.<type>` (or the `.search` operation form) says false.
 */
import { EsError } from '../errors/errors.js';

export type ScriptType = 'inline' | 'stored' | 'file';

function isFalse(v: string | undefined): boolean {
  return v !== undefined && ['false', '0', 'off', 'no'].includes(v.toLowerCase());
}

export function mustacheEnabled(settings: Record<string, string>, type: ScriptType): boolean {
  const keys = [`script.engine.mustache.${type}.search`, `script.engine.mustache.${type}`, `script.${type}`];
  for (const k of keys) {
    const v = settings[k];
    if (v !== undefined) return !isFalse(v);
  }
  return true;
}

/** Throw ES's error when `type` scripts are disabled for search. */
export function checkMustacheEnabled(settings: Record<string, string>, type: ScriptType): void {
  if (!mustacheEnabled(settings, type)) {
    throw new EsError('illegal_state_exception', 500, `scripts of type [${type}], operation [search] and lang [mustache] are disabled`);
  }
}
