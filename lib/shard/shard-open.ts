/**
 * Opening a shard: check formats, read the commit point, clear orphan segment ranges left by
 * interrupted merges, load every committed segment into memory, rebuild the version map from
 * the segments' doc ids and the delete tombstones, then replay the operation-log entries newer
 * than the checkpoint into a fresh indexing buffer.
 */
import { checkFormats, CURRENT_FORMATS } from '../../storage/codecs/formats.js';
import { STORED_DOC_FORMAT } from '../../storage/codecs/stored-doc.js';
import { decodeOpLogRecord, OP_LOG_FORMAT, type OpLogEntry } from '../../storage/codecs/op-log.js';
import { decodeOpLogV2Record, type OpLogV2Entry } from '../../storage/codecs/op-log-v2.js';
import { decodeVersionEntry } from '../../storage/codecs/version-entry.js';
import { KeyReader } from '../../storage/keys.js';
import { allSegmentsRange, metaKey, opLogEnd, opLogKey, segmentRange, versionEnd, versionStart } from '../../storage/keyspace.js';
import { loadSegment } from '../../storage/segment-loader.js';
import type { ShardStore } from '../../storage/shard-store.js';
import type { ShardCommit } from './context.js';
import { ID_INDEX_SLICE_MS, IdIndex } from './id-index.js';
import { SegmentState } from './segment-state.js';
import type { VersionMap } from './version-map.js';

export interface LoadedShard {
  commit: ShardCommit;
  segments: SegmentState[];
  /** Op-log entries to replay, in seq-no order (v2 index entries carry the analyzed document). */
  replay: Array<OpLogEntry | OpLogV2Entry>;
  /** Whether the shard's op log is of an older format: replay it, flush, then {@link markCurrentOpLogFormat}. */
  oldOpLogFormat: boolean;
  /** The op-log records above the checkpoint: last seq no, operations and encoded bytes. */
  replayRecords: Array<{ lastSeqNo: number; ops: number; bytes: number }>;
  /** Highest seq no found anywhere. */
  maxSeqNo: number;
  /** Whether the shard had data on disk (false: a new, empty store was initialised). */
  existed: boolean;
}

/** Read (or initialise) metadata and load segments into `versions`; does not replay. */
export async function loadShard(db: ShardStore, versions: VersionMap): Promise<LoadedShard> {
  const formatsRaw = await db.get(metaKey('formats'));
  let commit: ShardCommit = { segments: [], checkpoint: -1, nextSegmentId: 0 };
  let opLogVersion: number = OP_LOG_FORMAT.version;
  if (!formatsRaw) {
    await db.write(
      [
        { type: 'put', key: metaKey('formats'), value: Buffer.from(JSON.stringify(CURRENT_FORMATS)) },
        { type: 'put', key: metaKey('commit'), value: Buffer.from(JSON.stringify(commit)) },
      ],
      { sync: true },
    );
  } else {
    const formats = JSON.parse(formatsRaw.toString('utf8')) as Record<string, { id: string; version: number }>;
    checkFormats(formats);
    opLogVersion = formats['opLog']!.version;
    // v2 is the oldest op log with this record layout; older shards predate the format check.
    if (opLogVersion < 2) throw new Error(`unsupported opLog format [${formats['opLog']!.id} v${opLogVersion}], this build reads v2 and v${OP_LOG_FORMAT.version}`);
    if (formats['stored']!.version < STORED_DOC_FORMAT.version) {
      // Segments written from now on keep stored documents in chunks: record it before any is
      // written, so that an older build refuses the shard instead of missing their documents.
      // The v1 segments already here stay readable (storage/stored-docs.ts).
      await db.put(metaKey('formats'), Buffer.from(JSON.stringify({ ...formats, stored: STORED_DOC_FORMAT })), { sync: true });
    }
    const c = await db.get(metaKey('commit'));
    if (c) commit = JSON.parse(c.toString('utf8')) as ShardCommit;
  }

  await clearOrphans(db, new Set(commit.segments));

  const segments: SegmentState[] = [];
  let maxSeqNo = commit.checkpoint;
  for (const id of commit.segments) {
    const { core, liveDocs } = await loadSegment(db, id);
    const s = new SegmentState(id, null);
    s.core = core;
    s.useIdIndex(await IdIndex.buildInSlices(core.docIds, ID_INDEX_SLICE_MS));
    if (liveDocs) {
      s.live = liveDocs.bits;
      s.delCount = liveDocs.delCount;
    }
    maxSeqNo = Math.max(maxSeqNo, core.info.maxSeqNo);
    segments.push(s);
  }

  // The segments answer for the ids whose last write they hold (lib/shard/version-map.ts);
  // the map gets the tombstones below and what the op log replays.
  versions.useSegments(() => segments);
  await db.scan({ gte: versionStart(), lt: versionEnd() }, (k, v) => {
    const r = new KeyReader(k);
    r.tag();
    const type = r.str();
    const id = r.str();
    const t = decodeVersionEntry(v);
    maxSeqNo = Math.max(maxSeqNo, t.seqNo);
    // Newer tombstones come back with their op-log entry, whose replay also marks the
    // segment copy deleted; applying them here would skip that.
    if (t.seqNo > commit.checkpoint) return;
    const e = versions.upsert(type, id);
    if (t.seqNo > e.seqNo) {
      e.version = t.version;
      e.seqNo = t.seqNo;
      e.deleted = true;
      e.seg = null;
      e.doc = -1;
    }
  });

  const decode = opLogVersion === 2 ? decodeOpLogV2Record : decodeOpLogRecord;
  const replay: LoadedShard['replay'] = [];
  const replayRecords: LoadedShard['replayRecords'] = [];
  await db.scan({ gte: opLogKey(commit.checkpoint + 1), lt: opLogEnd() }, (_k, v) => {
    let ops = 0;
    let last = -1;
    for (const op of decode(v)) {
      if (op.seqNo <= commit.checkpoint) continue;
      replay.push(op);
      ops++;
      last = Math.max(last, op.seqNo);
      maxSeqNo = Math.max(maxSeqNo, op.seqNo);
    }
    if (ops > 0) replayRecords.push({ lastSeqNo: last, ops, bytes: v.length });
  });
  return { commit, segments, replay, replayRecords, maxSeqNo, existed: formatsRaw !== undefined && formatsRaw !== null, oldOpLogFormat: opLogVersion !== OP_LOG_FORMAT.version };
}

/**
 * Record that the shard's op log is now written in the current format. Called on a shard
 * opened with an older op log once its replayed operations are flushed (the op log is empty),
 * and before anything is written to it, so every record is readable by the format on record.
 */
export async function markCurrentOpLogFormat(db: ShardStore): Promise<void> {
  const raw = await db.get(metaKey('formats'));
  const formats = raw ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
  await db.put(metaKey('formats'), Buffer.from(JSON.stringify({ ...formats, opLog: OP_LOG_FORMAT })), { sync: true });
}

/** Remove key ranges of segments that no commit names (an interrupted merge or refresh). */
async function clearOrphans(db: ShardStore, committed: Set<number>): Promise<void> {
  const { gte, lt } = allSegmentsRange();
  let from = gte;
  for (;;) {
    const k = await db.firstKey({ gte: from, lt });
    if (!k) return;
    const r = new KeyReader(k);
    r.tag();
    const id = r.u32();
    const range = segmentRange(id);
    if (!committed.has(id)) await db.clear(range);
    from = range.lt;
  }
}
