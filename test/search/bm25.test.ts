/**
 * BM25 as Lucene 6.6 computes it, checked against hand computations.
 *
 * Corpus (field `title`, whitespace tokens):
 *   doc0 "quick brown fox"            length 3
 *   doc1 "quick fox"                  length 2
 *   doc2 "lazy dog"                   length 2
 *   doc3 "the quick quick dog jumps"  length 5
 *
 * Norms (SmallFloat byte315, 3 mantissa bits, truncating): 1/sqrt(3)=0.577 → 0.5 → fieldLength
 * 1/0.5² = 4; 1/sqrt(2)=0.707 → 0.625 → 2.56; 1/sqrt(5)=0.447 → 0.4375 → 5.2244897.
 * avgFieldLength = sumTotalTermFreq/docCount = 12/4 = 3.
 * "quick": docFreq 3, docCount 4 → idf = ln(1 + (4-3+0.5)/(3+0.5)) = ln(1.4285714) = 0.35667494.
 *   doc0: tfNorm = 1·2.2/(1 + 1.2·(0.25 + 0.75·4/3))        = 2.2/2.5       = 0.88      → 0.31387395
 *   doc1: tfNorm = 1·2.2/(1 + 1.2·(0.25 + 0.75·2.56/3))     = 2.2/2.068     = 1.0638298 → 0.37944142
 *   doc3: tfNorm = 2·2.2/(2 + 1.2·(0.25 + 0.75·5.2244897/3)) = 4.4/3.8673469 = 1.1377309 → 0.40579957
 */
import test from 'ava';
import { FakeSegment } from './fake-segment.js';
import { SegmentsStats } from '../../lib/search/weight.js';
import { TermWeight } from '../../lib/search/term-weight.js';
import { NO_MORE_DOCS } from '../../lib/search/scorer.js';
import { NORM_TABLE, idf } from '../../lib/search/bm25.js';
import { encodeBm25Norm } from '../../storage/codecs/small-float.js';
import { explanationToJson, javaFloat } from '../../lib/search/explanation.js';

const seg = new FakeSegment([
  { id: '0', text: { title: 'quick brown fox' } },
  { id: '1', text: { title: 'quick fox' } },
  { id: '2', text: { title: 'lazy dog' } },
  { id: '3', text: { title: 'the quick quick dog jumps' } },
]);

function close(t: { true(v: boolean, m?: string): void }, actual: number, expected: number): void {
  t.true(Math.abs(actual - expected) <= Math.abs(expected) * 1e-5, `${actual} ≈ ${expected}`);
}

test('norm decoding follows SmallFloat byte315', (t) => {
  t.is(NORM_TABLE[encodeBm25Norm(3)], 4);
  close(t, NORM_TABLE[encodeBm25Norm(2)] as number, 2.56);
  close(t, NORM_TABLE[encodeBm25Norm(5)] as number, 5.2244897);
  close(t, idf(3, 4), 0.35667494);
});

test('term scores match the hand computation', async (t) => {
  const w = new TermWeight('title', 'quick', new SegmentsStats([seg]), 1);
  const s = await w.scorer(seg);
  if (!s) return t.fail();
  const got: Record<number, number> = {};
  for (let d = s.nextDoc(); d !== NO_MORE_DOCS; d = s.nextDoc()) got[d] = s.score();
  t.deepEqual(Object.keys(got), ['0', '1', '3']);
  close(t, got[0] as number, 0.31387395);
  close(t, got[1] as number, 0.37944142);
  close(t, got[3] as number, 0.40579957);
});

test('explanation is the Lucene 6.6 tree and agrees with the score', async (t) => {
  const w = new TermWeight('title', 'quick', new SegmentsStats([seg]), 2);
  const e = await w.explain(seg, 3);
  const j = JSON.parse(JSON.stringify(explanationToJson(e)));
  t.is(j.description, 'weight(title:quick in 3) [PerFieldSimilarity], result of:');
  const score = j.details[0];
  t.is(score.description, 'score(doc=3,freq=2.0 = termFreq=2.0\n), product of:');
  t.deepEqual(score.details.map((d: { description: string }) => d.description), [
    'boost',
    'idf, computed as log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5)) from:',
    'tfNorm, computed as (freq * (k1 + 1)) / (freq + k1 * (1 - b + b * fieldLength / avgFieldLength)) from:',
  ]);
  t.deepEqual(score.details[2].details.map((d: { value: number }) => d.value), [2, Math.fround(1.2), 0.75, 3, Math.fround(5.2244897)]);
  close(t, j.value, 2 * 0.40579957);
  const s = await w.scorer(seg);
  s!.advance(3);
  close(t, s!.score(), j.value);
});

test('javaFloat renders as Java Float.toString', (t) => {
  t.is(javaFloat(1), '1.0');
  t.is(javaFloat(0.2876821), '0.2876821');
  t.is(javaFloat(1.2), '1.2');
  t.is(javaFloat(1e7), '1.0E7');
  t.is(javaFloat(0.0001), '1.0E-4');
});
