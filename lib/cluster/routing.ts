/**
 * Document routing exactly as Elasticsearch 5 places documents, so shard numbers agree with ES:
 * `shard = floorMod(murmur3_x86_32(utf16le(routing), seed 0), number_of_shards)`
 * (ES `OperationRouting#generateShardId` with `Murmur3HashFunction`, which hashes each UTF-16
 * code unit as two little-endian bytes; Lucene `StringHelper.murmurhash3_x86_32`).
 */
import { murmur3x86_32 } from '../hash/murmur3-x86.js';

/** ES 5 `Murmur3HashFunction.hash(String)`: UTF-16 code units as little-endian byte pairs. */
export function hashRouting(routing: string): number {
  const bytes = new Uint8Array(routing.length * 2);
  for (let i = 0; i < routing.length; i++) {
    const c = routing.charCodeAt(i);
    bytes[i * 2] = c & 0xff;
    bytes[i * 2 + 1] = c >>> 8;
  }
  return murmur3x86_32(bytes, 0);
}

/** The shard a document with this routing value (the id when no routing) lands on. */
export function shardFor(routing: string, numberOfShards: number): number {
  const h = hashRouting(routing);
  return ((h % numberOfShards) + numberOfShards) % numberOfShards;
}
