/**
 * Typed bulk requests and results. Every write — single index/create/update/delete included —
 * is a bulk of items executed by `executeBulk`, so there is one write path.
 */
import type { VersionType } from '../../messages/shard-write.js';
import type { EsError } from '../../errors/es-error.js';
import type { ScriptRef } from '../../dsl/script-ref.js';

export type BulkOpType = 'index' | 'create' | 'update' | 'delete';

export interface UpdateSpec {
  doc?: Record<string, unknown>;
  upsert?: Record<string, unknown>;
  docAsUpsert: boolean;
  detectNoop: boolean;
  scriptedUpsert: boolean;
  script?: ScriptRef;
  retryOnConflict: number;
  /** `fields` (5.x) / `_source` filter of the `get` returned in the update response. */
  fields?: string[];
  sourceFilter?: unknown;
}

export interface BulkItemRequest {
  opType: BulkOpType;
  /** Index or alias name as given. */
  index: string;
  type: string;
  id?: string;
  routing?: string;
  parent?: string;
  version?: number;
  versionType?: VersionType;
  pipeline?: string;
  /** Document source bytes for index/create. */
  source?: Buffer;
  update?: UpdateSpec;
}

export interface ShardsInfo {
  total: number;
  successful: number;
  failed: number;
}

export interface BulkItemSuccess {
  version: number;
  result: 'created' | 'updated' | 'deleted' | 'not_found' | 'noop';
  shards: ShardsInfo;
  forcedRefresh?: boolean;
  /** For updates that asked for the new document back. */
  get?: Record<string, unknown>;
}

export interface BulkItemResult {
  opType: BulkOpType;
  index: string;
  type: string;
  id: string;
  status: number;
  ok?: BulkItemSuccess;
  error?: EsError;
}

export type RefreshPolicy = 'false' | 'true' | 'wait_for';
