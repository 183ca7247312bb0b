/**
 * `GET|HEAD|DELETE /_template/{name}`: names are comma lists of exact names or globs.
 * GET renders each template as ES 5.6 `IndexTemplateMetaData.Builder#toXContent` with reduced
 * mappings: `order`, `version`, `template`, `settings`, `mappings`, `aliases`.
 */
import type { NodeContext } from '../context.js';
import type { ClusterState, IndexTemplate } from '../../cluster/state.js';
import { EsError } from '../../errors/errors.js';
import { renderSettings } from '../../cluster/settings.js';
import { simpleMatch } from '../../units/simple-match.js';
import { dictOf } from '../../dict.js';
import { onMaster } from '../master-task.js';

/** Template names matching a comma list of names / globs (all when empty or `_all`). */
export function matchTemplateNames(state: ClusterState, names: string[]): string[] {
  const all = Object.keys(state.templates);
  if (names.length === 0 || names.includes('_all')) return all;
  const out = new Set<string>();
  for (const n of names) for (const t of all) if (n === t || simpleMatch(n, t)) out.add(t);
  return [...out];
}

export function renderTemplate(t: IndexTemplate, flat: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { order: t.order };
  if (t.version !== undefined) out.version = t.version;
  out.template = t.template;
  out.settings = renderSettings(t.settings, flat);
  out.mappings = { ...t.mappings };
  const aliases: Record<string, unknown> = {};
  for (const [a, m] of Object.entries(t.aliases)) aliases[a] = { ...m };
  out.aliases = aliases;
  return out;
}

/** GET: status 404 with `{}` when named templates match nothing. */
export function getTemplates(state: ClusterState, names: string[], flat: boolean): { status: number; body: Record<string, unknown> } {
  const matched = matchTemplateNames(state, names);
  const body: Record<string, unknown> = {};
  for (const n of matched) body[n] = renderTemplate(state.templates[n]!, flat);
  return { status: names.length === 0 || matched.length > 0 ? 200 : 404, body };
}

export async function deleteTemplate(ctx: NodeContext, name: string): Promise<{ acknowledged: true }> {
  await onMaster(ctx, DELETE_TEMPLATE_TASK, deleteTemplateTask, { name });
  return { acknowledged: true };
}

export const DELETE_TEMPLATE_TASK = 'templates:delete';

/** The master task of `DELETE /_template/{name}`. */
export function deleteTemplateTask(state: ClusterState, { name }: { name: string }): ClusterState {
  const names = matchTemplateNames(state, [name]);
  if (names.length === 0) {
    throw new EsError('index_template_missing_exception', 404, `index_template [${name}] missing`);
  }
  const templates = dictOf(state.templates);
  for (const n of names) delete templates[n];
  return { ...state, templates };
}
