/**
 * Term dictionary codec (format `strata-terms` v1): one value per (segment, field) holding the
 * field's terms in ascending UTF-16 order with their document frequency and total term
 * frequency. Loaded into memory at open so `docFreq`/`terms()` never touch LevelDB; the terms
 * are kept packed as UTF-8 (`PackedTermList`), not as one JS string each.
 *
 * Layout: varint count; per term: varint shared-prefix length (UTF-16 units, with the previous
 * term), length-prefixed UTF-8 suffix, varint docFreq, varint totalTermFreq + 1 (0 = -1, i.e.
 * frequencies not indexed); then varint chunk count and each chunk's first term index.
 */
import { ByteReader, ByteWriter } from './bytes.js';
import { floorIndex } from './floor-index.js';
import { PackedTermList } from './term-list.js';

export const TERM_DICT_FORMAT = { id: 'strata-terms', version: 1 } as const;

/** A field's in-memory term dictionary. */
export interface TermDict {
  terms: PackedTermList;
  docFreq: Int32Array;
  /** Per term; null when the field does not index frequencies (every term's is -1, Lucene's IndexOptions.DOCS). */
  totalTermFreq: Float64Array | null;
  /** Index of the first term of each postings chunk (ascending, starts with 0). */
  blockStart: Int32Array;
}

/** What a segment writer or a merge hands to `encodeTermDict`: the terms as strings. */
export interface TermDictInput {
  terms: readonly string[];
  docFreq: ArrayLike<number>;
  /** -1 where frequencies are not indexed. */
  totalTermFreq: ArrayLike<number>;
  blockStart: ArrayLike<number>;
}

export function encodeTermDict(d: TermDictInput): Buffer {
  const w = new ByteWriter(64 + d.terms.length * 12);
  const n = d.terms.length;
  w.varint(n);
  let prev = '';
  for (let i = 0; i < n; i++) {
    const t = d.terms[i] as string;
    let p = 0;
    const max = Math.min(prev.length, t.length);
    while (p < max && prev.charCodeAt(p) === t.charCodeAt(p)) p++;
    // Never split a surrogate pair between prefix and suffix.
    if (p > 0 && p < t.length && isLowSurrogate(t.charCodeAt(p))) p--;
    w.varint(p);
    w.str(p === 0 ? t : t.slice(p));
    w.varint(d.docFreq[i] as number);
    w.varint((d.totalTermFreq[i] as number) + 1);
    prev = t;
  }
  w.varint(d.blockStart.length);
  for (let i = 0; i < d.blockStart.length; i++) w.varint(d.blockStart[i] as number);
  return w.finish();
}

/**
 * Decode without making a string per term: each term's bytes are its shared prefix (copied from
 * the previous term's bytes) and its suffix. The prefix length counts UTF-16 units, so for a
 * non-ASCII previous term it is converted to bytes by walking that term's UTF-8 sequences.
 */
export function decodeTermDict(buf: Buffer): TermDict {
  const r = new ByteReader(buf);
  const n = r.varint();
  const offsets = new Int32Array(n + 1);
  const docFreq = new Int32Array(n);
  let ttf: Float64Array | null = null;
  // Full terms are at most the encoded size plus every shared prefix; grown when needed.
  let bytes = Buffer.allocUnsafeSlow(Math.max(64, buf.length * 2));
  let size = 0;
  let prevStart = 0;
  let prevAscii = true;
  for (let i = 0; i < n; i++) {
    const p = r.varint();
    const prefixBytes = p === 0 ? 0 : prevAscii ? p : utf8BytesOfUnits(bytes, prevStart, p);
    const suffixLen = r.varint();
    if (r.pos + suffixLen > buf.length) throw new Error('corrupt block: truncated string');
    const need = size + prefixBytes + suffixLen;
    if (need > bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(need, bytes.length * 2));
      bytes.copy(grown, 0, 0, size);
      bytes = grown;
    }
    const start = size;
    bytes.copyWithin(start, prevStart, prevStart + prefixBytes);
    buf.copy(bytes, start + prefixBytes, r.pos, r.pos + suffixLen);
    let ascii: boolean = prevAscii || p === 0;
    if (p > 0 && !prevAscii) ascii = isAscii(bytes, start, start + prefixBytes);
    if (ascii) ascii = isAscii(buf, r.pos, r.pos + suffixLen);
    r.pos += suffixLen;
    size = need;
    offsets[i + 1] = size;
    prevStart = start;
    prevAscii = ascii;
    docFreq[i] = r.varint();
    const t = r.varint() - 1;
    if (t !== -1 || ttf !== null) {
      ttf ??= new Float64Array(n).fill(-1);
      ttf[i] = t;
    }
  }
  const blockStart = new Int32Array(r.varint());
  for (let i = 0; i < blockStart.length; i++) blockStart[i] = r.varint();
  const exact = Buffer.allocUnsafeSlow(size);
  bytes.copy(exact, 0, 0, size);
  return { terms: n === 0 ? PackedTermList.EMPTY : new PackedTermList(exact, offsets), docFreq, totalTermFreq: ttf, blockStart };
}

function isAscii(b: Buffer, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if ((b[i] as number) >= 0x80) return false;
  return true;
}

/** Bytes taken by the first `units` UTF-16 code units of the UTF-8 text starting at `start`. */
function utf8BytesOfUnits(b: Buffer, start: number, units: number): number {
  let pos = start;
  let u = 0;
  while (u < units) {
    const lead = b[pos] as number;
    if (lead < 0x80) {
      pos += 1;
      u += 1;
    } else if (lead < 0xe0) {
      pos += 2;
      u += 1;
    } else if (lead < 0xf0) {
      pos += 3;
      u += 1;
    } else {
      pos += 4;
      u += 2;
    }
  }
  return pos - start;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** The chunk holding term index `i` and the term's position within it. */
export function chunkOf(blockStart: Int32Array, i: number): { chunk: number; slot: number } {
  const chunk = Math.max(0, floorIndex(blockStart, i));
  return { chunk, slot: i - (blockStart[chunk] as number) };
}
