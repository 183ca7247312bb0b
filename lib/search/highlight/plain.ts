/**
 * The plain highlighter's core (Lucene 6.6 `Highlighter.getBestTextFragments` with a
 * `QueryScorer`, `SimpleHTMLFormatter` and the fragmenter ES picks): the text is walked token
 * by token; overlapping tokens form a group that is marked up as one; a fragmenter decides where
 * a new fragment starts; a fragment's score is the sum of the weights of the distinct query
 * terms in it. The best `maxFragments` fragments come back best first (ties: earlier first).
 */
import type { Encoder } from './encoder.js';
import { checkPosition, type TextToken, type WeightedSpanTerm } from './span-terms.js';

/** A fragment and its score. */
export interface ScoredFragment {
  text: string;
  score: number;
  /** Position of the fragment in the text (Lucene's fragNum). */
  num: number;
}

/** Which fragmenter splits the text (`null`: number_of_fragments 0, one fragment). */
export type FragmenterKind = 'span' | 'simple' | 'null';

export interface PlainOptions {
  fragmentSize: number;
  fragmenter: FragmenterKind;
  maxFragments: number;
  preTag: string;
  postTag: string;
  encoder: Encoder;
}

const MAX_TOKENS_PER_GROUP = 50;
const fr = Math.fround;

/** Lucene's fragmenters, stepped at each distinct token after the first. */
function fragmenterOf(kind: FragmenterKind, size: number, textSize: number, terms: Map<string, WeightedSpanTerm>): (t: TextToken, posInc: number) => boolean {
  let frags = 1;
  if (kind === 'null') return () => false;
  if (kind === 'simple') {
    return (t) => {
      const isNew = t.endOffset >= size * frags;
      if (isNew) frags++;
      return isNew;
    };
  }
  // SimpleSpanFragmenter: never split inside a matched span
  let position = -1;
  let waitForPos = -1;
  return (t, posInc) => {
    position += posInc;
    if (waitForPos <= position) waitForPos = -1;
    else if (waitForPos !== -1) return false;
    const w = terms.get(t.term);
    if (w) {
      for (const s of w.spans) {
        if (s.start === position) {
          waitForPos = s.end + 1;
          break;
        }
      }
    }
    const isNew = t.endOffset >= size * frags && textSize - t.endOffset >= size >>> 1;
    if (isNew) frags++;
    return isNew;
  };
}

/**
 * Highlight one text.
 * @param tokens the text analyzed with the field's index analyzer (offsets into `text`)
 * @param terms the query's weighted span terms for this text
 * @returns the fragments with a score above 0, best first
 */
export function plainFragments(text: string, tokens: readonly TextToken[], terms: Map<string, WeightedSpanTerm>, o: PlainOptions): ScoredFragment[] {
  let out = '';
  const frags: Array<{ start: number; end: number; score: number; num: number }> = [];
  let cur = { start: 0, end: -1, score: 0, num: 0 };
  frags.push(cur);
  let fragTerms = new Set<string>();
  let fragScore = 0;
  const isNewFragment = fragmenterOf(o.fragmenter, o.fragmentSize, text.length, terms);
  // the token group
  let n = 0;
  let gStart = 0;
  let gEnd = 0;
  let gTotal = 0;
  let lastEnd = 0;
  let prevPos = -1;
  const flush = (): void => {
    const tokenText = text.substring(gStart, gEnd);
    const marked = gTotal > 0 ? o.preTag + o.encoder(tokenText) + o.postTag : o.encoder(tokenText);
    if (gStart > lastEnd) out += o.encoder(text.substring(lastEnd, gStart));
    out += marked;
    lastEnd = Math.max(lastEnd, gEnd);
  };
  for (const t of tokens) {
    if (t.endOffset > text.length || t.startOffset > text.length) continue;
    const posInc = prevPos < 0 ? t.position + 1 : t.position - prevPos;
    prevPos = t.position;
    if (n > 0 && t.startOffset >= gEnd) {
      flush();
      n = 0;
      gTotal = 0;
      if (isNewFragment(t, posInc)) {
        cur.score = fragScore;
        cur.end = out.length;
        cur = { start: out.length, end: -1, score: 0, num: frags.length };
        frags.push(cur);
        fragTerms = new Set();
        fragScore = 0;
      }
    }
    // QueryScorer.getTokenScore
    let score = 0;
    const w = terms.get(t.term);
    if (w && (!w.positionSensitive || checkPosition(w, t.position))) {
      score = w.weight;
      if (!fragTerms.has(t.term)) {
        fragScore = fr(fragScore + score);
        fragTerms.add(t.term);
      }
    }
    // TokenGroup.addToken
    if (n < MAX_TOKENS_PER_GROUP) {
      if (n === 0) {
        gStart = t.startOffset;
        gEnd = t.endOffset;
        gTotal = fr(gTotal + score);
      } else {
        gStart = Math.min(gStart, t.startOffset);
        gEnd = Math.max(gEnd, t.endOffset);
        if (score > 0) gTotal = fr(gTotal + score);
      }
      n++;
    }
  }
  cur.score = fragScore;
  if (n > 0) flush();
  if (lastEnd < text.length) out += o.encoder(text.substring(lastEnd));
  cur.end = out.length;
  // FragmentQueue: best score first, ties by fragment number
  const best = [...frags].sort((a, b) => (a.score !== b.score ? b.score - a.score : a.num - b.num)).slice(0, Math.max(0, o.maxFragments));
  return best.filter((f) => f.score > 0).map((f) => ({ text: out.substring(f.start, f.end), score: f.score, num: f.num }));
}
