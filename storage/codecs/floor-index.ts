/**
 * Binary search of a sorted list of numbers for the last entry at or below a value: which chunk
 * holds an item when chunks are listed by their first item (postings chunks by first term,
 * stored chunks by first doc).
 */

/** Position of the last entry of `sorted` (ascending) that is <= `x`; -1 when every entry is greater. */
export function floorIndex(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
