/**
 * `include: {partition, num_partitions}` of terms aggregations (ES 5.6 `IncludeExclude`): a term
 * belongs to partition `floorMod(murmurhash3_x86_32(utf8(term), 31), n)`, a long to
 * `floorMod(BitMixer.mix64(value), n)` (a double by its sortable long bits), so each request of a
 * paging loop sees a disjoint share of the terms.
 */

/** Lucene `StringHelper.murmurhash3_x86_32` over `bytes` (a signed 32-bit result). */
export function murmur3x86(bytes: Uint8Array, seed: number): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h1 = seed | 0;
  const len = bytes.length;
  const rounded = len & ~3;
  const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));
  for (let i = 0; i < rounded; i += 4) {
    let k1 = (bytes[i] as number) | ((bytes[i + 1] as number) << 8) | ((bytes[i + 2] as number) << 16) | ((bytes[i + 3] as number) << 24);
    k1 = Math.imul(k1, c1);
    k1 = rotl(k1, 15);
    k1 = Math.imul(k1, c2);
    h1 ^= k1;
    h1 = rotl(h1, 13);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
  }
  let k1 = 0;
  const tail = len & 3;
  if (tail === 3) k1 = (bytes[rounded + 2] as number) << 16;
  if (tail >= 2) k1 |= (bytes[rounded + 1] as number) << 8;
  if (tail >= 1) {
    k1 |= bytes[rounded] as number;
    k1 = Math.imul(k1, c1);
    k1 = rotl(k1, 15);
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

const MASK = (1n << 64n) - 1n;

/** HPPC `BitMixer.mix64` (as a signed 64-bit BigInt). */
function mix64(v: bigint): bigint {
  let z = v & MASK;
  z = ((z ^ (z >> 32n)) * 0x4cd6944c5cc20b6dn) & MASK;
  z = ((z ^ (z >> 29n)) * 0xfc12c5b19d3259e9n) & MASK;
  z = z ^ (z >> 32n);
  return BigInt.asIntN(64, z);
}

/** Lucene `NumericUtils.doubleToSortableLong`. */
function sortableLong(d: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, d);
  const bits = view.getBigInt64(0);
  return bits ^ ((bits >> 63n) & 0x7fffffffffffffffn);
}

/** Whether `key` falls in `partition` of `n` (strings by murmur3, numbers by mix64). */
export function inPartition(key: string | number, integral: boolean, partition: number, n: number): boolean {
  if (typeof key === 'string') {
    const h = murmur3x86(new TextEncoder().encode(key), 31);
    return ((h % n) + n) % n === partition;
  }
  const m = mix64(integral ? BigInt(Math.trunc(key)) : sortableLong(key));
  const nn = BigInt(n);
  return Number(((m % nn) + nn) % nn) === partition;
}
