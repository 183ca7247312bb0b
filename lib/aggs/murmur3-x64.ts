/**
 * The 64-bit hashes ES 5.6's `cardinality` feeds HyperLogLog++ (CardinalityAggregator's
 * `MurmurHash3Values`): MurmurHash3 x64_128 (seed 0, first half `h1`) of a term's bytes, and
 * hppc's `BitMixer.mix64` of a long (or of a double's IEEE bits). Written from the published
 * algorithms. A 64-bit value is a pair of unsigned 32-bit halves `[hi, lo]`: wrapping 64-bit
 * arithmetic on them stays in exact double/int32 operations (BigInt would allocate per step).
 */

/** A 64-bit value as unsigned 32-bit halves. */
export type U64 = [hi: number, lo: number];

const TWO32 = 0x100000000;

/** The full 64-bit product of two unsigned 32-bit values. */
function mul32(a: number, b: number): U64 {
  const a1 = a >>> 16;
  const a0 = a & 0xffff;
  const b1 = b >>> 16;
  const b0 = b & 0xffff;
  const mid = a0 * b1 + a1 * b0; // < 2^33, exact
  const low = a0 * b0 + (mid % 0x10000) * 0x10000; // < 2^49, exact
  const hi = a1 * b1 + Math.floor(mid / 0x10000) + Math.floor(low / TWO32);
  return [hi >>> 0, low >>> 0];
}

/** a · b mod 2^64. */
function mul(a: U64, b: U64): U64 {
  const [h, l] = mul32(a[1], b[1]);
  return [(h + Math.imul(a[0], b[1]) + Math.imul(a[1], b[0])) >>> 0, l];
}

function add(a: U64, b: U64): U64 {
  const lo = a[1] + b[1];
  return [(a[0] + b[0] + (lo >= TWO32 ? 1 : 0)) >>> 0, lo >>> 0];
}

const xor = (a: U64, b: U64): U64 => [(a[0] ^ b[0]) >>> 0, (a[1] ^ b[1]) >>> 0];

/** x >>> n for 0 < n < 64. */
function shr(x: U64, n: number): U64 {
  if (n >= 32) return [0, x[0] >>> (n - 32)];
  return [x[0] >>> n, ((x[1] >>> n) | (x[0] << (32 - n))) >>> 0];
}

/** Rotate left by 0 < r < 64. */
function rotl(x: U64, r: number): U64 {
  let [hi, lo] = x;
  if (r >= 32) {
    [hi, lo] = [lo, hi];
    r -= 32;
  }
  if (r === 0) return [hi, lo];
  return [((hi << r) | (lo >>> (32 - r))) >>> 0, ((lo << r) | (hi >>> (32 - r))) >>> 0];
}

const C1: U64 = [0x87c37b91, 0x114253d5];
const C2: U64 = [0x4cf5ad43, 0x2745937f];
const FIVE: U64 = [0, 5];

function fmix64(k: U64): U64 {
  k = xor(k, shr(k, 33));
  k = mul(k, [0xff51afd7, 0xed558ccd]);
  k = xor(k, shr(k, 33));
  k = mul(k, [0xc4ceb9fe, 0x1a85ec53]);
  return xor(k, shr(k, 33));
}

/** Little-endian 64-bit word of `b` at `at`, from `n` (≤ 8) bytes. */
function word(b: Uint8Array, at: number, n: number): U64 {
  let lo = 0;
  let hi = 0;
  for (let i = Math.min(n, 4) - 1; i >= 0; i--) lo = lo * 256 + (b[at + i] as number);
  for (let i = n - 1; i >= 4; i--) hi = hi * 256 + (b[at + i] as number);
  return [hi >>> 0, lo >>> 0];
}

/** MurmurHash3 x64_128 of `bytes` with seed 0: its first 64 bits (`h1`). */
export function murmur3x64(bytes: Uint8Array): U64 {
  const len = bytes.length;
  const blocks = len >> 4;
  let h1: U64 = [0, 0];
  let h2: U64 = [0, 0];
  for (let i = 0; i < blocks; i++) {
    const k1 = mul(rotl(mul(word(bytes, i * 16, 8), C1), 31), C2);
    h1 = add(mul(add(rotl(xor(h1, k1), 27), h2), FIVE), [0, 0x52dce729]);
    const k2 = mul(rotl(mul(word(bytes, i * 16 + 8, 8), C2), 33), C1);
    h2 = add(mul(add(rotl(xor(h2, k2), 31), h1), FIVE), [0, 0x38495ab5]);
  }
  const tail = len & 15;
  const at = blocks * 16;
  if (tail > 8) h2 = xor(h2, mul(rotl(mul(word(bytes, at + 8, tail - 8), C2), 33), C1));
  if (tail > 0) h1 = xor(h1, mul(rotl(mul(word(bytes, at, Math.min(tail, 8)), C1), 31), C2));
  const n: U64 = [Math.floor(len / TWO32) >>> 0, len >>> 0];
  h1 = xor(h1, n);
  h2 = xor(h2, n);
  h1 = add(h1, h2);
  h2 = add(h2, h1);
  h1 = fmix64(h1);
  h2 = fmix64(h2);
  return add(h1, h2);
}

/** hppc `BitMixer.mix64`. */
export function mix64(z: U64): U64 {
  z = mul(xor(z, shr(z, 32)), [0x4cd6944c, 0x5cc20b6d]);
  z = mul(xor(z, shr(z, 29)), [0xfc12c5b1, 0x9d3259e9]);
  return xor(z, shr(z, 32));
}

/** The hash of a long value (`BitMixer.mix64(long)`); `v` must be an integer (two's complement bits). */
export function hashLong(v: number): U64 {
  return mix64([Math.floor(v / TWO32) >>> 0, v >>> 0]);
}

/** The hash of a double value (`BitMixer.mix64(Double.doubleToLongBits(v))`, NaN canonical). */
export function hashDouble(v: number): U64 {
  if (Number.isNaN(v)) return mix64([0x7ff80000, 0]);
  const words = new Uint32Array(new Float64Array([v]).buffer);
  // little-endian platforms (every Node target): low word first
  return mix64([words[1] as number, words[0] as number]);
}

/** A hash as an unsigned hex string (tests and messages). */
export const hex = (h: U64): string => (BigInt(h[0]) * 0x100000000n + BigInt(h[1])).toString(16);
