/**
 * Lucene 6.6 `BM25Similarity` (the ES 5.6 default), reproduced with float32 arithmetic at the
 * same steps so `_score` matches ES to the last bit in the common cases:
 * https://github.com/apache/lucene-solr/blob/releases/lucene-solr/6.6.0/lucene/core/src/java/org/apache/lucene/search/similarities/BM25Similarity.java
 *
 * The scorer path (`BM25Stats.score`) and the explanation path (`BM25Stats.explain`) share the
 * statistics, constants and norm decoding of this one module, as Lucene's do.
 */
import { BYTE315_TABLE } from '../../storage/codecs/small-float.js';
import { explMatch, javaFloat, type Explanation } from './explanation.js';

const fr = Math.fround;

/** Lucene's default `k1` (float). */
export const K1 = fr(1.2);
/** Lucene's default `b` (float). */
export const B = fr(0.75);

/** `NORM_TABLE[i] = 1f / (f*f)` with `f = byte315ToFloat(i)`: the decoded field length. */
export const NORM_TABLE: Float32Array = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const f = BYTE315_TABLE[i] as number;
    t[i] = fr(1 / fr(f * f));
  }
  return t;
})();

/** Collection statistics of a field (Lucene `CollectionStatistics`). */
export interface CollectionStats {
  maxDoc: number;
  /** -1 when unknown */
  docCount: number;
  sumTotalTermFreq: number;
  sumDocFreq: number;
}

/** Term statistics (Lucene `TermStatistics`). */
export interface TermStats {
  docFreq: number;
  totalTermFreq: number;
}

/** `BM25Similarity.idf`: `(float) log(1 + (docCount - docFreq + 0.5D)/(docFreq + 0.5D))`. */
export function idf(docFreq: number, docCount: number): number {
  return fr(Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5)));
}

/** `BM25Similarity.avgFieldLength`: sumTotalTermFreq / docCount, 1 when unknown. */
export function avgFieldLength(c: CollectionStats): number {
  if (c.sumTotalTermFreq <= 0) return 1;
  const docCount = c.docCount === -1 ? c.maxDoc : c.docCount;
  return fr(c.sumTotalTermFreq / docCount);
}

/** The idf explanation of one term. */
export function idfExplain(c: CollectionStats, t: TermStats): Explanation {
  const docCount = c.docCount === -1 ? c.maxDoc : c.docCount;
  return explMatch(idf(t.docFreq, docCount), 'idf, computed as log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5)) from:', [
    explMatch(t.docFreq, 'docFreq'),
    explMatch(docCount, 'docCount'),
  ]);
}

/** The summed idf of several terms (phrases): `idf(), sum of:`. */
export function idfExplainMany(c: CollectionStats, ts: readonly TermStats[]): Explanation {
  let sum = 0;
  const details = ts.map((t) => {
    const e = idfExplain(c, t);
    sum = fr(sum + e.value);
    return e;
  });
  return explMatch(sum, 'idf(), sum of:', details);
}

const normCaches = new Map<number, Float32Array>();

/** `k1 * ((1 - b) + b * NORM_TABLE[i] / avgdl)` for each norm byte, shared by all terms with that avgdl. */
function normCache(avgdl: number): Float32Array {
  let cache = normCaches.get(avgdl);
  if (cache) return cache;
  cache = new Float32Array(256);
  const oneMinusB = fr(1 - B);
  for (let i = 0; i < 256; i++) cache[i] = fr(K1 * fr(oneMinusB + fr(fr(B * (NORM_TABLE[i] as number)) / avgdl)));
  if (normCaches.size > 4096) normCaches.clear();
  normCaches.set(avgdl, cache);
  return cache;
}

/**
 * Statistics fixed when a term (or phrase) query is compiled: `SimWeight` of BM25. `boost` is
 * the product of all boosts above the leaf (Lucene 6 pushes them down through `normalize`).
 */
export class BM25Stats {
  private idfExpl: Explanation | undefined;
  /** The idf value (float), as the explanation's value. */
  readonly idfValue: number;
  readonly avgdl: number;
  /** `k1 * ((1 - b) + b * NORM_TABLE[i] / avgdl)` for each norm byte. */
  readonly cache: Float32Array;
  /** `boost * idf * (k1 + 1)` */
  readonly weightValue: number;

  constructor(
    readonly field: string,
    c: CollectionStats,
    terms: readonly TermStats[],
    readonly boost: number,
  ) {
    // The idf explanation is built only when asked for (explain): compiling a query for the
    // query phase needs just its value, summed in float as idfExplainMany sums it.
    const docCount = c.docCount === -1 ? c.maxDoc : c.docCount;
    let v = 0;
    if (terms.length === 1) v = idf((terms[0] as TermStats).docFreq, docCount);
    else for (const t of terms) v = fr(v + idf(t.docFreq, docCount));
    this.idfValue = v;
    this.avgdl = avgFieldLength(c);
    this.cache = normCache(this.avgdl);
    const weight = fr(fr(boost) * v);
    this.weightValue = fr(weight * fr(K1 + 1));
    this.collection = c;
    this.terms = terms;
  }

  private readonly collection: CollectionStats;
  private readonly terms: readonly TermStats[];

  /** `idf, computed as ...` (one term) or `idf(), sum of:` (phrases). */
  get idf(): Explanation {
    this.idfExpl ??= this.terms.length === 1 ? idfExplain(this.collection, this.terms[0] as TermStats) : idfExplainMany(this.collection, this.terms);
    return this.idfExpl;
  }

  /** Score of one doc: `weightValue * freq / (freq + norm)`; `normByte` -1 = the field has no norms. */
  score(freq: number, normByte: number): number {
    const norm = normByte < 0 ? K1 : (this.cache[normByte] as number);
    return fr(fr(this.weightValue * freq) / fr(freq + norm));
  }

  /** `explainScore`: `score(doc=..,freq=..), product of:` boost, idf and tfNorm. */
  explain(doc: number, freq: Explanation, normByte: number): Explanation {
    const details: Explanation[] = [];
    const boost = fr(this.boost);
    if (boost !== 1) details.push(explMatch(boost, 'boost'));
    details.push(this.idf);
    const tfNorm = explainTfNorm(freq, normByte, this.avgdl);
    details.push(tfNorm);
    return explMatch(
      fr(fr(boost * this.idfValue) * tfNorm.value),
      `score(doc=${doc},freq=${javaFloat(freq.value)} = ${freq.description}\n), product of:`,
      details,
    );
  }
}

function explainTfNorm(freq: Explanation, normByte: number, avgdl: number): Explanation {
  const f = freq.value;
  const k1p1 = fr(K1 + 1);
  if (normByte < 0) {
    return explMatch(fr(fr(f * k1p1) / fr(f + K1)), 'tfNorm, computed as (freq * (k1 + 1)) / (freq + k1) from:', [
      freq,
      explMatch(K1, 'parameter k1'),
      explMatch(0, 'parameter b (norms omitted for field)'),
    ]);
  }
  const doclen = NORM_TABLE[normByte] as number;
  const denom = fr(f + fr(K1 * fr(fr(fr(1 - B) + fr(fr(B * doclen) / avgdl)))));
  return explMatch(
    fr(fr(f * k1p1) / denom),
    'tfNorm, computed as (freq * (k1 + 1)) / (freq + k1 * (1 - b + b * fieldLength / avgFieldLength)) from:',
    [freq, explMatch(K1, 'parameter k1'), explMatch(B, 'parameter b'), explMatch(avgdl, 'avgFieldLength'), explMatch(doclen, 'fieldLength')],
  );
}

/**
 * `Similarity.coord(overlap, maxOverlap)`. Lucene 6's BM25Similarity inherits the base
 * implementation, which returns 1 (coord is only non-trivial for ClassicSimilarity), and ES 5.6's
 * PerFieldSimilarity delegates to it, so BooleanQuery coord never changes a BM25 score.
 */
export function coord(_overlap: number, _maxOverlap: number): number {
  return 1;
}
