import test from 'ava';
import { ByteWriter } from '../../storage/codecs/bytes.js';
import { decodePostings, encodePostings, FLAG_FREQS, FLAG_OFFSETS, FLAG_POSITIONS, type PostingsInput } from '../../storage/codecs/postings.js';
import { isShift, writeShifted } from '../../storage/codecs/postings-shift.js';

const ALL_FLAGS = [0, FLAG_FREQS, FLAG_FREQS | FLAG_POSITIONS, FLAG_FREQS | FLAG_POSITIONS | FLAG_OFFSETS];

/** Random postings of `maxDoc` docs (deterministic). */
function randomPostings(rnd: (n: number) => number, maxDoc: number, flags: number): Required<PostingsInput> & { docs: number[]; freqs: number[] } {
  const p = { docs: [] as number[], freqs: [] as number[], positions: [] as number[], startOffsets: [] as number[], endOffsets: [] as number[] };
  for (let d = rnd(3); d < maxDoc; d += 1 + rnd(maxDoc > 200 ? 150 : 3)) {
    const freq = flags & FLAG_FREQS ? 1 + rnd(5) : 1;
    p.docs.push(d);
    p.freqs.push(freq);
    for (let j = 0, pos = rnd(4); j < freq; j++, pos += 1 + rnd(300)) {
      const start = pos * 6 + rnd(4);
      p.positions.push(pos);
      p.startOffsets.push(start);
      p.endOffsets.push(start + 1 + rnd(20));
    }
  }
  if (p.docs.length === 0) {
    p.docs.push(maxDoc - 1);
    p.freqs.push(1);
    p.positions.push(0);
    p.startOffsets.push(0);
    p.endOffsets.push(3);
  }
  return p;
}

/** What a merge without the shortcut writes: every block decoded, renumbered, re-encoded as one. */
function decodedAndReencoded(blocks: Buffer[], bases: number[], flags: number): Buffer {
  const all = { docs: [] as number[], freqs: [] as number[], positions: [] as number[], startOffsets: [] as number[], endOffsets: [] as number[] };
  blocks.forEach((b, i) => {
    const p = decodePostings(b);
    for (const d of p.docs) all.docs.push(d + bases[i]!);
    all.freqs.push(...p.freqs);
    if (p.positions) all.positions.push(...p.positions);
    if (p.startOffsets) all.startOffsets.push(...p.startOffsets);
    if (p.endOffsets) all.endOffsets.push(...p.endOffsets);
  });
  return encodePostings(all, flags);
}

test('a shifted block is byte for byte the decoded, renumbered and re-encoded block', (t) => {
  let seed = 11;
  const rnd = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
  let checked = 0;
  for (const flags of ALL_FLAGS) {
    for (let trial = 0; trial < 40; trial++) {
      // One to four sources of various sizes (some with doc numbers over 2^14: multi-byte varints).
      const k = flags & FLAG_OFFSETS ? 1 : 1 + rnd(4);
      const blocks: Buffer[] = [];
      const bases: number[] = [];
      let base = rnd(2) === 0 ? 0 : rnd(40000);
      for (let i = 0; i < k; i++) {
        const maxDoc = 1 + rnd(trial % 3 === 0 ? 50000 : 20);
        blocks.push(encodePostings(randomPostings(rnd, maxDoc, flags), flags));
        bases.push(base);
        base += maxDoc;
      }
      const w = new ByteWriter(4);
      w.byte(0xee); // the writer already holds other blocks of the chunk
      const stats = writeShifted(w, blocks, bases, flags);
      const expected = decodedAndReencoded(blocks, bases, flags);
      t.deepEqual(w.finish().subarray(1), expected, `flags ${flags}, ${k} blocks`);
      const d = decodePostings(expected);
      t.deepEqual(stats, { docs: d.docs.length, ttf: d.freqs.reduce((a, b) => a + b, 0) });
      checked++;
    }
  }
  t.is(checked, 160);
});

test('blocks that cannot be joined byte for byte are refused, nothing written', (t) => {
  const withOffsets = FLAG_FREQS | FLAG_POSITIONS | FLAG_OFFSETS;
  const p = { docs: [1, 4], freqs: [1, 2], positions: [0, 0, 3], startOffsets: [0, 0, 9], endOffsets: [2, 2, 12] };
  const w = new ByteWriter();
  // offsets are deltas across the whole term: two blocks with offsets need decoding
  t.is(writeShifted(w, [encodePostings(p, withOffsets), encodePostings(p, withOffsets)], [0, 10], withOffsets), undefined);
  // a block written with other flags than the merged field's
  t.is(writeShifted(w, [encodePostings(p, FLAG_FREQS)], [0], FLAG_FREQS | FLAG_POSITIONS), undefined);
  t.is(writeShifted(w, [], [], FLAG_FREQS), undefined);
  t.is(w.len, 0);
});

test('isShift: a doc map keeps every document exactly when its span is its length', (t) => {
  t.true(isShift(Int32Array.from([])));
  t.true(isShift(Int32Array.from([0, 1, 2])));
  t.true(isShift(Int32Array.from([7, 8, 9, 10])));
  t.false(isShift(Int32Array.from([-1, 0, 1])));
  t.false(isShift(Int32Array.from([3, -1, 4])));
  t.false(isShift(Int32Array.from([3, 4, -1])));
});
