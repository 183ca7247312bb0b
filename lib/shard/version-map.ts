/**
 * The live version map: for every (type, id) the shard has seen, its current version, seq no,
 * whether it is deleted, and where its live copy is (segment state + doc number). Kept fully in
 * memory (rebuilt at open from segments' doc-ids, tombstones and the operation log) so version
 * checks and realtime gets never wait on LevelDB lookups.
 */
import type { SegmentState } from './segment-state.js';

export interface VersionEntry {
  type: string;
  id: string;
  version: number;
  seqNo: number;
  deleted: boolean;
  /** Segment (or indexing buffer) holding the live copy; null when deleted. */
  seg: SegmentState | null;
  doc: number;
  /** Other types sharing this id (rare; ES 5 allows several types per index). */
  next: VersionEntry | null;
}

export class VersionMap {
  private readonly byId = new Map<string, VersionEntry>();

  get(type: string, id: string): VersionEntry | undefined {
    for (let e: VersionEntry | null | undefined = this.byId.get(id); e; e = e.next) if (e.type === type) return e;
    return undefined;
  }

  /** First live entry for `id` in any type (realtime get with type `_all`). */
  getAnyLive(id: string): VersionEntry | undefined {
    for (let e: VersionEntry | null | undefined = this.byId.get(id); e; e = e.next) if (!e.deleted) return e;
    return undefined;
  }

  /** The entry for (type, id), created (as never seen, version -1) when missing. */
  upsert(type: string, id: string): VersionEntry {
    const head = this.byId.get(id);
    for (let e: VersionEntry | null | undefined = head; e; e = e.next) if (e.type === type) return e;
    const e: VersionEntry = { type, id, version: -1, seqNo: -1, deleted: true, seg: null, doc: -1, next: head ?? null };
    this.byId.set(id, e);
    return e;
  }

  *entries(): IterableIterator<VersionEntry> {
    for (const head of this.byId.values()) for (let e: VersionEntry | null = head; e; e = e.next) yield e;
  }
}
