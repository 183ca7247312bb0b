/**
 * Queries on an ascending array of text boundaries (sentence or word breaks, with 0 and the text
 * length), as Java's `BreakIterator` answers them: binary searches, one home for every
 * highlighter that cuts text at boundaries.
 */

/** Index of the first boundary greater than `offset` (bounds.length when none). */
export function indexAbove(bounds: readonly number[], offset: number): number {
  let lo = 0;
  let hi = bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((bounds[mid] as number) > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** `following(offset)`: the first boundary after `offset` (-1 when there is none, Java's DONE). */
export function followingBoundary(bounds: readonly number[], offset: number): number {
  return bounds[indexAbove(bounds, offset)] ?? -1;
}

/** `preceding(offset)`: the last boundary before `offset` (-1 when there is none). */
export function precedingBoundary(bounds: readonly number[], offset: number): number {
  return bounds[indexAbove(bounds, offset - 1) - 1] ?? -1;
}

/** The piece around `offset`: `[start, end)` (BreakIterator `preceding(offset + 1)` then `next()`). */
export function pieceAt(bounds: readonly number[], offset: number): { start: number; end: number } {
  const i = Math.max(1, indexAbove(bounds, offset));
  const start = bounds[i - 1] as number;
  return { start, end: bounds[i] ?? start };
}
