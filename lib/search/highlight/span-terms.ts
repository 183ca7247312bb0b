/**
 * The weighted terms of a query for one text (Lucene 6.6 `WeightedSpanTermExtractor` with no
 * index reader, as ES's plain highlighter runs it): each query term gets its boost as weight;
 * a phrase's terms are position-sensitive and count only inside the spans where the phrase
 * matches this text (Lucene turns a phrase into a `SpanNearQuery`: in order when the slop is 0,
 * any order otherwise, with the slop widened by the phrase's position gaps); multi-term queries
 * are expanded over the text's own terms.
 */
import type { QueryPart } from './query-terms.js';
import type { SegmentReader } from '../../shard/segment-reader.js';

/** A token of the analyzed text. */
export interface TextToken {
  term: string;
  position: number;
  startOffset: number;
  endOffset: number;
}

/** Lucene's `WeightedSpanTerm`: inclusive position spans where a sensitive term counts. */
export interface WeightedSpanTerm {
  weight: number;
  positionSensitive: boolean;
  spans: Array<{ start: number; end: number }>;
}

/** `checkPosition`: whether a sensitive term counts at `position`. */
export function checkPosition(t: WeightedSpanTerm, position: number): boolean {
  for (const s of t.spans) if (position >= s.start && position <= s.end) return true;
  return false;
}

/** Positions of each term in the text, ascending. */
export function termPositions(tokens: readonly TextToken[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  for (const t of tokens) {
    let l = m.get(t.term);
    if (!l) m.set(t.term, (l = []));
    if (l[l.length - 1] !== t.position) l.push(t.position);
  }
  return m;
}

/** Sorted distinct positions of any of `terms`. */
function slotPositions(positions: Map<string, number[]>, terms: readonly string[]): number[] {
  const all = new Set<number>();
  for (const t of terms) for (const p of positions.get(t) ?? []) all.add(p);
  return [...all].sort((a, b) => a - b);
}

/** Spans `[start, end)` of an in-order near query (Lucene 6 `NearSpansOrdered`, sub-spans of width 1). */
function orderedSpans(lists: number[][], slop: number): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  const idx = lists.map(() => 0);
  const first = lists[0] ?? [];
  for (const p0 of first) {
    let prevEnd = p0 + 1;
    let width = 0;
    let ok = true;
    for (let i = 1; i < lists.length; i++) {
      const l = lists[i] as number[];
      let j = idx[i] as number;
      while (j < l.length && (l[j] as number) < prevEnd) j++;
      idx[i] = j;
      if (j >= l.length) return out;
      width += (l[j] as number) - prevEnd;
      prevEnd = (l[j] as number) + 1;
    }
    if (ok && width <= slop) out.push({ start: p0, end: prevEnd });
    ok = true;
  }
  return out;
}

/** Spans of an any-order near query (Lucene 6 `NearSpansUnordered`): all clauses within the slop. */
function unorderedSpans(lists: number[][], slop: number, budget: number): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  const idx = lists.map(() => 0);
  if (lists.some((l) => l.length === 0)) return out;
  for (let steps = 0; steps < budget; steps++) {
    let minI = 0;
    let min = Infinity;
    let maxEnd = -Infinity;
    for (let i = 0; i < lists.length; i++) {
      const p = (lists[i] as number[])[idx[i] as number] as number;
      if (p < min) {
        min = p;
        minI = i;
      }
      if (p + 1 > maxEnd) maxEnd = p + 1;
    }
    if (maxEnd - min - lists.length <= slop) out.push({ start: min, end: maxEnd });
    idx[minI] = (idx[minI] as number) + 1;
    if ((idx[minI] as number) >= (lists[minI] as number[]).length) break;
  }
  return out;
}

/**
 * The text as a one-document segment for span queries (Lucene's highlighter runs them on a
 * MemoryIndex of the text behind a `DelegatingLeafReader`: every field reads the text's terms).
 */
function textSegment(positions: Map<string, number[]>): SegmentReader {
  const reader: Pick<SegmentReader, 'maxDoc' | 'docFreq' | 'postings'> = {
    maxDoc: 1,
    docFreq: (_f, t) => (positions.has(t) ? 1 : 0),
    postings: (_f, t) => {
      const list = positions.get(t);
      if (!list) return Promise.resolve(null);
      return Promise.resolve({ docs: Int32Array.of(0), freqs: Int32Array.of(list.length), positions: Int32Array.from(list), posStart: Int32Array.of(0, list.length) });
    },
  };
  return reader as SegmentReader;
}

/**
 * The weighted span terms of `parts` for a text.
 * @param fieldMatches which query fields count (require_field_match: only the highlighted one)
 */
export async function weightedSpanTerms(parts: readonly QueryPart[], fieldMatches: (field: string) => boolean, tokens: readonly TextToken[]): Promise<Map<string, WeightedSpanTerm>> {
  const terms = new Map<string, WeightedSpanTerm>();
  // PositionCheckingMap.put: the new entry wins, but stays insensitive if the old one was
  const put = (term: string, w: WeightedSpanTerm): void => {
    const prev = terms.get(term);
    if (prev && !prev.positionSensitive) w.positionSensitive = false;
    terms.set(term, w);
  };
  let positions: Map<string, number[]> | undefined;
  for (const p of parts) {
    if (!fieldMatches(p.field)) continue;
    if (p.kind === 'term') {
      put(p.term, { weight: p.boost, positionSensitive: false, spans: [] });
    } else if (p.kind === 'span') {
      // WeightedSpanTermExtractor#extractWeightedSpanTerms: the query's terms count inside every
      // span it matches in the text; no span, no term
      positions ??= termPositions(tokens);
      const found = (await p.node.spans(textSegment(positions))).get(0) ?? [];
      if (found.length === 0) continue;
      const spans = found.map((s) => ({ start: s.start, end: s.end - 1 }));
      for (const t of p.terms) {
        if (!fieldMatches(t.field)) continue;
        const existing = terms.get(t.term);
        if (!existing) terms.set(t.term, { weight: p.boost, positionSensitive: true, spans: [...spans] });
        else existing.spans.push(...spans);
      }
    } else if (p.kind === 'multi') {
      positions ??= termPositions(tokens);
      for (const t of positions.keys()) if (p.matches(t)) put(t, { weight: p.boost, positionSensitive: false, spans: [] });
    } else {
      positions ??= termPositions(tokens);
      const pos = positions;
      const slots = p.slots;
      const firstPos = slots[0]?.position ?? 0;
      const lastPos = slots[slots.length - 1]?.position ?? 0;
      const gaps = slots.length >= 2 ? Math.max(0, lastPos - firstPos - slots.length + 1) : 0;
      const lists = slots.map((s) => slotPositions(pos, s.terms));
      const slop = p.slop + gaps;
      const found = p.slop === 0 ? orderedSpans(lists, slop) : unorderedSpans(lists, slop, tokens.length * slots.length + 1);
      if (found.length === 0) continue;
      const spans = found.map((s) => ({ start: s.start, end: s.end - 1 }));
      for (const s of slots) {
        for (const t of s.terms) {
          const existing = terms.get(t);
          if (!existing) terms.set(t, { weight: p.boost, positionSensitive: true, spans: [...spans] });
          else existing.spans.push(...spans);
        }
      }
    }
  }
  return terms;
}
