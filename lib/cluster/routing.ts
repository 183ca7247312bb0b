/**
 * Document routing exactly as Elasticsearch 5 places documents, so shard numbers agree with ES:
 * `shard = floorMod(murmur3_x86_32(utf16le(routing), seed 0), number_of_shards)`
 * (ES `OperationRouting#generateShardId` with `Murmur3HashFunction`, which hashes each UTF-16
 * code unit as two little-endian bytes; Lucene `StringHelper.murmurhash3_x86_32`).
 */

/**
 * ES 5 `Murmur3HashFunction.hash(String)`: murmur3_x86_32 over the UTF-16 code units as
 * little-endian byte pairs. Each 4-byte block is two code units, so the hash reads them straight
 * from the string instead of copying every routed document's id into a byte array first: the
 * steps of `murmur3x86_32` (lib/hash/murmur3-x86.ts), which test/cluster/routing.test.ts holds
 * equal to this over the strings' bytes.
 */
export function hashRouting(routing: string): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h1 = 0;
  const units = routing.length;
  const pairs = units & ~1;
  for (let i = 0; i < pairs; i += 2) {
    let k1 = routing.charCodeAt(i) | (routing.charCodeAt(i + 1) << 16);
    k1 = Math.imul(k1, c1);
    k1 = (k1 << 15) | (k1 >>> 17);
    k1 = Math.imul(k1, c2);
    h1 ^= k1;
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
  }
  if (units & 1) {
    // the tail is one code unit: two bytes
    let k1 = routing.charCodeAt(pairs);
    k1 = Math.imul(k1, c1);
    k1 = (k1 << 15) | (k1 >>> 17);
    k1 = Math.imul(k1, c2);
    h1 ^= k1;
  }
  h1 ^= units * 2;
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h1 = Math.imul(h1, 0xc2b2ae35);
  h1 ^= h1 >>> 16;
  return h1 | 0;
}

/** The shard a document with this routing value (the id when no routing) lands on. */
export function shardFor(routing: string, numberOfShards: number): number {
  const h = hashRouting(routing);
  return ((h % numberOfShards) + numberOfShards) % numberOfShards;
}
