/**
 * The one way the coordinator reaches a shard copy: a request message in, a response message
 * out, per method. On one node the client calls the shard side in-process
 * (lib/indices/shard-client.ts); a transport between nodes carries the same messages. A shard
 * failure crosses as a {@link ShardError} and the client rejects with the coordinator's
 * `EsError` built from it, so no error instance, reader or closure crosses.
 */
import type { ShardError } from './shard-error.js';
import type { ShardGetRequest, ShardGetResponse, ShardMultiGetRequest, ShardMultiGetResponse } from './shard-get.js';
import type {
  ClearCachesRequest,
  ClearCachesResult,
  SegmentSummary,
  ShardAck,
  ShardFieldStats,
  ShardForceMergeRequest,
  ShardRecoveryInfo,
  ShardStats,
  ShardStatsRequest,
  ShardTarget,
} from './shard-maintenance.js';
import type { ShardBulkRequest, ShardBulkResponse, ShardWaitForRefreshRequest, ShardWaitForRefreshResponse } from './shard-write.js';

/** Request and response message of every shard method. */
export interface ShardMethods {
  bulk: { req: ShardBulkRequest; res: ShardBulkResponse };
  get: { req: ShardGetRequest; res: ShardGetResponse };
  multiGet: { req: ShardMultiGetRequest; res: ShardMultiGetResponse };
  refresh: { req: ShardTarget; res: ShardAck };
  waitForRefresh: { req: ShardWaitForRefreshRequest; res: ShardWaitForRefreshResponse };
  flush: { req: ShardTarget; res: ShardAck };
  forceMerge: { req: ShardForceMergeRequest; res: ShardAck };
  clearCaches: { req: ShardTarget & ClearCachesRequest; res: ClearCachesResult };
  stats: { req: ShardStatsRequest; res: ShardStats };
  segments: { req: ShardTarget; res: { segments: SegmentSummary[] } };
  recovery: { req: ShardTarget; res: ShardRecoveryInfo };
  fieldStats: { req: ShardTarget & { fields: string[] }; res: { fields: ShardFieldStats[] } };
}

export type ShardMethod = keyof ShardMethods;

/** What the shard side answers a request: the response, or the failure as a message. */
export type ShardReply<M extends ShardMethod> = { ok: ShardMethods[M]['res'] } | { error: ShardError };

/** The shard side of the boundary: answers one request message with one reply message. */
export interface ShardHandler {
  handle<M extends ShardMethod>(method: M, req: ShardMethods[M]['req']): Promise<ShardReply<M>>;
}

/** The coordinator's client: resolves with the response, rejects with the shard's error as an `EsError`. */
export type ShardClient = {
  [M in ShardMethod]: (req: ShardMethods[M]['req']) => Promise<ShardMethods[M]['res']>;
};
