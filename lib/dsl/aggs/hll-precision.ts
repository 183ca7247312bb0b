/**
 * The HyperLogLog++ precision a `cardinality` request asks for, as ES 5.6 derives it while
 * parsing (`precision_threshold`, or a default by nesting). Pure numbers: the counter itself is the
 * shard side's (lib/aggs/hll.ts), which takes its bounds and load factor from here.
 */

export const MIN_PRECISION = 4;
export const MAX_PRECISION = 18;
/** ES's precision of a top-level counter without `precision_threshold`. */
export const DEFAULT_PRECISION = 14;
/** The load factor of the counter's hash set (linear counting) before it turns into registers. */
export const MAX_LOAD_FACTOR = 0.75;

/** ES `precisionFromThreshold`: the precision whose hash set holds `count` values. */
export function precisionFromThreshold(count: number): number {
  // hash table entries of 4 bytes at load factor 0.75, as a bit count (Lucene PackedInts.bitsRequired)
  const entries = Math.ceil(count / MAX_LOAD_FACTOR);
  const bytes = entries * 4;
  const bits = bytes <= 0 ? 1 : Math.floor(Math.log2(bytes)) + 1;
  return Math.min(Math.max(bits, MIN_PRECISION), MAX_PRECISION);
}
