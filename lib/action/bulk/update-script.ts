/**
 * Running an update script (ES 5.6 `UpdateHelper#executeScript`) through the node's script
 * service, which runs it on a script worker thread (lib/script/isolated/); whatever fails — an
 * unknown language, disabled scripts, a compile or runtime error — is wrapped into
 * `illegal_argument_exception` "failed to execute script", as 5.6 does.
 */
import type { NodeContext } from '../context.js';
import type { ScriptRef } from '../../dsl/script-ref.js';
import { EsError, illegalArgument, toEsError } from '../../errors/errors.js';
import type { UpdateScriptResult } from '../../script/update-context.js';

export type { UpdateScriptResult };

/** Run `script` over `ctx` (host data; `_source` an object). */
export async function runUpdateScript(ctx: NodeContext, script: ScriptRef, vars: Record<string, unknown>): Promise<UpdateScriptResult> {
  try {
    return await ctx.scripts.runUpdate(script, vars);
  } catch (e) {
    throw illegalArgument('failed to execute script', e instanceof EsError ? e : toEsError(e));
  }
}
