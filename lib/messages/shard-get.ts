/**
 * The realtime get across the shard boundary (`GET /{index}/{type}/{id}`, and `_mget` as one
 * message per shard, as ES 5.6's `MultiGetShardRequest`): the shard answers the stored document
 * (raw `_source` bytes and stored fields); the coordinator applies `_source` filtering and
 * `stored_fields` while rendering. Types only.
 */
import type { ShardError } from './shard-error.js';
import type { ShardTarget } from './shard-maintenance.js';

export interface ShardGetRequest extends ShardTarget {
  /** Absent: any type (`_all`). */
  type?: string;
  id: string;
  /** `false`: what the last refresh made visible, not the latest write. */
  realtime: boolean;
  /** Refresh the shard first (ES does so only for a non-realtime get). */
  refresh: boolean;
  /** `preference`: which copy reads (cluster mode; lib/cluster/copy-preference.ts). */
  preference?: string;
}

/** A stored document as a get returns it. */
export interface ShardDocument {
  type: string;
  id: string;
  version: number;
  routing?: string;
  parent?: string;
  /** `_source` bytes, absent when `_source` was disabled. */
  source?: Uint8Array;
  /** Stored field values by field name (only fields mapped with `store: true`). */
  stored: Record<string, unknown[]>;
}

export interface ShardGetResponse {
  /** `null`: no live document. */
  doc: ShardDocument | null;
}

/** The gets of one `_mget` on one shard, answered item by item in order. */
export interface ShardMultiGetRequest extends ShardTarget {
  realtime: boolean;
  refresh: boolean;
  items: Array<{ type?: string; id: string }>;
  /** `preference`: which copy reads (cluster mode; lib/cluster/copy-preference.ts). */
  preference?: string;
}

/** Per item: the get's answer, or its own failure (the other items still answer). */
export type ShardMultiGetItem = { ok: ShardGetResponse } | { error: ShardError };

export interface ShardMultiGetResponse {
  items: ShardMultiGetItem[];
}
