/**
 * `PUT /{index}/_settings`: dynamic settings change on open indices; static ones are refused
 * as ES 5.6 refuses them; `null` resets a setting to its default.
 */
import type { NodeContext } from '../context.js';
import { flattenSettings, normalizeIndexSettings } from '../../cluster/settings.js';
import { cannotUpdate, checkShardCopies, nonDynamicKeys, validateIndexSettings } from '../../cluster/index-settings.js';
import { illegalArgument } from '../../errors/errors.js';
import { dictOf } from '../../dict.js';
import type { ClusterState } from '../../cluster/state.js';
import type { Settings } from '../../cluster/settings.js';
import { onMaster } from '../master-task.js';

const PRIVATE = ['index.uuid', 'index.creation_date', 'index.version.created', 'index.provided_name', 'index.version.upgraded'];

export async function updateSettings(ctx: NodeContext, names: string[], body: unknown, preserveExisting: boolean): Promise<{ acknowledged: true }> {
  const raw = body && typeof body === 'object' && 'settings' in (body as object) ? (body as { settings: unknown }).settings : body;
  const changes = normalizeIndexSettings(flattenSettings(raw ?? {}));
  if (Object.keys(changes).length === 0) throw illegalArgument('no settings to update');
  const nonNull = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== null));
  validateIndexSettings(nonNull);
  const priv = Object.keys(changes).filter((k) => PRIVATE.includes(k));
  if (priv.length > 0) throw illegalArgument(`can not update private setting [${priv[0]}]; this setting is managed by Elasticsearch`);
  await onMaster(ctx, UPDATE_SETTINGS_TASK, updateSettingsTask, { names, changes, preserveExisting });
  return { acknowledged: true };
}

export const UPDATE_SETTINGS_TASK = 'indices:update-settings';

/** The master task of `PUT /{index}/_settings` (lib/action/master-task.ts). */
export function updateSettingsTask(state: ClusterState, p: { names: string[]; changes: Settings; preserveExisting: boolean }): ClusterState {
  const { names, changes, preserveExisting } = p;
  const fixed = nonDynamicKeys(changes);
  const openOnes = names.map((n) => state.indices[n]!).filter((m) => m && m.state === 'open');
  if (fixed.length > 0 && openOnes.length > 0) {
    throw cannotUpdate(fixed, openOnes.map((m) => ({ name: m.name, uuid: m.uuid })));
  }
  const indices = dictOf(state.indices);
  for (const n of names) {
    const meta = indices[n];
    if (!meta) continue;
    checkShardCopies(meta.settings, changes['index.number_of_replicas']);
    const settings = dictOf(meta.settings);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) delete settings[k];
      else if (!(preserveExisting && k in settings)) settings[k] = v;
    }
    indices[n] = { ...meta, settings };
  }
  return { ...state, indices };
}
