/**
 * Search-template requests (ES 5.6 `SearchTemplateRequest`): exactly one of `inline` (alias
 * `template`; an object is serialised to JSON first), `file` (a `.mustache` file of the node's
 * `config/scripts`) or `id` (a stored template), plus `params`, `explain`, `profile`. Rendering
 * yields the search body text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeContext } from '../context.js';
import { actionRequestValidation, EsError, illegalArgument, jsonParse, toEsError } from '../../errors/errors.js';
import { renderMustache } from '../../mustache/render.js';
import { checkMustacheEnabled, type ScriptType } from '../../mustache/script-settings.js';
import { dict } from '../../dict.js';
import { parseJsonBody } from '../../units/json-body.js';

export interface SearchTemplateRequest {
  type: ScriptType;
  /** Template text (inline), file name, or stored id. */
  script: string;
  params: Record<string, unknown>;
  explain?: boolean;
  profile?: boolean;
}

/** Parse a `_search/template` / `_render/template` body; `id` from the path wins when given. */
export function parseSearchTemplateBody(body: Record<string, unknown>, pathId?: string): SearchTemplateRequest {
  let type: ScriptType | undefined;
  let script: string | undefined;
  let params: Record<string, unknown> = dict();
  const out: Partial<SearchTemplateRequest> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === 'inline' || k === 'template') {
      type = 'inline';
      script = typeof v === 'string' ? v : JSON.stringify(v);
    } else if (k === 'file' || k === 'id') {
      if (typeof v !== 'string') throw illegalArgument(`[search_template] ${k} doesn't support values of type: ${typeof v === 'object' ? 'START_OBJECT' : 'VALUE_NUMBER'}`);
      type = k === 'file' ? 'file' : 'stored';
      script = v;
    } else if (k === 'params') {
      if (v !== null && (typeof v !== 'object' || Array.isArray(v))) throw illegalArgument('[search_template] params doesn\'t support values of type: VALUE');
      params = (v ?? {}) as Record<string, unknown>;
    } else if (k === 'explain' || k === 'profile') {
      out[k] = v === true || v === 'true';
    } else {
      throw illegalArgument(`[search_template] unknown field [${k}], parser not found`);
    }
  }
  if (pathId !== undefined) {
    type = 'stored';
    script = pathId;
  }
  // ES 5.6 `SearchTemplateRequest#validate`: a missing or empty script is a validation error.
  if (type === undefined || script === undefined || script === '') throw actionRequestValidation(['template is missing']);
  return { ...out, type, script, params };
}

/**
 * Where file scripts live: ES 5.6's `path.scripts` setting, else `scripts/` under `path.conf`
 * or `<path.home>/config`.
 */
export function scriptsDir(ctx: Pick<NodeContext, 'settings'>): string | undefined {
  if (ctx.settings['path.scripts']) return ctx.settings['path.scripts'];
  const conf = ctx.settings['path.conf'] ?? (ctx.settings['path.home'] ? join(ctx.settings['path.home'], 'config') : undefined);
  return conf ? join(conf, 'scripts') : undefined;
}

/** A file script name that stays inside the scripts folder: no separators, no `..`, no NUL. */
export function isPlainScriptName(name: string): boolean {
  return name !== '' && !/[/\\\0]/.test(name) && !name.includes('..');
}

/** The template text the request names. */
export function templateText(ctx: NodeContext, req: SearchTemplateRequest): string {
  checkMustacheEnabled(ctx.settings, req.type);
  if (req.type === 'inline') return req.script;
  if (req.type === 'stored') {
    const scripts = ctx.cluster.state().storedScripts;
    const s = Object.hasOwn(scripts, req.script) ? scripts[req.script] : undefined;
    if (!s) throw new EsError('resource_not_found_exception', 404, `unable to find script [${req.script}] in cluster state`);
    return s.source;
  }
  const dir = scriptsDir(ctx);
  // ES finds file scripts by name among the files it loaded from the scripts folder, so a name
  // holding a path separator or `..` never names a file (and must not reach outside the folder).
  if (dir && isPlainScriptName(req.script)) {
    try {
      return readFileSync(join(dir, `${req.script}.mustache`), 'utf8');
    } catch {
      /* fall through to ES's error */
    }
  }
  throw illegalArgument(`Unable to find on disk file script [${req.script}] using lang [mustache]`);
}

/**
 * The template-text lookup a `template` query parses with (lib/dsl `ParseOptions.templateSource`):
 * inline text, stored id or file name, with the node's script settings applied.
 */
export function templateLookup(ctx: NodeContext): (type: ScriptType, idOrCode: string) => string {
  return (type, idOrCode) => templateText(ctx, { type, script: idOrCode, params: {} });
}

/** Render the request to search-body text. */
export function renderSearchTemplate(ctx: NodeContext, req: SearchTemplateRequest): string {
  return renderMustache(templateText(ctx, req), req.params);
}

/** Render and parse to the JSON body (`template_output`). */
export function renderToJson(ctx: NodeContext, req: SearchTemplateRequest): unknown {
  const text = renderSearchTemplate(ctx, req);
  try {
    return parseJsonBody(text);
  } catch (e) {
    throw jsonParse(`Failed to parse rendered template: ${toEsError(e).reason}`);
  }
}
