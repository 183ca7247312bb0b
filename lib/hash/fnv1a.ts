/**
 * FNV-1a over UTF-16 code units, as a signed 32-bit integer (what an Int32Array holds). Not
 * murmur3-x86.ts: that hashes bytes (ES-compatible routing, slices), this one only has to be
 * cheap on the string as it is, without encoding it (a segment's id index, the indexing
 * buffer's term hash).
 *
 * Seeded per process: both tables hash what clients send (ids, terms) and probe linearly, so a
 * fixed hash would let a client precompute thousands of colliding ids or terms and turn every
 * insert and lookup into a walk of one long run (V8 seeds its own string hash for the same
 * reason). Nothing hashed here is written anywhere: a table is rebuilt at open.
 */
const SEED = globalThis.crypto.getRandomValues(new Uint32Array(1))[0] as number;
const BASIS = (0x811c9dc5 ^ SEED) | 0;

export function fnv1a32(s: string): number {
  let h = BASIS;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}
