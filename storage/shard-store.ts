/**
 * The keyspace store: the only door to a shard copy's keyspace (and to the node's state
 * keyspace). The engine (lib/shard) sees this interface and nothing of LevelDB. Two
 * implementations share it, `leveldb` (classic-level, durable) and `memory` (memory-level, for
 * tests about something other than durability), and one conformance suite (test/storage/shard-store.test.ts) runs against both, as
 * abstract-level's own suite runs against every Level store.
 */
import { ClassicLevel } from 'classic-level';
import { createRequire } from 'node:module';
import type { MemoryLevel } from 'memory-level';

/** memory-level, loaded on the first in-memory store (a node on disk never needs it). */
function memoryLevel(): typeof MemoryLevel {
  return (createRequire(import.meta.url)('memory-level') as { MemoryLevel: typeof MemoryLevel }).MemoryLevel;
}

/** A key range; bounds are binary keys in byte order. */
export interface KeyRange {
  gte?: Buffer;
  gt?: Buffer;
  lt?: Buffer;
  lte?: Buffer;
}

export type StoreOp = { type: 'put'; key: Buffer; value: Buffer } | { type: 'del'; key: Buffer };

export interface WriteOptions {
  /** On disk (fsync) before the promise resolves. A memory store ignores it. */
  sync?: boolean;
}

export type StoreKind = 'leveldb' | 'memory';

export interface ShardStore {
  readonly kind: StoreKind;
  /** False once closed (or while a close is under way). */
  readonly isOpen: boolean;
  get(key: Buffer): Promise<Buffer | undefined>;
  /** Values of `keys`, in the same order, undefined where missing. */
  getMany(keys: readonly Buffer[]): Promise<Array<Buffer | undefined>>;
  /** Apply `ops` atomically: all of them or none survive a crash. */
  write(ops: readonly StoreOp[], opts?: WriteOptions): Promise<void>;
  put(key: Buffer, value: Buffer, opts?: WriteOptions): Promise<void>;
  /** The first key of `range` in key order, or undefined when it is empty. */
  firstKey(range: KeyRange): Promise<Buffer | undefined>;
  /** Delete every key of `range`. */
  clear(range: KeyRange): Promise<void>;
  /**
   * Call `each` for every entry of `range` in key order (awaited when it returns a promise),
   * reading in batches; the underlying iterator is closed also when `each` throws.
   */
  scan(range: KeyRange, each: (key: Buffer, value: Buffer) => void | Promise<void>): Promise<void>;
  /**
   * {@link scan} of the store as it is now: the snapshot is taken before this returns, and the
   * returned function reads it (once) however many writes happen meanwhile (peer recovery).
   */
  snapshotScan(range: KeyRange): (each: (key: Buffer, value: Buffer) => void | Promise<void>) => Promise<void>;
  /** Let the store reclaim the space of deleted keys in `[gte, lt)`; no-op where irrelevant. */
  compact(range: { gte: Buffer; lt: Buffer }): Promise<void>;
  close(): Promise<void>;
}

/** Entries read per native call while scanning. */
const SCAN_BATCH = 1000;
/**
 * Bytes buffered per native iterator read: classic-level's default (16 KiB) would cut a
 * 1000-entry `nextv` of postings or stored documents into many small reads.
 */
const SCAN_HIGH_WATER_MARK_BYTES = 4 * 1024 * 1024;

/**
 * What this module uses of an abstract-level database with buffer keys and values: the part
 * classic-level and memory-level share (their full types differ in encoding generics).
 */
interface BinaryLevel {
  readonly status: string;
  open(): Promise<void>;
  get(key: Buffer): Promise<Buffer | undefined>;
  getMany(keys: Buffer[]): Promise<Array<Buffer | undefined>>;
  batch(ops: StoreOp[], opts: WriteOptions): Promise<void>;
  put(key: Buffer, value: Buffer, opts: WriteOptions): Promise<void>;
  clear(range: KeyRange): Promise<void>;
  keys(opts: KeyRange & { limit: number }): { all(): Promise<Buffer[]> };
  iterator(opts: KeyRange & { highWaterMarkBytes: number }): { nextv(size: number): Promise<Array<[Buffer, Buffer]>>; close(): Promise<void> };
  close(): Promise<void>;
}

class LevelShardStore implements ShardStore {
  constructor(
    readonly kind: StoreKind,
    private readonly db: BinaryLevel,
  ) {}

  get isOpen(): boolean {
    return this.db.status === 'open';
  }

  get(key: Buffer): Promise<Buffer | undefined> {
    return this.db.get(key);
  }

  getMany(keys: readonly Buffer[]): Promise<Array<Buffer | undefined>> {
    return this.db.getMany(keys as Buffer[]);
  }

  write(ops: readonly StoreOp[], opts: WriteOptions = {}): Promise<void> {
    return this.db.batch(ops as StoreOp[], opts);
  }

  put(key: Buffer, value: Buffer, opts: WriteOptions = {}): Promise<void> {
    return this.db.put(key, value, opts);
  }

  async firstKey(range: KeyRange): Promise<Buffer | undefined> {
    return (await this.db.keys({ ...range, limit: 1 }).all())[0];
  }

  clear(range: KeyRange): Promise<void> {
    return this.db.clear(range);
  }

  scan(range: KeyRange, each: (key: Buffer, value: Buffer) => void | Promise<void>): Promise<void> {
    return this.snapshotScan(range)(each);
  }

  snapshotScan(range: KeyRange): (each: (key: Buffer, value: Buffer) => void | Promise<void>) => Promise<void> {
    // an open database creates its iterator now, and LevelDB (and memory-level's tree) reads
    // an iterator from the snapshot taken when it was created
    const it = this.db.iterator({ ...range, highWaterMarkBytes: SCAN_HIGH_WATER_MARK_BYTES });
    return (each) => drain(it, each);
  }

  async compact(range: { gte: Buffer; lt: Buffer }): Promise<void> {
    if (this.db instanceof ClassicLevel) await (this.db as ClassicLevel<Buffer, Buffer>).compactRange(range.gte, range.lt);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/** Read an iterator to its end in batches, closing it also when `each` throws. */
async function drain(it: ReturnType<BinaryLevel['iterator']>, each: (key: Buffer, value: Buffer) => void | Promise<void>): Promise<void> {
  try {
    for (;;) {
      const entries = await it.nextv(SCAN_BATCH);
      if (entries.length === 0) return;
      for (const [k, v] of entries) {
        // a callback that returns nothing is not awaited: no microtask hop per entry
        const r = each(k, v);
        if (r !== undefined) await r;
      }
    }
  } finally {
    await it.close();
  }
}

/**
 * A fresh, empty in-memory Level database. Unlike a LevelDB directory it lives only as long as
 * this object: whoever must find the data again after a close (storage/store-volume.ts) keeps
 * the object and reopens it with {@link openMemoryShardStore}.
 */
export type MemoryDb = MemoryLevel<Buffer, Buffer>;

/** A new empty in-memory database (not yet open). */
export function newMemoryDb(): MemoryDb {
  return new (memoryLevel())<Buffer, Buffer>({ keyEncoding: 'buffer', valueEncoding: 'buffer' });
}

/**
 * Open `db` (again) as a shard store. memory-level keeps its entries across close() and open()
 * of the same instance, which is what lets an in-memory index be closed and reopened.
 */
export async function openMemoryShardStore(db: MemoryDb): Promise<ShardStore> {
  const level = db as unknown as BinaryLevel;
  await level.open();
  return new LevelShardStore('memory', level);
}

/**
 * LevelDB's memtable per shard store (its own default, 4 MiB). Each open shard can hold two (one
 * being written to disk), so the size is a per-shard cost of memory: at 32 MiB, as before, a node
 * of 50 indices x 5 shards could hold gigabytes in memtables. Loading 100k documents into one
 * shard, alternating 32 and 4 MiB (issue 14, load 16-19): peak RSS 526/530 vs 499/508 MiB, server
 * CPU per document no worse (3843/3544 vs 4045/3655 docs per CPU-second).
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * Open the store of one shard copy. `leveldb` opens (or creates) the database at `path` and
 * fails while another process holds it; `memory` starts empty and keeps nothing after close.
 */
export async function openShardStore(kind: StoreKind, path: string): Promise<ShardStore> {
  const db = (
    kind === 'memory'
      ? new (memoryLevel())<Buffer, Buffer>({ keyEncoding: 'buffer', valueEncoding: 'buffer' })
      : new ClassicLevel<Buffer, Buffer>(path, { keyEncoding: 'buffer', valueEncoding: 'buffer', writeBufferSize: WRITE_BUFFER_BYTES })
  ) as unknown as BinaryLevel;
  await db.open();
  return new LevelShardStore(kind, db);
}
