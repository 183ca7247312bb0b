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
import { newMemoryDb, openMemoryShardStore, openShardStore, type MemoryDb, type ShardStore, type StoreKind } from './shard-store.js';

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
    return openMemoryShardStore(db);
  }

  async remove(path: string): Promise<void> {
    for (const p of [...this.dbs.keys()]) if (isUnder(p, path)) this.dbs.delete(p);
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
    }
    return { stores, bytes, dir };
  }

  /**
   * Put the stores under the snapshot's directory back as they were: those absent from it are
   * dropped, the others get exactly its entries. Every store under the directory must be closed.
   */
  async restore(snap: VolumeSnapshot): Promise<void> {
    const held = [...this.dbs].filter(([path]) => isUnder(path, snap.dir));
    for (const [path, db] of held) {
      if (db.status !== 'closed') throw new Error(`store [${path}] is open: close it before a restore`);
    }
    for (const [path] of held) this.dbs.delete(path);
    for (const [path, entries] of snap.stores) {
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
