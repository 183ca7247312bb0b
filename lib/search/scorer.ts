/**
 * Doc-at-a-time iterators over one segment (Lucene's `Scorer`/`DocIdSetIterator`). Doc numbers
 * are segment-local, ascending; `NO_MORE_DOCS` ends the iteration. Scoring is synchronous: a
 * weight fetches everything its scorer needs before building it.
 */

/** Lucene's `DocIdSetIterator.NO_MORE_DOCS`. */
export const NO_MORE_DOCS = 0x7fffffff;

export interface Scorer {
  /** Current doc, -1 before the first `nextDoc`. */
  docID(): number;
  nextDoc(): number;
  /** Move to the first doc >= target (target > docID()). */
  advance(target: number): number;
  /** Score of the current doc. */
  score(): number;
  /** Frequency of the current doc (term/phrase scorers), 1 otherwise. */
  freq(): number;
  /** Estimated number of matches, to order conjunctions. */
  cost(): number;
  /**
   * Two-phase confirmation (Lucene's `TwoPhaseIterator.matches`): whether `doc` matches, without
   * iterating. Scorers that are cheap to check but costly to iterate (doc values ranges) offer
   * it, so a conjunction verifies the lead's candidates instead of scanning them forward.
   */
  matches?(doc: number): boolean;
}

/** Matches every doc of a segment with one constant score. */
export class AllDocsScorer implements Scorer {
  protected doc = -1;
  constructor(
    protected readonly maxDoc: number,
    private readonly value: number,
  ) {}
  docID(): number {
    return this.doc;
  }
  nextDoc(): number {
    return this.advance(this.doc + 1);
  }
  advance(target: number): number {
    this.doc = target < this.maxDoc ? target : NO_MORE_DOCS;
    return this.doc;
  }
  score(): number {
    return this.value;
  }
  freq(): number {
    return 1;
  }
  cost(): number {
    return this.maxDoc;
  }
}

/** Iterates a sorted list of doc numbers with one constant score. */
export class DocListScorer implements Scorer {
  private i = -1;
  private doc = -1;
  constructor(
    private readonly docs: Int32Array,
    private readonly value: number,
  ) {}
  docID(): number {
    return this.doc;
  }
  nextDoc(): number {
    this.i++;
    this.doc = this.i < this.docs.length ? (this.docs[this.i] as number) : NO_MORE_DOCS;
    return this.doc;
  }
  advance(target: number): number {
    const docs = this.docs;
    let i = this.i + 1;
    // gallop then binary search
    let step = 1;
    let hi = i;
    while (hi < docs.length && (docs[hi] as number) < target) {
      i = hi + 1;
      hi += step;
      step <<= 1;
    }
    if (hi > docs.length) hi = docs.length;
    let lo = i;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((docs[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    this.i = lo;
    this.doc = lo < docs.length ? (docs[lo] as number) : NO_MORE_DOCS;
    return this.doc;
  }
  score(): number {
    return this.value;
  }
  freq(): number {
    return 1;
  }
  cost(): number {
    return this.docs.length;
  }
}

/** Wraps a scorer and replaces its score with a constant (Lucene's `ConstantScoreScorer`). */
export class ConstantScorer implements Scorer {
  constructor(
    private readonly inner: Scorer,
    private readonly value: number,
  ) {}
  docID(): number {
    return this.inner.docID();
  }
  nextDoc(): number {
    return this.inner.nextDoc();
  }
  advance(target: number): number {
    return this.inner.advance(target);
  }
  score(): number {
    return this.value;
  }
  freq(): number {
    return 1;
  }
  cost(): number {
    return this.inner.cost();
  }
}

/** Collect every doc a scorer matches into a sorted Int32Array. */
export function drainDocs(s: Scorer): Int32Array {
  let out = new Int32Array(Math.max(16, Math.min(s.cost(), 1 << 20)));
  let n = 0;
  for (let d = s.nextDoc(); d !== NO_MORE_DOCS; d = s.nextDoc()) {
    if (n === out.length) {
      const next = new Int32Array(out.length * 2);
      next.set(out);
      out = next;
    }
    out[n++] = d;
  }
  return out.subarray(0, n);
}

/** Union of sorted doc lists (for multi-term queries rewritten to constant score). */
export function unionDocLists(lists: readonly Int32Array[], maxDoc: number): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return lists[0] as Int32Array;
  let sum = 0;
  for (const l of lists) sum += l.length;
  if (sum * 32 < maxDoc) {
    // sparse: concatenate, sort, dedupe
    const all = new Int32Array(sum);
    let o = 0;
    for (const l of lists) {
      all.set(l, o);
      o += l.length;
    }
    all.sort();
    let n = 0;
    for (let i = 0; i < all.length; i++) if (n === 0 || all[i] !== all[n - 1]) all[n++] = all[i] as number;
    return all.subarray(0, n);
  }
  const bits = new Uint8Array(maxDoc);
  let count = 0;
  for (const l of lists) {
    for (let i = 0; i < l.length; i++) {
      const d = l[i] as number;
      if (bits[d] === 0) {
        bits[d] = 1;
        count++;
      }
    }
  }
  const out = new Int32Array(count);
  let n = 0;
  for (let d = 0; d < maxDoc; d++) if (bits[d] === 1) out[n++] = d;
  return out;
}

/** A sorted doc list with a score per doc. */
export class ScoredListScorer implements Scorer {
  private i = -1;
  constructor(
    private readonly docs: Int32Array,
    private readonly scores: Float32Array,
  ) {}
  docID(): number {
    return this.i < 0 ? -1 : this.i < this.docs.length ? (this.docs[this.i] as number) : NO_MORE_DOCS;
  }
  nextDoc(): number {
    this.i++;
    return this.docID();
  }
  advance(target: number): number {
    let lo = this.i + 1;
    let hi = this.docs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.docs[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    this.i = lo;
    return this.docID();
  }
  score(): number {
    return this.scores[this.i] as number;
  }
  freq(): number {
    return 1;
  }
  cost(): number {
    return this.docs.length;
  }
}
