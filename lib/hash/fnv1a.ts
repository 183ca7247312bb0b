/**
 * FNV-1a over UTF-16 code units, as a signed 32-bit integer (what an Int32Array holds). Not
 * murmur3-x86.ts: that hashes bytes (ES-compatible routing, slices), this one only has to be
 * cheap on the string as it is, without encoding it (a segment's id index, the indexing
 * buffer's term hash).
 */
export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}
