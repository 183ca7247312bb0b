/**
 * The shard bulk across the shard boundary: what the coordinator (lib/action/bulk) sends one
 * shard's primary and what comes back. Sources travel as the bytes the client sent (after the
 * coordinator ran any ingest pipeline); the primary parses them against the index's mappings
 * (asking the master for a dynamic mapping update first, as ES's primary does, so mapping
 * changes are in the cluster state before the answer), assigns versions and sequence numbers,
 * and runs `update` items as one read-modify-write on the shard. Types only: plain data both
 * sides import, carried unchanged by any transport (bytes as bytes).
 */
import type { ShardError } from './shard-error.js';
import type { ShardTarget } from './shard-maintenance.js';

/** ES 5.6 `VersionType` (`external_gt` is read as `external`). */
export type VersionType = 'internal' | 'external' | 'external_gte' | 'force';

/** An `index` or `create` item. */
export interface ShardIndexItem {
  op: 'index' | 'create';
  type: string;
  id: string;
  /** The document's JSON, as sent (or as the ingest pipeline left it). */
  source: Uint8Array;
  routing?: string;
  parent?: string;
  /** Expected version (internal) or the new version (external*). Absent: no check. */
  version?: number;
  versionType?: VersionType;
}

export interface ShardDeleteItem {
  op: 'delete';
  type: string;
  id: string;
  routing?: string;
  version?: number;
  versionType?: VersionType;
}

/** The body of an update (ES 5.6 `UpdateRequest`), as plain data. */
export interface ShardUpdateSpec {
  doc?: Record<string, unknown>;
  upsert?: Record<string, unknown>;
  docAsUpsert: boolean;
  detectNoop: boolean;
  scriptedUpsert: boolean;
  /** A parsed script reference (`lib/dsl/script-ref.ts` `ScriptRef`): type, id or code, lang, params, options. */
  script?: { type: 'inline' | 'stored' | 'file'; idOrCode: string; lang: string; params: Record<string, unknown>; options?: Record<string, string> };
  retryOnConflict: number;
  /** `fields` (5.x) / `_source` filter of the `get` returned in the update response. */
  fields?: string[];
  sourceFilter?: unknown;
}

/** An `update` item: read the live document, apply `update`, write it back, all on the primary. */
export interface ShardUpdateItem {
  op: 'update';
  type: string;
  id: string;
  routing?: string;
  parent?: string;
  version?: number;
  update: ShardUpdateSpec;
}

export type ShardWriteItem = ShardIndexItem | ShardDeleteItem | ShardUpdateItem;

/** One shard's items, applied in order. */
export interface ShardBulkRequest extends ShardTarget {
  items: ShardWriteItem[];
  /**
   * Cluster mode: `wait_for_active_shards` as a count of copies (the coordinator resolves `all`);
   * the primary waits up to `timeoutMs` for that many active copies before it writes.
   */
  activeCopies?: number;
  /** The request's `timeout` in milliseconds (ES default 1m), as the client gave it in `timeout`. */
  timeoutMs?: number;
  timeout?: string;
}

/** A write that took effect (or an update that was a no-op). */
export interface ShardWriteSuccess {
  result: 'created' | 'updated' | 'deleted' | 'not_found' | 'noop';
  version: number;
  /** -2 (ES's unassigned) for a no-op. */
  seqNo: number;
  primaryTerm: number;
  /** For an update that asked for the new document back: the `get` section of its response. */
  get?: Record<string, unknown>;
}

/**
 * Per-item outcome. `parseFailure` marks an index/create item whose source did not parse: its
 * response names the index and id as the request gave them.
 */
export type ShardItemOutcome = { ok: ShardWriteSuccess } | { error: ShardError; parseFailure?: true };

export interface ShardBulkResponse {
  items: ShardItemOutcome[];
  /** Cluster mode: the shard copies that applied the write, the primary included (ES `_shards.successful`); absent: the primary alone. */
  copies?: number;
}

/** `refresh=wait_for`: resolve once a refresh made this shard's writes so far visible. */
export interface ShardWaitForRefreshRequest extends ShardTarget {
  /** `index.max_refresh_listeners`: beyond it, refresh now instead of waiting. */
  maxListeners: number;
}

export interface ShardWaitForRefreshResponse {
  /** The listener limit was reached and a refresh was forced (ES's `forced_refresh`). */
  forced: boolean;
}
