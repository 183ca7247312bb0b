/**
 * HyperLogLog++ as ES 5.6's `HyperLogLogPlusPlus` counts distinct values, one counter per bucket:
 * below a threshold it keeps the set of 32-bit encoded hashes (linear counting over 2^25 virtual
 * registers), past it 2^p one-byte registers (HLL with the paper's bias correction below 5m, linear
 * counting while registers are empty and the estimate is under the paper's threshold). Memory is
 * bounded by 2^p bytes per counter (p ≤ 18). Written from the paper and ES's description of its
 * encoding; the counter's state travels between shards as plain data (`HllState`).
 */
import { BIAS_DATA, RAW_ESTIMATE_DATA } from './hll-tables.js';
import type { U64 } from './murmur3-x64.js';
import { MAX_LOAD_FACTOR, MAX_PRECISION, MIN_PRECISION } from '../dsl/aggs/hll-precision.js';

/** Bits of the hash kept by the linear-counting encoding. */
const P2 = 25;
const BIAS_K = 6;
/** The paper's thresholds for switching from linear counting, per precision. */
const THRESHOLDS = [10, 20, 40, 80, 220, 400, 900, 1800, 3100, 6500, 11500, 20000, 50000, 120000, 350000];


/** A counter's state as a plain message: the set of encoded hashes, or the registers (base64). */
export type HllState = { p: number; hashes: number[] } | { p: number; registers: string };

/** Leading zeros of `(hi, lo) << n` (0 < n < 32), as Java's Long.numberOfLeadingZeros(hash << n). */
function nlzShifted(hi: number, lo: number, n: number): number {
  const h = ((hi << n) | (lo >>> (32 - n))) >>> 0;
  return h !== 0 ? Math.clz32(h) : 32 + Math.clz32((lo << n) >>> 0);
}

/** One HyperLogLog++ counter. */
export class HyperLogLogPlusPlus {
  readonly p: number;
  private readonly m: number;
  /** Linear counting: encoded hashes (never 0); null once upgraded to registers. */
  private hashes: Set<number> | null = new Set();
  private registers: Uint8Array | null = null;
  /** ES's hash set holds m/4 ints at load 0.75 before the counter upgrades. */
  private readonly threshold: number;

  constructor(p: number) {
    if (p < MIN_PRECISION) throw new RangeError('precision must be >= 4');
    if (p > MAX_PRECISION) throw new RangeError('precision must be <= 18');
    this.p = p;
    this.m = 1 << p;
    this.threshold = Math.trunc((this.m / 4) * MAX_LOAD_FACTOR);
  }

  /** Count a 64-bit hash. */
  collect(hash: U64): void {
    if (this.hashes) this.collectEncoded(encodeHash(hash, this.p));
    else {
      const [hi, lo] = hash;
      const index = hi >>> (32 - this.p);
      const runLen = 1 + Math.min(nlzShifted(hi, lo, this.p), 64 - this.p);
      this.setMax(index, runLen);
    }
  }

  private collectEncoded(encoded: number): void {
    if (this.hashes) {
      this.hashes.add(encoded);
      if (this.hashes.size > this.threshold) this.upgrade();
    } else this.setMax(decodeIndex(encoded, this.p), decodeRunLen(encoded, this.p));
  }

  private setMax(index: number, runLen: number): void {
    const r = this.registers as Uint8Array;
    if (runLen > (r[index] as number)) r[index] = runLen;
  }

  private upgrade(): void {
    const set = this.hashes as Set<number>;
    this.hashes = null;
    this.registers = new Uint8Array(this.m);
    for (const e of set) this.collectEncoded(e);
  }

  /** Merge another counter of the same precision into this one (ES `merge`). */
  merge(other: HyperLogLogPlusPlus): void {
    if (other.p !== this.p) throw new RangeError('cannot merge counters of different precisions');
    if (other.hashes) {
      for (const e of other.hashes) this.collectEncoded(e);
      return;
    }
    if (this.hashes) this.upgrade();
    const r = this.registers as Uint8Array;
    const o = other.registers as Uint8Array;
    for (let i = 0; i < this.m; i++) if ((o[i] as number) > (r[i] as number)) r[i] = o[i] as number;
  }

  /** The estimated number of distinct values (ES `cardinality`). */
  cardinality(): number {
    if (this.hashes) {
      const m = 2 ** P2;
      return linearCounting(m, m - this.hashes.size);
    }
    const r = this.registers as Uint8Array;
    let inverseSum = 0;
    let zeros = 0;
    for (let i = 0; i < this.m; i++) {
      const v = r[i] as number;
      inverseSum += 1 / 2 ** v;
      if (v === 0) zeros++;
    }
    const m = this.m;
    const alpha = this.p === 4 ? 0.673 : this.p === 5 ? 0.697 : 0.7213 / (1 + 1.079 / m);
    const e1 = (alpha * m * m) / inverseSum;
    const e2 = e1 <= 5 * m ? e1 - estimateBias(this.p, e1) : e1;
    const h = zeros !== 0 ? linearCounting(m, zeros) : javaRound(e2);
    return h <= (THRESHOLDS[this.p - 4] as number) ? h : javaRound(e2);
  }

  /** Whether nothing was counted. */
  isEmpty(): boolean {
    return this.hashes !== null && this.hashes.size === 0;
  }

  toState(): HllState {
    if (this.hashes) return { p: this.p, hashes: [...this.hashes] };
    return { p: this.p, registers: Buffer.from(this.registers as Uint8Array).toString('base64') };
  }

  static fromState(s: HllState): HyperLogLogPlusPlus {
    const h = new HyperLogLogPlusPlus(s.p);
    if ('hashes' in s) for (const e of s.hashes) h.collectEncoded(e);
    else {
      h.hashes = null;
      h.registers = new Uint8Array(Buffer.from(s.registers, 'base64'));
    }
    return h;
  }
}

/** Java `Math.round` of a double to a long. */
function javaRound(x: number): number {
  return Math.floor(x + 0.5);
}

function linearCounting(m: number, v: number): number {
  return javaRound(m * Math.log(m / v));
}

/**
 * ES `encodeHash`: the top 25 bits of the hash, and when the bits between p and 25 are all zero
 * also the run length of the rest (6 bits, flagged by the low bit), so the registers can be
 * rebuilt exactly from the set. As a non-zero signed 32-bit int.
 */
function encodeHash(hash: U64, p: number): number {
  const [hi, lo] = hash;
  // the top 25 bits
  const e = hi >>> (32 - P2);
  if ((e & ((1 << (P2 - p)) - 1)) === 0) {
    const runLen = 1 + Math.min(nlzShifted(hi, lo, P2), 64 - P2);
    // e has 25 bits: e << 7 fits 32 bits; wrap to a signed int as Java's (int) cast does
    return ((e * 128) | (runLen << 1) | 1) | 0;
  }
  return (e << 1) | 0;
}

function decodeRunLen(encoded: number, p: number): number {
  if ((encoded & 1) === 1) return ((encoded >>> 1) & 0x3f) + (P2 - p);
  const bits = encoded << (31 + p - P2);
  return 1 + Math.clz32(bits);
}

function decodeIndex(encoded: number, p: number): number {
  const index = (encoded & 1) === 1 ? encoded >>> 7 : encoded >>> 1;
  return index >>> (P2 - p);
}

/** The paper's bias at raw estimate `e`: the weighted mean of the 6 nearest measured biases (ES `estimateBias`). */
function estimateBias(p: number, e: number): number {
  const raw = RAW_ESTIMATE_DATA[p - 4] as readonly number[];
  const bias = BIAS_DATA[p - 4] as readonly number[];
  const weights = new Array<number>(BIAS_K).fill(0);
  let index = bias.length - BIAS_K;
  for (let i = 0; i < raw.length; i++) {
    const w = 1 / Math.abs((raw[i] as number) - e);
    const j = i % BIAS_K;
    if (!Number.isFinite(w)) return bias[i] as number;
    if ((weights[j] as number) >= w) {
      index = i - BIAS_K;
      break;
    }
    weights[j] = w;
  }
  let weightSum = 0;
  let biasSum = 0;
  for (let i = 0, j = index; i < BIAS_K; i++, j++) {
    const w = weights[i] as number;
    biasSum += w * (bias[j] as number);
    weightSum += w;
  }
  return biasSum / weightSum;
}
