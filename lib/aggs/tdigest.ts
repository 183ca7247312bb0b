/**
 * The t-digest ES 5.6 computes `percentiles` and `percentile_ranks` with: `AVLTreeDigest` of
 * t-digest 3.0, wrapped by ES's `TDigestState`. Centroids (mean, count) are kept ordered by mean
 * — a point lands after the centroids of equal mean, as 3.0's tree orders ties — in two parallel
 * arrays instead of 3.0's AVL tree: the same order, so the same numbers. Written from 3.0's
 * algorithm: a point joins the nearest centroid whose count stays under the size bound
 * 4·n·q·(1−q)/compression (a random one among equally near candidates), else becomes a centroid;
 * past 20·compression centroids the digest re-adds them in random order (`compress`); merging
 * adds the other digest's centroids in random order. 3.0 draws from an unseeded
 * `java.util.Random`; Strata seeds it (`SEED`), so its figures are one of ES's possible
 * outcomes and repeatable. Under ~200 points no centroid can absorb another point (the bound is
 * below 2), so every point is its own centroid and the figures are exactly ES's.
 */
import { JavaRandom } from './java-random.js';

/** The seed of every digest's generator (ES: time-seeded, so its large digests vary run to run). */
export const SEED = 0x5eed;

/** A digest as a plain message: compression and its centroids in order. */
export interface TDigestState {
  compression: number;
  means: number[];
  counts: number[];
}

/** Java `Double.compare(a, b) > 0` for non-NaN doubles (+0.0 is greater than -0.0). */
function greater(a: number, b: number): boolean {
  return a > b || (a === b && a === 0 && Object.is(b, -0) && !Object.is(a, -0));
}

/** t-digest 3.0 `AVLTreeDigest` semantics over sorted arrays. */
export class TDigest {
  private means: number[] = [];
  private counts: number[] = [];
  /** Points added (3.0's `count`). */
  private total = 0;
  private readonly gen = new JavaRandom(SEED);

  constructor(readonly compression: number) {}

  /** Points added. */
  size(): number {
    return this.total;
  }

  /** Add `x` with weight `w` (3.0 `add(x, w)`). */
  add(x: number, w = 1): void {
    if (Number.isNaN(x)) throw new RangeError('Cannot add NaN');
    const means = this.means;
    const counts = this.counts;
    const n = means.length;
    if (n === 0) {
      means.push(x);
      counts.push(w);
      this.total = w;
      return;
    }
    // floor: the last centroid whose mean is below x, else the first
    let start = this.floor(x);
    if (start < 0) start = 0;
    let minDistance = Number.MAX_VALUE;
    let lastNeighbor = n;
    for (let i = start; i < n; i++) {
      const z = Math.abs((means[i] as number) - x);
      if (z < minDistance) {
        start = i;
        minDistance = z;
      } else if (z > minDistance) {
        lastNeighbor = i;
        break;
      }
    }
    let closest = -1;
    let sum = this.headSum(start);
    let candidates = 0;
    const count = this.total;
    for (let i = start; i !== lastNeighbor; i++) {
      const c = counts[i] as number;
      const q = count === 1 ? 0.5 : (sum + (c - 1) / 2) / (count - 1);
      const k = (4 * count * q * (1 - q)) / this.compression;
      if (c + w <= k) {
        candidates++;
        if (this.gen.nextDouble() < 1 / candidates) closest = i;
      }
      sum += c;
    }
    if (closest < 0) this.insert(x, w);
    else {
      const c = (counts[closest] as number) + w;
      let mean = means[closest] as number;
      mean += (w * (x - mean)) / c;
      // in place while the order holds, else moved after the centroids of equal mean (3.0 IntAVLTree.update)
      const prevOk = closest === 0 || mean >= (means[closest - 1] as number);
      const nextOk = closest === n - 1 || mean < (means[closest + 1] as number);
      if (prevOk && nextOk) {
        means[closest] = mean;
        counts[closest] = c;
      } else {
        means.splice(closest, 1);
        counts.splice(closest, 1);
        this.insert(mean, c);
      }
    }
    this.total += w;
    if (means.length > 20 * this.compression) this.compress();
  }

  /** Index of the last centroid with mean < x (Java Double.compare), -1 if none. */
  private floor(x: number): number {
    let lo = 0;
    let hi = this.means.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (greater(x, this.means[mid] as number)) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** Insert a centroid after every centroid whose mean is ≤ its mean. */
  private insert(mean: number, count: number): void {
    let lo = 0;
    let hi = this.means.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (mean < (this.means[mid] as number)) hi = mid;
      else lo = mid + 1;
    }
    this.means.splice(lo, 0, mean);
    this.counts.splice(lo, 0, count);
  }

  /** Sum of the counts of the centroids before `i`. */
  private headSum(i: number): number {
    let s = 0;
    for (let j = 0; j < i; j++) s += this.counts[j] as number;
    return s;
  }

  /** 3.0 `compress`: re-add every centroid in a random order. */
  compress(): void {
    const n = this.means.length;
    if (n <= 1) return;
    const order = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const other = this.gen.nextInt(i + 1);
      const tmp = order[other] as number;
      order[other] = order[i] as number;
      order[i] = tmp;
    }
    const means = this.means;
    const counts = this.counts;
    this.means = [];
    this.counts = [];
    for (const i of order) this.add(means[i] as number, counts[i] as number);
  }

  /** Add another digest's centroids in a random order (3.0 `add(TDigest)`, `Collections.shuffle`). */
  addDigest(other: TDigest): void {
    const means = [...other.means];
    const counts = [...other.counts];
    for (let i = means.length; i > 1; i--) {
      const j = this.gen.nextInt(i);
      [means[i - 1], means[j]] = [means[j] as number, means[i - 1] as number];
      [counts[i - 1], counts[j]] = [counts[j] as number, counts[i - 1] as number];
    }
    for (let i = 0; i < means.length; i++) this.add(means[i] as number, counts[i] as number);
  }

  /** 3.0 `quantile(q)`, q in [0, 1] (checked by the caller); NaN when empty. */
  quantile(q: number): number {
    const means = this.means;
    const counts = this.counts;
    const n = means.length;
    if (n === 0) return NaN;
    if (n === 1) return means[0] as number;
    const index = q * (this.total - 1);
    // the last centroid with at most floor(index) points before it
    let next = 0;
    let total = 0;
    for (let i = 0, s = 0; i < n && s <= Math.floor(index); s += counts[i] as number, i++) {
      next = i;
      total = s;
    }
    let previousMean = NaN;
    let previousIndex = 0;
    if (next > 0) {
      previousMean = means[next - 1] as number;
      previousIndex = total - ((counts[next - 1] as number) + 1) / 2;
    }
    for (;;) {
      const nextIndex = total + ((counts[next] as number) - 1) / 2;
      if (nextIndex >= index) {
        if (Number.isNaN(previousMean)) {
          // before the first centroid: extrapolate from the first two
          if (nextIndex === previousIndex) return means[next] as number;
          const nextIndex2 = total + (counts[next] as number) + ((counts[next + 1] as number) - 1) / 2;
          previousMean = (nextIndex2 * (means[next] as number) - nextIndex * (means[next + 1] as number)) / (nextIndex2 - nextIndex);
        }
        return interpolate(previousIndex, index, nextIndex, previousMean, means[next] as number);
      } else if (next + 1 === n) {
        // beyond the last centroid: extrapolate to the highest index
        const nextIndex2 = this.total - 1;
        const nextMean2 = ((means[next] as number) * (nextIndex2 - previousIndex) - previousMean * (nextIndex2 - nextIndex)) / (nextIndex - previousIndex);
        return interpolate(nextIndex, index, nextIndex2, means[next] as number, nextMean2);
      }
      total += counts[next] as number;
      previousMean = means[next] as number;
      previousIndex = nextIndex;
      next++;
    }
  }

  /**
   * 3.0 `cdf(x)`, kept as 3.0 computes it: the scan stops one centroid early and the last
   * centroid is weighed without the next-to-last one's count (fixed in t-digest 3.1, after ES 5.6).
   */
  cdf(x: number): number {
    const m = this.means;
    const c = this.counts;
    const n = m.length;
    if (n === 0) return NaN;
    if (n === 1) return x < (m[0] as number) ? 0 : 1;
    let r = 0;
    let a = 0;
    let b = 1;
    let left = ((m[b] as number) - (m[a] as number)) / 2;
    let right = left;
    for (let it = 2; it < n; it++) {
      if (x < (m[a] as number) + right) return (r + (c[a] as number) * frac(x, (m[a] as number) - left, (m[a] as number) + right)) / this.total;
      r += c[a] as number;
      a = b;
      b = it;
      left = right;
      right = ((m[b] as number) - (m[a] as number)) / 2;
    }
    left = right;
    a = b;
    if (x < (m[a] as number) + right) return (r + (c[a] as number) * frac(x, (m[a] as number) - left, (m[a] as number) + right)) / this.total;
    return 1;
  }

  toState(): TDigestState {
    return { compression: this.compression, means: [...this.means], counts: [...this.counts] };
  }

  /** The digest of a message, centroids as they were (ES hands local shard results over as objects). */
  static fromState(s: TDigestState): TDigest {
    const d = new TDigest(s.compression);
    d.means = [...s.means];
    d.counts = [...s.counts];
    d.total = s.counts.reduce((a, b) => a + b, 0);
    return d;
  }
}

/** 3.0 `AbstractTDigest.interpolate`. */
function frac(x: number, x0: number, x1: number): number {
  return (x - x0) / (x1 - x0);
}

/** 3.0 `AbstractTDigest.quantile`: linear interpolation between two (index, mean) points. */
function interpolate(previousIndex: number, index: number, nextIndex: number, previousMean: number, nextMean: number): number {
  const delta = nextIndex - previousIndex;
  const previousWeight = (nextIndex - index) / delta;
  const nextWeight = (index - previousIndex) / delta;
  return previousMean * previousWeight + nextMean * nextWeight;
}
