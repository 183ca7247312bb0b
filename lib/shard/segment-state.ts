/**
 * The engine's mutable bookkeeping for one segment, from indexing buffer to merged-away:
 * - while it is the indexing buffer (or being sealed) `builder` holds the documents;
 * - once sealed, `core` holds the in-memory index and the builder is dropped;
 * - `live` is the PUBLISHED live-docs bitset (what searchers see, replaced copy-on-write);
 *   `pending` collects root docs deleted since, applied at the next refresh as Lucene applies
 *   buffered deletes on reopen;
 * - `refs` counts published views holding it, so a merged-away segment's keys are removed only
 *   when no searcher can read it any more.
 */
import { allLive, clearBit, isLiveBit } from '../../storage/codecs/live-docs.js';
import type { SegmentBuilder } from '../../storage/segment-builder.js';
import type { SegmentCore } from '../../storage/segment-core.js';
import { segmentName } from '../../storage/codecs/segment-info.js';
import { IdIndex } from './id-index.js';

export class SegmentState {
  readonly name: string;
  builder: SegmentBuilder | null;
  core: SegmentCore | null = null;
  live: Uint8Array | null = null;
  delCount = 0;
  pending: number[] = [];
  refs = 0;
  dropped = false;
  merging = false;
  /** Estimated heap bytes of `core` by kind, computed once for the segments APIs (the core never changes). */
  memoryBytes: Array<{ description: string; sizeInBytes: number }> | undefined = undefined;
  private ids: IdIndex | null = null;
  /**
   * Set by a merge's commit from the moment its deletes are carried over to the merged segment
   * until the segment list is swapped (the commit's write is awaited in between): a copy found
   * here is answered as its merged copy, so a delete queued meanwhile lands on the segment that stays.
   */
  movedTo: { seg: SegmentState; docMap: Int32Array } | null = null;

  constructor(
    readonly id: number,
    builder: SegmentBuilder | null,
  ) {
    this.name = segmentName(id);
    this.builder = builder;
  }

  get maxDoc(): number {
    return this.core ? this.core.info.maxDoc : (this.builder?.maxDoc ?? 0);
  }

  get numDocs(): number {
    return this.maxDoc - this.delCount;
  }

  get sizeInBytes(): number {
    return this.core ? this.core.info.sizeInBytes : 0;
  }

  /** Nested path ordinal of a doc (-1 = root), from the builder or the core. */
  pathOrd(doc: number): number {
    if (this.core) return this.core.docIds.pathOrd[doc] as number;
    return (this.builder?.pathOrd[doc] as number | undefined) ?? -1;
  }

  /**
   * A sealed segment's root docs by id, null while unsealed. Opening and merging build it in
   * slices beforehand (`useIdIndex`); a refreshed segment's is built on first use (a buffer's
   * worth of docs).
   */
  idIndex(): IdIndex | null {
    if (!this.core) return null;
    return (this.ids ??= IdIndex.build(this.core.docIds));
  }

  useIdIndex(index: IdIndex): void {
    this.ids = index;
  }

  isLive(doc: number): boolean {
    return this.live === null || isLiveBit(this.live, doc);
  }

  /**
   * Apply `deletes` (root doc numbers, their nested docs go with them) copy-on-write; returns
   * the new bitset and deleted count without publishing them.
   */
  withDeletes(deletes: readonly number[]): { live: Uint8Array; delCount: number } {
    const live = this.live ? new Uint8Array(this.live) : allLive(this.maxDoc);
    let delCount = this.delCount;
    for (const root of deletes) {
      for (let d = root; d >= 0; d--) {
        if (d !== root && this.pathOrd(d) < 0) break;
        if (isLiveBit(live, d)) {
          clearBit(live, d);
          delCount++;
        }
      }
    }
    return { live, delCount };
  }
}
