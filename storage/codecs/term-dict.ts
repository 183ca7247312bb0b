/**
 * Term dictionary codec (format `strata-terms` v1): one value per (segment, field) holding the
 * field's terms in ascending UTF-16 order with their document frequency and total term
 * frequency. Loaded into memory at open so `docFreq`/`terms()` never touch LevelDB.
 *
 * Layout: varint count; per term: varint shared-prefix length (UTF-16 units, with the previous
 * term), length-prefixed UTF-8 suffix, varint docFreq, varint totalTermFreq + 1 (0 = -1, i.e.
 * frequencies not indexed); then varint chunk count and each chunk's first term index.
 */
import { ByteReader, ByteWriter } from './bytes.js';

export const TERM_DICT_FORMAT = { id: 'strata-terms', version: 1 } as const;

/** A field's in-memory term dictionary. */
export interface TermDict {
  terms: string[];
  docFreq: Int32Array;
  /** -1 when the field does not index frequencies (Lucene's IndexOptions.DOCS). */
  totalTermFreq: Float64Array;
  /** Index of the first term of each postings chunk (ascending, starts with 0). */
  blockStart: Int32Array;
}

export function encodeTermDict(d: TermDict): Buffer {
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

export function decodeTermDict(buf: Buffer): TermDict {
  const r = new ByteReader(buf);
  const n = r.varint();
  const terms = new Array<string>(n);
  const docFreq = new Int32Array(n);
  const totalTermFreq = new Float64Array(n);
  let prev = '';
  for (let i = 0; i < n; i++) {
    const p = r.varint();
    const suffix = r.str();
    const t = p === 0 ? suffix : prev.slice(0, p) + suffix;
    terms[i] = t;
    docFreq[i] = r.varint();
    totalTermFreq[i] = r.varint() - 1;
    prev = t;
  }
  const blockStart = new Int32Array(r.varint());
  for (let i = 0; i < blockStart.length; i++) blockStart[i] = r.varint();
  return { terms, docFreq, totalTermFreq, blockStart };
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Index of `term` in sorted `terms`, or -1. Comparison is JS string order (UTF-16 units). */
export function findTerm(terms: readonly string[], term: string): number {
  let lo = 0;
  let hi = terms.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const t = terms[mid] as string;
    if (t < term) lo = mid + 1;
    else if (t > term) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** The chunk holding term index `i` and the term's position within it. */
export function chunkOf(blockStart: Int32Array, i: number): { chunk: number; slot: number } {
  let lo = 0;
  let hi = blockStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((blockStart[mid] as number) <= i) lo = mid;
    else hi = mid - 1;
  }
  return { chunk: lo, slot: i - (blockStart[lo] as number) };
}
