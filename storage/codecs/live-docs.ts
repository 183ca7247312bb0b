/**
 * Live docs codec (format `strata-livedocs` v1): which doc numbers of a segment are not
 * deleted, as Lucene's `.liv` files. Absent key = every doc is live.
 *
 * Layout: varint maxDoc, varint deleted count, then the bitset (bit set = live, LSB first).
 */
import { ByteReader, ByteWriter } from './bytes.js';

export const LIVE_DOCS_FORMAT = { id: 'strata-livedocs', version: 1 } as const;

/** A live-docs bitset of `maxDoc` bits, all set. */
export function allLive(maxDoc: number): Uint8Array {
  const bits = new Uint8Array((maxDoc + 7) >>> 3).fill(0xff);
  const rem = maxDoc & 7;
  if (rem !== 0) bits[bits.length - 1] = (1 << rem) - 1;
  return bits;
}

export function isLiveBit(bits: Uint8Array, doc: number): boolean {
  return (((bits[doc >>> 3] as number) >>> (doc & 7)) & 1) === 1;
}

export function clearBit(bits: Uint8Array, doc: number): void {
  bits[doc >>> 3] = (bits[doc >>> 3] as number) & ~(1 << (doc & 7));
}

export interface LiveDocs {
  maxDoc: number;
  delCount: number;
  bits: Uint8Array;
}

export function encodeLiveDocs(l: LiveDocs): Buffer {
  const w = new ByteWriter(l.bits.length + 16);
  w.varint(l.maxDoc);
  w.varint(l.delCount);
  w.raw(l.bits);
  return w.finish();
}

export function decodeLiveDocs(buf: Buffer): LiveDocs {
  const r = new ByteReader(buf);
  const maxDoc = r.varint();
  const delCount = r.varint();
  const bits = new Uint8Array(r.raw((maxDoc + 7) >>> 3));
  return { maxDoc, delCount, bits };
}
