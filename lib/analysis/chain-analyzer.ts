/**
 * An analyzer as a chain of components (char filters → tokenizer → token filters), the shape
 * of both Lucene's built-in analyzers and ES custom analyzers. `custom` tells `_analyze` with
 * `explain` whether to show the chain component by component (ES CustomAnalyzer) or as a
 * single analyzer (ES built-ins).
 */
import { composeCorrectors } from './offset-map.js';
import { defaultTokenBudget, type TokenBudget } from './token-budget.js';
import type { Analyzer, Token } from './types.js';
import {
  identityCorrector,
  toTokens,
  type CharFilterComponent,
  type OffsetCorrector,
  type TokenFilterComponent,
  type TokenizerComponent,
  type TokenStream,
} from './token-stream.js';

/** Result of analyzing one value with the end state needed to continue positions and offsets. */
export interface AnalyzedValue {
  tokens: Token[];
  /** Absolute position of the last token (or the base when none), plus the final increment. */
  lastPosition: number;
  /** Final offset (corrected input length) reported at end of stream. */
  finalOffset: number;
}

/** Runs char filters and returns the filtered text and the composed offset correction. */
export function applyCharFilters(charFilters: readonly CharFilterComponent[], text: string): { text: string; correct: OffsetCorrector } {
  let correct: OffsetCorrector | null = null;
  for (const cf of charFilters) {
    const r = cf.apply(text);
    text = r.text;
    correct = composeCorrectors(r.correct, correct);
  }
  return { text, correct: correct ?? identityCorrector };
}

export class ChainAnalyzer implements Analyzer {
  constructor(
    readonly name: string,
    readonly tokenizer: TokenizerComponent,
    readonly tokenFilters: readonly TokenFilterComponent[] = [],
    readonly charFilters: readonly CharFilterComponent[] = [],
    readonly positionIncrementGap = 100,
    readonly offsetGap = 1,
    /** True for ES custom analyzers (explain shows each component). */
    readonly custom = false,
  ) {}

  /** True when some filter adds Lucene's KeywordAttribute (explain then shows `keyword`). */
  get hasKeywordAttribute(): boolean {
    return this.tokenFilters.some((f) => f.addsKeywordAttribute === true);
  }

  /** Run the chain up to (and including) `filterCount` token filters, each stage within `budget`. */
  stream(text: string, filterCount = this.tokenFilters.length, budget: TokenBudget = defaultTokenBudget): TokenStream {
    const filtered = this.charFilters.length === 0 ? { text, correct: identityCorrector } : applyCharFilters(this.charFilters, text);
    let s = this.tokenizer.tokenize(filtered.text, filtered.correct, budget);
    for (let i = 0; i < filterCount; i++) s = this.tokenFilters[i]!.filter(s, budget);
    return s;
  }

  analyze(text: string, budget: TokenBudget = defaultTokenBudget): Token[] {
    return toTokens(this.stream(text, this.tokenFilters.length, budget));
  }

  /**
   * Analyze one value of a multi-valued field, continuing from the previous value the way
   * Lucene's indexing chain and ES `_analyze` do (pass `lastPosition` -1 and `offsetBase` 0
   * for the first value, then the returned state plus the gaps).
   */
  analyzeValue(text: string, lastPosition = -1, offsetBase = 0, budget: TokenBudget = defaultTokenBudget): AnalyzedValue {
    const s = this.stream(text, this.tokenFilters.length, budget);
    const tokens = toTokens(s, lastPosition, offsetBase);
    const last = tokens.length > 0 ? tokens[tokens.length - 1]!.position : lastPosition;
    return { tokens, lastPosition: last + s.finalPosInc, finalOffset: s.finalOffset };
  }
}

/**
 * Analyze the values of a multi-valued field: positions continue with the analyzer's position
 * increment gap, offsets with its offset gap (ES `_analyze` with a text array; Lucene's
 * indexing of repeated fields).
 */
export function analyzeValues(analyzer: Analyzer, texts: readonly string[], budget: TokenBudget = defaultTokenBudget): Token[] {
  const out: Token[] = [];
  let lastPosition = -1;
  let lastOffset = 0;
  for (const text of texts) {
    if (analyzer instanceof ChainAnalyzer) {
      const r = analyzer.analyzeValue(text, lastPosition, lastOffset, budget);
      // not push(...tokens): spreading a long token list overflows the stack
      for (const t of r.tokens) out.push(t);
      lastPosition = r.lastPosition;
      lastOffset += r.finalOffset;
    } else {
      const tokens = analyzer.analyze(text, budget);
      for (const t of tokens) out.push({ ...t, position: t.position + lastPosition + 1, startOffset: t.startOffset + lastOffset, endOffset: t.endOffset + lastOffset });
      if (tokens.length > 0) lastPosition += tokens[tokens.length - 1]!.position + 1;
      lastOffset += text.length;
    }
    lastPosition += analyzer.positionIncrementGap;
    lastOffset += analyzer.offsetGap;
  }
  return out;
}
