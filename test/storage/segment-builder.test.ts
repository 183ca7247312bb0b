import test, { type ExecutionContext } from 'ava';
import type { IndexableField, ParsedDocument } from '../../lib/mapping/parsed-document.js';
import type { Token } from '../../lib/analysis/types.js';
import { SegmentBuilder } from '../../storage/segment-builder.js';
import { sealSegment } from '../../storage/segment-writer.js';
import { TermHash } from '../../storage/term-hash.js';
import { chunkBlock } from '../../storage/codecs/postings-chunk.js';
import { decodePostings } from '../../storage/codecs/postings.js';
import { chunkOf } from '../../storage/codecs/term-dict.js';
import { postingsKey } from '../../storage/keyspace.js';

/** Deterministic pseudo-random integers in [0, n). */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s % n;
  };
}

// Terms that a hash or an object could get wrong: the empty string, prototype names, numbers,
// a lone surrogate, astral characters, long strings differing in their last code unit.
const TRICKY = ['', '__proto__', 'constructor', 'hasOwnProperty', '0', '1', '01', '\ud800', '😀', 'é', 'e\u0301', 'x'.repeat(300) + 'a', 'x'.repeat(300) + 'b'];

test('TermHash: ordinals in first-seen order, found again, through many growths', (t) => {
  const h = new TermHash();
  const rnd = rng(7);
  const ref = new Map<string, number>();
  const terms: string[] = [...TRICKY];
  for (let i = 0; i < 40_000; i++) terms.push(rnd(3) === 0 ? String(rnd(100_000)) : `w${rnd(60_000).toString(36)}`);
  for (const term of terms) {
    const known = ref.get(term);
    const got = h.add(term);
    if (known === undefined) {
      t.is(got, -(ref.size + 1));
      ref.set(term, ref.size);
    } else if (got !== known) {
      t.fail(`term ${JSON.stringify(term)}: ${got} instead of ${known}`);
    }
  }
  t.is(h.size, ref.size);
  t.deepEqual(h.terms, [...ref.keys()]);
  for (const [term, ord] of ref) if (h.find(term) !== ord) t.fail(`find ${JSON.stringify(term)}`);
  t.is(h.find('never added'), -1);
  t.is(h.find('x'.repeat(300) + 'c'), -1);
});

interface Occ {
  doc: number;
  positions: number[];
  starts: number[];
  ends: number[];
}

/** Random documents over four field shapes (docs only, freqs, positions, offsets), and the postings a plain map of maps gives. */
function corpus(seed: number, n: number): { docs: ParsedDocument[]; expected: Map<string, Map<string, Occ[]>> } {
  const rnd = rng(seed);
  // (a lone surrogate is left out here: terms are stored as UTF-8, where it becomes U+FFFD)
  const tricky = TRICKY.filter((s) => s !== '\ud800');
  const vocab = (i: number): string => (i < tricky.length ? tricky[i]! : `t${i.toString(36)}`);
  const shapes: Array<Pick<IndexableField, 'name' | 'positions' | 'offsets' | 'norms'>> = [
    { name: 'kw', positions: false, norms: false },
    { name: 'nopos', positions: false, norms: true },
    { name: 'body', positions: true, norms: true },
    { name: 'off', positions: true, offsets: true, norms: true },
  ];
  const expected = new Map<string, Map<string, Occ[]>>();
  const docs: ParsedDocument[] = [];
  let doc = 0;
  for (let i = 0; i < n; i++, doc++) {
    const fields: IndexableField[] = [];
    for (const shape of shapes) {
      if (rnd(5) === 0) continue;
      // sometimes a field twice in a document (a multi-valued field: positions continue)
      const values = rnd(4) === 0 ? 2 : 1;
      let pos = 0;
      for (let v = 0; v < values; v++) {
        const tokens: Token[] = [];
        const count = shape.name === 'kw' ? 1 : 1 + rnd(12);
        for (let k = 0; k < count; k++) {
          // a skewed vocabulary: a few frequent terms, a long tail of rare ones
          const term = vocab(rnd(2) === 0 ? rnd(30) : rnd(20_000));
          const start = pos * 7 + rnd(3);
          tokens.push({ term, position: pos, startOffset: start, endOffset: start + 1 + rnd(9), type: 'word' });
          if (rnd(6) !== 0) pos++; // some tokens share a position (synonyms)
        }
        pos += 100;
        fields.push({ ...shape, tokens });
        let byTerm = expected.get(shape.name);
        if (!byTerm) expected.set(shape.name, (byTerm = new Map()));
        for (const tok of tokens) {
          let list = byTerm.get(tok.term);
          if (!list) byTerm.set(tok.term, (list = []));
          let last = list[list.length - 1];
          if (!last || last.doc !== doc) list.push((last = { doc, positions: [], starts: [], ends: [] }));
          last.positions.push(tok.position);
          last.starts.push(tok.startOffset);
          last.ends.push(tok.endOffset);
        }
      }
    }
    docs.push({ type: 't', id: String(i), parsedSource: Buffer.from('{}'), source: Buffer.from('{}'), fields });
  }
  return { docs, expected };
}

// Three buffers one after the other, each recycled once sealed: the later ones grow and sort
// in arrays that held the earlier ones' rows (storage/int-pool.ts hands them back as they are).
test('a sealed buffer holds exactly the postings, doc freqs and term freqs of its documents', (t) => {
  for (const [seed, n] of [[11, 3000], [12, 2000], [13, 3500]] as const) checkSealed(t, seed, n);
});

function checkSealed(t: ExecutionContext, seed: number, n: number): void {
  const { docs, expected } = corpus(seed, n);
  const b = new SegmentBuilder();
  docs.forEach((d, i) => b.add(d, 1, i));
  const values = new Map<string, Buffer>();
  const core = sealSegment(b, 3, (k, v) => values.set(k.toString('latin1'), v));
  b.recycle();
  for (const [field, byTerm] of expected) {
    const fc = core.fields.get(field);
    if (!fc) {
      t.fail(`no field ${field}`);
      return;
    }
    const { dict, info } = fc;
    t.is(dict.terms.length, byTerm.size, field);
    t.is(info.termCount, byTerm.size, field);
    let sumDocFreq = 0;
    let sumTtf = 0;
    for (let i = 0; i < dict.terms.length; i++) {
      const term = dict.terms.at(i);
      const occs = byTerm.get(term);
      if (!occs) {
        t.fail(`${field}: unexpected term ${JSON.stringify(term)}`);
        return;
      }
      const { chunk, slot } = chunkOf(dict.blockStart, i);
      const block = values.get(postingsKey(3, field, chunk).toString('latin1'));
      if (!block) {
        t.fail(`${field}: no chunk ${chunk}`);
        return;
      }
      const p = decodePostings(chunkBlock(block, slot));
      const ttf = occs.reduce((s, o) => s + o.positions.length, 0);
      const msg = `${field} ${JSON.stringify(term)}`;
      t.is(dict.docFreq[i], occs.length, msg);
      t.deepEqual([...p.docs], occs.map((o) => o.doc), msg);
      if (field === 'kw') {
        t.is(dict.totalTermFreq, null, msg);
        t.deepEqual([...p.freqs], occs.map(() => 1), msg);
      } else {
        t.is(dict.totalTermFreq?.[i], ttf, msg);
        t.deepEqual([...p.freqs], occs.map((o) => o.positions.length), msg);
      }
      if (field === 'body' || field === 'off') t.deepEqual([...(p.positions ?? [])], occs.flatMap((o) => o.positions), msg);
      else t.is(p.positions, undefined, msg);
      if (field === 'off') {
        t.deepEqual([...(p.startOffsets ?? [])], occs.flatMap((o) => o.starts), msg);
        t.deepEqual([...(p.endOffsets ?? [])], occs.flatMap((o) => o.ends), msg);
      } else t.is(p.startOffsets, undefined, msg);
      sumDocFreq += occs.length;
      sumTtf += ttf;
    }
    t.is(info.sumDocFreq, sumDocFreq, field);
    t.is(info.sumTotalTermFreq, field === 'kw' ? -1 : sumTtf, field);
  }
}
