/**
 * Document routing's hash reads a string's UTF-16 code units in pairs; it must equal
 * murmur3_x86_32 over the string's little-endian UTF-16 bytes (ES `Murmur3HashFunction`), which
 * is what places a document on the same shard as Elasticsearch does.
 */
import test from 'ava';
import { hashRouting, shardFor } from '../../lib/cluster/routing.js';
import { murmur3x86_32 } from '../../lib/hash/murmur3-x86.js';

function utf16le(s: string): Uint8Array {
  const bytes = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    bytes[i * 2] = s.charCodeAt(i) & 0xff;
    bytes[i * 2 + 1] = s.charCodeAt(i) >>> 8;
  }
  return bytes;
}

test('hashRouting equals murmur3_x86_32 of the UTF-16LE bytes, at every length and over any code unit', (t) => {
  const fixed = ['', '0', '1', 'ab', 'abc', 'abcd', 'hello', '__proto__', 'AVy-xS3_PPGgkCm5x2Xh', 'é', '€uro', '😀', 'a😀b', '\ud800', '\udfff\u0000x', '\uffff\uffff\uffff'];
  for (const s of fixed) t.is(hashRouting(s), murmur3x86_32(utf16le(s), 0), JSON.stringify(s));
  let seed = 12345;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  for (let n = 0; n < 5000; n++) {
    const len = next() % 40;
    let s = '';
    // mostly ASCII, some BMP, some lone and paired surrogates
    for (let i = 0; i < len; i++) {
      const r = next() % 10;
      s += String.fromCharCode(r < 6 ? 32 + (next() % 95) : r < 8 ? next() % 0x10000 : 0xd800 + (next() % 0x800));
    }
    const expected = murmur3x86_32(utf16le(s), 0);
    if (hashRouting(s) !== expected) {
      t.fail(`differs for ${JSON.stringify(s)}`);
      return;
    }
  }
  t.pass();
});

test('shardFor is the floor modulus of the hash (a negative hash still lands on a shard in range)', (t) => {
  // '1' hashes negative: floorMod, not the remainder's sign
  const h = hashRouting('1');
  t.true(h < 0);
  for (const shards of [1, 2, 3, 5, 7, 16]) {
    t.is(shardFor('1', shards), ((h % shards) + shards) % shards);
    t.true(shardFor('1', shards) >= 0 && shardFor('1', shards) < shards);
  }
});
