/**
 * Offset correction for char filters, as Lucene's `BaseCharFilter` does it: a sorted list of
 * output offsets, each with the cumulative difference to add from that offset on.
 * `correct(off)` finds the last recorded offset <= off and adds its difference.
 */
import type { OffsetCorrector } from './token-stream.js';

/** Builder for one char filter's correction map. */
export class OffsetMapBuilder {
  private offsets: number[] = [];
  private diffs: number[] = [];

  /** Lucene `addOffCorrectMap`: from output offset `off` on, add `cumulativeDiff`. */
  add(off: number, cumulativeDiff: number): void {
    const n = this.offsets.length;
    if (n > 0 && this.offsets[n - 1] === off) {
      this.diffs[n - 1] = cumulativeDiff;
      return;
    }
    this.offsets.push(off);
    this.diffs.push(cumulativeDiff);
  }

  /** The last cumulative difference recorded (0 when none). */
  lastDiff(): number {
    const n = this.diffs.length;
    return n === 0 ? 0 : this.diffs[n - 1]!;
  }

  /** A corrector for this map, or null when nothing moved. */
  build(): OffsetCorrector | null {
    if (this.offsets.length === 0) return null;
    const offsets = Int32Array.from(this.offsets);
    const diffs = Int32Array.from(this.diffs);
    return (off: number) => {
      let lo = 0;
      let hi = offsets.length - 1;
      let idx = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if (offsets[mid]! <= off) {
          idx = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return idx < 0 ? off : off + diffs[idx]!;
    };
  }
}

/**
 * Chain correctors the way Lucene chains `CharFilter.correctOffset`: the last filter corrects
 * first, then hands the offset to the filter before it.
 */
export function composeCorrectors(outer: OffsetCorrector | null, inner: OffsetCorrector | null): OffsetCorrector | null {
  if (!outer) return inner;
  if (!inner) return outer;
  return (off) => inner(outer(off));
}
