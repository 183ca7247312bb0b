/**
 * Span enumeration (Lucene 6.6 `Spans`): for one segment, each span node gives, per matching
 * doc, its spans `[start, end)` in position order with their `width` (the slop they used, which
 * `SpanScorer` turns into a sloppy frequency). Nodes are computed eagerly per segment over the
 * postings' positions; the rules are Lucene's: `NearSpansOrdered` (each clause's first span
 * starting at or after the previous clause's end, gaps summed against the slop),
 * `NearSpansUnordered` (the clauses' current spans within `slop` of their total length), the
 * position filters of `span_first`, `span_not` (no exclude span within `pre` before / `post`
 * after), `span_containing` and `span_within`, and the union of `span_or`.
 */
import type { Postings, SegmentReader } from '../shard/segment-reader.js';
import { EsError } from '../errors/errors.js';

/** One span of a doc. */
export interface Span {
  start: number;
  end: number;
  width: number;
}

/** A segment's spans: doc → its spans in order (start, then end). */
export type SegmentSpans = Map<number, Span[]>;

/** A compiled span query. */
export interface SpanNode {
  /** The field the spans report (field_masking_span reports its masked field). */
  readonly field: string;
  /** Lucene's `toString()`. */
  readonly description: string;
  /** The terms whose statistics weigh the query, as `field\u0000term` keys. */
  collectTerms(into: Set<string>): void;
  spans(seg: SegmentReader): Promise<SegmentSpans>;
}

const byPosition = (a: Span, b: Span): number => a.start - b.start || a.end - b.end;

/** `span_term` (and each expanded term of `span_multi`). */
export class SpanTermNode implements SpanNode {
  readonly description: string;
  constructor(
    readonly field: string,
    readonly term: string,
    shown = term,
  ) {
    this.description = `${field}:${shown}`;
  }
  collectTerms(into: Set<string>): void {
    into.add(`${this.field}\u0000${this.term}`);
  }
  async spans(seg: SegmentReader): Promise<SegmentSpans> {
    const out: SegmentSpans = new Map();
    if (seg.docFreq(this.field, this.term) === 0) return out;
    const p: Postings | null = await seg.postings(this.field, this.term);
    if (!p) return out;
    if (!p.positions || !p.posStart) {
      throw new EsError('illegal_state_exception', 500, `field "${this.field}" was indexed without position data; cannot run SpanTermQuery (term=${this.term})`);
    }
    for (let i = 0; i < p.docs.length; i++) {
      const list: Span[] = [];
      for (let j = p.posStart[i] as number; j < (p.posStart[i + 1] as number); j++) {
        const pos = p.positions[j] as number;
        list.push({ start: pos, end: pos + 1, width: 0 });
      }
      out.set(p.docs[i] as number, list);
    }
    return out;
  }
}

/** `span_or`: the union of the clauses' spans. */
export class SpanOrNode implements SpanNode {
  readonly description: string;
  constructor(
    readonly field: string,
    readonly clauses: readonly SpanNode[],
  ) {
    this.description = `spanOr([${clauses.map((c) => c.description).join(', ')}])`;
  }
  collectTerms(into: Set<string>): void {
    for (const c of this.clauses) c.collectTerms(into);
  }
  async spans(seg: SegmentReader): Promise<SegmentSpans> {
    const out: SegmentSpans = new Map();
    for (const m of await Promise.all(this.clauses.map((c) => c.spans(seg)))) {
      for (const [doc, list] of m) {
        const l = out.get(doc);
        if (l) l.push(...list);
        else out.set(doc, [...list]);
      }
    }
    for (const l of out.values()) l.sort(byPosition);
    return out;
  }
}

/** Docs present in every map. */
function commonDocs(maps: readonly SegmentSpans[]): number[] {
  const [first, ...rest] = maps;
  if (!first) return [];
  return [...first.keys()].filter((d) => rest.every((m) => m.has(d))).sort((a, b) => a - b);
}

function nearOrdered(lists: readonly Span[][], slop: number): Span[] {
  const out: Span[] = [];
  const idx = new Int32Array(lists.length);
  const first = lists[0] as Span[];
  for (let i0 = 0; i0 < first.length; i0++) {
    idx[0] = i0;
    let prev = first[i0] as Span;
    let width = 0;
    let ok = true;
    for (let k = 1; k < lists.length; k++) {
      const l = lists[k] as Span[];
      let i = idx[k] as number;
      // later clauses only move forward, as Lucene's advancePosition
      while (i < l.length && (l[i] as Span).start < prev.end) i++;
      idx[k] = i;
      if (i >= l.length) {
        ok = false;
        break;
      }
      const s = l[i] as Span;
      width += s.start - prev.end;
      prev = s;
    }
    if (!ok) break;
    if (width <= slop) out.push({ start: (first[i0] as Span).start, end: prev.end, width });
  }
  return out;
}

function nearUnordered(lists: readonly Span[][], slop: number): Span[] {
  const out: Span[] = [];
  const idx = new Int32Array(lists.length);
  for (;;) {
    let minK = 0;
    let maxEnd = -Infinity;
    let total = 0;
    for (let k = 0; k < lists.length; k++) {
      const s = (lists[k] as Span[])[idx[k] as number] as Span;
      const m = (lists[minK] as Span[])[idx[minK] as number] as Span;
      if (s.start < m.start || (s.start === m.start && s.end < m.end)) minK = k;
      if (s.end > maxEnd) maxEnd = s.end;
      total += s.end - s.start;
    }
    const min = (lists[minK] as Span[])[idx[minK] as number] as Span;
    const width = maxEnd - min.start - total;
    if (width <= slop) out.push({ start: min.start, end: maxEnd, width });
    idx[minK] = (idx[minK] as number) + 1;
    if ((idx[minK] as number) >= (lists[minK] as Span[]).length) return out;
  }
}

/** `span_near`. */
export class SpanNearNode implements SpanNode {
  readonly description: string;
  constructor(
    readonly field: string,
    readonly clauses: readonly SpanNode[],
    readonly slop: number,
    readonly inOrder: boolean,
  ) {
    this.description = `spanNear([${clauses.map((c) => c.description).join(', ')}], ${slop}, ${inOrder})`;
  }
  collectTerms(into: Set<string>): void {
    for (const c of this.clauses) c.collectTerms(into);
  }
  async spans(seg: SegmentReader): Promise<SegmentSpans> {
    const maps = await Promise.all(this.clauses.map((c) => c.spans(seg)));
    const out: SegmentSpans = new Map();
    for (const doc of commonDocs(maps)) {
      const lists = maps.map((m) => m.get(doc) as Span[]);
      const found = lists.length === 1 ? (lists[0] as Span[]) : this.inOrder ? nearOrdered(lists, this.slop) : nearUnordered(lists, this.slop);
      if (found.length > 0) out.set(doc, found.sort(byPosition));
    }
    return out;
  }
}

/** A filter keeping some of one node's spans (span_first, span_not, containing, within). */
export class SpanFilterNode implements SpanNode {
  constructor(
    readonly field: string,
    readonly description: string,
    private readonly source: SpanNode,
    private readonly others: readonly SpanNode[],
    /** Terms of `others` count for the statistics too (containing, within), not for span_not. */
    private readonly othersWeigh: boolean,
    private readonly keep: (span: Span, others: ReadonlyArray<Span[] | undefined>) => boolean,
    /** The other nodes must match the doc (containing, within). */
    private readonly othersRequired: boolean,
  ) {}
  collectTerms(into: Set<string>): void {
    this.source.collectTerms(into);
    if (this.othersWeigh) for (const o of this.others) o.collectTerms(into);
  }
  async spans(seg: SegmentReader): Promise<SegmentSpans> {
    const base = await this.source.spans(seg);
    const others = await Promise.all(this.others.map((o) => o.spans(seg)));
    const out: SegmentSpans = new Map();
    for (const [doc, list] of base) {
      const ol = others.map((m) => m.get(doc));
      if (this.othersRequired && ol.some((x) => x === undefined)) continue;
      const kept = list.filter((s) => this.keep(s, ol));
      if (kept.length > 0) out.set(doc, kept);
    }
    return out;
  }
}

/** `field_masking_span`: the inner spans, reported on another field. */
export class FieldMaskingNode implements SpanNode {
  readonly description: string;
  constructor(
    readonly field: string,
    private readonly inner: SpanNode,
  ) {
    this.description = `mask(${inner.description}) as ${field}`;
  }
  collectTerms(into: Set<string>): void {
    this.inner.collectTerms(into);
  }
  spans(seg: SegmentReader): Promise<SegmentSpans> {
    return this.inner.spans(seg);
  }
}
