/**
 * Norms codec (format `strata-norms` v1): one value per (segment, field), the Lucene 6 one-byte
 * norm of every doc number (0 = no norm). Layout: varint maxDoc, then the bytes; a column
 * that is all zeros except a few docs is still small after LevelDB's Snappy compression.
 */
import { ByteReader, ByteWriter } from './bytes.js';

export const NORMS_FORMAT = { id: 'strata-norms', version: 1 } as const;

export function encodeNorms(norms: Uint8Array): Buffer {
  const w = new ByteWriter(norms.length + 8);
  w.varint(norms.length);
  w.raw(norms);
  return w.finish();
}

export function decodeNorms(buf: Buffer): Uint8Array {
  const r = new ByteReader(buf);
  const n = r.varint();
  return new Uint8Array(r.raw(n));
}
