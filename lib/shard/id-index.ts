/**
 * A sealed segment's root documents by `_id`: an open-addressing hash table of doc numbers
 * (linear probing, at most half full), built once when the segment gets its core.
 *
 * Why: the version map used to hold an entry for every document of the shard (~150 bytes each
 * beside the id: 37 MiB of a 200k-document shard's 147 MiB live heap, docs/benchmarks.md session
 * 9). Like Elasticsearch's LiveVersionMap it now holds only what changed since the last refresh
 * (and deletes); an id written before is found here instead — Lucene looks `_uid` up in each
 * segment's terms the same way — at 8 bytes per document and one string comparison per probe.
 */
import type { DocIds } from '../../storage/codecs/doc-ids.js';

export class IdIndex {
  private constructor(
    private readonly table: Int32Array,
    private readonly docIds: DocIds,
  ) {}

  /** Index the root docs of `d` (nested docs carry their root's id and are left out). */
  static build(d: DocIds): IdIndex {
    let roots = 0;
    for (let doc = 0; doc < d.maxDoc; doc++) if ((d.pathOrd[doc] as number) < 0) roots++;
    let size = 16;
    while (size < roots * 2) size *= 2;
    const table = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let doc = 0; doc < d.maxDoc; doc++) {
      if ((d.pathOrd[doc] as number) >= 0) continue;
      let slot = hashId(d.ids[doc] as string) & mask;
      while ((table[slot] as number) >= 0) slot = (slot + 1) & mask;
      table[slot] = doc;
    }
    return new IdIndex(table, d);
  }

  /** The first root doc with `id` that `accept` takes (the caller checks type and liveness), or -1. */
  find(id: string, accept: (doc: number) => boolean): number {
    const { table, docIds } = this;
    const mask = table.length - 1;
    for (let slot = hashId(id) & mask; ; slot = (slot + 1) & mask) {
      const doc = table[slot] as number;
      if (doc < 0) return -1;
      if (docIds.ids[doc] === id && accept(doc)) return doc;
    }
  }

  /** Bytes held by the table (the ids themselves belong to the segment's doc ids). */
  get byteSize(): number {
    return this.table.byteLength;
  }
}

/** FNV-1a over UTF-16 code units. */
function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
