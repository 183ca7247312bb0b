/**
 * MurmurHash3 x86 32-bit, as Lucene's `StringHelper.murmurhash3_x86_32`: document routing
 * (seed 0), sliced scroll (7919), `random_score` (the salted seed) and terms partitions (31)
 * all hash with it, so their numbers agree with Elasticsearch's.
 */

/** MurmurHash3 x86 32-bit of `data` with `seed`, as a signed 32-bit integer (Java `int`). */
export function murmur3x86_32(data: Uint8Array, seed = 0): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h1 = seed | 0;
  const len = data.length;
  const roundedEnd = len & ~3;
  for (let i = 0; i < roundedEnd; i += 4) {
    let k1 = (data[i]! & 0xff) | ((data[i + 1]! & 0xff) << 8) | ((data[i + 2]! & 0xff) << 16) | (data[i + 3]! << 24);
    k1 = Math.imul(k1, c1);
    k1 = (k1 << 15) | (k1 >>> 17);
    k1 = Math.imul(k1, c2);
    h1 ^= k1;
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
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
      k1 = Math.imul(k1, c1);
      k1 = (k1 << 15) | (k1 >>> 17);
      k1 = Math.imul(k1, c2);
      h1 ^= k1;
  }
  h1 ^= len;
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h1 = Math.imul(h1, 0xc2b2ae35);
  h1 ^= h1 >>> 16;
  return h1 | 0;
}
