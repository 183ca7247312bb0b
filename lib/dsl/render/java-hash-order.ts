/**
 * Iteration order of a `java.util.HashSet`/`HashMap` of strings, which ES 5.6 prints as is: the
 * ids of an `ids` query (`HashSet`), the `params` map of a script (`parser.map()` builds
 * `HashMap`s). Java 8's HashMap iterates its table bucket by bucket; a key's bucket is
 * `(h ^ (h >>> 16)) & (capacity - 1)` with `h = String.hashCode()`; the table starts at 16 and
 * doubles whenever the size passes 3/4 of it; resizing keeps the insertion order inside a bucket.
 */
import { javaStringHash } from '../query-base.js';

/** Table capacity after `n` insertions into a default-sized HashMap. */
function capacityFor(n: number): number {
  let cap = 16;
  while (n > cap * 0.75) cap *= 2;
  return cap;
}

/** `keys` (deduplicated, first occurrence kept) in the order a Java HashSet of them iterates. */
export function javaHashOrder(keys: readonly string[]): string[] {
  const unique = [...new Set(keys)];
  const mask = capacityFor(unique.length) - 1;
  const bucket = (k: string): number => {
    const h = javaStringHash(k);
    return (h ^ (h >>> 16)) & mask;
  };
  return unique
    .map((k, i) => ({ k, i, b: bucket(k) }))
    .sort((x, y) => x.b - y.b || x.i - y.i)
    .map((e) => e.k);
}
