/**
 * The internal token stream every tokenizer produces and every token filter transforms.
 *
 * Lucene streams tokens one by one through attribute objects; here a stream is an array of
 * plain tokens plus the end-of-stream state Lucene exposes after `end()` (final offset and the
 * final position increment left by removed trailing tokens). Filters are functions from one
 * stream to the next, so a chain is a simple left fold and `_analyze?explain` can stop after
 * any component.
 */
import type { TokenBudget } from './token-budget.js';
import type { Token } from './types.js';

/** One token in flight. Positions are relative (Lucene's position increment). */
export interface Tok {
  term: string;
  /** Offsets into the original text (already corrected through char filters). */
  start: number;
  end: number;
  type: string;
  /** Lucene PositionIncrementAttribute: 1 for the next position, 0 for a stacked token. */
  posInc: number;
  /** Lucene PositionLengthAttribute. */
  posLen: number;
  /** Lucene KeywordAttribute: stemmers leave keyword tokens alone. */
  keyword: boolean;
}

/** A whole analyzed value with Lucene's end-of-stream state. */
export interface TokenStream {
  tokens: Tok[];
  /** Offset reported by `end()`: the corrected length of the input. */
  finalOffset: number;
  /** Position increment reported by `end()` (positions of removed trailing tokens). */
  finalPosInc: number;
}

/** Maps an offset in char-filtered text back to the original text (Lucene `correctOffset`). */
export type OffsetCorrector = (offset: number) => number;

/** The identity correction, used when no char filter changed the text. */
export const identityCorrector: OffsetCorrector = (offset) => offset;

/** A tokenizer instance: text in, token stream out. */
export interface TokenizerComponent {
  /** Name shown by `_analyze?explain` (registered or settings name). */
  readonly name: string;
  /** `budget` is honoured by components that can multiply tokens (n-grams); others may ignore it. */
  tokenize(text: string, correct: OffsetCorrector, budget?: TokenBudget): TokenStream;
}

/** A token filter instance. */
export interface TokenFilterComponent {
  readonly name: string;
  /** True when the filter adds Lucene's KeywordAttribute to the stream (shown by explain). */
  readonly addsKeywordAttribute?: boolean;
  /** True when the filter may be used in a normalizer (Lucene MultiTermAwareComponent). */
  readonly multiTermAware?: boolean;
  /** `budget` is honoured by filters that can multiply tokens (n-grams, shingles). */
  filter(stream: TokenStream, budget?: TokenBudget): TokenStream;
}

/** The output of a char filter: the new text and how to map its offsets back. */
export interface CharFiltered {
  text: string;
  /** Maps offsets of `text` to offsets of the filter's input. */
  correct: OffsetCorrector | null;
}

/** A char filter instance. */
export interface CharFilterComponent {
  readonly name: string;
  readonly multiTermAware?: boolean;
  apply(text: string): CharFiltered;
}

/** Make a token with the common defaults (position increment 1, length 1, not a keyword). */
export function tok(term: string, start: number, end: number, type: string, posInc = 1): Tok {
  return { term, start, end, type, posInc, posLen: 1, keyword: false };
}

/**
 * Turn relative positions into the absolute positions of the contract, as ES's `_analyze`
 * does (`lastPosition` starts at -1 and only moves on increments > 0).
 * @param base position of the token before this value (-1 for the first value)
 */
export function toTokens(stream: TokenStream, base = -1, offsetBase = 0): Token[] {
  const out: Token[] = new Array(stream.tokens.length);
  let position = base;
  for (let i = 0; i < stream.tokens.length; i++) {
    const t = stream.tokens[i]!;
    if (t.posInc > 0) position += t.posInc;
    const token: Token = { term: t.term, position, startOffset: t.start + offsetBase, endOffset: t.end + offsetBase, type: t.type };
    if (t.posLen !== 1) token.positionLength = t.posLen;
    if (t.keyword) token.keyword = true;
    out[i] = token;
  }
  return out;
}
