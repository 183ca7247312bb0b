/**
 * The live version map: for every (type, id) written since the last refresh, and every delete,
 * its current version, seq no, whether it is deleted, and where its live copy is (segment state
 * + doc number). An id whose last write is already in a sealed segment has no entry: it is
 * looked up in the segments (`IdIndex`, newest first), as Elasticsearch's LiveVersionMap falls
 * back to the index. Memory then follows the writes between refreshes (and the deletes), not
 * the size of the shard; version checks and realtime gets still never wait on LevelDB.
 *
 * Invariant that makes the fallback exact: an entry is dropped (`pruneSealed`) only at the end
 * of the refresh that sealed its copy, when that copy is live and published; any later write
 * to the id brings an entry back before it queues the sealed copy's delete (`upsert`), and the
 * entry stays until a refresh has applied that delete. So a segment copy found live without an
 * entry is the id's latest operation.
 */
import { hashId } from './id-index.js';
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

/**
 * Heap bytes an entry costs beside its id's characters: the entry object (eight fields), its
 * boxed version and seq no, and the Map's slot (V8, 64-bit; the session-9 heap snapshot held
 * 36.7 MiB for 200k entries with ~20-character ids).
 */
const ENTRY_BYTES = 136;

export class VersionMap {
  private readonly byId = new Map<string, VersionEntry>();
  private bytes = 0;

  /** @param sealed the shard's current sealed segments, oldest first (looked up newest first) */
  constructor(private sealed: () => readonly SegmentState[] = () => []) {}

  /** Point the fallback at the shard's segments (the engine's context exists only after loading). */
  useSegments(sealed: () => readonly SegmentState[]): void {
    this.sealed = sealed;
  }

  /** The current state of (type, id): its entry, else its live copy in a sealed segment. */
  get(type: string, id: string): VersionEntry | undefined {
    return this.peek(type, id) ?? this.fromSegments(id, (t) => t === type);
  }

  /** The entry for (type, id) only: what was written since the last refresh, and deletes. */
  peek(type: string, id: string): VersionEntry | undefined {
    for (let e: VersionEntry | null | undefined = this.byId.get(id); e; e = e.next) if (e.type === type) return e;
    return undefined;
  }

  /** First live copy of `id` in any type (realtime get with type `_all`). */
  getAnyLive(id: string): VersionEntry | undefined {
    const head = this.byId.get(id);
    for (let e: VersionEntry | null | undefined = head; e; e = e.next) if (!e.deleted) return e;
    // types with an entry are decided by it (deleted); the others may live in a segment
    return this.fromSegments(id, (t) => {
      for (let e: VersionEntry | null | undefined = head; e; e = e.next) if (e.type === t) return false;
      return true;
    });
  }

  /**
   * The entry for (type, id), created from its segment copy (or as never seen, version -1) when
   * missing. `found` is what `get` answered for it in the same tick, when the caller asked
   * (a write checks the version first): the segments are not searched twice.
   */
  upsert(type: string, id: string, found?: VersionEntry | null): VersionEntry {
    const head = this.byId.get(id);
    for (let e: VersionEntry | null | undefined = head; e; e = e.next) if (e.type === type) return e;
    const fromSegment = found === undefined ? this.fromSegments(id, (t) => t === type) : found;
    const e = fromSegment ?? { type, id, version: -1, seqNo: -1, deleted: true, seg: null, doc: -1, next: null };
    e.next = head ?? null;
    this.byId.set(id, e);
    this.bytes += ENTRY_BYTES + 2 * id.length;
    return e;
  }

  /**
   * Drop the entries whose live copy is in `seg`, just sealed and published with its deletes
   * applied: from now on the segment answers for them.
   */
  pruneSealed(seg: SegmentState): void {
    const d = seg.core?.docIds;
    if (!d) return;
    for (let doc = 0; doc < d.maxDoc; doc++) {
      if ((d.pathOrd[doc] as number) >= 0) continue;
      const id = d.ids[doc] as string;
      let prev: VersionEntry | null = null;
      for (let e: VersionEntry | null | undefined = this.byId.get(id); e; prev = e, e = e.next) {
        if (e.seg !== seg || e.doc !== doc || e.deleted) continue;
        if (prev) prev.next = e.next;
        else if (e.next) this.byId.set(id, e.next);
        else this.byId.delete(id);
        this.bytes -= ENTRY_BYTES + 2 * id.length;
        break;
      }
    }
  }

  /**
   * A merge's commit: entries whose live copy is in `sources[i]` at doc `d` now point at
   * `merged`, doc `docMaps[i][d]`. Walks the entries (writes since the last refresh and deletes),
   * not the sources' documents.
   */
  repoint(sources: readonly SegmentState[], merged: SegmentState, docMaps: readonly Int32Array[]): void {
    for (const head of this.byId.values()) {
      for (let e: VersionEntry | null = head; e; e = e.next) {
        if (e.deleted || !e.seg) continue;
        const i = sources.indexOf(e.seg);
        if (i < 0) continue;
        const nd = docMaps[i]![e.doc] as number;
        if (nd < 0) continue;
        e.seg = merged;
        e.doc = nd;
      }
    }
  }

  /** Estimated heap bytes of the entries (ES `SegmentsStats` `version_map_memory_in_bytes`). */
  get ramBytesUsed(): number {
    return this.bytes;
  }

  /** The live copy of `id` of an accepted type in the sealed segments, newest first, as a detached entry. */
  private fromSegments(id: string, acceptType: (type: string) => boolean): VersionEntry | undefined {
    const segs = this.sealed();
    const h = hashId(id);
    for (let i = segs.length - 1; i >= 0; i--) {
      const s = segs[i] as SegmentState;
      const index = s.idIndex();
      if (!index) continue;
      const ids = s.core!.docIds;
      const doc = index.find(id, h, (d) => s.isLive(d) && acceptType(ids.types[ids.typeOrd[d] as number] as string));
      if (doc < 0) continue;
      // a merge committing right now: its deletes already went to the merged copy
      const moved = s.movedTo;
      return {
        type: ids.types[ids.typeOrd[doc] as number] as string,
        id,
        version: ids.versions[doc] as number,
        seqNo: ids.seqNos[doc] as number,
        deleted: false,
        seg: moved ? moved.seg : s,
        doc: moved ? (moved.docMap[doc] as number) : doc,
        next: null,
      };
    }
    return undefined;
  }
}
