/**
 * Order-preserving term encodings for non-text fields. Every numeric, date, boolean and ip value
 * is indexed as ONE term whose string order (plain UTF-16 code-unit order, which for these ASCII
 * hex strings equals byte order) equals the numeric order of the values, so a range query is a
 * term-range scan over the postings of the field.
 *
 * - Integer types (`long`, `integer`, `short`, `byte`) and dates (epoch millis): 16 lowercase hex
 *   digits of the 64-bit two's complement value with the sign bit flipped (Lucene's
 *   `NumericUtils.longToSortableBytes`).
 * - Floating types (`double`, `float`, `half_float`, `scaled_float`): 16 hex digits of the IEEE 754
 *   double bits made sortable as Lucene's `NumericUtils.doubleToSortableLong` does, then sign
 *   flipped. Float, half-float and scaled values are first rounded to their type's precision and
 *   then widened to double, so one encoding serves every floating type.
 * - Booleans: `T` and `F`, as Lucene/ES 5 index them (`F` < `T`).
 * - IP addresses: 32 hex digits of the 16-byte IPv6 form (IPv4 as `::ffff:a.b.c.d`), as ES 5's
 *   `InetAddressPoint` encoding.
 */
import { illegalArgument } from '../errors/errors.js';

const SIGN_BIT = 1n << 63n;
const MASK64 = (1n << 64n) - 1n;
const LONG_MIN = -(1n << 63n);
const LONG_MAX = (1n << 63n) - 1n;

function hex16(v: bigint): string {
  return v.toString(16).padStart(16, '0');
}

/** Encode a signed 64-bit integer (a JS integer number or a bigint) as a sortable 16-hex term. */
export function encodeLong(value: number | bigint): string {
  const v = typeof value === 'bigint' ? value : BigInt(Math.trunc(value));
  if (v < LONG_MIN || v > LONG_MAX) throw illegalArgument(`Value [${v}] is out of range for a long`);
  return hex16((v & MASK64) ^ SIGN_BIT);
}

/** Decode a term made by {@link encodeLong} back to a bigint. */
export function decodeLongBig(term: string): bigint {
  const u = BigInt('0x' + term) ^ SIGN_BIT;
  return u >= SIGN_BIT ? u - (1n << 64n) : u;
}

/** Decode a term made by {@link encodeLong} to a JS number (exact within ±2^53). */
export function decodeLong(term: string): number {
  return Number(decodeLongBig(term));
}

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/** Encode a double as a sortable 16-hex term (NaN sorts above +Infinity, -0 below +0 as Lucene). */
export function encodeDouble(value: number): string {
  f64[0] = value;
  let bits = u64[0] as bigint;
  // doubleToSortableLong: negative values have their magnitude bits inverted...
  if (bits & SIGN_BIT) bits ^= MASK64 >> 1n;
  // ...then the sign bit is flipped so that unsigned order equals signed order.
  return hex16(bits ^ SIGN_BIT);
}

/** Decode a term made by {@link encodeDouble}. */
export function decodeDouble(term: string): number {
  let bits = BigInt('0x' + term) ^ SIGN_BIT;
  if (bits & SIGN_BIT) bits ^= MASK64 >> 1n;
  u64[0] = bits;
  return f64[0] as number;
}

/** Booleans are indexed as `T`/`F`, as ES 5's BooleanFieldMapper does. */
export function encodeBoolean(value: boolean): string {
  return value ? 'T' : 'F';
}

/** Decode a boolean term. */
export function decodeBoolean(term: string): boolean {
  return term === 'T';
}

/** Dates are epoch milliseconds encoded as longs. */
export const encodeDate = encodeLong;
/** Decode a date term to epoch millis. */
export const decodeDate = decodeLong;

/** Parse an IPv4 or IPv6 literal to its 16 bytes (IPv4 mapped), or undefined if it is not one. */
export function ipToBytes(text: string): Uint8Array | undefined {
  const v4 = parseIpv4(text);
  if (v4) {
    const out = new Uint8Array(16);
    out[10] = 0xff;
    out[11] = 0xff;
    out.set(v4, 12);
    return out;
  }
  return parseIpv6(text);
}

function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i] as string;
    // InetAddresses.forString accepts no leading zeros beyond "0" itself
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p[0] === '0')) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out[i] = n;
  }
  return out;
}

function parseIpv6(input: string): Uint8Array | undefined {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  if (!text.includes(':') || text.includes('%')) return undefined;
  // an embedded IPv4 tail (::ffff:1.2.3.4, ::1.2.3.4) stands for the last two 16-bit words
  let v4Words: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIpv4(last);
    if (!v4) return undefined;
    v4Words = [((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number)];
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const parseGroup = (s: string): number[] | undefined => {
    if (s === '') return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const want = 8 - v4Words.length;
  const dbl = text.indexOf('::');
  if (dbl !== text.lastIndexOf('::')) return undefined;
  let words: number[];
  if (dbl >= 0) {
    const head = parseGroup(text.slice(0, dbl));
    const rest = parseGroup(text.slice(dbl + 2));
    if (!head || !rest || head.length + rest.length > want - 1) return undefined;
    words = [...head, ...new Array<number>(want - head.length - rest.length).fill(0), ...rest];
  } else {
    const all = parseGroup(text);
    if (!all || all.length !== want) return undefined;
    words = all;
  }
  words.push(...v4Words);
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[i * 2] = w >> 8;
    out[i * 2 + 1] = w & 0xff;
  });
  return out;
}

/** Encode an IP literal as a sortable 32-hex term; undefined if it is not a valid address. */
export function encodeIp(text: string): string | undefined {
  const bytes = ipToBytes(text);
  return bytes ? Buffer.from(bytes).toString('hex') : undefined;
}

/**
 * Decode a 32-hex ip term to its canonical text as ES renders it (`InetAddresses.toAddrString`):
 * IPv4-mapped addresses as dotted quads, IPv6 compressed (longest zero run as `::`), lowercase.
 */
export function decodeIp(term: string): string {
  const b = Buffer.from(term, 'hex');
  const isMapped = b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
  if (isMapped) return `${b[12]}.${b[13]}.${b[14]}.${b[15]}`;
  const words: number[] = [];
  for (let i = 0; i < 8; i++) words.push(((b[i * 2] as number) << 8) | (b[i * 2 + 1] as number));
  // longest run of zero words (length >= 2) becomes "::"
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (bestLen < 2) return hex.join(':');
  return hex.slice(0, bestStart).join(':') + '::' + hex.slice(bestStart + bestLen).join(':');
}
