/**
 * A sealed segment's root documents by `_id`: an open-addressing hash table (linear probing, at
 * most half full) of (hash, doc number) pairs, built once per segment.
 *
 * Why: the version map used to hold an entry for every document of the shard (~150 bytes each
 * beside the id: 37 MiB of a 200k-document shard's 147 MiB live heap, docs/benchmarks.md session
 * 9). Like Elasticsearch's LiveVersionMap it now holds only what changed since the last refresh
 * (and deletes); an id written before is found here instead — Lucene looks `_uid` up in each
 * segment's terms the same way — at 16 bytes per document. The hash is kept beside the doc so a
 * miss (a new id, probed in every segment) compares integers and never touches the id strings.
 */
import type { DocIds } from '../../storage/codecs/doc-ids.js';
import { WorkSlice } from '../loop/turns.js';
import { fnv1a32 } from '../hash/fnv1a.js';

/** The hash an id is filed under (lib/hash/fnv1a.ts). */
export const hashId = fnv1a32;

/** Continuous work between two turns of the event loop when building in slices (ms), as merges do. */
export const ID_INDEX_SLICE_MS = 5;
/** Documents indexed between two clock reads while building in slices. */
const DOCS_PER_CHECK = 4096;

export class IdIndex {
  private constructor(
    /** `[hash, doc]` per slot; doc -1 = empty. */
    private readonly table: Int32Array,
    private readonly docIds: DocIds,
  ) {}

  /** Index the root docs of `d` at once (nested docs carry their root's id and are left out). */
  static build(d: DocIds): IdIndex {
    const { table, add } = IdIndex.start(d);
    for (let doc = 0; doc < d.maxDoc; doc++) add(doc);
    return new IdIndex(table, d);
  }

  /** The same in slices of the event loop (a merged segment of a million docs takes ~0.3 s). */
  static async buildInSlices(d: DocIds, sliceMs: number): Promise<IdIndex> {
    const { table, add } = IdIndex.start(d);
    const slice = new WorkSlice(sliceMs);
    for (let doc = 0; doc < d.maxDoc; doc++) {
      add(doc);
      if (doc % DOCS_PER_CHECK === DOCS_PER_CHECK - 1) await slice.pause();
    }
    return new IdIndex(table, d);
  }

  private static start(d: DocIds): { table: Int32Array; add: (doc: number) => void } {
    let roots = 0;
    for (let doc = 0; doc < d.maxDoc; doc++) if ((d.pathOrd[doc] as number) < 0) roots++;
    let slots = 16;
    while (slots < roots * 2) slots *= 2;
    const table = new Int32Array(slots * 2);
    for (let i = 1; i < table.length; i += 2) table[i] = -1;
    const mask = slots - 1;
    const add = (doc: number): void => {
      if ((d.pathOrd[doc] as number) >= 0) return;
      const h = hashId(d.ids[doc] as string);
      let slot = h & mask;
      while ((table[slot * 2 + 1] as number) >= 0) slot = (slot + 1) & mask;
      table[slot * 2] = h;
      table[slot * 2 + 1] = doc;
    };
    return { table, add };
  }

  /** The first root doc with `id` (whose `hashId` is `h`) that `accept` takes, or -1. */
  find(id: string, h: number, accept: (doc: number) => boolean): number {
    const { table, docIds } = this;
    const mask = table.length / 2 - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const doc = table[slot * 2 + 1] as number;
      if (doc < 0) return -1;
      if (table[slot * 2] === h && docIds.ids[doc] === id && accept(doc)) return doc;
    }
  }

  /** Bytes held by the table (the ids themselves belong to the segment's doc ids). */
  get byteSize(): number {
    return this.table.byteLength;
  }
}
