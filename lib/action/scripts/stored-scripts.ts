/**
 * Stored scripts by id (`/_scripts/{id}`, ES 5.6 `StoredScriptSource`): the body is
 * `{"script": {"lang": ..., "code"|"source": ..., "options": {...}}}` (or `{"template": ...}`
 * for mustache). Painless and expression scripts are compiled before they are stored, so a
 * broken script is refused with its `script_exception`; they live in the cluster state beside
 * stored search templates and so persist across restarts.
 */
import type { NodeContext } from '../context.js';
import { illegalArgument } from '../../errors/errors.js';
import { putStoredTemplate, getStoredTemplate } from '../templates/stored-search-templates.js';

/** The `{lang, code}` of a `/_scripts/{id}` body. */
export function storedScriptOf(body: Record<string, unknown>): { lang: string; source: string } {
  if ('template' in body) {
    const t = body.template;
    return { lang: 'mustache', source: typeof t === 'string' ? t : JSON.stringify(t) };
  }
  const s = body.script;
  if (s === null || typeof s !== 'object' || Array.isArray(s)) throw illegalArgument('unable to parse stored script');
  const o = s as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!['lang', 'code', 'source', 'options'].includes(k)) throw illegalArgument(`[script] unknown field [${k}], parser not found`);
  }
  if (typeof o.lang !== 'string' || o.lang === '') throw illegalArgument('must specify lang for stored script');
  const code = o.code ?? o.source;
  if (code === undefined || code === null) throw illegalArgument('must specify code for stored script');
  return { lang: o.lang, source: typeof code === 'string' ? code : JSON.stringify(code) };
}

/** `PUT /_scripts/{id}`. */
export async function putStoredScript(ctx: NodeContext, id: string, body: Record<string, unknown>): Promise<{ acknowledged: true }> {
  const { lang, source } = storedScriptOf(body);
  return putStoredTemplate(ctx, id, source, lang);
}

/** `GET /_scripts/{id}`: `{_id, found, script: {lang, code}}`. */
export function getStoredScriptBody(ctx: NodeContext, id: string): { status: number; body: Record<string, unknown> } {
  const s = getStoredTemplate(ctx, id);
  const body: Record<string, unknown> = { _id: id, found: s !== undefined };
  if (s) body.script = { lang: s.lang, code: s.source };
  return { status: s ? 200 : 404, body };
}
