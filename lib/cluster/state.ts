/**
 * The cluster state: one versioned value holding every piece of cluster metadata (indices with
 * their settings, mappings and aliases; templates; persistent cluster settings; ingest pipelines;
 * stored scripts). A metadata change is a pure function from state (and request) to the next
 * state (`ClusterStateUpdate`); the node persists the result before acknowledging.
 */
import type { Settings } from './settings.js';

export interface AliasMetadata {
  filter?: Record<string, unknown>;
  index_routing?: string;
  search_routing?: string;
}

export interface IndexMetadata {
  name: string;
  uuid: string;
  state: 'open' | 'close';
  /** Flat settings including `index.number_of_shards`, `index.uuid`, `index.creation_date`... */
  settings: Settings;
  /** Mapping JSON per type, as `GET /{index}/_mapping` renders it. */
  mappings: Record<string, Record<string, unknown>>;
  aliases: Record<string, AliasMetadata>;
  /** Bumped on every mapping change, so caches of compiled mappers know when to rebuild. */
  mappingVersion: number;
}

export interface IndexTemplate {
  template: string;
  order: number;
  version?: number;
  settings: Settings;
  mappings: Record<string, Record<string, unknown>>;
  aliases: Record<string, AliasMetadata>;
}

export interface ClusterState {
  version: number;
  clusterUuid: string;
  indices: Record<string, IndexMetadata>;
  templates: Record<string, IndexTemplate>;
  persistentSettings: Settings;
  transientSettings: Settings;
  pipelines: Record<string, unknown>;
  storedScripts: Record<string, { lang: string; source: string; options?: Record<string, unknown> }>;
}

export type ClusterStateUpdate = (state: ClusterState) => ClusterState;

export function emptyState(clusterUuid: string): ClusterState {
  return {
    version: 0,
    clusterUuid,
    indices: {},
    templates: {},
    persistentSettings: {},
    transientSettings: {},
    pipelines: {},
    storedScripts: {},
  };
}

export function numberOfShards(meta: IndexMetadata): number {
  return Number(meta.settings['index.number_of_shards'] ?? '5');
}

export function numberOfReplicas(meta: IndexMetadata): number {
  return Number(meta.settings['index.number_of_replicas'] ?? '1');
}

/** Every alias name defined on any index. */
export function aliasNames(state: ClusterState): Set<string> {
  const out = new Set<string>();
  for (const meta of Object.values(state.indices)) for (const a of Object.keys(meta.aliases)) out.add(a);
  return out;
}
