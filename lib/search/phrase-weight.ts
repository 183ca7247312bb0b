/**
 * Lucene `PhraseQuery` / `MultiPhraseQuery`: terms at relative positions, exact (slop 0, freq =
 * number of aligned occurrences) or sloppy (freq = Σ 1/(matchLength+1) over matches within
 * `slop`, SloppyPhraseScorer's phraseFreq without the repeated-terms special case).
 */
import type { Postings, SegmentReader } from '../shard/segment-reader.js';
import { EsError } from '../errors/errors.js';
import { BM25Stats } from './bm25.js';
import type { HighlightTermSink } from './highlight/query-terms.js';
import { explMatch, explNoMatch, javaFloat, type Explanation } from './explanation.js';
import { NO_MORE_DOCS, type Scorer } from './scorer.js';
import { segmentHasNorms, type StatsSource, type Weight } from './weight.js';

/** One position of a phrase: the terms allowed there (several for match_phrase_prefix). */
export interface PhraseSlot {
  terms: string[];
  /** Relative position in the query (gaps where stop words were). */
  position: number;
}

const fr = Math.fround;

/** Iterates the union of several postings lists, exposing the merged positions of the current doc. */
class SlotIterator {
  private readonly idx: Int32Array;
  doc = -1;
  constructor(
    private readonly lists: Postings[],
    readonly offset: number,
  ) {
    this.idx = new Int32Array(lists.length).fill(-1);
  }
  cost(): number {
    let c = 0;
    for (const l of this.lists) c += l.docs.length;
    return c;
  }
  advance(target: number): number {
    let min = NO_MORE_DOCS;
    for (let k = 0; k < this.lists.length; k++) {
      const docs = (this.lists[k] as Postings).docs;
      let i = this.idx[k] as number;
      if (i < 0 || i >= docs.length || (docs[i] as number) < target) {
        let lo = Math.max(0, i);
        let hi = docs.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if ((docs[mid] as number) < target) lo = mid + 1;
          else hi = mid;
        }
        i = lo;
        this.idx[k] = i;
      }
      if (i < docs.length && (docs[i] as number) < min) min = docs[i] as number;
    }
    return (this.doc = min);
  }
  /** The current doc's positions `[start, end)` in `singlePositions`, set by `bindSingle`. */
  start = 0;
  end = 0;
  singlePositions: Int32Array | undefined;

  /**
   * With exactly one postings list (a plain phrase term): point `singlePositions`/`start`/`end`
   * at the current doc's positions without copying. False for unions (phrase prefix).
   */
  bindSingle(): boolean {
    if (this.lists.length !== 1) return false;
    const p = this.lists[0] as Postings;
    const i = this.idx[0] as number;
    if (!p.positions || !p.posStart || i >= p.docs.length || p.docs[i] !== this.doc) return false;
    this.singlePositions = p.positions;
    this.start = p.posStart[i] as number;
    this.end = p.posStart[i + 1] as number;
    return true;
  }

  /** Sorted positions of the current doc (merged over the lists). */
  positions(): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.lists.length; k++) {
      const p = this.lists[k] as Postings;
      const i = this.idx[k] as number;
      if (i >= p.docs.length || p.docs[i] !== this.doc) continue;
      if (!p.positions || !p.posStart) continue;
      for (let j = p.posStart[i] as number; j < (p.posStart[i + 1] as number); j++) out.push(p.positions[j] as number);
    }
    if (this.lists.length > 1) out.sort((a, b) => a - b);
    return out;
  }
}

class PhraseScorer implements Scorer {
  private doc = -1;
  private curFreq = 0;
  constructor(
    private readonly slots: SlotIterator[],
    private readonly slop: number,
    private readonly stats: BM25Stats,
    private readonly seg: SegmentReader,
    private readonly hasNorms: boolean,
  ) {
    this.slots.sort((a, b) => a.cost() - b.cost());
    this.cursors = new Int32Array(slots.length);
  }
  /** Scratch cursors of `exactFreqSingle`, one per slot. */
  private readonly cursors: Int32Array;
  docID(): number {
    return this.doc;
  }
  nextDoc(): number {
    return this.advance(this.doc + 1);
  }
  advance(target: number): number {
    let t = target;
    for (;;) {
      const d = this.conjunction(t);
      if (d === NO_MORE_DOCS) return (this.doc = NO_MORE_DOCS);
      const f = this.slop === 0 ? this.exactFreq() : this.sloppyFreq();
      if (f > 0) {
        this.curFreq = f;
        return (this.doc = d);
      }
      t = d + 1;
    }
  }
  private conjunction(t: number): number {
    const lead = this.slots[0] as SlotIterator;
    let d = lead.advance(t);
    outer: for (;;) {
      if (d === NO_MORE_DOCS) return d;
      for (let i = 1; i < this.slots.length; i++) {
        const s = this.slots[i] as SlotIterator;
        const sd = s.doc < d ? s.advance(d) : s.doc;
        if (sd > d) {
          d = lead.advance(sd);
          continue outer;
        }
      }
      return d;
    }
  }
  private exactFreq(): number {
    const single = this.exactFreqSingle();
    if (single >= 0) return single;
    const lists = this.slots.map((s) => ({ pos: s.positions(), off: s.offset }));
    const first = lists[0] as { pos: number[]; off: number };
    const sets = lists.slice(1).map((l) => ({ set: new Set(l.pos), off: l.off }));
    let freq = 0;
    for (const p of first.pos) {
      const base = p - first.off;
      let ok = true;
      for (const s of sets) {
        if (!s.set.has(base + s.off)) {
          ok = false;
          break;
        }
      }
      if (ok) freq++;
    }
    return freq;
  }
  /**
   * Exact phrase frequency when every slot is one term: walk the first slot's positions and move
   * one cursor per other slot through its (ascending) positions — no allocation per candidate.
   * @returns the frequency, or -1 when a slot is a union of terms (the general path handles it)
   */
  private exactFreqSingle(): number {
    const slots = this.slots;
    const cursors = this.cursors;
    for (let k = 0; k < slots.length; k++) {
      const sl = slots[k] as SlotIterator;
      if (!sl.bindSingle()) return -1;
      cursors[k] = sl.start;
    }
    const first = slots[0] as SlotIterator;
    const fp = first.singlePositions as Int32Array;
    let freq = 0;
    outer: for (let j = first.start; j < first.end; j++) {
      const base = (fp[j] as number) - first.offset;
      for (let k = 1; k < slots.length; k++) {
        const sl = slots[k] as SlotIterator;
        const pos = sl.singlePositions as Int32Array;
        const want = base + sl.offset;
        let c = cursors[k] as number;
        while (c < sl.end && (pos[c] as number) < want) c++;
        cursors[k] = c;
        if (c >= sl.end) break outer;
        if (pos[c] !== want) continue outer;
      }
      freq++;
    }
    return freq;
  }

  private sloppyFreq(): number {
    // PhrasePositions: each slot walks its positions minus its query offset
    const pps = this.slots.map((s) => ({ pos: s.positions(), off: s.offset, i: 0, position: 0 }));
    let end = -Infinity;
    for (const pp of pps) {
      if (pp.pos.length === 0) return 0;
      pp.position = (pp.pos[0] as number) - pp.off;
      if (pp.position > end) end = pp.position;
    }
    const queue = [...pps];
    const popMin = (): (typeof pps)[number] => {
      let bi = 0;
      for (let k = 1; k < queue.length; k++) if ((queue[k] as (typeof pps)[number]).position < (queue[bi] as (typeof pps)[number]).position) bi = k;
      return queue.splice(bi, 1)[0] as (typeof pps)[number];
    };
    const topPos = (): number => {
      let m = Infinity;
      for (const q of queue) if (q.position < m) m = q.position;
      return m;
    };
    let freq = 0;
    let pp = popMin();
    let matchLength = end - pp.position;
    let next = queue.length > 0 ? topPos() : pp.position;
    for (;;) {
      pp.i++;
      if (pp.i >= pp.pos.length) break;
      pp.position = (pp.pos[pp.i] as number) - pp.off;
      if (pp.position > end) end = pp.position;
      if (pp.position > next) {
        if (matchLength <= this.slop) freq = fr(freq + fr(1 / (matchLength + 1)));
        queue.push(pp);
        pp = popMin();
        next = queue.length > 0 ? topPos() : pp.position;
        matchLength = end - pp.position;
      } else {
        const ml2 = end - pp.position;
        if (ml2 < matchLength) matchLength = ml2;
      }
    }
    if (matchLength <= this.slop) freq = fr(freq + fr(1 / (matchLength + 1)));
    return freq;
  }
  freq(): number {
    return this.curFreq;
  }
  normByte(): number {
    return this.hasNorms ? this.seg.norm(this.stats.field, this.doc) & 0xff : -1;
  }
  score(): number {
    return this.stats.score(this.curFreq, this.normByte());
  }
  cost(): number {
    return (this.slots[0] as SlotIterator).cost();
  }
}

export class PhraseWeight implements Weight {
  readonly stats: BM25Stats;
  readonly description: string;
  constructor(
    readonly field: string,
    readonly slots: readonly PhraseSlot[],
    readonly slop: number,
    source: StatsSource,
    boost: number,
  ) {
    const c = source.collectionStats(field);
    const ts = slots.flatMap((s) => s.terms.map((t) => source.termStats(field, t)));
    this.stats = new BM25Stats(field, c, ts, boost);
    const text = slots.map((s) => (s.terms.length === 1 ? s.terms[0] : `(${s.terms.join(' ')})`)).join(' ');
    this.description = `${field}:"${text}"${slop !== 0 ? `~${slop}` : ''}`;
  }

  /** Highlighting: a position-sensitive phrase (one slot: a plain term, as Lucene's extractor). */
  extractHighlightTerms(sink: HighlightTermSink): void {
    const only = this.slots.length === 1 ? this.slots[0] : undefined;
    if (only && only.terms.length === 1) sink.term(this.field, only.terms[0] as string, this.stats.boost);
    else sink.phrase(this.field, this.slots, this.slop, this.stats.boost);
  }

  async scorer(seg: SegmentReader): Promise<PhraseScorer | null> {
    const iters: SlotIterator[] = [];
    for (const slot of this.slots) {
      const lists = (await Promise.all(slot.terms.map((t) => (seg.docFreq(this.field, t) > 0 ? seg.postings(this.field, t) : null)))).filter(
        (p): p is Postings => p !== null,
      );
      if (lists.length === 0) return null;
      if (lists.some((l) => !l.positions)) {
        throw new EsError('illegal_state_exception', 500, `field "${this.field}" was indexed without position data; cannot run PhraseQuery (phrase=${this.description})`);
      }
      iters.push(new SlotIterator(lists, slot.position));
    }
    return new PhraseScorer(iters, this.slop, this.stats, seg, segmentHasNorms(seg, this.field));
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const s = await this.scorer(seg);
    if (s && s.advance(doc) === doc) {
      const freq = s.freq();
      const desc = this.slop === 0 ? `phraseFreq=${javaFloat(freq)}` : `phraseFreq=${javaFloat(freq)}`;
      const scoreExpl = this.stats.explain(doc, explMatch(freq, desc), s.normByte());
      return explMatch(scoreExpl.value, `weight(${this.description} in ${doc}) [PerFieldSimilarity], result of:`, [scoreExpl]);
    }
    return explNoMatch('no matching term');
  }
}
