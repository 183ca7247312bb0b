/**
 * The contract of one shard copy's engine (lib/shard/engine.ts implements it). Coordinator actions
 * (lib/action) call it; it calls storage/. Operations and results are plain typed messages so a
 * later multi-process cluster can carry them over the transport unchanged.
 */
import type { ParsedDocument } from '../mapping/parsed-document.js';
import type { EsError } from '../errors/es-error.js';

export type { VersionType } from '../messages/shard-write.js';
import type { ShardDeleteItem, VersionType } from '../messages/shard-write.js';

export interface IndexOperation {
  op: 'index';
  doc: ParsedDocument;
  /** `create` fails with a version conflict when a live document with the same type and id exists. */
  opType: 'index' | 'create';
  /** Expected version (internal) or the new version (external*). Absent: no check. */
  version?: number;
  versionType?: VersionType;
}

/** A delete reaches the engine as the shard bulk message carries it. */
export type DeleteOperation = ShardDeleteItem;

export type ShardOperation = IndexOperation | DeleteOperation;

/** Per-operation outcome, the engine's side of ES's index/delete responses. */
export interface WriteResult {
  /** `created`, `updated`, `deleted` or `not_found` (delete of a missing doc). */
  result: 'created' | 'updated' | 'deleted' | 'not_found';
  version: number;
  seqNo: number;
}

import type { StoredDocument } from '../../storage/types.js';
export type { StoredDocument };

export type { ShardStats } from '../messages/shard-maintenance.js';
import type { ShardStats } from '../messages/shard-maintenance.js';

/** Outcome of one operation in a bulk: a result or the ES error that op got. */
export type BulkItemOutcome = { ok: WriteResult } | { error: EsError };

export interface ShardEngine {
  /**
   * Apply operations in order, durably (one synced LevelDB batch for the group) before resolving.
   * Each op is checked against the version map; a failed op does not stop the others.
   */
  bulk(ops: ShardOperation[]): Promise<BulkItemOutcome[]>;
  /** Realtime get: sees acknowledged writes whether refreshed or not. `type` undefined = any type. */
  get(type: string | undefined, id: string): Promise<StoredDocument | null>;
  /** Make all acknowledged writes visible to search (freeze the buffer into a segment). */
  refresh(): Promise<void>;
  /** Commit: refresh, then trim the operation log. */
  flush(): Promise<void>;
  /**
   * Resolve when a refresh makes everything written so far visible. Resolves `true` when the
   * listener limit was reached and a refresh was forced instead (ES's `forced_refresh`).
   */
  waitForRefresh(maxListeners: number): Promise<boolean>;
  stats(): ShardStats;
  close(): Promise<void>;
}

/** One shard's indexing buffer as the node's budget sees it (the shard engine). */
export interface BufferedShard {
  /** Bytes the indexing buffer holds now (ES's `IndexShard#getIndexBufferRAMBytesUsed`). */
  indexBufferBytes(): number;
  /** Write the buffer out as a segment (a refresh); resolves when it is done. */
  writeIndexingBuffer(): Promise<void>;
}

/**
 * The node's indexing buffer budget as the engine uses it (`indices.memory.index_buffer_size`,
 * lib/indices/indexing-memory.ts): engines register their buffer and report every write.
 */
export interface IndexingMemory {
  /** Count a shard's buffer; returns the function that stops counting it (on close). */
  track(shard: BufferedShard): () => void;
  /** After a write: write out the largest buffers when all of them pass the budget. */
  afterWrite(): void;
}
