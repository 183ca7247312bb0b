import test from 'ava';
import { postingsKey, postingsKeyChunk, storedKey, storedKeyDoc } from '../../storage/keyspace.js';
import { KeyBuilder, KeyReader, prefixEnd } from '../../storage/keys.js';

/** A deterministic PRNG so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Tuple = [number, string, number, number, number];

const ALPHABET = ['\u0000', '\u0001', 'a', 'b', '\u00ff', '\u00e9', '\uffff', '\ud83d\ude00', 'z', '\u007f'];

function randomString(r: () => number): string {
  const n = Math.floor(r() * 5);
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(r() * ALPHABET.length)];
  return s;
}

function encode(t: Tuple): Buffer {
  return new KeyBuilder().tag(t[0]).str(t[1]).u32(t[2]).i64(t[3]).f64(t[4]).finish();
}

/** Logical order: strings compare by code point (as UTF-8 bytes do), numbers numerically. */
function cmpCodePoints(a: string, b: string): number {
  const A = [...a].map((c) => c.codePointAt(0)!);
  const B = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(A.length, B.length); i++) if (A[i] !== B[i]) return A[i]! - B[i]!;
  return A.length - B.length;
}

function cmpTuple(a: Tuple, b: Tuple): number {
  return a[0] - b[0] || cmpCodePoints(a[1], b[1]) || a[2] - b[2] || Math.sign(a[3] - b[3]) || Math.sign(a[4] - b[4]);
}

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

test('byte order equals logical order for random tuples', (t) => {
  const r = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)] as T;
  const tuples: Tuple[] = [];
  for (let i = 0; i < 400; i++) {
    tuples.push([
      pick([0, 1, 2, 255]),
      randomString(r),
      pick([0, 1, 255, 256, 65535, 0xffffffff, Math.floor(r() * 0xffffffff)]),
      pick([-(2 ** 53) + 1, -1, 0, 1, 2 ** 40, 2 ** 53 - 1, Math.floor((r() - 0.5) * 2 ** 50)]),
      pick([-Infinity, -1e300, -1.5, -0.5, 0, 0.5, 1.5, 1e300, Infinity, (r() - 0.5) * 1e6]),
    ]);
  }
  let checked = 0;
  for (let i = 0; i < tuples.length; i++) {
    for (let j = 0; j < tuples.length; j += 7) {
      const a = tuples[i]!;
      const b = tuples[j]!;
      t.is(sign(Buffer.compare(encode(a), encode(b))), sign(cmpTuple(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      checked++;
    }
  }
  t.true(checked > 20000);
});

test('a shorter string sorts before its extensions, also with NUL bytes', (t) => {
  const k = (s: string) => new KeyBuilder().str(s).u32(0xffffffff).finish();
  const ordered = ['', '\u0000', '\u0000\u0000', '\u0000a', 'a', 'a\u0000', 'a\u0000\u0000', 'a\u0001', 'ab', 'b'];
  for (let i = 1; i < ordered.length; i++) t.true(Buffer.compare(k(ordered[i - 1]!), k(ordered[i]!)) < 0, `${JSON.stringify(ordered[i - 1])} < ${JSON.stringify(ordered[i])}`);
});

test('components read back as written', (t) => {
  const key = new KeyBuilder().tag(7).str('a\u0000b\u00e9').u32(123456).u64(2 ** 52 + 3).i64(-42).f64(-3.25).bytes(Buffer.from([0, 0, 255])).finish();
  const r = new KeyReader(key);
  t.is(r.tag(), 7);
  t.is(r.str(), 'a\u0000b\u00e9');
  t.is(r.u32(), 123456);
  t.is(r.u64(), 2 ** 52 + 3);
  t.is(r.i64(), -42);
  t.is(r.f64(), -3.25);
  t.deepEqual([...r.bytes()], [0, 0, 255]);
  t.true(r.done);
});

test('prefixEnd bounds every key with the prefix', (t) => {
  const p = new KeyBuilder().tag(0x10).u32(5).finish();
  const end = prefixEnd(p);
  const inside = new KeyBuilder().tag(0x10).u32(5).tag(0xff).str('\uffff').finish();
  const next = new KeyBuilder().tag(0x10).u32(6).finish();
  t.true(Buffer.compare(inside, end) < 0);
  t.true(Buffer.compare(end, next) <= 0);
  t.deepEqual([...end], [0x10, 0, 0, 0, 6]);
});

test('out-of-range numbers are rejected', (t) => {
  t.throws(() => new KeyBuilder().u32(-1));
  t.throws(() => new KeyBuilder().u32(2 ** 32));
  t.throws(() => new KeyBuilder().u64(2 ** 53));
});

test('stored and postings keys give back their doc and chunk numbers', (t) => {
  t.is(storedKeyDoc(storedKey(3, 42)), 42);
  t.is(storedKeyDoc(storedKey(0, 0xfffffffe)), 0xfffffffe);
  t.is(postingsKeyChunk(postingsKey(1, 'title', 7)), 7);
  t.is(postingsKeyChunk(postingsKey(9, 'na\u0000me.sub', 0)), 0);
});
