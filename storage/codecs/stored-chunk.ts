/**
 * Stored document chunks (format `strata-stored` v2): the stored documents of consecutive root
 * docs of a segment, packed into one value keyed by the chunk's first doc, as Lucene's
 * compressing stored fields pack documents into chunks. One key per document (v1) made every
 * document a LevelDB entry to write at a refresh, read and write again at every merge level, and
 * carry through LevelDB's own compactions: copying stored documents was about half of a merge's
 * CPU (docs/benchmarks.md, session 12). A chunk closes at {@link CHUNK_BYTES} of documents or
 * {@link CHUNK_DOCS} documents, so it stays about one LevelDB block and reading one document
 * costs what it did.
 *
 * Chunk layout: varint count, then per document its doc number's offset from the chunk's first
 * doc (varint) and its encoded length (varint), then the encoded documents (storage/codecs/stored-doc.ts)
 * back to back. A merge moves documents between chunks as bytes, without decoding them.
 *
 * The chunk index (one value per segment): varint count, then the chunks' first docs as varint
 * deltas. Its presence marks a v2 segment; a shard written by an older build keeps its v1
 * segments (one key per document) readable until merges rewrite them.
 */
import { ByteReader, ByteWriter } from './bytes.js';

/** A chunk closes once its documents reach this many bytes... */
export const CHUNK_BYTES = 4096;
/** ...or this many documents. */
export const CHUNK_DOCS = 128;

/** A finished chunk: its first doc (the key's) and its value. */
export interface StoredChunk {
  firstDoc: number;
  value: Buffer;
}

/** Packs documents, given in increasing doc order, into chunks; collects the chunk index. */
export class StoredChunkWriter {
  private docs: number[] = [];
  private parts: Uint8Array[] = [];
  private bytes = 0;
  /** First doc of every chunk written so far. */
  readonly firstDocs: number[] = [];

  /** Add `doc`'s encoded document; returns the chunk it completed, if any. */
  add(doc: number, encoded: Uint8Array): StoredChunk | undefined {
    this.docs.push(doc);
    this.parts.push(encoded);
    this.bytes += encoded.length;
    return this.bytes >= CHUNK_BYTES || this.docs.length >= CHUNK_DOCS ? this.flush() : undefined;
  }

  /** The last, partial chunk (undefined when nothing is pending). */
  flush(): StoredChunk | undefined {
    const docs = this.docs;
    if (docs.length === 0) return undefined;
    const firstDoc = docs[0] as number;
    const w = new ByteWriter(16 + docs.length * 6 + this.bytes);
    w.varint(docs.length);
    for (let i = 0; i < docs.length; i++) {
      w.varint((docs[i] as number) - firstDoc);
      w.varint((this.parts[i] as Uint8Array).length);
    }
    for (const p of this.parts) w.raw(p);
    this.firstDocs.push(firstDoc);
    this.docs = [];
    this.parts = [];
    this.bytes = 0;
    return { firstDoc, value: w.finish() };
  }
}

/** `chunk`'s documents: each one's doc number and encoded bytes (views of `chunk`), in doc order. */
export function chunkEntries(firstDoc: number, chunk: Buffer, each: (doc: number, encoded: Buffer) => void): void {
  const r = new ByteReader(chunk);
  const n = r.varint();
  const offsets = new Array<number>(n);
  const lengths = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    offsets[i] = r.varint();
    lengths[i] = r.varint();
  }
  let pos = r.pos;
  for (let i = 0; i < n; i++) {
    const len = lengths[i] as number;
    if (pos + len > chunk.length) throw new Error('corrupt block: stored chunk truncated');
    each(firstDoc + (offsets[i] as number), chunk.subarray(pos, pos + len));
    pos += len;
  }
}

/** The encoded document of `doc` in `chunk` (a view), or undefined when the chunk does not hold it. */
export function chunkEntry(firstDoc: number, chunk: Buffer, doc: number): Buffer | undefined {
  const r = new ByteReader(chunk);
  const n = r.varint();
  const want = doc - firstDoc;
  let skip = 0;
  let len = -1;
  for (let i = 0; i < n; i++) {
    const off = r.varint();
    const l = r.varint();
    if (len >= 0) continue;
    if (off === want) len = l;
    else skip += l;
  }
  if (len < 0) return undefined;
  const start = r.pos + skip;
  if (start + len > chunk.length) throw new Error('corrupt block: stored chunk truncated');
  return chunk.subarray(start, start + len);
}

export function encodeStoredIndex(firstDocs: readonly number[]): Buffer {
  const w = new ByteWriter(8 + firstDocs.length * 3);
  w.varint(firstDocs.length);
  let prev = 0;
  for (const d of firstDocs) {
    w.varint(d - prev);
    prev = d;
  }
  return w.finish();
}

export function decodeStoredIndex(buf: Buffer): Int32Array {
  const r = new ByteReader(buf);
  const out = new Int32Array(r.varint());
  let prev = 0;
  for (let i = 0; i < out.length; i++) out[i] = prev += r.varint();
  return out;
}
