/**
 * Running an update script (ES 5.6 `UpdateHelper#executeScript`): the script sees `ctx`
 * (`_source` and the document's metadata, `op`, `_now`) and `params`; whatever fails — an
 * unknown language, disabled scripts, a compile or runtime error — is wrapped into
 * `illegal_argument_exception` "failed to execute script", as 5.6 does.
 */
import type { ScriptRef } from '../dsl/script-ref.js';
import type { ScriptService } from '../script/script-service.js';
import { EsError, illegalArgument, toEsError } from '../errors/errors.js';
import { toHost, toJsonText, toScript } from '../script/runtime/values.js';

/** The `ctx` map after the script ran, back as host data. */
export interface UpdateScriptResult {
  op: string | null;
  source: Record<string, unknown>;
  /** The new `_source` as JSON text, doubles written as Java writes them (`10.0`). */
  sourceText: string;
}

/** Run `script` over `ctx` (host data; `_source` an object). */
export function runUpdateScript(scripts: ScriptService, script: ScriptRef, vars: Record<string, unknown>): UpdateScriptResult {
  try {
    const { script: compiled } = scripts.compile(script, 'update');
    const ctxMap = toScript(vars) as Map<unknown, unknown>;
    compiled.execute({ params: toScript(script.params), ctx: ctxMap });
    const sourceValue = ctxMap.get('_source');
    const source = toHost(sourceValue);
    if (source === null || typeof source !== 'object' || Array.isArray(source)) {
      throw new EsError('class_cast_exception', 500, `${Array.isArray(source) ? 'java.util.ArrayList' : 'java.lang.Object'} cannot be cast to java.util.Map`);
    }
    const op = ctxMap.get('op');
    return {
      op: typeof op === 'string' ? op : op === null || op === undefined ? null : String(toHost(op)),
      source: source as Record<string, unknown>,
      sourceText: toJsonText(sourceValue),
    };
  } catch (e) {
    throw illegalArgument('failed to execute script', e instanceof EsError ? e : toEsError(e));
  }
}
