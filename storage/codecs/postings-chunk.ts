/**
 * Postings chunk codec (format `strata-postings-chunk` v1): the postings blocks of a run of
 * consecutive terms of one field, stored as ONE LevelDB value. Packing terms together keeps
 * high-cardinality fields (ids, names, numbers) from turning into one key per document, while a
 * term query still reads a single value (a few KiB). The in-memory term dictionary knows which
 * chunk holds each term (`TermDict.blockStart`).
 *
 * Layout: varint term count n, n varint block lengths, then the n postings blocks
 * (storage/codecs/postings.ts) back to back.
 */
import { ByteReader, ByteWriter } from './bytes.js';

export const POSTINGS_CHUNK_FORMAT = { id: 'strata-postings-chunk', version: 1 } as const;

/** Cut a chunk once it holds this many bytes or terms. */
export const CHUNK_MAX_BYTES = 16 * 1024;
export const CHUNK_MAX_TERMS = 128;

/** Accumulates postings blocks for one chunk. */
export class ChunkBuilder {
  readonly body = new ByteWriter(CHUNK_MAX_BYTES * 2);
  private lengths: number[] = [];
  private lastLen = 0;

  get count(): number {
    return this.lengths.length;
  }

  get full(): boolean {
    return this.body.len >= CHUNK_MAX_BYTES || this.lengths.length >= CHUNK_MAX_TERMS;
  }

  /** Call after writing one term's block into `body`. */
  endTerm(): void {
    this.lengths.push(this.body.len - this.lastLen);
    this.lastLen = this.body.len;
  }

  /** Append an already encoded block. */
  addBlock(block: Uint8Array): void {
    this.body.raw(block);
    this.endTerm();
  }

  /** The chunk value; resets the builder. */
  finish(): Buffer {
    const head = new ByteWriter(8 + this.lengths.length * 3);
    head.varint(this.lengths.length);
    for (const l of this.lengths) head.varint(l);
    const out = Buffer.allocUnsafe(head.len + this.body.len);
    head.buf.copy(out, 0, 0, head.len);
    this.body.buf.copy(out, head.len, 0, this.body.len);
    this.lengths = [];
    this.lastLen = 0;
    this.body.len = 0;
    return out;
  }
}

/** All blocks of a chunk, in term order (views into `buf`). */
export function chunkBlocks(buf: Buffer): Buffer[] {
  const r = new ByteReader(buf);
  const n = r.varint();
  const lengths = new Array<number>(n);
  for (let i = 0; i < n; i++) lengths[i] = r.varint();
  const out = new Array<Buffer>(n);
  let pos = r.pos;
  for (let i = 0; i < n; i++) {
    out[i] = buf.subarray(pos, pos + (lengths[i] as number));
    pos += lengths[i] as number;
  }
  return out;
}

/** Block `i` of a chunk (a view into `buf`). */
export function chunkBlock(buf: Buffer, i: number): Buffer {
  const r = new ByteReader(buf);
  const n = r.varint();
  if (i >= n) throw new Error(`corrupt postings chunk: no block ${i} of ${n}`);
  let skip = 0;
  let len = 0;
  for (let j = 0; j < n; j++) {
    const l = r.varint();
    if (j < i) skip += l;
    else if (j === i) len = l;
  }
  const start = r.pos + skip;
  return buf.subarray(start, start + len);
}
