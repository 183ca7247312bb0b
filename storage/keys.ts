/**
 * A tiny order-preserving binary key codec. A key is a tuple of components written one after
 * the other; comparing two keys byte by byte (as LevelDB does) gives the same answer as
 * comparing the tuples component by component. This is what lets related keys sort together
 * so one range scan (or one `clear`) covers, say, every key of a segment.
 *
 * Encodings (all big-endian so byte order is numeric order):
 * - `tag`: one raw byte (the data kind, see storage/keyspace.ts);
 * - `u32`: 4 bytes unsigned; `u64`: 8 bytes unsigned (0 .. 2^53-1, JS safe integers);
 * - `i64`: 8 bytes two's complement with the sign bit flipped, so negatives sort first;
 * - `f64`: IEEE 754 bits, sign bit flipped for positives and all bits flipped for negatives;
 * - `str`/`bytes`: the bytes with 0x00 escaped as 0x00 0xFF, terminated by 0x00 0x01. The
 *   terminator sorts below any escaped or raw continuation, so `"a"` < `"a\0"` < `"ab"` and a
 *   shorter component never bleeds into the next one.
 */

const TWO_32 = 0x1_0000_0000;

/** Builds one key; chain the component writers and call `finish()`. */
export class KeyBuilder {
  private buf: Buffer;
  private len = 0;

  constructor(capacity = 64) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  tag(t: number): this {
    this.ensure(1);
    this.buf[this.len++] = t & 0xff;
    return this;
  }

  u32(n: number): this {
    if (!Number.isInteger(n) || n < 0 || n >= TWO_32) throw new RangeError(`u32 out of range: ${n}`);
    this.ensure(4);
    this.buf.writeUInt32BE(n, this.len);
    this.len += 4;
    return this;
  }

  u64(n: number): this {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`u64 out of range: ${n}`);
    this.ensure(8);
    this.buf.writeUInt32BE(Math.floor(n / TWO_32), this.len);
    this.buf.writeUInt32BE(n % TWO_32, this.len + 4);
    this.len += 8;
    return this;
  }

  i64(n: number): this {
    if (!Number.isSafeInteger(n)) throw new RangeError(`i64 out of range: ${n}`);
    this.ensure(8);
    this.buf.writeBigInt64BE(BigInt(n), this.len);
    this.buf[this.len] = (this.buf[this.len] as number) ^ 0x80;
    this.len += 8;
    return this;
  }

  f64(n: number): this {
    this.ensure(8);
    this.buf.writeDoubleBE(n === 0 ? 0 : n, this.len); // -0 sorts as 0
    if (((this.buf[this.len] as number) & 0x80) !== 0) {
      for (let i = 0; i < 8; i++) this.buf[this.len + i] = ~(this.buf[this.len + i] as number) & 0xff;
    } else {
      this.buf[this.len] = (this.buf[this.len] as number) | 0x80;
    }
    this.len += 8;
    return this;
  }

  str(s: string): this {
    return this.bytes(Buffer.from(s, 'utf8'));
  }

  bytes(b: Uint8Array): this {
    this.ensure(b.length * 2 + 2);
    for (let i = 0; i < b.length; i++) {
      const c = b[i] as number;
      this.buf[this.len++] = c;
      if (c === 0) this.buf[this.len++] = 0xff;
    }
    this.buf[this.len++] = 0x00;
    this.buf[this.len++] = 0x01;
    return this;
  }

  /** A copy of the bytes written so far. */
  finish(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.len));
  }
}

/** Start a key with its data-kind tag. */
export function key(tag: number): KeyBuilder {
  return new KeyBuilder().tag(tag);
}

/** Reads the components of a key back, in the order they were written. */
export class KeyReader {
  private pos = 0;

  constructor(private readonly buf: Uint8Array) {}

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  tag(): number {
    return this.need(1)[0] as number;
  }

  u32(): number {
    const b = this.need(4);
    return Buffer.from(b.buffer, b.byteOffset, 4).readUInt32BE(0);
  }

  u64(): number {
    const b = Buffer.from(this.need(8));
    return b.readUInt32BE(0) * TWO_32 + b.readUInt32BE(4);
  }

  i64(): number {
    const b = Buffer.from(this.need(8));
    b[0] = (b[0] as number) ^ 0x80;
    return Number(b.readBigInt64BE(0));
  }

  f64(): number {
    const b = Buffer.from(this.need(8));
    if (((b[0] as number) & 0x80) !== 0) b[0] = (b[0] as number) & 0x7f;
    else for (let i = 0; i < 8; i++) b[i] = ~(b[i] as number) & 0xff;
    return b.readDoubleBE(0);
  }

  bytes(): Buffer {
    const out: number[] = [];
    for (;;) {
      const c = this.need(1)[0] as number;
      if (c !== 0) {
        out.push(c);
        continue;
      }
      const next = this.need(1)[0] as number;
      if (next === 0x01) return Buffer.from(out);
      if (next !== 0xff) throw new Error(`corrupt key: bad escape 0x00 0x${next.toString(16)}`);
      out.push(0);
    }
  }

  str(): string {
    return this.bytes().toString('utf8');
  }

  private need(n: number): Uint8Array {
    if (this.pos + n > this.buf.length) throw new Error('corrupt key: truncated');
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }
}

/** The smallest key strictly greater than every key starting with `prefix` (for `lt` bounds). */
export function prefixEnd(prefix: Buffer): Buffer {
  const out = Buffer.from(prefix);
  for (let i = out.length - 1; i >= 0; i--) {
    if ((out[i] as number) < 0xff) {
      out[i] = (out[i] as number) + 1;
      return out.subarray(0, i + 1);
    }
  }
  throw new Error('prefix has no upper bound');
}
