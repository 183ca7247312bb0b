/**
 * Sentence boundaries for the postings highlighter, after Java's
 * `BreakIterator.getSentenceInstance(Locale.ROOT)` (the iterator ES 5.6 gives Lucene's
 * `PostingsHighlighter`): a sentence ends after `.`, `?` or `!` (plus closing quotes and
 * brackets) and the whitespace that follows, except that a `.` followed by a lowercase letter
 * does not end one; a paragraph separator (U+2029, ES's separator between values) always ends
 * one. Boundaries are offsets where a sentence starts; 0 and the text length are boundaries.
 */

import { pieceAt } from './boundaries.js';

const CLOSE = new Set(['"', "'", ')', ']', '}', '\u2019', '\u201d']);
const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c) && c !== '\u2029';

/** All sentence boundaries of `text`, ascending, with 0 and `text.length`. */
export function sentenceBoundaries(text: string): number[] {
  const out = [0];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\u2029' || c === '\u2028') {
      if (i + 1 < text.length) out.push(i + 1);
      i++;
      continue;
    }
    if (c === '.' || c === '?' || c === '!') {
      let j = i + 1;
      while (j < text.length && (text[j] === '.' || text[j] === '?' || text[j] === '!')) j++;
      while (j < text.length && CLOSE.has(text[j] as string)) j++;
      const afterTerm = j;
      while (j < text.length && isSpace(text[j])) j++;
      if (text[j] === '\u2029') {
        i = j;
        continue;
      }
      if (j < text.length && j > afterTerm) {
        const next = text[j] as string;
        const lower = next !== next.toUpperCase() && next === next.toLowerCase();
        if (!(c === '.' && lower)) out.push(j);
      }
      i = Math.max(j, i + 1);
      continue;
    }
    i++;
  }
  if (out[out.length - 1] !== text.length) out.push(text.length);
  return out;
}

/** The sentence around `offset`: `[start, end)` (BreakIterator `preceding(offset + 1)` then `next()`). */
export const sentenceAt = pieceAt;
