/**
 * Where a node keeps its stores: a volume maps a store path (`<data>/nodes/0/indices/<uuid>/0`,
 * `<data>/nodes/0/_state/cluster`) to a {@link ShardStore}, and knows how to make room for a
 * store and how to delete one. The disk volume is the data directory (LevelDB under each path);
 * the memory volume is a per-node registry of in-memory databases keyed by path, so a closed
 * index finds its data again when it is reopened, and a node in memory mode never touches the
 * disk. The memory volume can also copy all its stores and put the copy back
 * ({@link MemoryVolume.snapshot} / {@link MemoryVolume.restore}): the fixture reset of an
 * embedded node.
 */
import { mkdir, rm } from 'node:fs/promises';
import { sep } from 'node:path';
import {
  newMemoryDb, openMemoryShardStore, openShardStore,
  type KeyRange, type MemoryDb, type ShardStore, type StoreKind, type StoreOp, type WriteOptions,
} from './shard-store.js';

export interface StoreVolume {
  readonly kind: StoreKind;
  /** Make room for stores under `dir` (creates the directory on disk; nothing in memory). */
  prepare(dir: string): Promise<void>;
  /** Open (creating when absent) the store at `path`. Fails while it is already open. */
  open(path: string): Promise<ShardStore>;
  /** Delete the store at `path` and every store under it. The stores must be closed. */
  remove(path: string): Promise<void>;
}

/** The data directory: one LevelDB database per store path. */
export const DISK_VOLUME: StoreVolume = {
  kind: 'leveldb',
  async prepare(dir) {
    await mkdir(dir, { recursive: true });
  },
  open: (path) => openShardStore('leveldb', path),
  async remove(path) {
    await rm(path, { recursive: true, force: true });
  },
};

/** Every entry of every store of a memory volume at one moment, by store path. */
export interface VolumeSnapshot {
  readonly stores: ReadonlyMap<string, ReadonlyArray<readonly [Buffer, Buffer]>>;
  /** The directory the snapshot covers. */
  readonly dir: string;
  /** Keys plus values, in bytes. */
  readonly bytes: number;
}

/** In-memory stores of one node, by path. Nothing is written to disk. */
export class MemoryVolume implements StoreVolume {
  readonly kind = 'memory' as const;
  private readonly dbs = new Map<string, MemoryDb>();
  /** Paths written since the last snapshot or restore: a reset restores only these. */
  private readonly dirty = new Set<string>();

  async prepare(): Promise<void> {}

  async open(path: string): Promise<ShardStore> {
    let db = this.dbs.get(path);
    if (db === undefined) {
      db = newMemoryDb();
      this.dbs.set(path, db);
    } else if (db.status === 'open' || db.status === 'opening') {
      // As LevelDB's lock refuses a second open of one directory.
      throw new Error(`store [${path}] is already open`);
    }
    return new WriteTrackingStore(await openMemoryShardStore(db), () => this.dirty.add(path));
  }

  async remove(path: string): Promise<void> {
    for (const p of [...this.dbs.keys()]) {
      if (isUnder(p, path)) {
        this.dbs.delete(p);
        this.dirty.delete(p);
      }
    }
  }

  /** The store paths held, sorted. */
  paths(): string[] {
    return [...this.dbs.keys()].sort();
  }

  /**
   * Copy every entry of every store under `dir`. The stores must be closed or quiet (a copy of a store being
   * written may catch half a batch). Entries share their buffers with the stores: the engine
   * never mutates a buffer it wrote or read, so no deep copy is needed.
   */
  async snapshot(dir: string): Promise<VolumeSnapshot> {
    const stores = new Map<string, Array<[Buffer, Buffer]>>();
    let bytes = 0;
    for (const [path, db] of this.dbs) {
      if (!isUnder(path, dir)) continue;
      const reopened = db.status === 'closed';
      if (reopened) await db.open();
      const entries = (await db.iterator().all()) as Array<[Buffer, Buffer]>;
      if (reopened) await db.close();
      for (const [k, v] of entries) bytes += k.length + v.length;
      stores.set(path, entries);
      this.dirty.delete(path);
    }
    return { stores, bytes, dir };
  }

  /**
   * The store paths under the snapshot's directory that differ from it: written since, created
   * since, or deleted since.
   */
  changedSince(snap: VolumeSnapshot): string[] {
    const out = new Set<string>();
    for (const path of this.dbs.keys()) if (isUnder(path, snap.dir) && (this.dirty.has(path) || !snap.stores.has(path))) out.add(path);
    for (const path of snap.stores.keys()) if (!this.dbs.has(path)) out.add(path);
    return [...out].sort();
  }

  /**
   * Put the stores `paths` (by default every store under the snapshot's directory) back as the
   * snapshot has them: those absent from it are dropped, the others get exactly its entries.
   * Those stores must be closed.
   */
  async restore(snap: VolumeSnapshot, paths?: readonly string[]): Promise<void> {
    const only = paths === undefined ? undefined : new Set(paths);
    const wanted = (path: string): boolean => isUnder(path, snap.dir) && (only === undefined || only.has(path));
    const held = [...this.dbs].filter(([path]) => wanted(path));
    for (const [path, db] of held) {
      if (db.status !== 'closed') throw new Error(`store [${path}] is open: close it before a restore`);
    }
    for (const [path] of held) {
      this.dbs.delete(path);
      this.dirty.delete(path);
    }
    for (const [path, entries] of snap.stores) {
      if (!wanted(path)) continue;
      const db = newMemoryDb();
      await db.open();
      if (entries.length > 0) await db.batch(entries.map(([key, value]) => ({ type: 'put' as const, key, value })));
      await db.close();
      this.dbs.set(path, db);
    }
  }
}

function isUnder(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/** A store that calls `onWrite` before every write (put, batch, clear): the volume's dirty marks. */
class WriteTrackingStore implements ShardStore {
  constructor(
    private readonly inner: ShardStore,
    private readonly onWrite: () => void,
  ) {}

  get kind(): StoreKind {
    return this.inner.kind;
  }

  get isOpen(): boolean {
    return this.inner.isOpen;
  }

  get(key: Buffer): Promise<Buffer | undefined> {
    return this.inner.get(key);
  }

  getMany(keys: readonly Buffer[]): Promise<Array<Buffer | undefined>> {
    return this.inner.getMany(keys);
  }

  write(ops: readonly StoreOp[], opts?: WriteOptions): Promise<void> {
    this.onWrite();
    return this.inner.write(ops, opts);
  }

  put(key: Buffer, value: Buffer, opts?: WriteOptions): Promise<void> {
    this.onWrite();
    return this.inner.put(key, value, opts);
  }

  firstKey(range: KeyRange): Promise<Buffer | undefined> {
    return this.inner.firstKey(range);
  }

  clear(range: KeyRange): Promise<void> {
    this.onWrite();
    return this.inner.clear(range);
  }

  scan(range: KeyRange, each: (key: Buffer, value: Buffer) => void | Promise<void>): Promise<void> {
    return this.inner.scan(range, each);
  }

  snapshotScan(range: KeyRange): (each: (key: Buffer, value: Buffer) => void | Promise<void>) => Promise<void> {
    return this.inner.snapshotScan(range);
  }

  compact(range: { gte: Buffer; lt: Buffer }): Promise<void> {
    return this.inner.compact(range);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
