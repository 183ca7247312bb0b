/**
 * Growable byte writer and cursor reader with the primitives every codec needs: unsigned
 * LEB128 varints (safe up to 2^53), zig-zag signed varints, doubles, length-prefixed UTF-8
 * strings and raw byte runs. Hot loops call these directly, so they avoid allocation.
 */

const TWO_32 = 0x1_0000_0000;

export class ByteWriter {
  buf: Buffer;
  len = 0;

  constructor(capacity = 256) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  ensure(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + n));
    this.buf.copy(next, 0, 0, this.len);
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.len++] = b;
  }

  /** Unsigned varint for 0 <= n < 2^53. */
  varint(n: number): void {
    this.ensure(8);
    if (n < 0x80) {
      this.buf[this.len++] = n;
      return;
    }
    if (n < TWO_32) {
      let v = n >>> 0;
      while (v >= 0x80) {
        this.buf[this.len++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      this.buf[this.len++] = v;
      return;
    }
    this.ensure(8);
    let v = n;
    while (v >= 0x80) {
      this.buf[this.len++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.len++] = v;
  }

  /** Signed varint (zig-zag) for integers with |n| < 2^52 (the zig-zag doubles them). */
  svarint(n: number): void {
    this.varint(n >= 0 ? n * 2 : -n * 2 - 1);
  }

  f64(n: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(n, this.len);
    this.len += 8;
  }

  raw(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }

  /** Length-prefixed bytes. */
  blob(b: Uint8Array): void {
    this.varint(b.length);
    this.raw(b);
  }

  /** Length-prefixed UTF-8 string. */
  str(s: string): void {
    const max = s.length * 3;
    this.ensure(max + 5);
    // Write the string after a worst-case length slot, then fix the length up.
    if (max < 0x80) {
      const n = this.buf.write(s, this.len + 1, 'utf8');
      this.buf[this.len] = n;
      this.len += 1 + n;
      return;
    }
    const bytes = Buffer.from(s, 'utf8');
    this.blob(bytes);
  }

  /** A copy of the written bytes. */
  finish(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.len));
  }
}

export class ByteReader {
  pos: number;

  constructor(
    readonly buf: Buffer,
    offset = 0,
  ) {
    this.pos = offset;
  }

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  byte(): number {
    if (this.pos >= this.buf.length) throw new Error('corrupt block: truncated');
    return this.buf[this.pos++] as number;
  }

  varint(): number {
    const buf = this.buf;
    let b = buf[this.pos++];
    if (b === undefined) throw new Error('corrupt block: truncated varint');
    if (b < 0x80) return b;
    let result = b & 0x7f;
    let mul = 0x80;
    for (;;) {
      b = buf[this.pos++];
      if (b === undefined) throw new Error('corrupt block: truncated varint');
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 0x80;
    }
  }

  svarint(): number {
    const z = this.varint();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }

  f64(): number {
    const v = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return v;
  }

  raw(n: number): Buffer {
    if (this.pos + n > this.buf.length) throw new Error('corrupt block: truncated bytes');
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }

  blob(): Buffer {
    return this.raw(this.varint());
  }

  str(): string {
    const n = this.varint();
    if (this.pos + n > this.buf.length) throw new Error('corrupt block: truncated string');
    const s = this.buf.toString('utf8', this.pos, this.pos + n);
    this.pos += n;
    return s;
  }
}
