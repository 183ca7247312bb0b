/**
 * Lucene `TermQuery`'s weight and scorer: BM25 over one term's postings.
 */
import type { Postings, SegmentReader } from '../shard/segment-reader.js';
import { BM25Stats } from './bm25.js';
import type { HighlightTermSink } from './highlight/query-terms.js';
import { explMatch, explNoMatch, javaFloat, type Explanation } from './explanation.js';
import { NO_MORE_DOCS, type Scorer } from './scorer.js';
import { segmentNorms, type StatsSource, type Weight } from './weight.js';

/** Scores the docs of one postings list. */
export class TermScorer implements Scorer {
  private i = -1;
  private doc = -1;
  private readonly docs: Int32Array;
  private readonly freqs: Int32Array;
  /** The field's norm bytes (null: no norms; undefined: ask the reader per doc). */
  private readonly norms: Uint8Array | null | undefined;
  constructor(
    p: Postings,
    private readonly stats: BM25Stats,
    private readonly seg: SegmentReader,
    norms: Uint8Array | null | undefined,
  ) {
    this.docs = p.docs;
    this.freqs = p.freqs;
    this.norms = norms;
  }
  docID(): number {
    return this.doc;
  }
  nextDoc(): number {
    const i = ++this.i;
    this.doc = i < this.docs.length ? (this.docs[i] as number) : NO_MORE_DOCS;
    return this.doc;
  }
  advance(target: number): number {
    const docs = this.docs;
    let lo = this.i + 1;
    let hi = lo;
    let step = 1;
    while (hi < docs.length && (docs[hi] as number) < target) {
      lo = hi + 1;
      hi += step;
      step <<= 1;
    }
    if (hi > docs.length) hi = docs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((docs[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    this.i = lo;
    this.doc = lo < docs.length ? (docs[lo] as number) : NO_MORE_DOCS;
    return this.doc;
  }
  freq(): number {
    return this.freqs[this.i] as number;
  }
  normByte(): number {
    const n = this.norms;
    if (n) return n[this.doc] as number;
    return n === null ? -1 : this.seg.norm(this.stats.field, this.doc) & 0xff;
  }
  score(): number {
    return this.stats.score(this.freqs[this.i] as number, this.normByte());
  }
  cost(): number {
    return this.docs.length;
  }
}

/** A compiled term query. `termText` is how the term prints (`field:text`). */
export class TermWeight implements Weight {
  readonly stats: BM25Stats;
  readonly description: string;
  constructor(
    readonly field: string,
    readonly term: string,
    source: StatsSource,
    boost: number,
    termText = term,
    /** Overrides of the term statistics (fuzzy's blended frequencies). */
    statsOverride?: { docFreq: number; totalTermFreq: number },
  ) {
    const c = source.collectionStats(field);
    const t = statsOverride ?? source.termStats(field, term);
    this.stats = new BM25Stats(field, c, [t], boost);
    this.description = `${field}:${termText}`;
  }

  /** Highlighting: this term, with the boosts above it. */
  extractHighlightTerms(sink: HighlightTermSink): void {
    sink.term(this.field, this.term, this.stats.boost);
  }

  async scorer(seg: SegmentReader): Promise<TermScorer | null> {
    if (seg.docFreq(this.field, this.term) === 0) return null;
    const p = await seg.postings(this.field, this.term);
    if (!p) return null;
    return new TermScorer(p, this.stats, seg, segmentNorms(seg, this.field));
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const s = await this.scorer(seg);
    if (s && s.advance(doc) === doc) {
      const freq = s.freq();
      const scoreExpl = this.stats.explain(doc, explMatch(freq, `termFreq=${javaFloat(freq)}`), s.normByte());
      return explMatch(scoreExpl.value, `weight(${this.description} in ${doc}) [PerFieldSimilarity], result of:`, [scoreExpl]);
    }
    return explNoMatch('no matching term');
  }
}
