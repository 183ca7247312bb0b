/**
 * A segment field's sorted terms, held as UTF-8 bytes — one buffer and one offset per term —
 * instead of one JS string per term.
 *
 * Why: term dictionaries are the largest thing a shard keeps in memory, and they grow with the
 * data. As JS strings a term costs a 16-byte header, its characters rounded up to 8 bytes and an
 * 8-byte array slot (~40 bytes for a 10-character term; 54 MiB of the 147 MiB live heap of a
 * 200k-document shard, docs/benchmarks.md session 9); packed it costs its UTF-8 bytes plus a
 * 4-byte offset, outside the V8 heap, so the garbage collector never walks it. A term becomes a
 * string only when a query asks for it (`at`, iteration); lookups (`indexOf`, `lowerBound`)
 * compare bytes without making strings.
 *
 * Order: terms are sorted by UTF-16 code units (JS `<`), as every term list of the engine is.
 * UTF-8 byte order is the same order unless a term holds a character at or above U+E000
 * (U+E000–U+FFFF sort below surrogate pairs in UTF-16, above them in UTF-8); a list without any
 * (no byte ≥ 0xEE) compares bytes; any other list, or a key holding a surrogate, compares
 * decoded strings.
 */

/** Read access to a sorted term list (a packed one, or a plain array through `termListOf`). */
export interface TermList extends Iterable<string> {
  readonly length: number;
  /** The term at `i` (0 ≤ i < length). */
  at(i: number): string;
  /** The first index whose term is ≥ `key` (`length` when none is). */
  lowerBound(key: string): number;
  /** The index of `key`, or -1. */
  indexOf(key: string): number;
  /** Terms `start` (inclusive) to `end` (exclusive) as strings. */
  slice(start?: number, end?: number): string[];
}

const EMPTY_OFFSETS = new Int32Array(1);
/** How many of the last {@link PackedTermList.indexOf} answers a list keeps. */
const MEMO_SIZE = 4;
/** A key with a surrogate (or a lone one, which UTF-8 cannot carry) is compared as a string. */
const HAS_SURROGATE = /[\uD800-\uDFFF]/;

/** The packed form: `bytes[offsets[i] .. offsets[i + 1])` is term `i` in UTF-8. */
export class PackedTermList implements TermList {
  readonly length: number;
  /** The last keys {@link indexOf} was asked for and its answers (the list never changes). */
  private memo: { keys: Array<string | undefined>; found: Int32Array; next: number } | undefined;
  /** Every term is ASCII: decoded as latin1, which is faster than UTF-8. */
  private readonly ascii: boolean;
  /** UTF-8 byte order equals the UTF-16 order of the list's terms (no byte ≥ 0xEE). */
  private readonly byteOrdered: boolean;

  constructor(
    private readonly bytes: Buffer,
    private readonly offsets: Int32Array,
  ) {
    this.length = offsets.length - 1;
    let max = 0;
    const end = offsets[this.length] as number;
    for (let i = 0; i < end; i++) if ((bytes[i] as number) > max) max = bytes[i] as number;
    this.ascii = max < 0x80;
    this.byteOrdered = max < 0xee;
  }

  static readonly EMPTY = new PackedTermList(Buffer.alloc(0), EMPTY_OFFSETS);

  /** Pack sorted `terms`. */
  static of(terms: readonly string[]): PackedTermList {
    if (terms.length === 0) return PackedTermList.EMPTY;
    const offsets = new Int32Array(terms.length + 1);
    let size = 0;
    for (let i = 0; i < terms.length; i++) {
      size += Buffer.byteLength(terms[i] as string);
      offsets[i + 1] = size;
    }
    const bytes = Buffer.allocUnsafeSlow(size);
    for (let i = 0; i < terms.length; i++) bytes.write(terms[i] as string, offsets[i] as number);
    return new PackedTermList(bytes, offsets);
  }

  /** Bytes held (the UTF-8 text and the offsets), for memory statistics. */
  get byteSize(): number {
    return this.bytes.byteLength + this.offsets.byteLength;
  }

  at(i: number): string {
    if (!(i >= 0 && i < this.length)) throw new RangeError(`term ${i} out of range [0, ${this.length})`);
    return this.bytes.toString(this.ascii ? 'latin1' : 'utf8', this.offsets[i] as number, this.offsets[i + 1] as number);
  }

  lowerBound(key: string): number {
    const k = this.byteKey(key);
    return k === undefined ? lowerBoundBy(this.length, (i) => this.at(i), key) : this.lowerBoundByBytes(k);
  }

  indexOf(key: string): number {
    // A term query looks its term up three times in a row (document frequency, total term
    // frequency, postings) and a query of a few terms does the same per term: the last few
    // answers are kept (made on first use, so lists never searched carry none).
    const memo = (this.memo ??= { keys: new Array<string | undefined>(MEMO_SIZE), found: new Int32Array(MEMO_SIZE), next: 0 });
    for (let j = 0; j < MEMO_SIZE; j++) if (memo.keys[j] === key) return memo.found[j] as number;
    const found = this.search(key);
    const slot = memo.next;
    memo.keys[slot] = key;
    memo.found[slot] = found;
    memo.next = (slot + 1) % MEMO_SIZE;
    return found;
  }

  private search(key: string): number {
    const k = this.byteKey(key);
    if (k === undefined) {
      const i = lowerBoundBy(this.length, (i) => this.at(i), key);
      return i < this.length && this.at(i) === key ? i : -1;
    }
    const i = this.lowerBoundByBytes(k);
    return i < this.length && this.compareAt(i, k) === 0 ? i : -1;
  }

  /** The key as UTF-8 when byte order is the list's order for it, else undefined. */
  private byteKey(key: string): Buffer | undefined {
    return this.byteOrdered && !HAS_SURROGATE.test(key) ? Buffer.from(key, 'utf8') : undefined;
  }

  /** Term `i` against `k`, by bytes: negative when the term sorts first. */
  private compareAt(i: number, k: Uint8Array): number {
    // A loop in JS beats Buffer#compare's native call for terms this short.
    const bytes = this.bytes;
    const s = this.offsets[i] as number;
    const len = (this.offsets[i + 1] as number) - s;
    const n = len < k.length ? len : k.length;
    for (let j = 0; j < n; j++) {
      const d = (bytes[s + j] as number) - (k[j] as number);
      if (d !== 0) return d;
    }
    return len - k.length;
  }

  private lowerBoundByBytes(k: Uint8Array): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareAt(mid, k) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  slice(start = 0, end = this.length): string[] {
    const s = Math.max(0, start);
    const e = Math.min(this.length, end);
    const out = new Array<string>(Math.max(0, e - s));
    for (let i = s; i < e; i++) out[i - s] = this.at(i);
    return out;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
}

/** A plain sorted array as a TermList (in-memory segments of tests, small lists). */
export function termListOf(terms: readonly string[]): TermList {
  return {
    length: terms.length,
    at: (i) => {
      const t = terms[i];
      if (t === undefined) throw new RangeError(`term ${i} out of range [0, ${terms.length})`);
      return t;
    },
    lowerBound: (key) => lowerBoundBy(terms.length, (i) => terms[i] as string, key),
    indexOf: (key) => {
      const i = lowerBoundBy(terms.length, (i) => terms[i] as string, key);
      return terms[i] === key ? i : -1;
    },
    slice: (start, end) => terms.slice(start, end),
    [Symbol.iterator]: () => terms[Symbol.iterator](),
  };
}

/** The first index in `[0, n)` whose term (`at`) is ≥ `key` in UTF-16 order. */
function lowerBoundBy(n: number, at: (i: number) => string, key: string): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
