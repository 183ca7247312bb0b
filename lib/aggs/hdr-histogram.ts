/**
 * The HdrHistogram ES 5.6 computes `method: hdr` percentiles with: HdrHistogram 2.1.9's
 * auto-resizing `DoubleHistogram(numberOfSignificantValueDigits)` over an integer `Histogram`
 * whose counts array is shifted by a normalizing offset (as 2.1.9 keeps it, so shifting the
 * covered range moves counts exactly as the Java library does). Written from the library's
 * algorithm: values are scaled to integers in [subBucketHalfCount, ...) by a power-of-two
 * conversion ratio; a value outside the covered range shifts the range by binary orders of
 * magnitude (shifting the recorded counts), resizing the integer histogram when it must.
 * Integer values are exact up to 2^53 (ranges wider than that lose the lowest bits).
 */

const TWO32 = 0x100000000;
const LONG_MAX = 2 ** 63;

/** Java Long.numberOfLeadingZeros of a non-negative integer held in a double. */
function nlz(v: number): number {
  const hi = Math.floor(v / TWO32);
  return hi > 0 ? Math.clz32(hi) : 32 + Math.clz32(v >>> 0);
}

/** The integer `Histogram` (lowest discernible value 1). */
class IntHistogram {
  readonly subBucketHalfCountMagnitude: number;
  readonly subBucketCount: number;
  readonly subBucketHalfCount: number;
  private readonly subBucketMask: number;
  private readonly leadingZeroCountBase: number;
  highestTrackableValue = 0;
  countsArrayLength = 0;
  counts: number[] = [];
  offset = 0;
  totalCount = 0;
  maxValue = 0;
  minNonZeroValue = LONG_MAX;

  constructor(
    highestTrackableValue: number,
    readonly digits: number,
  ) {
    const largest = 2 * 10 ** digits;
    const subBucketCountMagnitude = Math.ceil(Math.log(largest) / Math.log(2));
    this.subBucketHalfCountMagnitude = (subBucketCountMagnitude > 1 ? subBucketCountMagnitude : 1) - 1;
    this.subBucketCount = 2 ** (this.subBucketHalfCountMagnitude + 1);
    this.subBucketHalfCount = this.subBucketCount / 2;
    this.subBucketMask = this.subBucketCount - 1;
    this.leadingZeroCountBase = 64 - this.subBucketHalfCountMagnitude - 1;
    this.establishSize(highestTrackableValue);
    this.counts = new Array<number>(this.countsArrayLength).fill(0);
  }

  establishSize(highest: number): void {
    let smallestUntrackable = this.subBucketCount;
    let buckets = 1;
    while (smallestUntrackable <= highest) {
      if (smallestUntrackable > LONG_MAX / 2) {
        buckets++;
        break;
      }
      smallestUntrackable *= 2;
      buckets++;
    }
    this.countsArrayLength = (buckets + 1) * (this.subBucketCount / 2);
    this.highestTrackableValue = highest;
  }

  private bucketIndex(v: number): number {
    const hi = Math.floor(v / TWO32);
    const lo = ((v >>> 0) | this.subBucketMask) >>> 0;
    return this.leadingZeroCountBase - nlz(hi * TWO32 + lo);
  }

  countsArrayIndex(v: number): number {
    const b = this.bucketIndex(v);
    const sub = Math.floor(v / 2 ** b);
    return ((b + 1) << this.subBucketHalfCountMagnitude) + (sub - this.subBucketHalfCount);
  }

  valueFromIndex(index: number): number {
    let b = (index >> this.subBucketHalfCountMagnitude) - 1;
    let sub = (index & (this.subBucketHalfCount - 1)) + this.subBucketHalfCount;
    if (b < 0) {
      sub -= this.subBucketHalfCount;
      b = 0;
    }
    return sub * 2 ** b;
  }

  lowestEquivalentValue(v: number): number {
    const b = this.bucketIndex(v);
    return Math.floor(v / 2 ** b) * 2 ** b;
  }

  private sizeOfEquivalentValueRange(v: number): number {
    const b = this.bucketIndex(v);
    const sub = Math.floor(v / 2 ** b);
    return 2 ** (sub >= this.subBucketCount ? b + 1 : b);
  }

  highestEquivalentValue(v: number): number {
    return this.lowestEquivalentValue(v) + this.sizeOfEquivalentValueRange(v) - 1;
  }

  /** Histogram.normalizeIndex: logical index → position in `counts`. */
  private normalize(index: number): number {
    if (this.offset === 0) return index;
    if (index > this.countsArrayLength || index < 0) throw new RangeError('index out of covered value range');
    let n = index - this.offset;
    if (n < 0) n += this.countsArrayLength;
    else if (n >= this.countsArrayLength) n -= this.countsArrayLength;
    return n;
  }

  countAt(index: number): number {
    return this.counts[this.normalize(index)] as number;
  }

  private setCountAt(index: number, c: number): void {
    this.counts[this.normalize(index)] = c;
  }

  recordValueWithCount(v: number, count: number): void {
    const i = this.normalize(this.countsArrayIndex(v));
    if (i >= this.countsArrayLength) throw new RangeError('value outside of histogram covered range');
    this.counts[i] = (this.counts[i] as number) + count;
    if (v > this.maxValue) this.maxValue = v;
    if (v < this.minNonZeroValue && v !== 0 && v > 0) this.minNonZeroValue = v;
    this.totalCount += count;
  }

  getMaxValue(): number {
    return this.maxValue === 0 ? 0 : this.highestEquivalentValue(this.maxValue);
  }

  getMinNonZeroValue(): number {
    return this.minNonZeroValue === LONG_MAX ? LONG_MAX : this.lowestEquivalentValue(this.minNonZeroValue);
  }

  private updateMinAndMax(v: number): void {
    if (v > this.maxValue) this.maxValue = v;
    if (v < this.minNonZeroValue && v !== 0) this.minNonZeroValue = v;
  }

  /** 2.1.9 `shiftValuesLeft`: every value × 2^n (the offset moves; the lowest half bucket is re-indexed). */
  shiftValuesLeft(n: number): void {
    if (n === 0 || this.totalCount === this.countAt(0)) return;
    const shiftAmount = n << this.subBucketHalfCountMagnitude;
    if (this.countsArrayIndex(this.getMaxValue()) >= this.countsArrayLength - shiftAmount) throw new RangeError('Operation would overflow, would discard recorded value counts');
    const maxBefore = this.maxValue;
    const minBefore = this.minNonZeroValue;
    this.maxValue = 0;
    this.minNonZeroValue = LONG_MAX;
    const lowestHalfBucketPopulated = minBefore < this.subBucketHalfCount;
    const zeroCount = this.countAt(0);
    this.setCountAt(0, 0);
    this.offset += shiftAmount;
    if (lowestHalfBucketPopulated) {
      for (let from = 1; from < this.subBucketHalfCount; from++) {
        const toIndex = this.countsArrayIndex(this.valueFromIndex(from) * 2 ** n);
        const c = this.counts[from] as number;
        this.setCountAt(toIndex, c);
        this.counts[from] = 0;
      }
    }
    this.setCountAt(0, zeroCount);
    this.updateMinAndMax(maxBefore * 2 ** n);
    if (minBefore < LONG_MAX) this.updateMinAndMax(minBefore * 2 ** n);
  }

  /** 2.1.9 `shiftValuesRight`: every value ÷ 2^n, refused when it would lose precision. */
  shiftValuesRight(n: number): void {
    if (n === 0 || this.totalCount === this.countAt(0)) return;
    const shiftAmount = this.subBucketHalfCount * n;
    if (this.countsArrayIndex(this.getMinNonZeroValue()) < shiftAmount + this.subBucketHalfCount) throw new RangeError('Operation would underflow and lose precision of already recorded value counts');
    const maxBefore = this.maxValue;
    const minBefore = this.minNonZeroValue;
    this.maxValue = 0;
    this.minNonZeroValue = LONG_MAX;
    const zeroCount = this.countAt(0);
    this.setCountAt(0, 0);
    this.offset -= shiftAmount;
    this.setCountAt(0, zeroCount);
    this.updateMinAndMax(Math.floor(maxBefore / 2 ** n));
    if (minBefore < LONG_MAX) this.updateMinAndMax(Math.floor(minBefore / 2 ** n));
  }

  /** Histogram.resize: grow the counts array, keeping the wrapped part after the offset in place. */
  resize(newHighest: number): void {
    const oldZero = this.normalize(0);
    const oldLength = this.counts.length;
    this.establishSize(newHighest);
    const delta = this.countsArrayLength - oldLength;
    const counts = this.counts.concat(new Array<number>(Math.max(0, delta)).fill(0)).slice(0, this.countsArrayLength);
    if (oldZero !== 0) {
      const newZero = oldZero + delta;
      const length = this.countsArrayLength - delta - oldZero;
      const moved = counts.slice(oldZero, oldZero + length);
      for (let i = 0; i < length; i++) counts[newZero + i] = moved[i] as number;
      for (let i = oldZero; i < newZero; i++) counts[i] = 0;
    }
    this.counts = counts;
  }

  /** `getValueAtPercentile`: the highest value equivalent to the one at the percentile's count. */
  valueAtPercentile(percentile: number): number {
    const requested = Math.min(percentile, 100);
    let countAt = Math.trunc((requested / 100) * this.totalCount + 0.5);
    countAt = Math.max(countAt, 1);
    let total = 0;
    for (let i = 0; i < this.countsArrayLength; i++) {
      total += this.countAt(i);
      if (total >= countAt) {
        const v = this.valueFromIndex(i);
        return percentile === 0 ? this.lowestEquivalentValue(v) : this.highestEquivalentValue(v);
      }
    }
    return 0;
  }

  /** `getPercentileAtOrBelowValue`. */
  percentileAtOrBelow(v: number): number {
    if (this.totalCount === 0) return 100;
    const target = Math.min(this.countsArrayIndex(v), this.countsArrayLength - 1);
    let total = 0;
    for (let i = 0; i <= target; i++) total += this.countAt(i);
    return (100 * total) / this.totalCount;
  }
}

/** A DoubleHistogram as a plain message (its exact internal state). */
export interface HdrState {
  ratio: number;
  digits: number;
  lowest: number;
  highest: number;
  highestTrackable: number;
  offset: number;
  counts: Array<[number, number]>;
  total: number;
  max: number;
  min: number;
}

/** Binary order of magnitude containing a long (`64 - numberOfLeadingZeros`). */
const containingOrder = (v: number): number => 64 - nlz(v);

/** HdrHistogram 2.1.9 `DoubleHistogram` with auto-resize, as ES 5.6 creates it. */
export class DoubleHistogram {
  private ratio: number;
  private lowest = 0;
  private highest = 0;
  private intToDouble = 1;
  private doubleToInt = 1;
  readonly h: IntHistogram;

  constructor(readonly digits: number, ratio = 2, h?: IntHistogram) {
    this.ratio = ratio;
    const internalRatio = 2 ** (containingOrder(ratio) + 1);
    const subBuckets = 2 ** Math.ceil(Math.log(2 * 10 ** digits) / Math.log(2));
    this.h = h ?? new IntHistogram((subBuckets / 2) * internalRatio - 1, digits);
    this.setRange(2 ** 800, 2 ** 800 * internalRatio);
  }

  private setRange(lowest: number, highest: number): void {
    this.lowest = lowest;
    this.highest = highest;
    this.intToDouble = lowest / this.h.subBucketHalfCount;
    this.doubleToInt = 1 / this.intToDouble;
  }

  totalCount(): number {
    return this.h.totalCount;
  }

  recordValue(v: number, count = 1): void {
    if (v < this.lowest || v >= this.highest) this.autoAdjust(v);
    this.h.recordValueWithCount(Math.trunc(v * this.doubleToInt), count);
  }

  private cappedOrder(d: number): number {
    if (d > this.ratio) return Math.trunc(Math.log(this.ratio) / Math.log(2));
    if (d > 2 ** 50) return 50;
    return containingOrder(Math.ceil(d));
  }

  private autoAdjust(v: number): void {
    if (v === 0) return;
    if (v < this.lowest) {
      if (v < 0) throw new RangeError('Negative values cannot be recorded');
      do this.shiftRangeRight(this.cappedOrder(Math.ceil(this.lowest / v) - 1));
      while (v < this.lowest);
    } else if (v >= this.highest) {
      do this.shiftRangeLeft(this.cappedOrder(Math.ceil((v + ulp(v)) / this.highest) - 1));
      while (v >= this.highest);
    }
  }

  private shiftRangeRight(n: number): void {
    let newLowest = this.lowest;
    let newHighest = this.highest;
    const m = 1 / 2 ** n;
    try {
      this.highest *= m;
      if (this.h.totalCount > this.h.countAt(0)) {
        try {
          this.h.shiftValuesLeft(n);
        } catch {
          this.handleShiftFailure(n);
          newHighest /= m;
          this.h.shiftValuesLeft(n);
        }
      }
      newLowest *= m;
      newHighest *= m;
    } finally {
      this.setRange(newLowest, newHighest);
    }
  }

  private shiftRangeLeft(n: number): void {
    let newLowest = this.lowest;
    let newHighest = this.highest;
    const m = 2 ** n;
    try {
      this.lowest *= m;
      if (this.h.totalCount > this.h.countAt(0)) {
        try {
          this.h.shiftValuesRight(n);
          newLowest *= m;
          newHighest *= m;
        } catch {
          this.handleShiftFailure(n);
          newLowest /= m;
        }
      }
      newLowest *= m;
      newHighest *= m;
    } finally {
      this.setRange(newLowest, newHighest);
    }
  }

  /** Auto-resize: grow the integer histogram by n binary orders instead of losing counts. */
  private handleShiftFailure(n: number): void {
    const order = containingOrder(this.h.highestTrackableValue) + n;
    if (order > 63) throw new RangeError('Cannot resize histogram covered range beyond (1L << 63)');
    const newHighest = 2 ** order - 1;
    this.h.resize(newHighest);
    this.h.highestTrackableValue = newHighest;
    this.ratio *= 2 ** n;
  }

  /** `add(other)`: every recorded count re-recorded at its value. */
  add(other: DoubleHistogram): void {
    for (let i = 0; i < other.h.countsArrayLength; i++) {
      const c = other.h.countAt(i);
      if (c > 0) this.recordValue(other.h.valueFromIndex(i) * other.intToDouble, c);
    }
  }

  /** `new DoubleHistogram(source)`: the source's settings and covered range, no counts. */
  static emptyLike(source: DoubleHistogram): DoubleHistogram {
    const h = new IntHistogram(source.h.highestTrackableValue, source.digits);
    const d = new DoubleHistogram(source.digits, source.ratio, h);
    d.setRange(source.lowest, source.highest);
    return d;
  }

  valueAtPercentile(p: number): number {
    return this.h.valueAtPercentile(p) * this.intToDouble;
  }

  percentileAtOrBelow(v: number): number {
    return this.h.percentileAtOrBelow(Math.trunc(v * this.doubleToInt));
  }

  toState(): HdrState {
    const counts: Array<[number, number]> = [];
    this.h.counts.forEach((c, i) => {
      if (c !== 0) counts.push([i, c]);
    });
    const h = this.h;
    return { ratio: this.ratio, digits: this.digits, lowest: this.lowest, highest: this.highest, highestTrackable: h.highestTrackableValue, offset: h.offset, counts, total: h.totalCount, max: h.maxValue, min: h.minNonZeroValue };
  }

  static fromState(s: HdrState): DoubleHistogram {
    const h = new IntHistogram(s.highestTrackable, s.digits);
    for (const [i, c] of s.counts) h.counts[i] = c;
    h.offset = s.offset;
    h.totalCount = s.total;
    h.maxValue = s.max;
    h.minNonZeroValue = s.min;
    const d = new DoubleHistogram(s.digits, s.ratio, h);
    d.setRange(s.lowest, s.highest);
    return d;
  }
}

/** Java Math.ulp of a positive finite double. */
function ulp(v: number): number {
  const e = Math.floor(Math.log2(v));
  // log2 can be off by one near powers of two: settle on the exponent with 2^e <= v < 2^(e+1)
  const exp = 2 ** e > v ? e - 1 : 2 ** (e + 1) <= v ? e + 1 : e;
  return 2 ** (Math.max(exp, -1022) - 52);
}
