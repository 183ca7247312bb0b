/**
 * Java's string hashing and the iteration order it gives a `HashSet<String>` (or a `HashMap`'s
 * keys), for the places where ES prints such a set and its order is part of the text: a bulk
 * task's `indices[...]`, an `ids` query's values, a script's `params` (lib/dsl/render).
 */

/** Java's `String.hashCode` (over UTF-16 code units, 32-bit overflow). */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The distinct `values` in the order a `java.util.HashSet` filled with them in this order
 * iterates them: by bucket (`(h ^ h >>> 16) & (capacity - 1)`, the capacity starting at 16 and
 * doubling once the size passes three quarters of it), and within a bucket in insertion order
 * (a resize splits a bucket's chain keeping relative order).
 */
export function javaHashSetOrder(values: Iterable<string>): string[] {
  const distinct = [...new Set(values)];
  let capacity = 16;
  while (distinct.length > capacity * 0.75) capacity *= 2;
  const bucket = (v: string): number => {
    const h = javaStringHash(v);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  // a stable sort by bucket keeps insertion order within one
  return distinct.map((v, i) => ({ v, b: bucket(v), i })).sort((a, b) => a.b - b.b || a.i - b.i).map((e) => e.v);
}
