/**
 * MurmurHash3 x86 32-bit, as Lucene's `StringHelper.murmurhash3_x86_32`: document routing
 * (seed 0), sliced scroll (7919), `random_score` (the salted seed) and terms partitions (31)
 * all hash with it, so their numbers agree with Elasticsearch's. The steps are exported for
 * routing, which feeds a string's UTF-16 code units in pairs without copying them to bytes.
 */

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/** `h1` after one 4-byte little-endian block `k1`. */
export function mixBlock(h1: number, k1: number): number {
  k1 = Math.imul(k1, C1);
  k1 = (k1 << 15) | (k1 >>> 17);
  k1 = Math.imul(k1, C2);
  h1 ^= k1;
  h1 = (h1 << 13) | (h1 >>> 19);
  return (Math.imul(h1, 5) + 0xe6546b64) | 0;
}

/** `h1` after the last 1–3 bytes, `k1` (no rotation of `h1`). */
export function mixTail(h1: number, k1: number): number {
  k1 = Math.imul(k1, C1);
  k1 = (k1 << 15) | (k1 >>> 17);
  k1 = Math.imul(k1, C2);
  return h1 ^ k1;
}

/** The hash of `len` bytes from the state `h1`, as a signed 32-bit integer (Java `int`). */
export function finish(h1: number, len: number): number {
  h1 ^= len;
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h1 = Math.imul(h1, 0xc2b2ae35);
  h1 ^= h1 >>> 16;
  return h1 | 0;
}

/** MurmurHash3 x86 32-bit of `data` with `seed`, as a signed 32-bit integer (Java `int`). */
export function murmur3x86_32(data: Uint8Array, seed = 0): number {
  let h1 = seed | 0;
  const len = data.length;
  const roundedEnd = len & ~3;
  for (let i = 0; i < roundedEnd; i += 4) {
    h1 = mixBlock(h1, (data[i]! & 0xff) | ((data[i + 1]! & 0xff) << 8) | ((data[i + 2]! & 0xff) << 16) | (data[i + 3]! << 24));
  }
  let k1 = 0;
  switch (len & 3) {
    case 3:
      k1 = (data[roundedEnd + 2]! & 0xff) << 16;
    // falls through
    case 2:
      k1 |= (data[roundedEnd + 1]! & 0xff) << 8;
    // falls through
    case 1:
      k1 |= data[roundedEnd]! & 0xff;
      h1 = mixTail(h1, k1);
  }
  return finish(h1, len);
}
