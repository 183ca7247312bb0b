/**
 * Lucene `DisjunctionMaxQuery`: the best clause's score plus `tieBreaker` times the others'.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { explMatch, explNoMatch, javaFloat, type Explanation } from './explanation.js';
import { NO_MORE_DOCS, type Scorer } from './scorer.js';
import type { Weight } from './weight.js';
import { extractHighlightTerms, type HighlightTermSink } from './highlight/query-terms.js';

const fr = Math.fround;

class DisMaxScorer implements Scorer {
  private doc = -1;
  constructor(
    private readonly subs: Scorer[],
    private readonly tie: number,
  ) {}
  docID(): number {
    return this.doc;
  }
  nextDoc(): number {
    return this.advance(this.doc + 1);
  }
  advance(target: number): number {
    let min = NO_MORE_DOCS;
    for (const s of this.subs) {
      let d = s.docID();
      if (d < target) d = s.advance(target);
      if (d < min) min = d;
    }
    return (this.doc = min);
  }
  score(): number {
    let sum = 0;
    let max = -Infinity;
    for (const s of this.subs) {
      if (s.docID() !== this.doc) continue;
      const v = s.score();
      sum = fr(sum + v);
      if (v > max) max = v;
    }
    return fr(max + fr(fr(sum - max) * this.tie));
  }
  freq(): number {
    return 1;
  }
  cost(): number {
    let c = 0;
    for (const s of this.subs) c += s.cost();
    return c;
  }
}

export class DisMaxWeight implements Weight {
  readonly description: string;
  constructor(
    readonly subs: readonly Weight[],
    readonly tieBreaker: number,
  ) {
    this.description = `(${subs.map((s) => s.description).join(' | ')})` + (tieBreaker !== 0 ? `~${javaFloat(tieBreaker)}` : '');
  }
  extractHighlightTerms(sink: HighlightTermSink): void {
    for (const w of this.subs) extractHighlightTerms(w, sink);
  }
  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const scorers = (await Promise.all(this.subs.map((w) => w.scorer(seg)))).filter((s): s is Scorer => s !== null);
    if (scorers.length === 0) return null;
    return new DisMaxScorer(scorers, fr(this.tieBreaker));
  }
  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const matched: Explanation[] = [];
    let max = -Infinity;
    let sum = 0;
    for (const w of this.subs) {
      const e = await w.explain(seg, doc);
      if (!e.match) continue;
      matched.push(e);
      sum = fr(sum + e.value);
      if (e.value > max) max = e.value;
    }
    if (matched.length === 0) return explNoMatch('No matching clause');
    const tie = fr(this.tieBreaker);
    const value = fr(max + fr(fr(sum - max) * tie));
    return explMatch(value, tie === 0 ? 'max of:' : `max plus ${javaFloat(tie)} times others of:`, matched);
  }
}
