/**
 * Stored search templates (`POST /_search/template/{id}`, `PUT /_scripts/mustache/{id}`): kept in
 * the cluster state's `storedScripts` with lang `mustache`, compiled before storing so a broken
 * template is refused, as ES 5.6 `ScriptService#putStoredScript` does.
 */
import type { NodeContext } from '../context.js';
import { EsError, illegalArgument } from '../../errors/errors.js';
import { compileMustache } from '../../mustache/render.js';
import { dictOf } from '../../dict.js';
import type { ClusterState } from '../../cluster/state.js';
import { onMaster } from '../master-task.js';

/** The template text of a stored-template body: `template` / `script` (string or object) or the whole body. */
export function templateSourceOf(body: Record<string, unknown>): string {
  const pick = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
  if ('template' in body) return pick(body.template);
  if ('script' in body) {
    const s = body.script;
    if (s !== null && typeof s === 'object' && !Array.isArray(s)) {
      const o = s as Record<string, unknown>;
      const code = o.source ?? o.code ?? o.inline;
      if (code !== undefined) return pick(code);
    }
    return pick(s);
  }
  return JSON.stringify(body);
}

export async function putStoredTemplate(ctx: NodeContext, id: string, source: string, lang = 'mustache'): Promise<{ acknowledged: true }> {
  if (id.includes('#')) throw illegalArgument(`stored script id cannot contain '#'`);
  if (lang === 'mustache') {
    try {
      compileMustache(source);
    } catch (e) {
      throw illegalArgument(`failed to parse/compile stored script [${id}]`, new EsError('general_script_exception', 400, `Unable to parse [${source}] using lang [mustache]`, {
        ...(e instanceof EsError ? { causedBy: e } : {}),
      }));
    }
  } else {
    // painless/expression are compiled before storing (ES 5.6 ScriptService#putStoredScript)
    ctx.scripts.validate(lang, source);
  }
  await onMaster(ctx, PUT_STORED_SCRIPT_TASK, putStoredScriptTask, { id, lang, source });
  return { acknowledged: true };
}

export const PUT_STORED_SCRIPT_TASK = 'scripts:put';

/** The master task of a stored script or template put (compiled by the requesting node). */
export function putStoredScriptTask(state: ClusterState, { id, lang, source }: { id: string; lang: string; source: string }): ClusterState {
  return { ...state, storedScripts: { ...state.storedScripts, [id]: { lang, source } } };
}

/** The stored source, or undefined. */
export function getStoredTemplate(ctx: NodeContext, id: string): { lang: string; source: string } | undefined {
  const s = ctx.cluster.state().storedScripts[id];
  return s ? { lang: s.lang, source: s.source } : undefined;
}

export async function deleteStoredTemplate(ctx: NodeContext, id: string): Promise<{ acknowledged: true }> {
  await onMaster(ctx, DELETE_STORED_SCRIPT_TASK, deleteStoredScriptTask, { id });
  return { acknowledged: true };
}

export const DELETE_STORED_SCRIPT_TASK = 'scripts:delete';

/** The master task of a stored script or template delete. */
export function deleteStoredScriptTask(state: ClusterState, { id }: { id: string }): ClusterState {
  if (!state.storedScripts[id]) throw new EsError('resource_not_found_exception', 404, `Stored script with id [${id}] does not exist`);
  const storedScripts = dictOf(state.storedScripts);
  delete storedScripts[id];
  return { ...state, storedScripts };
}
