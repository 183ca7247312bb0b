/**
 * Postings block codec (format `strata-postings` v1): everything one term has in one segment,
 * as ONE value — never one key per document.
 *
 * Layout: `flags` byte (1 = freqs, 2 = positions, 4 = offsets), varint doc count, then
 * doc numbers as varint deltas (first absolute), then (freqs) one varint per doc, then
 * (positions) per doc `freq` zig-zag deltas from the previous position of the doc (starting
 * at 0), then (offsets) per position a zig-zag delta of the start offset from the previous start
 * and a zig-zag `end - start`.
 */
import type { Postings } from '../types.js';
import { ByteReader, ByteWriter } from './bytes.js';

export const POSTINGS_FORMAT = { id: 'strata-postings', version: 1 } as const;

export const FLAG_FREQS = 1;
export const FLAG_POSITIONS = 2;
export const FLAG_OFFSETS = 4;

/** Postings as accumulated by the indexing buffer or a merge (plain arrays or typed arrays). */
export interface PostingsInput {
  docs: ArrayLike<number>;
  freqs: ArrayLike<number>;
  /** Concatenated positions, `freqs[i]` of them per doc (when the field keeps positions). */
  positions?: ArrayLike<number>;
  startOffsets?: ArrayLike<number>;
  endOffsets?: ArrayLike<number>;
}

/** Encode one term's postings into `w` (the caller takes `w.finish()` or reuses the writer). */
export function writePostings(w: ByteWriter, p: PostingsInput, flags: number): void {
  const n = p.docs.length;
  w.byte(flags);
  w.varint(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const d = p.docs[i] as number;
    w.varint(d - prev);
    prev = d;
  }
  if (flags & FLAG_FREQS) for (let i = 0; i < n; i++) w.varint(p.freqs[i] as number);
  if (flags & FLAG_POSITIONS && p.positions) {
    let k = 0;
    for (let i = 0; i < n; i++) {
      const f = p.freqs[i] as number;
      let last = 0;
      for (let j = 0; j < f; j++, k++) {
        const pos = p.positions[k] as number;
        w.svarint(pos - last);
        last = pos;
      }
    }
    if (flags & FLAG_OFFSETS && p.startOffsets && p.endOffsets) {
      const total = k;
      let lastStart = 0;
      for (let j = 0; j < total; j++) {
        const s = p.startOffsets[j] as number;
        w.svarint(s - lastStart);
        w.svarint((p.endOffsets[j] as number) - s);
        lastStart = s;
      }
    }
  }
}

/**
 * One term's occurrences as the indexing buffer sorts them at sealing (storage/segment-writer.ts):
 * `docs[k]`, and when the field keeps them `positions[k]`, `startOffsets[k]`, `endOffsets[k]`,
 * for k in [from, to), in the order the tokens came (documents ascending, a document's tokens in
 * stream order). An empty array stands for what the field does not keep.
 */
export interface OccurrenceColumns {
  docs: Int32Array;
  positions: Int32Array;
  startOffsets: Int32Array;
  endOffsets: Int32Array;
}

/**
 * Encode one term's postings from its occurrences (`docCount` distinct documents among them) —
 * the same bytes as {@link writePostings} given each document once with its occurrence count as
 * freq, without first building those arrays.
 */
export function writePostingsColumns(w: ByteWriter, c: OccurrenceColumns, from: number, to: number, docCount: number, flags: number): void {
  const { docs } = c;
  w.byte(flags);
  w.varint(docCount);
  let prev = 0;
  for (let k = from; k < to; k++) {
    const d = docs[k] as number;
    if (k > from && d === prev) continue;
    w.varint(d - prev);
    prev = d;
  }
  if ((flags & FLAG_FREQS) === 0) return;
  for (let k = from; k < to; ) {
    const d = docs[k] as number;
    let e = k + 1;
    while (e < to && docs[e] === d) e++;
    w.varint(e - k);
    k = e;
  }
  if ((flags & FLAG_POSITIONS) === 0) return;
  const { positions } = c;
  let last = 0;
  for (let k = from; k < to; k++) {
    // positions are deltas within a document, from 0 at its first
    if (k > from && docs[k] !== docs[k - 1]) last = 0;
    const pos = positions[k] as number;
    w.svarint(pos - last);
    last = pos;
  }
  if ((flags & FLAG_OFFSETS) === 0) return;
  const { startOffsets, endOffsets } = c;
  let lastStart = 0;
  for (let k = from; k < to; k++) {
    const s = startOffsets[k] as number;
    w.svarint(s - lastStart);
    w.svarint((endOffsets[k] as number) - s);
    lastStart = s;
  }
}

/** Encode one term's postings as a standalone value. */
export function encodePostings(p: PostingsInput, flags: number): Buffer {
  const w = new ByteWriter(16 + p.docs.length * 3);
  writePostings(w, p, flags);
  return w.finish();
}

/** Decode a postings block; frequencies are all 1 when the field does not index them. */
export function decodePostings(buf: Buffer): Postings {
  const r = new ByteReader(buf);
  const flags = r.byte();
  const n = r.varint();
  const docs = new Int32Array(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    prev += r.varint();
    docs[i] = prev;
  }
  const freqs = new Int32Array(n);
  if (flags & FLAG_FREQS) for (let i = 0; i < n; i++) freqs[i] = r.varint();
  else freqs.fill(1);
  const out: Postings = { docs, freqs };
  if (flags & FLAG_POSITIONS) {
    const posStart = new Int32Array(n + 1);
    let total = 0;
    for (let i = 0; i < n; i++) {
      posStart[i] = total;
      total += freqs[i] as number;
    }
    posStart[n] = total;
    const positions = new Int32Array(total);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const f = freqs[i] as number;
      let last = 0;
      for (let j = 0; j < f; j++, k++) {
        last += r.svarint();
        positions[k] = last;
      }
    }
    out.positions = positions;
    out.posStart = posStart;
    if (flags & FLAG_OFFSETS) {
      const startOffsets = new Int32Array(total);
      const endOffsets = new Int32Array(total);
      let lastStart = 0;
      for (let j = 0; j < total; j++) {
        lastStart += r.svarint();
        startOffsets[j] = lastStart;
        endOffsets[j] = lastStart + r.svarint();
      }
      out.startOffsets = startOffsets;
      out.endOffsets = endOffsets;
    }
  }
  return out;
}

/** Read only the flags of a block (used by merges to carry field options). */
export function postingsFlags(buf: Buffer): number {
  return buf[0] ?? 0;
}
