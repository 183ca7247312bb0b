/**
 * Document routing exactly as Elasticsearch 5 places documents, so shard numbers agree with ES:
 * `shard = floorMod(murmur3_x86_32(utf16le(routing), seed 0), number_of_shards)`
 * (ES `OperationRouting#generateShardId` with `Murmur3HashFunction`, which hashes each UTF-16
 * code unit as two little-endian bytes; Lucene `StringHelper.murmurhash3_x86_32`).
 */
import { finish, mixBlock, mixTail } from '../hash/murmur3-x86.js';

/**
 * ES 5 `Murmur3HashFunction.hash(String)`: murmur3_x86_32 over the UTF-16 code units as
 * little-endian byte pairs. Each 4-byte block is two code units, so the hash reads them straight
 * from the string instead of copying every routed document's id into a byte array first
 * (test/cluster/routing.test.ts holds it equal to `murmur3x86_32` over the bytes).
 */
export function hashRouting(routing: string): number {
  let h1 = 0;
  const units = routing.length;
  const pairs = units & ~1;
  for (let i = 0; i < pairs; i += 2) h1 = mixBlock(h1, routing.charCodeAt(i) | (routing.charCodeAt(i + 1) << 16));
  // an odd last code unit is a 2-byte tail
  if (units & 1) h1 = mixTail(h1, routing.charCodeAt(pairs));
  return finish(h1, units * 2);
}

/** The shard a document with this routing value (the id when no routing) lands on. */
export function shardFor(routing: string, numberOfShards: number): number {
  const h = hashRouting(routing);
  return ((h % numberOfShards) + numberOfShards) % numberOfShards;
}
