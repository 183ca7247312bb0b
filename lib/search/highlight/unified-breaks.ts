/**
 * Where the unified highlighter's passages start and end (ES 5.6 `UnifiedHighlighter
 * .getBreakIterator` under Lucene 6.6's `SplittingBreakIterator`): the values are joined with
 * U+0000 and each value is a slice of its own, cut by
 * - `number_of_fragments: 0`: nothing (one passage per value);
 * - `boundary_scanner: sentence` (the default): sentences, and with `fragment_size` > 0 ES's
 *   `BoundedBreakIteratorScanner` — a sentence longer than `fragment_size` is cut at word
 *   boundaries around the match: up to `fragment_size` characters before it, then what
 *   remains of `fragment_size` after it;
 * - `boundary_scanner: word`: words.
 * `chars` is ES's error. The highlighter asks for the passage of each match start in
 * increasing order (`preceding(start + 1)` then `following(start)`), which the bounded scanner
 * relies on: it carries its window from one call to the next within a value.
 */
import { EsError } from '../../errors/errors.js';
import { sentenceAt, sentenceBoundaries } from './sentences.js';
import { followingBoundary, precedingBoundary } from './boundaries.js';
import { wordBoundaries } from './word-breaks.js';

/** The passage `[start, end)` holding the match that starts at `offset`. */
export type PassageBreaks = (offset: number) => { start: number; end: number };

const SEP = '\u0000';

/** Boundaries of one value's text, relative to it. */
type Bounds = (text: string) => number[];

/** Lucene's sentence iterator over a value holds no U+2029: any boundary the value's own text has. */
const sentences: Bounds = (t) => sentenceBoundaries(t);

/** The passage break function for the unified highlighter's options. */
export function unifiedBreaks(content: string, scanner: string | undefined, fragmentSize: number, wholeValues: boolean): PassageBreaks {
  let kind: 'values' | 'sentence' | 'bounded' | 'word';
  if (wholeValues) kind = 'values';
  else if (scanner === undefined || scanner === 'sentence') kind = fragmentSize > 0 ? 'bounded' : 'sentence';
  else if (scanner === 'word') kind = 'word';
  else throw new EsError('illegal_argument_exception', 400, `Invalid boundary scanner type: ${scanner}`);
  // the slice (value) last asked about, with its boundaries, and the bounded scanner's state
  let sliceStart = -1;
  let sliceEnd = -1;
  let main: number[] = [];
  let inner: number[] = [];
  let windowStart = -1;
  let windowEnd = -1;
  let innerStart = -1;
  let innerEnd = 0;
  const enterSlice = (offset: number): void => {
    if (offset >= sliceStart && offset < sliceEnd) return;
    sliceStart = content.lastIndexOf(SEP, offset) + 1;
    const e = content.indexOf(SEP, offset);
    sliceEnd = e < 0 ? content.length : e;
    const text = content.substring(sliceStart, sliceEnd);
    main = kind === 'word' ? wordBoundaries(text) : kind === 'values' ? [0, text.length] : sentences(text);
    inner = kind === 'bounded' ? wordBoundaries(text) : [];
    windowStart = windowEnd = innerStart = -1;
    innerEnd = 0;
  };
  return (start) => {
    enterSlice(start);
    const local = start - sliceStart;
    if (kind !== 'bounded') {
      const s = sentenceAt(main, local);
      return { start: sliceStart + s.start, end: sliceStart + s.end };
    }
    // BoundedBreakIteratorScanner.preceding(local + 1), then following(local)
    const offset = local + 1;
    if (offset > windowStart && offset < windowEnd) {
      innerStart = innerEnd;
      innerEnd = windowEnd;
    } else {
      windowStart = innerStart = precedingBoundary(main, offset);
      windowEnd = innerEnd = followingBoundary(main, offset - 1);
    }
    if (innerEnd - innerStart > fragmentSize) {
      if (offset - fragmentSize > innerStart) innerStart = Math.max(innerStart, precedingBoundary(inner, offset - fragmentSize));
      const remaining = Math.max(0, fragmentSize - (offset - innerStart));
      if (offset + remaining < windowEnd) innerEnd = Math.min(windowEnd, followingBoundary(inner, offset + remaining));
    }
    return { start: sliceStart + innerStart, end: sliceStart + innerEnd };
  };
}
