/**
 * The wire types of every shard method's request and reply (schema.ts): the write, get and
 * maintenance methods of shard-client.ts and the search methods of shard-search.ts. A
 * transport between nodes encodes with these; the `protobuf` client mode (client-modes.ts)
 * sends every in-process call through them.
 */
import type { ShardMethod, ShardMethods, ShardReply } from './shard-client.js';
import type { ShardSearchClient } from './shard-search.js';
import { wireType, type WireType } from './wire.js';

/** Request and reply wire types of one method. */
export interface MethodWire<Req, Res> {
  req: WireType<Req>;
  res: WireType<Res>;
}

type WriteWires = { [M in ShardMethod]: MethodWire<ShardMethods[M]['req'], ShardReply<M>> };

const ack = wireType<never>('AckReply');
const target = wireType<never>('ShardTarget');

/** The shard client's methods (shard-client.ts). */
export const SHARD_METHOD_WIRES: WriteWires = {
  bulk: { req: wireType('ShardBulkRequest'), res: wireType('BulkReply') },
  get: { req: wireType('ShardGetRequest'), res: wireType('GetReply') },
  multiGet: { req: wireType('ShardMultiGetRequest'), res: wireType('MultiGetReply') },
  refresh: { req: target, res: ack },
  waitForRefresh: { req: wireType('ShardWaitForRefreshRequest'), res: wireType('WaitForRefreshReply') },
  flush: { req: target, res: ack },
  forceMerge: { req: wireType('ShardForceMergeRequest'), res: ack },
  clearCaches: { req: wireType('ShardClearCachesRequest'), res: wireType('ClearCachesReply') },
  stats: { req: wireType('ShardStatsRequest'), res: wireType('StatsReply') },
  segments: { req: target, res: wireType('SegmentsReply') },
  recovery: { req: target, res: wireType('RecoveryReply') },
  fieldStats: { req: wireType('ShardFieldStatsRequest'), res: wireType('FieldStatsReply') },
};

type SearchMethod = Exclude<keyof ShardSearchClient, 'renewContext' | 'freeContext'>;
type SearchWires = { [M in SearchMethod]: MethodWire<Parameters<ShardSearchClient[M]>[0], Awaited<ReturnType<ShardSearchClient[M]>>> };

/** The search service's methods (shard-search.ts); renew and free below. */
export const SEARCH_METHOD_WIRES: SearchWires = {
  openContext: { req: wireType('OpenContextRequest'), res: wireType('OpenContextReply') },
  dfsPhase: { req: wireType('DfsPhaseRequest'), res: wireType('DfsReply') },
  queryPhase: { req: wireType('QueryPhaseRequest'), res: wireType('QueryPhaseReply') },
  fetchPhase: { req: wireType('FetchPhaseRequest'), res: wireType('FetchPhaseReply') },
  scanPhase: { req: wireType('ScanPhaseRequest'), res: wireType('ScanPhaseReply') },
  explain: { req: wireType('ExplainRequest'), res: wireType('ExplainReply') },
  validateQuery: { req: wireType('ValidateRequest'), res: wireType('ValidateReply') },
  termVectors: { req: wireType('TermVectorsRequest'), res: wireType('TermVectorsReply') },
};

/** `renewContext(contextId, keepAliveMs)` as a message. */
export const RENEW_CONTEXT_WIRE: MethodWire<{ contextId: string; keepAliveMs: number }, { found: boolean }> = {
  req: wireType('RenewContextRequest'),
  res: wireType('ContextFound'),
};

/** `freeContext(contextId)` as a message. */
export const FREE_CONTEXT_WIRE: MethodWire<{ contextId: string }, { found: boolean }> = {
  req: wireType('FreeContextRequest'),
  res: wireType('ContextFound'),
};
