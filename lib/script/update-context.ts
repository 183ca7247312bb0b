/**
 * Running an update script over its `ctx` (ES 5.6 `UpdateHelper#executeScript`): the script sees
 * `ctx` (`_source` and the document's metadata, `op`, `_now`) and `params`, and may change
 * `_source` and `op`. Pure: host data in, host data out; it runs on a script worker thread
 * (isolated/), so nothing here may need the node.
 */
import { EsError } from '../errors/es-error.js';
import type { ExecutableScript } from './types.js';
import { toHost, toJsonText, toScript } from './runtime/values.js';

/** The `ctx` map after the script ran, back as host data. */
export interface UpdateScriptResult {
  op: string | null;
  source: Record<string, unknown>;
  /** The new `_source` as JSON text, doubles written as Java writes them (`10.0`). */
  sourceText: string;
  /**
   * Every other `ctx` entry after the script ran (`_id`, `_index`, `_routing`, ... as host data):
   * reindex and update-by-query read the metadata a script may change.
   */
  meta: Record<string, unknown>;
}

/** Run `script` with `params` over `vars` (the `ctx` map as host data; `_source` an object). Throws ES errors. */
export function executeUpdateScript(script: ExecutableScript, params: unknown, vars: Record<string, unknown>): UpdateScriptResult {
  const ctxMap = toScript(vars) as Map<unknown, unknown>;
  script.execute({ params: toScript(params), ctx: ctxMap });
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
    meta: metaOf(ctxMap),
  };
}

/** The `ctx` entries other than `_source` and `op`, as host data in a null-prototype record. */
function metaOf(ctxMap: Map<unknown, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, v] of ctxMap) {
    if (k === '_source' || k === 'op' || typeof k !== 'string') continue;
    out[k] = toHost(v);
  }
  return out;
}
