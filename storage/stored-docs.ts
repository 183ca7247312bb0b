/**
 * Reading a segment's stored documents (encoded, storage/codecs/stored-doc.ts) by root doc
 * number, whichever layout the segment has: chunks found through the segment's chunk index
 * (v2, storage/codecs/stored-chunk.ts), or one key per document (v1, segments of an older
 * build). The one place that knows both layouts; readers, realtime get and merges come here.
 */
import { chunkEntries, chunkEntry } from './codecs/stored-chunk.js';
import { floorIndex } from './codecs/floor-index.js';
import { segKindRange, SEG, storedChunkKey, storedKey, storedKeyDoc } from './keyspace.js';
import type { SegmentCore } from './segment-core.js';
import type { ShardStore } from './shard-store.js';

/** The encoded document of root doc `doc`, or undefined when the segment has none for it. */
export async function readStoredDoc(db: ShardStore, core: SegmentCore, doc: number): Promise<Buffer | undefined> {
  const id = core.info.id;
  const index = core.storedChunks;
  if (!index) return db.get(storedKey(id, doc));
  const c = floorIndex(index, doc);
  if (c < 0) return undefined;
  const first = index[c] as number;
  const chunk = await db.get(storedChunkKey(id, first));
  return chunk ? chunkEntry(first, chunk, doc) : undefined;
}

/** The encoded documents of root docs `docs` (any order, repeats allowed), in that order; one read per chunk. */
export async function readStoredDocs(db: ShardStore, core: SegmentCore, docs: readonly number[]): Promise<Array<Buffer | undefined>> {
  const id = core.info.id;
  const index = core.storedChunks;
  if (!index) return db.getMany(docs.map((d) => storedKey(id, d)));
  const chunkPos = docs.map((d) => floorIndex(index, d));
  const wanted = [...new Set(chunkPos.filter((c) => c >= 0))];
  const values = await db.getMany(wanted.map((c) => storedChunkKey(id, index[c] as number)));
  const byChunk = new Map<number, Buffer | undefined>();
  wanted.forEach((c, i) => byChunk.set(c, values[i]));
  return docs.map((d, i) => {
    const c = chunkPos[i] as number;
    const chunk = c < 0 ? undefined : byChunk.get(c);
    return chunk ? chunkEntry(index[c] as number, chunk, d) : undefined;
  });
}

/**
 * The encoded documents of root docs `docs` (ascending, no repeats), read with one range scan
 * from the first to the last: for docs close together, cheaper than a read each.
 */
export async function scanStoredDocs(db: ShardStore, core: SegmentCore, docs: readonly number[]): Promise<Array<Buffer | undefined>> {
  const out = new Array<Buffer | undefined>(docs.length).fill(undefined);
  if (docs.length === 0) return out;
  const id = core.info.id;
  const first = docs[0] as number;
  const last = docs[docs.length - 1] as number;
  let i = 0;
  // docs are ascending and so are the entries met: one cursor over `docs`
  const take = (doc: number, encoded: Buffer): void => {
    while (i < docs.length && (docs[i] as number) < doc) i++;
    if (docs[i] === doc) out[i++] = encoded;
  };
  const index = core.storedChunks;
  if (!index) {
    await db.scan({ gte: storedKey(id, first), lte: storedKey(id, last) }, (k, v) => take(storedKeyDoc(k), v));
    return out;
  }
  const from = Math.max(0, floorIndex(index, first));
  const to = floorIndex(index, last);
  if (to < 0) return out;
  await db.scan({ gte: storedChunkKey(id, index[from] as number), lte: storedChunkKey(id, index[to] as number) }, (k, v) => {
    chunkEntries(storedKeyDoc(k), v, take);
  });
  return out;
}

/**
 * Every stored document of the segment, in doc order, as (doc, encoded bytes). `each` may return
 * a promise (a merge writing or yielding), which is awaited before the next chunk's documents.
 */
export async function eachStoredDoc(db: ShardStore, core: SegmentCore, each: (doc: number, encoded: Buffer) => Promise<void> | undefined): Promise<void> {
  const id = core.info.id;
  if (!core.storedChunks) {
    await db.scan(segKindRange(id, SEG.STORED), (k, v) => each(storedKeyDoc(k), v));
    return;
  }
  await db.scan(segKindRange(id, SEG.STORED_CHUNK), (k, v) => {
    let pending: Promise<void> | undefined;
    chunkEntries(storedKeyDoc(k), v, (doc, encoded) => {
      const r = pending ? pending.then(() => each(doc, encoded)) : each(doc, encoded);
      if (r) pending = r;
    });
    return pending;
  });
}
