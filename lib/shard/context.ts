/**
 * The state of one open shard engine, shared by its modules (write path, refresh, merge,
 * open/replay, views). Plain data plus the handles; behaviour lives in the modules.
 */
import type { ShardStore } from '../../storage/shard-store.js';
import type { OpLogTracker } from './op-log-tracker.js';
import type { GroupCommitter } from './group-commit.js';
import type { Mutex } from './mutex.js';
import type { Postings, ReaderCaches } from './segment-reader.js';
import type { SegmentReaderImpl } from './segment-reader-impl.js';
import type { SegmentState } from './segment-state.js';
import type { VersionMap } from './version-map.js';

export interface EngineLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
}

/** The durable commit point, stored under meta key `commit`. */
export interface ShardCommit {
  /** Committed segment ids, in order. */
  segments: number[];
  /** Highest seq no whose effects are all in the committed segments, live docs and tombstones. */
  checkpoint: number;
  nextSegmentId: number;
}

/** A published, immutable list of segment readers; counted so dropped segments outlive readers. */
export class View {
  refs = 1;
  constructor(readonly readers: SegmentReaderImpl[]) {
    for (const r of readers) r.state.refs++;
  }
}

export interface Counters {
  indexTotal: number;
  indexTimeInMillis: number;
  deleteTotal: number;
  refreshTotal: number;
  refreshTimeInMillis: number;
  flushTotal: number;
  flushTimeInMillis: number;
  mergeTotal: number;
  /** Finished merges' source documents (`maxDoc`s), bytes and time, as ES's `MergeStats` counts them. */
  mergeDocs: number;
  mergeSizeInBytes: number;
  mergeTimeInMillis: number;
  /** Merges running now, with their sources' documents and bytes. */
  mergeCurrent: number;
  mergeCurrentDocs: number;
  mergeCurrentSizeInBytes: number;
}

export interface ShardContext {
  readonly db: ShardStore;
  readonly path: string;
  readonly index: string;
  readonly indexUuid: string;
  readonly shardId: number;
  readonly logger: EngineLogger | undefined;
  readonly versions: VersionMap;
  readonly committer: GroupCommitter;
  /** The caches its segment readers fill (the node's, shared by its shards; the query cache's figures this shard's). */
  readonly caches: ReaderCaches;
  /** Serialises refreshes, merge commits, flushes and close. */
  readonly segMutex: Mutex;
  /** The indexing buffer: a segment being built. */
  buffer: SegmentState;
  /** Committed, sealed segments in order. */
  segments: SegmentState[];
  view: View;
  nextSegmentId: number;
  nextSeqNo: number;
  checkpoint: number;
  counters: Counters;
  /** The op-log records above the last flush (ES's uncommitted translog). */
  readonly opLog: OpLogTracker;
  /**
   * Key ranges cleared since the last flush (merged-away or emptied segments): LevelDB keeps
   * their bytes on disk until a compaction rewrites the files that hold them.
   */
  deadRanges: Array<{ gte: Buffer; lt: Buffer }>;
  closing: boolean;
}
