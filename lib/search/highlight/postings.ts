/**
 * The postings highlighter's core (Lucene 6.6 `PostingsHighlighter.highlightDoc` with its
 * default `PassageScorer` (k1 1.2, b 0.75, pivot 87) and ES 5.6's `CustomPassageFormatter`):
 * the merged field values are cut into passages (sentences, or whole values when
 * number_of_fragments is 0); the query terms' occurrences are walked in offset order, each
 * passage scored BM25-like; the best `maxPassages` passages come back in text order.
 */
import type { Encoder } from './encoder.js';

const K1 = 1.2;
const B = 0.75;
const PIVOT = 87;
const fr = Math.fround;

/** Occurrences of one query term (or one multi-term query) in the text, by start offset. */
export interface TermOccurrences {
  /** Term id: ties at one offset go to the lower id (sorted term order). */
  id: number;
  offsets: Array<{ start: number; end: number }>;
  /**
   * The term's frequency in the text when it differs from the offsets kept (the unified
   * highlighter drops the occurrences outside a phrase's spans but weighs the term by all).
   */
  freq?: number;
}

/** A formatted passage (ES `Snippet`). */
export interface Snippet {
  text: string;
  score: number;
  highlighted: boolean;
}

/** A passage: its span of the content, score and matches. */
export interface Passage {
  start: number;
  end: number;
  score: number;
  matches: Array<{ start: number; end: number }>;
}

function weight(contentLength: number, freq: number): number {
  const numDocs = fr(1 + fr(contentLength / PIVOT));
  return fr(fr(K1 + 1) * fr(Math.log(1 + (numDocs + 0.5) / (freq + 0.5))));
}
function tf(freq: number, passageLength: number): number {
  const norm = fr(fr(K1) * fr(fr(1 - fr(B)) + fr(fr(B) * fr(passageLength / PIVOT))));
  return fr(freq / fr(freq + norm));
}
function norm(passageStart: number): number {
  return fr(1 + fr(1 / fr(Math.log(fr(PIVOT + passageStart)))));
}

/**
 * The best passages of `content` (Lucene `highlightDoc`), in text order.
 * @param passageAt the passage `[start, end)` around a match start (a break iterator's
 *   `preceding(start + 1)` and `following(start)`), asked in increasing order of start
 */
export function bestPassages(content: string, passageAt: (offset: number) => { start: number; end: number }, terms: readonly TermOccurrences[], maxPassages: number): Passage[] {
  const contentLength = content.length;
  const weights = new Map<number, number>();
  // the queue of enums, by (start offset, id)
  const enums = terms.filter((t) => t.offsets.length > 0).map((t) => ({ id: t.id, pos: 0, offsets: t.offsets }));
  for (const t of terms) if (t.offsets.length > 0) weights.set(t.id, weight(contentLength, t.freq ?? t.offsets.length));
  const queue: Passage[] = [];
  const fresh = (): Passage => ({ start: -1, end: -1, score: 0, matches: [] });
  let current = fresh();
  // a finished passage enters the queue of the best; the least (lowest score, then the earlier start) drops out
  const finish = (): void => {
    current.score = fr(current.score * norm(current.start));
    let least = -1;
    for (let i = 0; i < queue.length; i++) {
      const a = queue[i] as Passage;
      const l = least < 0 ? undefined : (queue[least] as Passage);
      if (!l || a.score < l.score || (a.score === l.score && a.start < l.start)) least = i;
    }
    if (queue.length === maxPassages && least >= 0 && current.score < (queue[least] as Passage).score) {
      current = fresh();
      return;
    }
    queue.push(current);
    if (queue.length > maxPassages) {
      least = 0;
      for (let i = 1; i < queue.length; i++) {
        const a = queue[i] as Passage;
        const l = queue[least] as Passage;
        if (a.score < l.score || (a.score === l.score && a.start < l.start)) least = i;
      }
      queue.splice(least, 1);
    }
    current = fresh();
  };
  // Lucene's queue of enums by (current start offset, term id): a binary heap, so a query of many
  // terms over a long text stays O(occurrences · log terms)
  type Enum = (typeof enums)[number];
  const key = (e: Enum): number => (e.offsets[e.pos] as { start: number }).start;
  const less = (a: Enum, b: Enum): boolean => key(a) < key(b) || (key(a) === key(b) && a.id < b.id);
  const heap: Enum[] = [];
  const push = (e: Enum): void => {
    heap.push(e);
    for (let i = heap.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!less(heap[i] as Enum, heap[p] as Enum)) break;
      [heap[i], heap[p]] = [heap[p] as Enum, heap[i] as Enum];
      i = p;
    }
  };
  const pop = (): Enum | undefined => {
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l] as Enum, heap[m] as Enum)) m = l;
        if (r < heap.length && less(heap[r] as Enum, heap[m] as Enum)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m] as Enum, heap[i] as Enum];
        i = m;
      }
    }
    return top;
  };
  for (const e of enums) push(e);
  for (;;) {
    const off = pop();
    // the sentinel (Integer.MAX_VALUE) when every enum is done
    let { start, end } = off ? (off.offsets[off.pos] as { start: number; end: number }) : { start: Number.MAX_SAFE_INTEGER, end: Number.MAX_SAFE_INTEGER };
    if (off && start < contentLength && end > contentLength) {
      off.pos++;
      if (off.pos < off.offsets.length) push(off);
      continue;
    }
    if (start >= current.end) {
      if (current.start >= 0) finish();
      if (start >= contentLength || !off) break;
      const s = passageAt(start);
      current.start = Math.max(s.start, 0);
      current.end = Math.min(s.end, contentLength);
    }
    if (!off) break;
    let n = 0;
    for (;;) {
      n++;
      current.matches.push({ start, end });
      off.pos++;
      if (off.pos >= off.offsets.length) break;
      ({ start, end } = off.offsets[off.pos] as { start: number; end: number });
      if (start >= current.end || end > contentLength) {
        push(off);
        break;
      }
    }
    current.score = fr(current.score + fr((weights.get(off.id) as number) * tf(n, current.end - current.start)));
  }
  for (const p of queue) p.matches.sort((a, b) => a.start - b.start || a.end - b.end);
  return queue.sort((a, b) => a.start - b.start);
}

/** ES `CustomPassageFormatter.format`: tags around matches, trailing separator dropped, trimmed. */
export function formatPassages(passages: readonly Passage[], content: string, preTag: string, postTag: string, encoder: Encoder): Snippet[] {
  return passages.map((p) => {
    let sb = '';
    let pos = p.start;
    for (const m of p.matches) {
      if (m.start > pos) sb += encoder(content.substring(pos, m.start));
      if (m.end > pos) {
        sb += preTag + encoder(content.substring(Math.max(pos, m.start), m.end)) + postTag;
        pos = m.end;
      }
    }
    sb += encoder(content.substring(pos, Math.max(pos, p.end)));
    const last = sb[sb.length - 1];
    if (last === '\u2029' || last === '\u0000') sb = sb.slice(0, -1);
    return { text: javaTrim(sb), score: p.score, highlighted: p.matches.length > 0 };
  });
}

/** Java's `String.trim` (strips code units <= U+0020). */
export function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 32) a++;
  while (b > a && s.charCodeAt(b - 1) <= 32) b--;
  return s.substring(a, b);
}
