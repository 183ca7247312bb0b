/**
 * `include: {partition, num_partitions}` of terms aggregations (ES 5.6 `IncludeExclude`): a term
 * belongs to partition `floorMod(murmurhash3_x86_32(utf8(term), 31), n)`, a long to
 * `floorMod(BitMixer.mix64(value), n)` (a double by its sortable long bits), so each request of a
 * paging loop sees a disjoint share of the terms.
 */
import { murmur3x86_32 } from '../hash/murmur3-x86.js';

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
    const h = murmur3x86_32(new TextEncoder().encode(key), 31);
    return ((h % n) + n) % n === partition;
  }
  const m = mix64(integral ? BigInt(Math.trunc(key)) : sortableLong(key));
  const nn = BigInt(n);
  return Number(((m % nn) + nn) % nn) === partition;
}
