/**
 * The realtime get across the shard boundary (`GET /{index}/{type}/{id}`, and each item of
 * `_mget`): the shard answers the stored document (raw `_source` bytes and stored fields);
 * the coordinator applies `_source` filtering and `stored_fields` while rendering. Types only.
 */
import type { ShardTarget } from './shard-maintenance.js';

export interface ShardGetRequest extends ShardTarget {
  /** Absent: any type (`_all`). */
  type?: string;
  id: string;
  /** `false`: what the last refresh made visible, not the latest write. */
  realtime: boolean;
  /** Refresh the shard first (ES does so only for a non-realtime get). */
  refresh: boolean;
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
