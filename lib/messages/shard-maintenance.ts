/**
 * The plain messages of the index maintenance APIs across the shard boundary: what the
 * coordinator asks a shard (lib/action/indices/) and what the shard engine answers
 * (lib/shard/maintenance.ts). Types only, so both sides import them without reaching into the
 * other, and each can be carried over a transport unchanged.
 */

/** Per-segment figures for `GET /_segments` and `_cat/segments`. */
export interface SegmentSummary {
  /** Lucene-style name, `_` + generation in base 36. */
  name: string;
  generation: number;
  numDocs: number;
  deletedDocs: number;
  /** Bytes the segment's values take in the store. */
  sizeInBytes: number;
  /** Bytes its in-memory part (term dictionaries, norms, doc values, doc ids) takes on the heap, estimated. */
  memoryInBytes: number;
  /** `memoryInBytes` by kind of in-memory structure (`verbose` segments' `ram_tree`). */
  memory: Array<{ description: string; sizeInBytes: number }>;
  /** In the commit point synced by the last flush (or found at open): durable without op-log replay. */
  committed: boolean;
  /** Visible to searchers (every published segment is). */
  search: boolean;
}

/** How the shard copy came to be open on this node, for `GET /_recovery` and `_cat/recovery`. */
export interface ShardRecoveryInfo {
  /** `EMPTY_STORE` for a new shard, `EXISTING_STORE` when it reopened data on disk (ES 5.6 RecoverySource types); `PEER` only in `_recovery`'s view of a replica, never from a shard. */
  type: 'EMPTY_STORE' | 'EXISTING_STORE' | 'PEER';
  startTimeMs: number;
  stopTimeMs: number;
  totalTimeMs: number;
  /** Time spent loading the committed segments. */
  indexTimeMs: number;
  /** Files of the store found at open (all reused: nothing was copied from another node). */
  files: Array<{ name: string; length: number }>;
  /** Op-log operations above the commit point that were replayed at open. */
  translogOps: number;
  translogTimeMs: number;
}

/** Which caches `POST /_cache/clear` empties on a shard. */
export interface ClearCachesRequest {
  /** The query (doc-set) cache. */
  query: boolean;
  /** Everything the shard caches: also decoded postings and stored documents. */
  all: boolean;
  /** The node's shard request cache entries of this shard (`request=true`; `all` clears them too). */
  request?: boolean;
}

/** Entries dropped per cache. */
export interface ClearCachesResult {
  docSets: number;
  storedDocs: number;
  postings: number;
}

/** Statistics of one field over a shard's searchable segments (deleted docs included, as Lucene counts). */
export interface ShardFieldStats {
  field: string;
  maxDoc: number;
  /** Docs with at least one term; 0 when the field has doc values only. */
  docCount: number;
  /** -1 when the field has no inverted index. */
  sumDocFreq: number;
  /** -1 when frequencies are not indexed (or no inverted index). */
  sumTotalTermFreq: number;
  /** Smallest and largest indexed term (the order-preserving encoding for numbers, dates, ips). */
  minTerm?: string;
  maxTerm?: string;
}

/** Which shard copy a request is for: the index by name and the shard number. */
export interface ShardTarget {
  index: string;
  shard: number;
}

/** `POST /_forcemerge` on one shard. */
export interface ShardForceMergeRequest extends ShardTarget {
  maxNumSegments?: number;
  onlyExpungeDeletes?: boolean;
}

/** The answer of a request that returns nothing but success (refresh, flush, force merge). */
export type ShardAck = Record<string, never>;

/** Ask one shard for its figures; `completion`: also size its completion fields (read from every segment's terms). */
export interface ShardStatsRequest extends ShardTarget {
  completion?: boolean;
}

/** One shard's figures for `_stats`, `_nodes/stats` and the cat APIs. */
export interface ShardStats {
  docsCount: number;
  docsDeleted: number;
  storeSizeInBytes: number;
  indexTotal: number;
  indexTimeInMillis: number;
  deleteTotal: number;
  refreshTotal: number;
  refreshTimeInMillis: number;
  flushTotal: number;
  flushTimeInMillis: number;
  mergeTotal: number;
  segmentsCount: number;
  /** Bytes held by the indexing buffer (ES `SegmentsStats` `index_writer_memory_in_bytes`). */
  indexWriterMemoryInBytes: number;
  /** Bytes held by the version map: writes since the last refresh, and deletes (ES `version_map_memory_in_bytes`). */
  versionMapMemoryInBytes: number;
  /** Operations in the op log above the last flush (ES's translog operations). */
  translogOperations: number;
  /** Encoded bytes of those operations. */
  translogSizeInBytes: number;
  /** Bytes of the completion fields' suggest terms in the shard's segments (ES's completion FST sizes). */
  completionSizeInBytes: number;
  /** The same per completion field (absent when the index has none). */
  completionFields?: Array<{ field: string; sizeInBytes: number }>;
  /** The shard's figures in the node's query cache (ES `QueryCacheStats`). */
  queryCache: ShardQueryCacheStats;
  /** Bytes its published segments hold in memory, by kind (ES `SegmentsStats`). */
  segmentsMemory: ShardSegmentsMemory;
  /** Its merges beside `mergeTotal` (ES `MergeStats`). */
  merges: ShardMergeStats;
}

/**
 * A shard's merges as ES's `MergeStats` counts them (`ElasticsearchConcurrentMergeScheduler`):
 * the running ones, and the finished ones' time, documents (the sources' `maxDoc`, deleted ones
 * included) and bytes (the sources' size).
 */
export interface ShardMergeStats {
  current: number;
  currentDocs: number;
  currentSizeInBytes: number;
  totalTimeInMillis: number;
  totalDocs: number;
  totalSizeInBytes: number;
}

/**
 * A shard's segments' in-memory bytes as ES's `SegmentsStats` splits them: term dictionaries,
 * norms, doc values, and the per-document ids, versions and types (`stored_fields`: what Lucene
 * keeps in memory to find a document's stored fields).
 */
export interface ShardSegmentsMemory {
  terms: number;
  storedFields: number;
  norms: number;
  docValues: number;
}

/** One shard's query cache figures (lib/search/query-cache.ts). */
export interface ShardQueryCacheStats {
  hitCount: number;
  missCount: number;
  /** Entries now. */
  cacheSize: number;
  /** Entries ever added (those gone are ES's `evictions`). */
  cacheCount: number;
  memorySizeInBytes: number;
}
