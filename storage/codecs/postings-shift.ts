/**
 * Postings blocks merged without decoding them, as Lucene's bulk merge copies postings when no
 * document is deleted: a merge that keeps every document of a source only adds the number of
 * documents before it (its base) to each doc number. In the block format
 * (storage/codecs/postings.ts) doc numbers are deltas with the first one absolute, and
 * positions and offsets do not depend on doc numbers at all, so a shifted block is the source
 * block with its first doc number rewritten; several sources' blocks of one term are their
 * sections (doc deltas, freqs, positions) laid end to end. The bytes are exactly what decoding,
 * renumbering and `writePostings` would write.
 */
import type { ByteWriter } from './bytes.js';
import { FLAG_FREQS, FLAG_OFFSETS, FLAG_POSITIONS } from './postings.js';

/** What a shifted block holds: its doc count and total term frequency (the doc count without freqs). */
export interface ShiftedStats {
  docs: number;
  ttf: number;
}

/** A varint read at `pos` of `buf`: the value in `v`, the next position in `pos` (no allocation). */
interface Cursor {
  pos: number;
  v: number;
}

function readVarint(buf: Uint8Array, c: Cursor): void {
  let b = buf[c.pos++];
  if (b === undefined) throw new Error('corrupt block: truncated varint');
  let result = b & 0x7f;
  let mul = 0x80;
  while (b >= 0x80) {
    b = buf[c.pos++];
    if (b === undefined) throw new Error('corrupt block: truncated varint');
    result += (b & 0x7f) * mul;
    mul *= 0x80;
  }
  c.v = result;
}

/** Skip `n` varints from `pos`; returns the position after them. */
function skipVarints(buf: Uint8Array, pos: number, n: number): number {
  const end = buf.length;
  for (let i = 0; i < n; pos++) {
    if (pos >= end) throw new Error('corrupt block: truncated varint');
    if ((buf[pos] as number) < 0x80) i++;
  }
  return pos;
}

function copy(w: ByteWriter, buf: Buffer, from: number, to: number): void {
  w.ensure(to - from);
  buf.copy(w.buf, w.len, from, to);
  w.len += to - from;
}

/**
 * Write ONE postings block for a term whose documents are those of `blocks[i]` with `bases[i]`
 * added to each doc number (blocks in increasing doc order: every doc of block i + 1, shifted,
 * after every doc of block i, shifted). Returns undefined, having written nothing, when the
 * blocks cannot be joined byte for byte: a block whose flags differ from `flags`, positions
 * without freqs, or offsets in more than one block (offsets are deltas across the whole term).
 */
export function writeShifted(w: ByteWriter, blocks: readonly Buffer[], bases: readonly number[], flags: number): ShiftedStats | undefined {
  const k = blocks.length;
  if (k === 0) return undefined;
  for (let i = 0; i < k; i++) if ((blocks[i] as Buffer)[0] !== flags) return undefined;
  const freqs = (flags & FLAG_FREQS) !== 0;
  if ((flags & FLAG_POSITIONS) !== 0 && !freqs) return undefined;
  if (k > 1 && (flags & FLAG_OFFSETS) !== 0) return undefined;
  const c: Cursor = { pos: 0, v: 0 };
  if (k === 1) {
    const b = blocks[0] as Buffer;
    c.pos = 1;
    readVarint(b, c);
    const n = c.v;
    readVarint(b, c);
    const first = c.v;
    const rest = c.pos;
    let ttf = n;
    if (freqs) {
      c.pos = skipVarints(b, rest, n - 1);
      ttf = 0;
      for (let j = 0; j < n; j++) {
        readVarint(b, c);
        ttf += c.v;
      }
    }
    w.byte(flags);
    w.varint(n);
    w.varint(first + (bases[0] as number));
    copy(w, b, rest, b.length);
    return { docs: n, ttf };
  }
  // Several blocks: find each one's sections, then write doc deltas, freqs and positions in turn.
  const docsAt = new Array<number>(k);
  const freqsAt = new Array<number>(k);
  const posAt = new Array<number>(k);
  const firsts = new Array<number>(k);
  const lasts = new Array<number>(k);
  let total = 0;
  let ttf = 0;
  for (let i = 0; i < k; i++) {
    const b = blocks[i] as Buffer;
    c.pos = 1;
    readVarint(b, c);
    const n = c.v;
    total += n;
    readVarint(b, c);
    firsts[i] = c.v;
    docsAt[i] = c.pos;
    let last = c.v;
    for (let j = 1; j < n; j++) {
      readVarint(b, c);
      last += c.v;
    }
    lasts[i] = last;
    freqsAt[i] = c.pos;
    if (!freqs) {
      ttf += n;
      posAt[i] = c.pos;
      continue;
    }
    let occ = 0;
    for (let j = 0; j < n; j++) {
      readVarint(b, c);
      occ += c.v;
    }
    ttf += occ;
    posAt[i] = c.pos;
  }
  w.byte(flags);
  w.varint(total);
  let prev = 0;
  for (let i = 0; i < k; i++) {
    const base = bases[i] as number;
    w.varint((firsts[i] as number) + base - prev);
    prev = (lasts[i] as number) + base;
    copy(w, blocks[i] as Buffer, docsAt[i] as number, freqsAt[i] as number);
  }
  for (let i = 0; i < k; i++) copy(w, blocks[i] as Buffer, freqsAt[i] as number, posAt[i] as number);
  for (let i = 0; i < k; i++) copy(w, blocks[i] as Buffer, posAt[i] as number, (blocks[i] as Buffer).length);
  return { docs: total, ttf };
}

/** True when `map` (old doc → new doc, -1 for dropped) keeps every document, shifted by `map[0]`. */
export function isShift(map: Int32Array): boolean {
  const n = map.length;
  // New numbers are handed out in increasing order to live docs only, so the span is n - 1
  // exactly when none was dropped.
  return n === 0 || ((map[0] as number) >= 0 && map[n - 1] === (map[0] as number) + n - 1);
}
