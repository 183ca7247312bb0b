/**
 * Query execution over an in-memory segment: boolean scoring, dis_max, phrases, top-k heap and
 * field sorts — without the engine.
 */
import test from 'ava';
import { FakeSegment } from './fake-segment.js';
import { SegmentsStats } from '../../lib/search/weight.js';
import { TermWeight } from '../../lib/search/term-weight.js';
import { BooleanWeight } from '../../lib/search/boolean-weight.js';
import { DisMaxWeight } from '../../lib/search/dismax-weight.js';
import { PhraseWeight } from '../../lib/search/phrase-weight.js';
import { searchShard } from '../../lib/search/shard-search.js';
import { TopK, byScore, type ScoredDoc } from '../../lib/search/top-docs.js';
import { MatchAllWeight } from '../../lib/search/constant-weights.js';
import type { CompiledSort } from '../../lib/search/sort-values.js';

const seg = new FakeSegment(
  [
    { id: 'a', text: { title: 'quick brown fox' }, numbers: { year: [2001] } },
    { id: 'b', text: { title: 'quick fox' }, numbers: { year: [2005] } },
    { id: 'c', text: { title: 'lazy dog' }, numbers: { year: [2010, 1990] } },
    { id: 'd', text: { title: 'the quick quick dog jumps' } },
  ],
  '_0',
  [],
);
const stats = new SegmentsStats([seg]);
const term = (t: string, boost = 1) => new TermWeight('title', t, stats, boost);

function close(t: { true(v: boolean, m?: string): void }, actual: number, expected: number): void {
  t.true(Math.abs(actual - expected) <= Math.abs(expected) * 1e-5, `${actual} ≈ ${expected}`);
}

test('should clauses add up, must_not excludes, minimum_should_match counts', async (t) => {
  const w = new BooleanWeight(
    [
      { occur: 'should', weight: term('quick') },
      { occur: 'should', weight: term('dog') },
    ],
    0,
    false,
  );
  const r = await searchShard([seg], { weight: w, topN: 10, trackScores: false });
  t.is(r.totalHits, 4);
  t.deepEqual(r.top.map((h) => h.doc), [3, 2, 1, 0]);
  // doc 3: quick 0.40580 + dog 0.53182
  close(t, r.top[0]!.score, 0.9376206);
  const msm = await searchShard([seg], { weight: new BooleanWeight(w.clauses, 2, false), topN: 10, trackScores: false });
  t.deepEqual(msm.top.map((h) => h.doc), [3]);
  const not = new BooleanWeight([{ occur: 'must', weight: term('quick') }, { occur: 'must_not', weight: term('dog') }], 0, false);
  const nr = await searchShard([seg], { weight: not, topN: 10, trackScores: false });
  t.deepEqual(nr.top.map((h) => h.doc).sort(), [0, 1]);
  const e = await w.explain(seg, 3);
  t.is(e.description, 'sum of:');
  t.is(e.details.length, 2);
  close(t, e.value, 0.9376206);
});

test('dis_max takes the best clause plus tie breaker times the rest', async (t) => {
  const w = new DisMaxWeight([term('quick'), term('dog')], 0.5);
  const s = await w.scorer(seg);
  t.is(s!.advance(3), 3);
  close(t, s!.score(), 0.53182393 + 0.5 * 0.4058001);
  const e = await w.explain(seg, 3);
  t.is(e.description, 'max plus 0.5 times others of:');
});

test('exact and sloppy phrases', async (t) => {
  const exact = new PhraseWeight('title', [{ terms: ['quick'], position: 0 }, { terms: ['fox'], position: 1 }], 0, stats, 1);
  const r = await searchShard([seg], { weight: exact, topN: 10, trackScores: false });
  t.deepEqual(r.top.map((h) => h.doc), [1]);
  const sloppy = new PhraseWeight('title', [{ terms: ['quick'], position: 0 }, { terms: ['fox'], position: 1 }], 1, stats, 1);
  const rs = await searchShard([seg], { weight: sloppy, topN: 10, trackScores: false });
  t.deepEqual(rs.top.map((h) => h.doc).sort(), [0, 1]);
  const e = await sloppy.explain(seg, 0);
  t.is(e.description, 'weight(title:"quick fox"~1 in 0) [PerFieldSimilarity], result of:');
  t.is(e.details[0]!.details.at(-1)!.details[0]!.description, 'phraseFreq=0.5');
});

test('top-k heap keeps the best hits, earlier docs first on ties', (t) => {
  const k = new TopK(3, byScore);
  const mk = (doc: number, score: number): ScoredDoc => ({ shard: 0, seg: 0, doc, globalDoc: doc, score });
  [mk(0, 1), mk(1, 3), mk(2, 2), mk(3, 3), mk(4, 0.5), mk(5, 2)].forEach((h) => k.add(h));
  t.deepEqual(k.sorted().map((h) => h.doc), [1, 3, 2]);
});

test('numeric sort with min/max modes and missing last', async (t) => {
  const sort = (order: 'asc' | 'desc'): CompiledSort => ({
    spec: { field: 'year', order },
    kind: 'numeric',
    reverse: order === 'desc',
    bind: (s) => (d) => {
      const v = s.numericValues('year', d);
      return v.length === 0 ? (order === 'asc' ? Infinity : -Infinity) : order === 'asc' ? (v[0] as number) : (v[v.length - 1] as number);
    },
    render: (v) => v,
  });
  const asc = await searchShard([seg], { weight: new MatchAllWeight(1), topN: 10, sorts: [sort('asc')], trackScores: false });
  t.deepEqual(asc.top.map((h) => [h.doc, h.sortValues![0]]), [[2, 1990], [0, 2001], [1, 2005], [3, Infinity]]);
  t.true(Number.isNaN(asc.maxScore));
  const desc = await searchShard([seg], { weight: new MatchAllWeight(1), topN: 2, sorts: [sort('desc')], trackScores: true });
  t.deepEqual(desc.top.map((h) => h.doc), [2, 1]);
  t.is(desc.maxScore, 1);
});

test('terminate_after and post_filter', async (t) => {
  const r = await searchShard([seg], { weight: new MatchAllWeight(1), topN: 10, trackScores: false, terminateAfter: 2 });
  t.is(r.totalHits, 2);
  t.true(r.terminatedEarly);
  const pf = await searchShard([seg], { weight: new MatchAllWeight(1), postFilter: term('fox'), topN: 10, trackScores: false });
  t.deepEqual(pf.top.map((h) => h.doc), [0, 1]);
  t.is(pf.totalHits, 2);
});
