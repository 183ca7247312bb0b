/**
 * Lucene 6.6 `org.apache.lucene.util.SmallFloat` 3-mantissa-bit / zero-exponent-15 encoding,
 * used by `BM25Similarity` (and `ClassicSimilarity`) to quantize `boost / sqrt(fieldLength)`
 * into the one-byte norm. Reproduced bit for bit so scores match Elasticsearch 5.6:
 * https://github.com/apache/lucene-solr/blob/releases/lucene-solr/6.6.0/lucene/core/src/java/org/apache/lucene/util/SmallFloat.java
 *
 * Bytes are handled unsigned (0..255) here; Lucene's signed byte `-1` is 255.
 */

const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);

const FZERO = (63 - 15) << 3;

/** Lucene's `Float.floatToRawIntBits` of the float32 rounding of `f`. */
function floatBits(f: number): number {
  f32[0] = f;
  return i32[0] as number;
}

/** `SmallFloat.floatToByte315`: float → unsigned byte (values are truncated, not rounded). */
export function floatToByte315(f: number): number {
  const bits = floatBits(f);
  const smallfloat = bits >> (24 - 3);
  if (smallfloat <= FZERO) return bits <= 0 ? 0 : 1;
  if (smallfloat >= FZERO + 0x100) return 255;
  return (smallfloat - FZERO) & 0xff;
}

/** `SmallFloat.byte315ToFloat`: unsigned byte → float (as a JS number holding a float32 value). */
export function byte315ToFloat(b: number): number {
  if ((b & 0xff) === 0) return 0;
  let bits = (b & 0xff) << (24 - 3);
  bits += (63 - 15) << 24;
  i32[0] = bits;
  return f32[0] as number;
}

/** All 256 decoded values, as BM25Similarity's `NORM_TABLE` caches them. */
export const BYTE315_TABLE: Float32Array = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) t[i] = byte315ToFloat(i);
  return t;
})();

/**
 * The norm byte Lucene 6.6 `BM25Similarity.computeNorm` stores for a field: it takes the
 * number of tokens (minus overlapping ones, since `discountOverlaps` defaults to true) and the
 * accumulated index-time boost, and encodes `boost / (float) Math.sqrt(length)` in float32.
 */
export function encodeBm25Norm(length: number, boost = 1): number {
  const denom = Math.fround(Math.sqrt(length));
  return floatToByte315(Math.fround(Math.fround(boost) / denom));
}
