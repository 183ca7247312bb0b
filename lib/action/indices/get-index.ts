/**
 * `GET /{index}` and its features (`_settings`, `_mappings`, `_aliases`), and
 * `GET /{index}/_settings/{name}`.
 */
import type { ClusterState, IndexMetadata } from '../../cluster/state.js';
import { renderSettings, simpleMatch, type Settings } from '../../cluster/settings.js';

export type IndexFeature = 'aliases' | 'mappings' | 'settings';

export function renderAliases(meta: IndexMetadata): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(meta.aliases).sort()) out[name] = { ...meta.aliases[name] };
  return out;
}

export function getIndex(
  state: ClusterState,
  names: string[],
  features: IndexFeature[],
  flat: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const meta = state.indices[name];
    if (!meta) continue;
    const entry: Record<string, unknown> = {};
    for (const f of features) {
      if (f === 'aliases') entry.aliases = renderAliases(meta);
      else if (f === 'mappings') entry.mappings = meta.mappings;
      else entry.settings = renderSettings(meta.settings, flat);
    }
    out[name] = entry;
  }
  return out;
}

/** Settings of the named indices, filtered by setting name patterns. */
export function getSettings(state: ClusterState, names: string[], patterns: string[], flat: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const meta = state.indices[name];
    if (!meta) continue;
    let settings: Settings = meta.settings;
    if (patterns.length > 0 && !(patterns.length === 1 && patterns[0] === '_all')) {
      settings = {};
      for (const [k, v] of Object.entries(meta.settings)) {
        if (patterns.some((p) => simpleMatch(p, k) || simpleMatch(`index.${p}`, k))) settings[k] = v;
      }
      if (Object.keys(settings).length === 0) continue;
    }
    out[name] = { settings: renderSettings(settings, flat) };
  }
  return out;
}
