/**
 * One scorer for Lucene's BooleanQuery shapes: a conjunction of required clauses (scoring MUST
 * and non-scoring FILTER), optional SHOULD clauses with a minimum to match, and prohibited
 * MUST_NOT clauses. Scores add as Lucene 6 adds them: the required sum and the optional sum
 * are each accumulated in double and rounded to float, then added in float (ReqOptSumScorer).
 */
import { NO_MORE_DOCS, type Scorer } from './scorer.js';

const fr = Math.fround;

export class BooleanScorer implements Scorer {
  private doc = -1;
  private readonly required: Scorer[];
  private readonly requiredScoring: boolean[];
  /** Required clauses iterated in the leapfrog (cheapest first). */
  private readonly leaders: Scorer[];
  /** Required clauses only checked on the leaders' common docs (`Scorer.matches`). */
  private readonly verifiers: Scorer[];
  private readonly optional: Scorer[];
  private readonly prohibited: Scorer[];
  /** Optional clauses matching the current doc (valid after positioning). */
  private overlap = 0;

  constructor(
    required: Array<{ scorer: Scorer; scoring: boolean }>,
    optional: Scorer[],
    prohibited: Scorer[],
    private readonly minShouldMatch: number,
    /** coord factor by overlap count (index = overlap) */
    private readonly coords: Float32Array,
  ) {
    const req = [...required].sort((a, b) => a.scorer.cost() - b.scorer.cost());
    this.required = req.map((r) => r.scorer);
    this.requiredScoring = req.map((r) => r.scoring);
    // Required clauses with a two-phase check only confirm the candidates of the others (as
    // Lucene's ConjunctionDISI does), unless nothing else can lead.
    const lead = this.required.filter((r) => typeof r.matches !== 'function');
    this.verifiers = this.required.filter((r) => typeof r.matches === 'function');
    if (lead.length === 0 && this.verifiers.length > 0) lead.push(this.verifiers.shift() as Scorer);
    this.leaders = lead;
    this.optional = optional;
    this.prohibited = prohibited;
    this.scoringRequired = this.requiredScoring.filter((x) => x).length;
  }

  /** Number of scoring required clauses (they all match a returned doc): coord's base overlap. */
  private readonly scoringRequired: number;

  docID(): number {
    return this.doc;
  }

  nextDoc(): number {
    return this.advance(this.doc + 1);
  }

  advance(target: number): number {
    let t = target;
    for (;;) {
      const cand = this.required.length > 0 ? this.nextRequired(t) : this.nextOptional(t);
      if (cand === NO_MORE_DOCS) return (this.doc = NO_MORE_DOCS);
      if (this.isProhibited(cand)) {
        t = cand + 1;
        continue;
      }
      if (this.required.length > 0) this.countOptional(cand);
      if (this.overlap < this.minShouldMatch) {
        t = cand + 1;
        continue;
      }
      return (this.doc = cand);
    }
  }

  /** Leapfrog the leading required clauses to their first common doc >= t that the verifiers accept. */
  private nextRequired(t: number): number {
    const req = this.leaders;
    const ver = this.verifiers;
    const lead = req[0] as Scorer;
    let d = lead.docID() >= t ? lead.docID() : lead.advance(t);
    outer: for (;;) {
      if (d === NO_MORE_DOCS) return NO_MORE_DOCS;
      for (let i = 1; i < req.length; i++) {
        const s = req[i] as Scorer;
        let sd = s.docID();
        if (sd < d) sd = s.advance(d);
        if (sd > d) {
          d = lead.advance(sd);
          continue outer;
        }
      }
      for (let i = 0; i < ver.length; i++) {
        if (!(ver[i] as Scorer).matches!(d)) {
          d = lead.advance(d + 1);
          continue outer;
        }
      }
      return d;
    }
  }

  /** The smallest doc >= t of any optional clause; sets `overlap`. */
  private nextOptional(t: number): number {
    const opt = this.optional;
    let min = NO_MORE_DOCS;
    for (let i = 0; i < opt.length; i++) {
      const s = opt[i] as Scorer;
      let d = s.docID();
      if (d < t) d = s.advance(t);
      if (d < min) min = d;
    }
    let n = 0;
    if (min !== NO_MORE_DOCS) for (let i = 0; i < opt.length; i++) if ((opt[i] as Scorer).docID() === min) n++;
    this.overlap = n;
    return min;
  }

  private countOptional(d: number): void {
    const opt = this.optional;
    let n = 0;
    for (let i = 0; i < opt.length; i++) {
      const s = opt[i] as Scorer;
      let sd = s.docID();
      if (sd < d) sd = s.advance(d);
      if (sd === d) n++;
    }
    this.overlap = n;
  }

  private isProhibited(d: number): boolean {
    const p = this.prohibited;
    for (let i = 0; i < p.length; i++) {
      const s = p[i] as Scorer;
      let sd = s.docID();
      if (sd < d) sd = s.advance(d);
      if (sd === d) return true;
    }
    return false;
  }

  score(): number {
    const d = this.doc;
    let req = 0;
    let hasReq = false;
    for (let i = 0; i < this.required.length; i++) {
      if (!this.requiredScoring[i]) continue;
      hasReq = true;
      req += (this.required[i] as Scorer).score();
    }
    let opt = 0;
    let hasOpt = false;
    for (let i = 0; i < this.optional.length; i++) {
      const s = this.optional[i] as Scorer;
      if (s.docID() === d) {
        hasOpt = true;
        opt += s.score();
      }
    }
    let sum: number;
    if (hasReq && hasOpt) sum = fr(fr(req) + fr(opt));
    else if (hasReq) sum = fr(req);
    else sum = fr(opt);
    const c = this.coords[this.overlap + this.scoringRequired] ?? 1;
    return c === 1 ? sum : fr(sum * c);
  }

  freq(): number {
    return this.overlap;
  }

  cost(): number {
    if (this.leaders.length > 0) return (this.leaders[0] as Scorer).cost();
    let c = 0;
    for (const s of this.optional) c += s.cost();
    return c;
  }
}
