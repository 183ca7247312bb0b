/**
 * The shard engine: one keyspace (storage/shard-store.ts, LevelDB by default) per shard copy,
 * implementing ShardEngine.
 * Modules: write-path (versions, op log, buffer), group-commit (durability), refresh,
 * merge, shard-open (load + replay), views (searchers). docs/storage.md describes the design.
 */
import { rm } from 'node:fs/promises';
import { metaKey, opLogKey, opLogStart } from '../../storage/keyspace.js';
import { indexShardClosed } from '../errors/errors.js';
import { SegmentBuilder } from '../../storage/segment-builder.js';
import { decodeStoredDoc } from '../../storage/codecs/stored-doc.js';
import { readStoredDoc } from '../../storage/stored-docs.js';
import { openShardStore, type StoreKind } from '../../storage/shard-store.js';
import { readSyncId, writeSyncId } from '../../storage/sync-id.js';
import type { StoreVolume } from '../../storage/store-volume.js';
import { View, type EngineLogger, type ShardContext } from './context.js';
import { GroupCommitter } from './group-commit.js';
import { SegmentLru } from '../search/segment-lru.js';
import type { QueryCache } from '../search/query-cache.js';
import { DEFAULT_MAX_MERGED_SEGMENT_BYTES, MAX_CONCURRENT_MERGES, MAX_MERGE_COUNT, mergeLevel, pendingMerges, pickForceMerge, pickMerge, runMerge } from './merge.js';
import { Mutex } from './mutex.js';
import { commitValue, isDirty, refreshLocked } from './refresh.js';
import type { Postings, StoredDocCache, StrataSearcher, StrataSegmentReader } from './segment-reader.js';
import { SegmentState } from './segment-state.js';
import { loadShard, markCurrentOpLogFormat } from './shard-open.js';
import { clearShardCaches, dropShardCaches, segmentSummaries, shardFieldStats, shardStats } from './maintenance.js';
import type { ClearCachesRequest, ClearCachesResult, SegmentSummary, ShardFieldStats, ShardRecoveryInfo } from '../messages/shard-maintenance.js';
import type { LoggedSource } from '../../storage/codecs/op-log.js';
import type { ParsedDocument } from '../mapping/parsed-document.js';
import type { BulkItemOutcome, IndexingMemory, ShardEngine, ShardOperation, ShardStats, StoredDocument } from './types.js';
import { VersionMap } from './version-map.js';
import { OpLogTracker } from './op-log-tracker.js';
import { acquireSearcher, publish, releaseSegment } from './views.js';
import { writeReplicated } from './replica-write.js';
import { writeBulk } from './write-path.js';
import { replayOperations } from './replay.js';
import { storeFiles } from './store-files.js';
import { ShardInactivity } from './inactivity.js';

/** The indexing buffer's own bound without a node controller (`bufferBytes`). */
const DEFAULT_BUFFER_BYTES = 64 * 1024 * 1024;

/**
 * Rebuild the document an op-log index entry was indexed from: parse `entry.source` as `entry.type`
 * with `entry.routing`/`entry.parent` against the index's current mappings. Throws when it
 * cannot (then the shard does not open).
 */
export type ReparseFn = (entry: LoggedSource) => ParsedDocument;

export interface ShardEngineOptions {
  /** Directory of this shard copy's LevelDB database. */
  path: string;
  /** The keyspace's store: `leveldb` (default, durable) or `memory` (nothing kept after close). */
  store?: StoreKind;
  /** Where the store lives (a node's data directory or its in-memory volume); overrides `store`. */
  volume?: StoreVolume;
  /**
   * Re-parses logged sources on replay. The op log records sources, not analyzed documents (as
   * ES's translog does), and the engine knows no mappings: the index supplies its mapper.
   */
  reparse: ReparseFn;
  index: string;
  indexUuid: string;
  shardId: number;
  /** Automatic refresh period; -1 disables it. */
  refreshIntervalMs: number;
  logger?: EngineLogger;
  /**
   * Refresh early when the indexing buffer holds about this many bytes (default 64 MiB). Only
   * without `indexingMemory`: with it the node-wide budget decides (ES sizes each IndexWriter's
   * RAM buffer to the whole budget and lets the controller write the largest buffers).
   */
  bufferBytes?: number;
  /** The node's `indices.memory.index_buffer_size` controller (lib/indices/indexing-memory.ts). */
  indexingMemory?: IndexingMemory;
  /** The node's decoded-postings cache, shared by its shards; without it the shard has its own of `postingsCacheBytes`. */
  postingsCache?: SegmentLru<string, Postings>;
  /** Byte budget of the shard's own decoded-postings cache (default 32 MiB). */
  postingsCacheBytes?: number;
  /** The node's query cache (`indices.queries.cache.size`); none: constant-score doc sets are not cached. */
  queryCache?: QueryCache;
  /** The node's stored documents cache; none: every fetch reads the store. */
  storedDocCache?: StoredDocCache;
  /** Flush when the op log above the last flush exceeds this (`index.translog.flush_threshold_size`, 512 MiB). */
  flushThresholdBytes?: number;
  /** Largest segment a natural merge writes (`index.merge.policy.max_merged_segment`, 5gb; lib/shard/merge.ts). */
  maxMergedSegmentBytes?: number;
  /** Flush a shard that took no write for this long (ES's `indices.memory.shard_inactive_time`, 5 min). */
  idleFlushMs?: number;
  /**
   * Told once when the shard turns inactive (no write for `idleFlushMs` since one; ES's
   * `IndexEventListener#onShardInactive`): the node runs the primary's synced flush.
   */
  onInactive?: () => void;
}

export type { ClearCachesRequest, ClearCachesResult, SegmentSummary, ShardFieldStats, ShardRecoveryInfo } from '../messages/shard-maintenance.js';

/** The engine handed to the coordinator: the ShardEngine contract plus shard-local extras. */
export interface StrataShardEngine extends ShardEngine {
  /** A point-in-time view of the refreshed segments; release it when done. */
  searcher(): StrataSearcher;
  /** The document as the last refresh left it (non-realtime get); any type when undefined. */
  getRefreshed(type: string | undefined, id: string): Promise<StoredDocument | null>;
  /** Change the automatic refresh period (`index.refresh_interval`); -1 disables. */
  setRefreshIntervalMs(ms: number): void;
  /** Change the op-log size that triggers a flush (`index.translog.flush_threshold_size`). */
  setFlushThresholdBytes(bytes: number): void;
  /** Change the largest segment a natural merge writes (`index.merge.policy.max_merged_segment`; undefined: 5gb). */
  setMaxMergedSegmentBytes(bytes: number | undefined): void;
  /**
   * Merge down to at most `maxNumSegments` segments, or rewrite the segments with deletes; with
   * neither, run the merges the policy asks for (ES 5.6 `maybeMerge` when `max_num_segments` is unset).
   */
  forceMerge(opts?: { maxNumSegments?: number; onlyExpungeDeletes?: boolean }): Promise<void>;
  /** The searchable segments. */
  segments(): SegmentSummary[];
  /** How this copy was opened: store type, timings, files found, op-log operations replayed. */
  recovery(): ShardRecoveryInfo;
  /** Empty the shard's caches (`POST /_cache/clear`). */
  clearCaches(req: ClearCachesRequest): ClearCachesResult;
  /** Term and doc-value statistics of `fields` over the searchable segments (`_field_stats`). */
  fieldStats(fields: readonly string[]): ShardFieldStats[];
  /** Highest assigned sequence number (-1 when none). */
  readonly maxSeqNo: number;
  /** Every key and value of the shard's store, from one consistent snapshot (a peer recovery's source). */
  snapshotStore(): (each: (key: Buffer, value: Buffer) => void | Promise<void>) => Promise<void>;
  /**
   * Replica copies: apply one op-log record of the primary's (lib/shard/replica-write.ts),
   * parsing its sources with `parse` (the index's current mappings).
   */
  applyReplicated(record: Buffer, parse: (doc: LoggedSource) => ParsedDocument): Promise<void>;
  /** The sync id of this copy's last commit (written by a synced flush), undefined once a write followed it. */
  syncId(): string | undefined;
  /**
   * A synced flush of this copy (ES 5.6 `Engine#syncFlush` after its pre-sync flush): flush, then
   * write `syncId` into the commit when the copy holds exactly the operations up to
   * `expectedMaxSeqNo` (the primary's) and nothing is uncommitted. Resolves undefined when
   * written, else ES's reason ("commit has changed", "pending operations").
   */
  syncFlush(syncId: string, expectedMaxSeqNo: number): Promise<string | undefined>;
  /** `bulk`, handing each op-log record written to `onRecord` (a primary replicating it). */
  bulk(ops: ShardOperation[], onRecord?: (record: Buffer) => void): Promise<BulkItemOutcome[]>;
  /** Close and delete the shard's files. */
  destroy(): Promise<void>;
}

/** Open (or create) the shard at `opts.path`. Fails if another process holds it open. */
export async function openShardEngine(opts: ShardEngineOptions): Promise<StrataShardEngine> {
  const startedAt = Date.now();
  const db = opts.volume ? await opts.volume.open(opts.path) : await openShardStore(opts.store ?? 'leveldb', opts.path);
  try {
    const versions = new VersionMap();
    const loaded = await loadShard(db, versions);
    const loadedAt = Date.now();
    const ctx: ShardContext = {
      db,
      path: opts.path,
      index: opts.index,
      indexUuid: opts.indexUuid,
      shardId: opts.shardId,
      logger: opts.logger,
      versions,
      committer: new GroupCommitter(db, loaded.maxSeqNo),
      caches: {
        postings: opts.postingsCache ?? new SegmentLru<string, Postings>(opts.postingsCacheBytes ?? 32 * 1024 * 1024),
        ...(opts.queryCache ? { query: opts.queryCache.forShard() } : {}),
        ...(opts.storedDocCache ? { storedDocs: opts.storedDocCache } : {}),
      },
      segMutex: new Mutex(),
      buffer: new SegmentState(loaded.commit.nextSegmentId, new SegmentBuilder()),
      segments: loaded.segments,
      view: new View([]),
      nextSegmentId: loaded.commit.nextSegmentId + 1,
      nextSeqNo: loaded.maxSeqNo + 1,
      checkpoint: loaded.commit.checkpoint,
      opLog: new OpLogTracker(),
      deadRanges: [],
      counters: {
        indexTotal: 0, indexTimeInMillis: 0, deleteTotal: 0, refreshTotal: 0, refreshTimeInMillis: 0, flushTotal: 0, flushTimeInMillis: 0,
        mergeTotal: 0, mergeDocs: 0, mergeSizeInBytes: 0, mergeTimeInMillis: 0, mergeCurrent: 0, mergeCurrentDocs: 0, mergeCurrentSizeInBytes: 0,
      },
      closing: false,
    };
    versions.useSegments(() => ctx.segments);
    for (const r of loaded.replayRecords) ctx.opLog.add(r.lastSeqNo, r.ops, r.bytes);
    const written = await replayOperations(ctx, loaded.replay, (doc, seqNo) => reparseLogged(opts, doc, seqNo), {
      ...(opts.indexingMemory ? { indexingMemory: opts.indexingMemory } : {}),
      bufferBytes: opts.bufferBytes ?? DEFAULT_BUFFER_BYTES,
    });
    if (loaded.replay.length > 0) opts.logger?.info(`[${opts.index}][${opts.shardId}] replayed ${loaded.replay.length} operations (${written} buffers written on the way)`);
    publish(ctx);
    const stoppedAt = Date.now();
    const recovery: ShardRecoveryInfo = {
      type: loaded.existed ? 'EXISTING_STORE' : 'EMPTY_STORE',
      startTimeMs: startedAt,
      stopTimeMs: stoppedAt,
      totalTimeMs: stoppedAt - startedAt,
      indexTimeMs: loadedAt - startedAt,
      files: loaded.existed && db.kind === 'leveldb' ? storeFiles(opts.path) : [],
      translogOps: loaded.replay.length,
      translogTimeMs: stoppedAt - loadedAt,
    };
    // a copy that replayed op-log records was written to after its last commit: no sync id then
    const syncId = loaded.replay.length === 0 ? await readSyncId(db) : undefined;
    const engine = new Engine(ctx, opts, recovery, new Set(loaded.commit.segments), syncId);
    if (loaded.oldOpLogFormat) {
      // Records of the old format were replayed above: flush them into segments, then switch
      // the op log to the current format before anything new is logged.
      try {
        await engine.flush();
        await markCurrentOpLogFormat(db);
      } catch (err) {
        await engine.close().catch(() => undefined);
        throw err;
      }
    }
    return engine;
  } catch (err) {
    if (db.isOpen) await db.close();
    throw err;
  }
}

/**
 * Re-parse one logged source. Like ES 5.6, whose shard recovery fails when a translog operation
 * cannot be replayed, a source that no longer parses fails the open: the operation was
 * acknowledged, so skipping it would lose it silently; the shard's data is left untouched.
 */
function reparseLogged(opts: ShardEngineOptions, entry: LoggedSource, seqNo: number): ParsedDocument {
  try {
    return opts.reparse(entry);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`[${opts.index}][${opts.shardId}] failed to recover from the op log: re-parsing [${entry.type}][${entry.id}] (seq no ${seqNo}) failed: ${reason}`, { cause: err });
  }
}

class Engine implements StrataShardEngine {
  private timer: NodeJS.Timeout | null = null;
  private intervalMs: number;
  private listeners: Array<{ seqNo: number; resolve: (forced: boolean) => void }> = [];
  /** Background merges in flight, with the level of what they merge (on disjoint segments). */
  private readonly merges = new Map<Promise<void>, number>();
  private closed: Promise<void> | null = null;
  private readonly bufferBytes: number;
  private flushThresholdBytes: number;
  private maxMergedSegmentBytes: number;
  private readonly inactivity: ShardInactivity;
  private backgroundFlush: Promise<void> | null = null;
  /** The timer's refresh in flight: ticks do not pile up behind a slow refresh. */
  private scheduledRefresh: Promise<void> | null = null;
  private compacting: Promise<void> = Promise.resolve();
  private readonly volume: StoreVolume | undefined;
  private readonly indexingMemory: IndexingMemory | undefined;
  private readonly untrack: () => void;

  constructor(
    private readonly ctx: ShardContext,
    opts: ShardEngineOptions,
    private readonly recoveryInfo: ShardRecoveryInfo,
    /** Segment ids of the commit point synced by the last flush (or found at open). */
    private committed: ReadonlySet<number>,
    /** The sync id of the last commit (a synced flush), until the next write clears it. */
    private syncIdValue: string | undefined,
  ) {
    this.intervalMs = opts.refreshIntervalMs;
    this.volume = opts.volume;
    this.bufferBytes = opts.bufferBytes ?? DEFAULT_BUFFER_BYTES;
    this.flushThresholdBytes = opts.flushThresholdBytes ?? 512 * 1024 * 1024;
    this.maxMergedSegmentBytes = opts.maxMergedSegmentBytes ?? DEFAULT_MAX_MERGED_SEGMENT_BYTES;
    this.schedule();
    const onInactive = opts.onInactive;
    this.inactivity = new ShardInactivity(opts.idleFlushMs ?? 5 * 60 * 1000, (became) => {
      if (this.closed) return;
      if (this.ctx.opLog.operations > 0) this.flushInBackground('shard inactive');
      if (became) onInactive?.();
    });
    this.indexingMemory = opts.indexingMemory;
    this.untrack = this.indexingMemory?.track(this) ?? (() => undefined);
  }

  /** Bytes held by the indexing buffer (`index_writer_memory_in_bytes`). */
  indexBufferBytes(): number {
    return this.ctx.buffer.builder?.ramBytes ?? 0;
  }

  /** Asked by the node's indexing memory controller when the buffers pass their budget. */
  writeIndexingBuffer(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.refresh();
  }

  get maxSeqNo(): number {
    return this.ctx.nextSeqNo - 1;
  }

  bulk(ops: ShardOperation[], onRecord?: (record: Buffer) => void): Promise<BulkItemOutcome[]> {
    // Not async: `ops` (parsed documents) must not stay reachable while the fsync is awaited.
    try {
      this.ensureOpen();
    } catch (err) {
      return Promise.reject(err);
    }
    // active from the start of the write (ES sets it before indexing): not idle until it ends
    const ended = this.inactivity.beginWrite();
    const write = (): Promise<BulkItemOutcome[]> =>
      writeBulk(this.ctx, ops, onRecord).then((out) => {
        this.afterWrite();
        return out;
      });
    const stalled = this.mergeStall();
    const cleared = stalled ? stalled.then(() => this.clearSyncId()) : this.clearSyncId();
    return (cleared ? cleared.then(write) : write()).finally(ended);
  }

  /**
   * Lucene's merge stall: while more merges are due than {@link MAX_MERGE_COUNT}, a write waits
   * for running merges to finish (undefined when none is due: the write goes on at once).
   */
  private mergeStall(): Promise<void> | undefined {
    const behind = (): boolean => this.merges.size > 0 && !this.ctx.closing && this.merges.size + pendingMerges(this.ctx.segments, this.maxMergedSegmentBytes) > MAX_MERGE_COUNT;
    if (!behind()) return undefined;
    return (async () => {
      while (behind()) await Promise.race(this.merges.keys());
    })();
  }

  syncId(): string | undefined {
    return this.syncIdValue;
  }

  /**
   * The first write after a synced flush removes the sync id (ES: the next commit has none),
   * durably and before the write itself: a copy that crashed after the write never claims to
   * match a copy that lacks it. Undefined when there is none to clear.
   */
  private clearSyncId(): Promise<void> | undefined {
    if (this.syncIdValue === undefined) return undefined;
    this.syncIdValue = undefined;
    return writeSyncId(this.ctx.db, undefined);
  }

  async syncFlush(syncId: string, expectedMaxSeqNo: number): Promise<string | undefined> {
    this.ensureOpen();
    await this.flush();
    if (this.maxSeqNo !== expectedMaxSeqNo) return 'commit has changed';
    if (this.ctx.opLog.operations > 0 || this.ctx.checkpoint !== this.maxSeqNo) return 'pending operations';
    // set now, in the same tick as the checks: a write from here on clears it, after this put
    this.syncIdValue = syncId;
    await writeSyncId(this.ctx.db, syncId);
    return undefined;
  }

  snapshotStore(): (each: (key: Buffer, value: Buffer) => void | Promise<void>) => Promise<void> {
    this.ensureOpen();
    // one iterator, created now: LevelDB reads it from the snapshot taken when it was created
    return this.ctx.db.snapshotScan({ gte: Buffer.from([0x00]), lt: Buffer.from([0xff]) });
  }

  async applyReplicated(record: Buffer, parse: (doc: LoggedSource) => ParsedDocument): Promise<void> {
    this.ensureOpen();
    const ended = this.inactivity.beginWrite();
    try {
      await this.clearSyncId();
      await writeReplicated(this.ctx, record, parse);
      this.afterWrite();
    } finally {
      ended();
    }
  }

  private afterWrite(): void {
    if (this.ctx.opLog.bytes > this.flushThresholdBytes) this.flushInBackground('op log above flush threshold');
    else if (this.indexingMemory) this.indexingMemory.afterWrite();
    else if (this.indexBufferBytes() > this.bufferBytes) void this.refresh().catch((err: unknown) => this.ctx.logger?.warn({ err }, 'refresh failed'));
  }

  async get(type: string | undefined, id: string): Promise<StoredDocument | null> {
    this.ensureOpen();
    const e = type === undefined ? this.ctx.versions.getAnyLive(id) : this.ctx.versions.get(type, id);
    if (!e || e.deleted || !e.seg) return null;
    // The version-map entry is changed in place by later writes (and re-pointed by merges):
    // take the version and the copy's location now, in the same tick, so the answer pairs a
    // version with exactly that version's document however long the read below waits.
    const { seg, doc, version } = e;
    const buffered = seg.builder?.stored[doc];
    if (buffered) {
      const d = decodeStoredDoc(buffered);
      d.version = version;
      return d;
    }
    seg.refs++; // keep a merged-away segment's keys until this read is done
    try {
      const v = seg.core ? await readStoredDoc(this.ctx.db, seg.core, doc) : undefined;
      if (!v) throw new Error(`corrupt shard: stored document of [${e.type}][${e.id}] missing`);
      const d = decodeStoredDoc(v);
      d.version = version;
      return d;
    } finally {
      releaseSegment(this.ctx, seg);
    }
  }

  /**
   * Non-realtime get (`realtime=false`): the document as the last refresh made it visible, read
   * from the searcher's segments like ES 5.6 `ShardGetService` does with a searcher, so writes
   * still in the indexing buffer are not seen. `type` undefined matches any type.
   */
  async getRefreshed(type: string | undefined, id: string): Promise<StoredDocument | null> {
    const searcher = this.searcher();
    try {
      // Newest segment first: a live copy can only be in one segment, but stop early.
      for (let i = searcher.segments.length - 1; i >= 0; i--) {
        const seg = searcher.segments[i]!;
        const doc = await findLiveDoc(seg, type, id);
        if (doc < 0) continue;
        const d = await seg.document(doc);
        d.version = seg.docVersion(doc);
        return d;
      }
      return null;
    } finally {
      searcher.release();
    }
  }

  refresh(): Promise<void> {
    this.ensureOpen();
    return this.ctx.segMutex.run(async () => {
      // ES 5.6 `IndexShard#refresh` counts every refresh it is asked for, even one with
      // nothing new (the scheduler only asks when something changed).
      if (!isDirty(this.ctx)) this.ctx.counters.refreshTotal++;
      await refreshLocked(this.ctx);
      this.notifyListeners();
    }).then(() => this.maybeMerge());
  }

  async flush(): Promise<void> {
    this.ensureOpen();
    const trimmed = await this.ctx.segMutex.run(async () => {
      // ES 5.6 `IndexShard#flush` times the engine's flush (refresh and commit) into FlushStats
      const started = Date.now();
      await refreshLocked(this.ctx);
      this.notifyListeners();
      const range = await this.trimOpLog();
      this.ctx.counters.flushTotal++;
      this.ctx.counters.flushTimeInMillis += Date.now() - started;
      return range;
    });
    this.maybeMerge();
    // Outside the mutex: writes and refreshes go on while LevelDB rewrites the files.
    await this.compactDead(trimmed);
  }

  /** Flush without a caller (threshold or idle); one at a time, failures logged. */
  private flushInBackground(why: string): void {
    if (this.backgroundFlush || this.closed) return;
    this.ctx.logger?.info(`[${this.ctx.index}][${this.ctx.shardId}] flushing: ${why}`);
    this.backgroundFlush = this.flush()
      .catch((err: unknown) => this.ctx.logger?.warn({ err }, 'background flush failed'))
      .finally(() => {
        this.backgroundFlush = null;
      });
  }

  /** Sync the commit point, then delete the op-log records it covers; returns the trimmed range. */
  private async trimOpLog(): Promise<{ gte: Buffer; lt: Buffer }> {
    const ctx = this.ctx;
    // Sync the commit point first: LevelDB applies writes in order, so once the trim is on
    // disk the segments it relies on are too.
    await ctx.db.put(metaKey('commit'), commitValue(ctx, ctx.segments, ctx.checkpoint), { sync: true });
    this.committed = new Set(ctx.segments.map((s) => s.id));
    const range = { gte: opLogStart(), lt: opLogKey(ctx.checkpoint + 1) };
    await ctx.db.clear(range);
    ctx.opLog.trimTo(ctx.checkpoint);
    return range;
  }

  /**
   * Let LevelDB reclaim the bytes a flush made dead: the trimmed op log and the segments
   * cleared since the last flush. Until a compaction rewrites the files holding them, deleted
   * keys still take disk space (and the op log sits in LevelDB's own log file); compacting the
   * op-log range also writes the memtable out, so the store shrinks to its live data.
   */
  private compactDead(opLogRange: { gte: Buffer; lt: Buffer }): Promise<void> {
    const ranges = [opLogRange, ...this.ctx.deadRanges.splice(0)];
    this.compacting = this.compacting.then(async () => {
      for (const r of ranges) {
        if (!this.ctx.db.isOpen) return;
        await this.ctx.db.compact(r).catch((err: unknown) => this.ctx.logger?.warn({ err }, 'compaction failed'));
      }
    });
    return this.compacting;
  }

  async waitForRefresh(maxListeners: number): Promise<boolean> {
    this.ensureOpen();
    const seqNo = this.ctx.nextSeqNo - 1;
    if (seqNo <= this.ctx.checkpoint) return false;
    if (this.listeners.length >= maxListeners) {
      await this.refresh();
      return true;
    }
    // A waiting request must keep the process alive until the scheduled refresh releases it.
    this.timer?.ref();
    return new Promise((resolve) => this.listeners.push({ seqNo, resolve }));
  }

  private notifyListeners(): void {
    const still: typeof this.listeners = [];
    for (const l of this.listeners) {
      if (l.seqNo <= this.ctx.checkpoint) l.resolve(false);
      else still.push(l);
    }
    this.listeners = still;
    if (still.length === 0) this.timer?.unref();
  }

  searcher(): StrataSearcher {
    this.ensureOpen();
    return acquireSearcher(this.ctx);
  }

  segments(): SegmentSummary[] {
    return segmentSummaries(this.ctx, this.committed);
  }

  recovery(): ShardRecoveryInfo {
    return { ...this.recoveryInfo, files: [...this.recoveryInfo.files] };
  }

  clearCaches(req: ClearCachesRequest): ClearCachesResult {
    this.ensureOpen();
    return clearShardCaches(this.ctx, req);
  }

  fieldStats(fields: readonly string[]): ShardFieldStats[] {
    this.ensureOpen();
    return shardFieldStats(this.ctx, fields);
  }

  setRefreshIntervalMs(ms: number): void {
    this.intervalMs = ms;
    this.schedule();
  }

  setFlushThresholdBytes(bytes: number): void {
    this.flushThresholdBytes = bytes;
  }

  setMaxMergedSegmentBytes(bytes: number | undefined): void {
    this.maxMergedSegmentBytes = bytes ?? DEFAULT_MAX_MERGED_SEGMENT_BYTES;
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.intervalMs <= 0 || this.closed) return;
    this.timer = setInterval(() => {
      if (!isDirty(this.ctx) || this.ctx.closing || this.scheduledRefresh) return;
      this.scheduledRefresh = this.ctx.segMutex
        .run(async () => {
          // The interval may have been disabled while this tick waited for the mutex.
          if (this.intervalMs <= 0 || this.ctx.closing) return;
          await refreshLocked(this.ctx);
          this.notifyListeners();
        })
        .then(() => this.maybeMerge())
        .catch((err: unknown) => this.ctx.logger?.warn({ err }, 'scheduled refresh failed'))
        .finally(() => {
          this.scheduledRefresh = null;
        });
    }, this.intervalMs);
    if (this.listeners.length === 0) this.timer.unref();
  }

  /**
   * Start the background merges the policy asks for: up to MAX_CONCURRENT_MERGES, and beyond
   * that one of a lower level than every running merge (Lucene's ConcurrentMergeScheduler lets
   * the smallest merges run first: long merges of large segments must not hold back the merges
   * of the small ones every refresh adds).
   */
  private maybeMerge(): void {
    while (!this.ctx.closing) {
      const pick = pickMerge(this.ctx.segments, this.maxMergedSegmentBytes);
      if (!pick) return;
      const level = Math.max(...pick.map(mergeLevel));
      if (this.merges.size >= MAX_CONCURRENT_MERGES && level >= Math.min(...this.merges.values())) return;
      // runMerge marks its sources merging synchronously, so the next pick is disjoint
      const merge: Promise<void> = runMerge(this.ctx, pick)
        .catch((err: unknown) => {
          if (!this.ctx.closing) this.ctx.logger?.warn({ err }, 'merge failed');
        })
        .finally(() => {
          this.merges.delete(merge);
          setImmediate(() => this.maybeMerge());
        });
      this.merges.set(merge, level);
    }
  }

  /** Resolves when no background merge is in flight. */
  private async mergesSettled(): Promise<void> {
    while (this.merges.size > 0) await Promise.all([...this.merges.keys()]);
  }

  async forceMerge(opts: { maxNumSegments?: number; onlyExpungeDeletes?: boolean } = {}): Promise<void> {
    this.ensureOpen();
    await this.refresh();
    if (opts.maxNumSegments === undefined && !opts.onlyExpungeDeletes) {
      this.maybeMerge();
      await this.mergesSettled();
      return;
    }
    for (;;) {
      await this.mergesSettled();
      const pick = pickForceMerge(this.ctx.segments, opts.maxNumSegments ?? 1, opts.onlyExpungeDeletes ?? false);
      if (!pick) return;
      await runMerge(this.ctx, pick);
      if (opts.onlyExpungeDeletes) return;
    }
  }

  stats(): ShardStats {
    return shardStats(this.ctx, this.indexBufferBytes());
  }

  close(): Promise<void> {
    if (!this.closed) this.closed = this.doClose();
    return this.closed;
  }

  private async doClose(): Promise<void> {
    this.untrack();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.inactivity.close();
    this.ctx.closing = true;
    await this.mergesSettled();
    if (this.backgroundFlush) await this.backgroundFlush;
    await this.compacting;
    try {
      // ES flushes on close: the next open then has nothing to replay.
      await this.ctx.segMutex.run(async () => {
        if (this.ctx.committer.failure) return;
        await refreshLocked(this.ctx);
        this.notifyListeners();
        await this.trimOpLog();
      });
    } finally {
      for (const l of this.listeners) l.resolve(false);
      this.listeners = [];
      await this.ctx.db.close();
      dropShardCaches(this.ctx);
    }
  }

  async destroy(): Promise<void> {
    await this.close().catch(() => undefined);
    if (this.volume) await this.volume.remove(this.ctx.path);
    else await rm(this.ctx.path, { recursive: true, force: true });
  }

  private ensureOpen(): void {
    if (this.closed) throw indexShardClosed(this.ctx.index, this.ctx.shardId, this.ctx.indexUuid);
  }
}

/** Doc number of the live root document `type#id` (any type when undefined) in a segment, or -1. */
async function findLiveDoc(seg: StrataSegmentReader, type: string | undefined, id: string): Promise<number> {
  if (type !== undefined) {
    const p = await seg.postings('_uid', `${type}#${id}`);
    if (!p) return -1;
    for (const doc of p.docs) if (seg.isLive(doc) && seg.nestedPath(doc) === undefined) return doc;
    return -1;
  }
  for (let doc = 0; doc < seg.maxDoc; doc++) {
    if (seg.docId(doc) === id && seg.isLive(doc) && seg.nestedPath(doc) === undefined) return doc;
  }
  return -1;
}
