/**
 * `java.util.Random`'s 48-bit linear congruential generator (the published algorithm of its
 * javadoc), for the t-digest, whose Java original draws from one: which of several equally near
 * centroids absorbs a point, and the order in which centroids are re-added when compressing and
 * merging. The 48-bit state is kept as two 24-bit halves so every product stays exact in a double.
 */

const TWO24 = 0x1000000;
/** 0x5DEECE66D split in 24-bit halves. */
const MUL_HI = 0x5de;
const MUL_LO = 0xece66d;

/** A `java.util.Random` with an explicit seed. */
export class JavaRandom {
  private hi: number;
  private lo: number;

  constructor(seed: number) {
    // (seed ^ 0x5DEECE66D) & (2^48 - 1), for a non-negative seed below 2^48
    const sHi = Math.floor(seed / TWO24) % TWO24;
    const sLo = seed % TWO24;
    this.hi = sHi ^ MUL_HI;
    this.lo = sLo ^ MUL_LO;
  }

  /** A double uniformly in [0, 1) (`nextDouble`). */
  nextDouble(): number {
    return (this.step(26) * 2 ** 27 + this.step(27)) * 2 ** -53;
  }

  /** An int uniformly in [0, bound) (`nextInt(bound)`). */
  nextInt(bound: number): number {
    if ((bound & -bound) === bound) return Math.floor((bound * this.step(31)) / 2 ** 31);
    for (;;) {
      const bits = this.step(31);
      const val = bits % bound;
      // Java rejects when bits - val + (bound - 1) overflows an int
      if (bits - val + (bound - 1) < 2 ** 31) return val;
    }
  }

  /** One LCG step: state = state * 0x5DEECE66D + 0xB mod 2^48; the top `bits` bits. */
  private step(bits: number): number {
    const lo = this.lo * MUL_LO + 0xb;
    const carry = Math.floor(lo / TWO24);
    const hi = (this.hi * MUL_LO + this.lo * MUL_HI + carry) % TWO24;
    this.lo = lo % TWO24;
    this.hi = hi;
    return Math.floor((hi * TWO24 + this.lo) / 2 ** (48 - bits));
  }
}
