/**
 * `GET /{index}` and its features (`_settings`, `_mappings`, `_aliases`), and
 * `GET /{index}/_settings/{name}`.
 */
import type { ClusterState, IndexMetadata } from '../../cluster/state.js';
import { renderSettings, type Settings } from '../../cluster/settings.js';
import { simpleMatch } from '../../units/simple-match.js';
import { defaultIndexSettings } from '../../cluster/index-settings.js';
import { versionString } from '../../cluster/version.js';

export type IndexFeature = 'aliases' | 'mappings' | 'settings';

/** How settings are rendered: `flat_settings`, `human`, `include_defaults`. */
export interface SettingsRendering {
  flat: boolean;
  human?: boolean;
  includeDefaults?: boolean;
}

/**
 * ES 5.6 `IndexMetaData#addHumanReadableSettings` (with `human`): the creation date as an ISO
 * date and the created version as a version string, next to their raw forms.
 */
function withHumanSettings(settings: Settings): Settings {
  const out: Settings = { ...settings };
  const created = settings['index.version.created'];
  if (created !== undefined && created !== null) out['index.version.created_string'] = versionString(Number(created));
  const date = settings['index.creation_date'];
  if (date !== undefined && date !== null) out['index.creation_date_string'] = new Date(Number(date)).toISOString();
  return out;
}

function renderIndexSettings(settings: Settings, r: SettingsRendering): Settings | Record<string, unknown> {
  return renderSettings(r.human ? withHumanSettings(settings) : settings, r.flat);
}

export function renderAliases(meta: IndexMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(meta.aliases).sort()) out[name] = { ...meta.aliases[name] };
  return out;
}

export function getIndex(
  state: ClusterState,
  names: string[],
  features: IndexFeature[],
  rendering: SettingsRendering,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const meta = state.indices[name];
    if (!meta) continue;
    const entry: Record<string, unknown> = {};
    for (const f of features) {
      if (f === 'aliases') entry.aliases = renderAliases(meta);
      else if (f === 'mappings') entry.mappings = meta.mappings;
      else entry.settings = renderIndexSettings(meta.settings, rendering);
    }
    out[name] = entry;
  }
  return out;
}

/** Settings of the named indices, filtered by setting name patterns. */
export function getSettings(state: ClusterState, names: string[], patterns: string[], rendering: SettingsRendering): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const meta = state.indices[name];
    if (!meta) continue;
    const filtered = patterns.length > 0 && !(patterns.length === 1 && patterns[0] === '_all');
    const pick = (all: Settings): Settings => {
      if (!filtered) return all;
      const picked: Settings = {};
      for (const [k, v] of Object.entries(all)) {
        if (patterns.some((p) => simpleMatch(p, k) || simpleMatch(`index.${p}`, k))) picked[k] = v;
      }
      return picked;
    };
    const settings = pick(meta.settings);
    // ES 5.6 `RestGetSettingsAction`: `defaults` lists the known settings the index leaves at
    // their default, filtered by the same names.
    const defaults = rendering.includeDefaults ? pick(defaultIndexSettings(meta.settings)) : undefined;
    if (filtered && Object.keys(settings).length === 0 && (!defaults || Object.keys(defaults).length === 0)) continue;
    const entry: Record<string, unknown> = { settings: renderIndexSettings(settings, rendering) };
    if (defaults) entry.defaults = renderSettings(defaults, rendering.flat);
    out[name] = entry;
  }
  return out;
}
