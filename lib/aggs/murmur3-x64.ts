/**
 * The 64-bit hashes ES 5.6's `cardinality` feeds HyperLogLog++ (CardinalityAggregator's
 * `MurmurHash3Values`): MurmurHash3 x64_128 (seed 0, first half `h1`) of a term's bytes, and
 * hppc's `BitMixer.mix64` of a long (or of a double's IEEE bits). Written from the published
 * algorithms with BigInt (64-bit wrapping arithmetic); hashes are unsigned 64-bit BigInts.
 */

const M64 = (1n << 64n) - 1n;
const C1 = 0x87c37b91114253d5n;
const C2 = 0x4cf5ad432745937fn;

const mul = (a: bigint, b: bigint): bigint => (a * b) & M64;
const rotl = (x: bigint, r: bigint): bigint => ((x << r) | (x >> (64n - r))) & M64;

function fmix64(k: bigint): bigint {
  k ^= k >> 33n;
  k = mul(k, 0xff51afd7ed558ccdn);
  k ^= k >> 33n;
  k = mul(k, 0xc4ceb9fe1a85ec53n);
  return k ^ (k >> 33n);
}

/** Little-endian 64-bit word of `b` at `at`, from `n` (≤ 8) bytes. */
function word(b: Uint8Array, at: number, n: number): bigint {
  let lo = 0;
  let hi = 0;
  for (let i = Math.min(n, 4) - 1; i >= 0; i--) lo = lo * 256 + (b[at + i] as number);
  for (let i = n - 1; i >= 4; i--) hi = hi * 256 + (b[at + i] as number);
  return (BigInt(hi) << 32n) | BigInt(lo);
}

/** MurmurHash3 x64_128 of `bytes` with seed 0: its first 64 bits (`h1`), unsigned. */
export function murmur3x64h1(bytes: Uint8Array): bigint {
  const len = bytes.length;
  const blocks = len >> 4;
  let h1 = 0n;
  let h2 = 0n;
  for (let i = 0; i < blocks; i++) {
    let k1 = word(bytes, i * 16, 8);
    let k2 = word(bytes, i * 16 + 8, 8);
    k1 = mul(rotl(mul(k1, C1), 31n), C2);
    h1 ^= k1;
    h1 = (mul(rotl(h1, 27n) + h2, 5n) + 0x52dce729n) & M64;
    k2 = mul(rotl(mul(k2, C2), 33n), C1);
    h2 ^= k2;
    h2 = (mul(rotl(h2, 31n) + h1, 5n) + 0x38495ab5n) & M64;
  }
  const tail = len & 15;
  const at = blocks * 16;
  if (tail > 8) {
    const k2 = mul(rotl(mul(word(bytes, at + 8, tail - 8), C2), 33n), C1);
    h2 ^= k2;
  }
  if (tail > 0) {
    const k1 = mul(rotl(mul(word(bytes, at, Math.min(tail, 8)), C1), 31n), C2);
    h1 ^= k1;
  }
  const n = BigInt(len);
  h1 ^= n;
  h2 ^= n;
  h1 = (h1 + h2) & M64;
  h2 = (h2 + h1) & M64;
  h1 = fmix64(h1);
  h2 = fmix64(h2);
  return (h1 + h2) & M64;
}

/** hppc `BitMixer.mix64` of a 64-bit value (two's complement bits as an unsigned BigInt). */
export function mix64(z: bigint): bigint {
  z = mul(z ^ (z >> 32n), 0x4cd6944c5cc20b6dn);
  z = mul(z ^ (z >> 29n), 0xfc12c5b19d3259e9n);
  return z ^ (z >> 32n);
}

/** The hash of a long value (`BitMixer.mix64(long)`); `v` must be an integer. */
export function hashLong(v: number): bigint {
  return mix64(BigInt.asUintN(64, BigInt(v)));
}

/** The hash of a double value (`BitMixer.mix64(Double.doubleToLongBits(v))`, NaN canonical). */
export function hashDouble(v: number): bigint {
  if (Number.isNaN(v)) return mix64(0x7ff8000000000000n);
  const f64 = new Float64Array([v]);
  return mix64(new BigUint64Array(f64.buffer)[0] as bigint);
}
