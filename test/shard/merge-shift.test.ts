/**
 * A merge that drops no document copies postings blocks with their doc numbers shifted
 * (storage/codecs/postings-shift.ts) instead of decoding them: the merged segment must be the
 * very segment that indexing the same documents in one go seals (doc values too: string
 * dictionaries are merged by walking the sorted source dictionaries together).
 */
import test from 'ava';
import type { StrataShardEngine } from '../../lib/shard/engine.js';
import type { StrataSegmentReader } from '../../lib/shard/segment-reader.js';
import type { IndexableField } from '../../lib/mapping/parsed-document.js';
import { doc, keywordField, numberField, openTmp, textTokens } from './helpers.js';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'common', 'rare', 'x', 'y'];

/** Doc i: a title with offsets, a body with positions only (both multi-valued), a keyword, a number. */
function nthDoc(i: number) {
  const w = (k: number): string => WORDS[(i * 7 + k * 3) % WORDS.length]!;
  const title = `${w(0)} ${w(1)} common t${i} ${w(2)}`;
  const body: IndexableField = { name: 'body', tokens: textTokens([`${w(3)} ${w(0)} ${w(0)} b${i % 13}`, `${w(4)} common`]), positions: true, offsets: false, norms: true };
  return doc(`d${i}`, title, [body, keywordField('k', `k${i % 5}`, `u${i}`), numberField('n', i)]);
}

async function load(e: StrataShardEngine, batches: number[]): Promise<void> {
  let i = 0;
  for (const size of batches) {
    const ops = [];
    for (let j = 0; j < size; j++, i++) ops.push({ op: 'index' as const, opType: 'index' as const, doc: nthDoc(i) });
    await e.bulk(ops);
    await e.refresh();
  }
}

/**
 * Everything the segment indexes, by document id (a merge may order its sources by size, so doc
 * numbers can differ): per field its info, stats and norms, per term its stats and per document
 * its freq, positions and offsets.
 */
async function snapshot(r: StrataSegmentReader): Promise<unknown> {
  const id = (d: number): string => r.docId(d);
  const out: Record<string, unknown> = { maxDoc: r.maxDoc, ids: Array.from({ length: r.maxDoc }, (_, d) => id(d)).sort() };
  for (const f of r.fields().sort()) {
    const terms: Record<string, unknown> = {};
    for (const term of r.terms(f)) {
      const p = (await r.postings(f, term))!;
      const perDoc: Record<string, unknown> = {};
      for (let j = 0; j < p.docs.length; j++) {
        const from = p.posStart?.[j] ?? 0;
        const to = p.posStart?.[j + 1] ?? 0;
        perDoc[id(p.docs[j]!)] = {
          freq: p.freqs[j],
          positions: p.positions && [...p.positions.subarray(from, to)],
          offsets: p.startOffsets && [...p.startOffsets.subarray(from, to)].map((s, k) => [s, p.endOffsets![from + k]]),
        };
      }
      terms[term] = { docFreq: r.docFreq(f, term), ttf: r.totalTermFreq(f, term), docs: p.docs.length, perDoc };
    }
    const bytes = r.normBytes(f);
    const norms = bytes && Object.fromEntries(Array.from({ length: r.maxDoc }, (_, d) => [id(d), bytes[d]]));
    out[f] = { info: r.fieldInfo(f), stats: r.fieldStats(f), norms, terms };
  }
  // doc values by document id: the keyword's (several per doc, merged dictionaries) and the number's
  const dv: Record<string, unknown> = {};
  for (let d = 0; d < r.maxDoc; d++) dv[id(d)] = { k: r.stringValues('k', d), n: r.numericValues('n', d) };
  out['docValues'] = dv;
  return out;
}

test('merging segments without deletions gives the segment indexing them at once seals', async (t) => {
  // 130 + 140 docs: doc numbers past 127 (two-byte varints) in both the sources and the result.
  const batches = [130, 1, 140, 2, 7];
  const merged = await openTmp();
  const once = await openTmp();
  t.teardown(() => merged.destroy());
  t.teardown(() => once.destroy());
  await load(merged, batches);
  await merged.forceMerge({ maxNumSegments: 1 });
  await load(once, [batches.reduce((a, b) => a + b, 0)]);
  const a = merged.searcher();
  const b = once.searcher();
  try {
    t.is(a.segments.length, 1);
    t.is(b.segments.length, 1);
    const got = await snapshot(a.segments[0]!);
    t.deepEqual(got, await snapshot(b.segments[0]!));
    // and the snapshot is not vacuous
    const body = (got as Record<string, { terms: Record<string, { docs: number; perDoc: Record<string, { positions: number[] }> }> }>)['body']!;
    t.is(body.terms['common']!.docs, 280);
    t.deepEqual(body.terms['common']!.perDoc['d139']!.positions, [105]);
    t.deepEqual((got as { docValues: Record<string, unknown> }).docValues['d139'], { k: ['k4', 'u139'], n: [139] });
  } finally {
    a.release();
    b.release();
  }
});

test('merging with deletions gives the segment indexing only the survivors seals', async (t) => {
  const merged = await openTmp();
  const once = await openTmp();
  t.teardown(() => merged.destroy());
  t.teardown(() => once.destroy());
  await load(merged, [60, 3, 70]);
  const dropped = (i: number): boolean => i % 4 === 1 || (i > 60 && i < 64);
  await merged.bulk(Array.from({ length: 133 }, (_, i) => i).filter(dropped).map((i) => ({ op: 'delete' as const, type: 'doc', id: `d${i}` })));
  await merged.refresh();
  await merged.forceMerge({ maxNumSegments: 1 });
  await once.bulk(Array.from({ length: 133 }, (_, i) => i).filter((i) => !dropped(i)).map((i) => ({ op: 'index' as const, opType: 'index' as const, doc: nthDoc(i) })));
  await once.refresh();
  const a = merged.searcher();
  const b = once.searcher();
  try {
    t.is(a.segments.length, 1);
    t.true(a.segments[0]!.maxDoc < 133);
    t.deepEqual(await snapshot(a.segments[0]!), await snapshot(b.segments[0]!));
  } finally {
    a.release();
    b.release();
  }
});

/** A document whose body holds the words t{from} … t{to - 1}: a field of thousands of terms. */
function wideDoc(id: string, from: number, to: number) {
  const words = Array.from({ length: to - from }, (_, k) => `t${from + k}`).join(' ');
  return doc(id, 'wide', [{ name: 'body', tokens: textTokens([words]), positions: true, offsets: false, norms: true }]);
}

test('fields of many postings chunks merge exactly, shifted or decoded', async (t) => {
  // 12,000 terms per source (chunks of at most 128 terms: ~94 chunks, the cursors cross chunk
  // boundaries at different terms), overlapping sources, and a third source whose document is
  // deleted (the decoding path).
  const wide = [wideDoc('w0', 0, 12_000), wideDoc('w1', 6_000, 18_000), wideDoc('w2', 3_000, 15_000)];
  for (const deleted of [false, true]) {
    const merged = await openTmp();
    const once = await openTmp();
    t.teardown(() => merged.destroy());
    t.teardown(() => once.destroy());
    for (const d of wide) {
      await merged.bulk([{ op: 'index', opType: 'index', doc: d }]);
      await merged.refresh();
    }
    if (deleted) {
      await merged.bulk([{ op: 'delete', type: 'doc', id: 'w1' }]);
      await merged.refresh();
    }
    await merged.forceMerge({ maxNumSegments: 1 });
    await once.bulk(wide.filter((d) => !deleted || d.id !== 'w1').map((d) => ({ op: 'index' as const, opType: 'index' as const, doc: d })));
    await once.refresh();
    const a = merged.searcher();
    const b = once.searcher();
    try {
      t.is(a.segments.length, 1);
      const ra = a.segments[0]!;
      const rb = b.segments[0]!;
      const terms = [...ra.terms('body')];
      t.deepEqual(terms, [...rb.terms('body')]);
      t.is(terms.length, deleted ? 15_000 : 18_000);
      t.deepEqual(ra.fieldStats('body'), rb.fieldStats('body'));
      // postings of every 7th term (a term of every chunk of every source)
      const postings = async (r: StrataSegmentReader, term: string): Promise<unknown> => {
        const p = (await r.postings('body', term))!;
        return { docs: [...p.docs].map((d) => r.docId(d)), freqs: [...p.freqs], positions: p.positions && [...p.positions] };
      };
      for (let i = 0; i < terms.length; i += 7) t.deepEqual(await postings(ra, terms[i]!), await postings(rb, terms[i]!), terms[i]);
      t.deepEqual(await postings(ra, 't7000'), { docs: deleted ? ['w0', 'w2'] : ['w0', 'w1', 'w2'], freqs: deleted ? [1, 1] : [1, 1, 1], positions: deleted ? [7000, 4000] : [7000, 1000, 4000] });
    } finally {
      a.release();
      b.release();
    }
  }
});
