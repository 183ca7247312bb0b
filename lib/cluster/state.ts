/**
 * The cluster state: one versioned value holding every piece of cluster metadata (indices with
 * their settings, mappings and aliases; templates; persistent cluster settings; ingest pipelines;
 * stored scripts). A metadata change is a pure function from state (and request) to the next
 * state (`ClusterStateUpdate`); the node persists the result before acknowledging.
 */
import type { Settings } from './settings.js';
import { deepDict, dict, dictOf } from '../dict.js';

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
  /**
   * Where each shard's primary lives, in cluster mode only (lib/cluster/allocation/allocate.ts
   * writes it; absent on a single node, where every shard is local). ES keeps primary terms and
   * in-sync allocation ids in `IndexMetaData` and the copies in the routing table; Strata keeps
   * both here, one entry per shard.
   */
  routing?: ShardAssignment[];
}

/** One shard's primary in cluster mode: its home node and whether that node is in the cluster. */
export interface ShardAssignment {
  /** The node holding the primary's data (kept while the node is away, so it returns to it); null before allocation. */
  node: string | null;
  /** STARTED when `node` is a member of the cluster, UNASSIGNED otherwise. */
  state: 'STARTED' | 'UNASSIGNED';
  /** ES's primary term: bumped whenever an in-sync replica is promoted to primary. */
  primaryTerm: number;
  /** Allocation ids of the copies known to hold every acknowledged write: the primary's and its STARTED replicas'. */
  inSync: string[];
  /** The primary copy's allocation id (absent: the id derived from the index uuid and shard, the first primary's). */
  allocationId?: string;
  /** The replica copies, each on a node other than the primary's and each other's (absent: none). */
  replicas?: ReplicaAssignment[];
  /**
   * Copies whose node left, held unassigned for `index.unassigned.node_left.delayed_timeout`
   * (ES 5.6 delayed allocation): no replacement is allocated meanwhile, and the node gets the
   * copy back if it returns in time (absent: none).
   */
  delayed?: DelayedCopy[];
}

/** A copy waiting for its node to return (lib/cluster/allocation/allocate.ts). */
export interface DelayedCopy {
  /** The node that held it. */
  node: string;
  /** When the node was seen gone (ms since the epoch). */
  since: number;
}

/** One replica copy in cluster mode (lib/cluster/replication/). */
export interface ReplicaAssignment {
  node: string;
  /**
   * INITIALIZING while its store is copied from the primary (receives no writes); STARTED once
   * copied, when it takes writes and the operations written during the copy are replayed on it.
   * It is active (read from, counted by health and `_cat/shards` as STARTED) only once it also
   * joined the in-sync set: see `replicaActive`.
   */
  state: 'INITIALIZING' | 'STARTED';
  allocationId: string;
}

/**
 * Whether a replica is active as ES means it: started and in sync. ES 5.6 replays the writes made
 * during a recovery before it starts the copy, so a started copy there is always in sync; Strata
 * starts the copy first (so it takes the writes that race the replay) and adds it to the in-sync
 * set after the replay, and shows the copy INITIALIZING until then, as ES would.
 */
export function replicaActive(a: ShardAssignment, r: ReplicaAssignment): boolean {
  return r.state === 'STARTED' && a.inSync.includes(r.allocationId);
}

/** A member of the cluster as the master publishes it (ES `DiscoveryNode`). */
export interface ClusterNodeInfo {
  id: string;
  name: string;
  /** The address the transport and HTTP listen on. */
  host: string;
  transportPort: number;
  httpPort: number;
  master: boolean;
  data: boolean;
  attributes: Record<string, string>;
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
  /** Cluster mode only: the members, by node id, as the elected master last published them. */
  nodes?: Record<string, ClusterNodeInfo>;
  /** Cluster mode only: the node id of the elected master (null while there is none). */
  masterNode?: string | null;
}

export type ClusterStateUpdate = (state: ClusterState) => ClusterState;

export function emptyState(clusterUuid: string): ClusterState {
  return {
    version: 0,
    clusterUuid,
    indices: dict(),
    templates: dict(),
    persistentSettings: dict(),
    transientSettings: dict(),
    pipelines: dict(),
    storedScripts: dict(),
  };
}

/**
 * The state with every user-keyed record (index, template, pipeline and script names, settings
 * keys, mapping and alias JSON) as a null-prototype object, so no name reaches
 * `Object.prototype` (see lib/dict.ts). Entries identical to `prev`'s are already normalised
 * and reused; updates may build their records with spreads and this fixes them up once.
 */
export function normalizeState(next: ClusterState, prev?: ClusterState): ClusterState {
  const indices = dict<IndexMetadata>();
  for (const [name, meta] of Object.entries(next.indices)) {
    indices[name] = prev && Object.hasOwn(prev.indices, name) && prev.indices[name] === meta ? meta : normalizeIndex(meta);
  }
  const templates = dict<IndexTemplate>();
  for (const [name, t] of Object.entries(next.templates)) {
    templates[name] = prev && Object.hasOwn(prev.templates, name) && prev.templates[name] === t ? t : normalizeTemplate(t);
  }
  return {
    ...next,
    indices,
    templates,
    persistentSettings: dictOf(next.persistentSettings),
    transientSettings: dictOf(next.transientSettings),
    pipelines: deepDict(dictOf(next.pipelines)),
    storedScripts: deepDict(dictOf(next.storedScripts)),
    ...(next.nodes ? { nodes: dictOf(next.nodes) } : {}),
  };
}

function normalizeIndex(meta: IndexMetadata): IndexMetadata {
  return { ...meta, settings: dictOf(meta.settings), mappings: deepDict(dictOf(meta.mappings)), aliases: deepDict(dictOf(meta.aliases)) };
}

function normalizeTemplate(t: IndexTemplate): IndexTemplate {
  return { ...t, settings: dictOf(t.settings), mappings: deepDict(dictOf(t.mappings)), aliases: deepDict(dictOf(t.aliases)) };
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
