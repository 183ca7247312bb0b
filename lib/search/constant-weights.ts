/**
 * Constant-score weights: `match_all`, `match_none`, `constant_score`, and every query that
 * matches a set of docs without scoring them (multi-term rewrites, ranges, ids, type, exists),
 * as Lucene 6.6's `ConstantScoreWeight` with its explanation (`boost`, `queryNorm` = 1 under BM25).
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { explMatch, explNoMatch, type Explanation } from './explanation.js';
import { AllDocsScorer, ConstantScorer, DocListScorer, type Scorer } from './scorer.js';
import type { Weight } from './weight.js';
import { extractHighlightTerms, type HighlightTermSink } from './highlight/query-terms.js';
import { cachedDocSet } from './query-cache.js';

/** Lucene's ConstantScoreWeight explanation. */
export function constantExplanation(description: string, boost: number): Explanation {
  return explMatch(boost, `${description}, product of:`, [explMatch(boost, 'boost'), explMatch(1, 'queryNorm')]);
}

abstract class ConstantBase implements Weight {
  constructor(
    readonly description: string,
    readonly boost: number,
  ) {}
  abstract scorer(seg: SegmentReader): Promise<Scorer | null>;
  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const s = await this.scorer(seg);
    if (s && s.advance(doc) === doc) return constantExplanation(this.description, this.boost);
    return explNoMatch(`${this.description} doesn't match id ${doc}`);
  }
}

export class MatchAllWeight extends ConstantBase {
  constructor(boost: number) {
    super('*:*', boost);
  }
  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    return seg.maxDoc === 0 ? null : new AllDocsScorer(seg.maxDoc, Math.fround(this.boost));
  }
}

export class MatchNoneWeight implements Weight {
  readonly description: string;
  constructor(reason = '') {
    this.description = `MatchNoDocsQuery("${reason}")`;
  }
  async scorer(): Promise<Scorer | null> {
    return null;
  }
  async explain(): Promise<Explanation> {
    return explNoMatch(this.description);
  }
}

/** Computes the matching docs of a segment (sorted); used by multi-term, range, ids, type... */
export type DocSetProvider = (seg: SegmentReader) => Promise<Int32Array | null>;

export class DocSetWeight extends ConstantBase {
  constructor(
    description: string,
    boost: number,
    private readonly docs: DocSetProvider,
    /** For highlighting: the field and the terms a multi-term query (prefix, wildcard, regexp) accepts. */
    private readonly highlightTerms?: { field: string; matches: (term: string) => boolean },
  ) {
    super(description, boost);
  }
  extractHighlightTerms(sink: HighlightTermSink): void {
    if (this.highlightTerms) sink.multiTerm(this.highlightTerms.field, this.highlightTerms.matches, this.boost);
  }
  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const d = await cachedDocSet(seg, this.description, () => this.docs(seg));
    return d && d.length > 0 ? new DocListScorer(d, Math.fround(this.boost)) : null;
  }
}

/** `constant_score`: the inner query's matches, each scoring `boost`. */
export class ConstantScoreWeight extends ConstantBase {
  constructor(
    readonly inner: Weight,
    boost: number,
  ) {
    super(`ConstantScore(${inner.description})`, boost);
  }
  extractHighlightTerms(sink: HighlightTermSink): void {
    extractHighlightTerms(this.inner, sink);
  }
  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const s = await this.inner.scorer(seg);
    return s ? new ConstantScorer(s, Math.fround(this.boost)) : null;
  }
}
