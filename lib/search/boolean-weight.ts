/**
 * Lucene 6.6 `BooleanWeight`: clauses MUST (scoring, required), FILTER (required, not scoring),
 * SHOULD (optional, `minimumShouldMatch`) and MUST_NOT, with the coord hook and the
 * explanation texts of Lucene 6.6.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { coord } from './bm25.js';
import { explMatch, explNoMatch, type Explanation } from './explanation.js';
import { BooleanScorer } from './boolean-scorer.js';
import { javaFloat } from './explanation.js';
import type { Scorer } from './scorer.js';
import type { Weight } from './weight.js';
import { extractHighlightTerms, type HighlightTermSink } from './highlight/query-terms.js';

export type Occur = 'must' | 'filter' | 'should' | 'must_not';

export interface BooleanClause {
  occur: Occur;
  weight: Weight;
}

const OCCUR_PREFIX: Record<Occur, string> = { must: '+', filter: '#', should: '', must_not: '-' };

export class BooleanWeight implements Weight {
  readonly description: string;
  private readonly maxCoord: number;

  constructor(
    readonly clauses: readonly BooleanClause[],
    readonly minShouldMatch: number,
    readonly disableCoord: boolean,
  ) {
    this.maxCoord = clauses.filter((c) => c.occur === 'must' || c.occur === 'should').length;
    const parts = clauses.map((c) => {
      const d = c.weight.description;
      const wrapped = c.weight instanceof BooleanWeight ? `(${d})` : d;
      return OCCUR_PREFIX[c.occur] + wrapped;
    });
    this.description = parts.join(' ') + (minShouldMatch > 0 ? `~${minShouldMatch}` : '');
  }

  /** Highlighting: every clause but the prohibited ones (Lucene's extractor skips those). */
  extractHighlightTerms(sink: HighlightTermSink): void {
    for (const c of this.clauses) if (c.occur !== 'must_not') extractHighlightTerms(c.weight, sink);
  }

  private coordFactor(overlap: number): number {
    if (this.disableCoord || this.maxCoord <= 1) return 1;
    return coord(overlap, this.maxCoord);
  }

  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const required: Array<{ scorer: Scorer; scoring: boolean }> = [];
    const optional: Scorer[] = [];
    const prohibited: Scorer[] = [];
    const scorers = await Promise.all(this.clauses.map((c) => c.weight.scorer(seg)));
    for (let i = 0; i < this.clauses.length; i++) {
      const c = this.clauses[i] as BooleanClause;
      const s = scorers[i] ?? null;
      if (c.occur === 'must' || c.occur === 'filter') {
        if (!s) return null;
        required.push({ scorer: s, scoring: c.occur === 'must' });
      } else if (c.occur === 'should') {
        if (s) optional.push(s);
      } else if (s) prohibited.push(s);
    }
    if (required.length === 0 && optional.length === 0) return null;
    if (optional.length < this.minShouldMatch) return null;
    const coords = new Float32Array(this.maxCoord + 1);
    for (let i = 0; i <= this.maxCoord; i++) coords[i] = this.coordFactor(i);
    // pure disjunction with nothing required: each hit needs at least one optional clause
    const minShould = required.length === 0 ? Math.max(1, this.minShouldMatch) : this.minShouldMatch;
    return new BooleanScorer(required, optional, prohibited, minShould, coords);
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const subs: Explanation[] = [];
    let coordCount = 0;
    let sum = 0;
    let fail = false;
    let matchCount = 0;
    let shouldMatchCount = 0;
    for (const c of this.clauses) {
      const e = await c.weight.explain(seg, doc);
      if (e.match) {
        if (c.occur === 'must' || c.occur === 'should') {
          subs.push(e);
          sum = Math.fround(sum + e.value);
          coordCount++;
        } else if (c.occur === 'filter') {
          subs.push(explMatch(0, 'match on required clause, product of:', [explMatch(0, '# clause'), e]));
        } else {
          subs.push(explNoMatch(`match on prohibited clause (${c.weight.description})`, [e]));
          fail = true;
        }
        if (c.occur !== 'must_not') matchCount++;
        if (c.occur === 'should') shouldMatchCount++;
      } else if (c.occur === 'must' || c.occur === 'filter') {
        subs.push(explNoMatch(`no match on required clause (${c.weight.description})`, [e]));
        fail = true;
      }
    }
    if (fail) return explNoMatch('Failure to meet condition(s) of required/prohibited clause(s)', subs);
    if (matchCount === 0) return explNoMatch('No matching clauses', subs);
    if (shouldMatchCount < this.minShouldMatch) return explNoMatch(`Failure to match minimum number of optional clauses: ${this.minShouldMatch}`, subs);
    const result = explMatch(sum, 'sum of:', subs);
    const cf = this.coordFactor(coordCount);
    if (cf === 1) return result;
    return explMatch(Math.fround(sum * cf), 'product of:', [result, explMatch(cf, `coord(${coordCount}/${this.maxCoord})`)]);
  }
}

/** `coord(1/2)`-style text helper kept for tests of the coord hook. */
export function coordText(overlap: number, max: number): string {
  return `coord(${overlap}/${max}) = ${javaFloat(overlap / max)}`;
}
