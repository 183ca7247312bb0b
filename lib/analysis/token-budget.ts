/**
 * Token budgets: how many tokens (and term characters) one analysis stage may produce before
 * the request fails. Strata runs analysis on its single event loop and materializes every
 * component's output, so a pathological chain (an `ngram` tokenizer with `max_gram` 1000
 * feeding a large `shingle` filter) would otherwise exhaust the heap. The generating loops
 * (n-gram tokenizers and filters, shingles) call {@link spend} per token, so the budget fires
 * before memory explodes, not after. ES 5.6 has no such limit; ES 6 added
 * `index.analyze.max_token_count` for `_analyze`, whose exact error {@link analyzeApiBudget} uses.
 * See docs/analysis.md "Token budgets".
 */
import { illegalArgument, type EsError } from '../errors/errors.js';

/** Limits for one analysis stage and the error to raise when one is passed. */
export interface TokenBudget {
  /** Most tokens one stage (tokenizer or token filter) may emit for one value. */
  readonly maxTokens: number;
  /** Most UTF-16 code units, summed over the terms of one stage's tokens. */
  readonly maxChars: number;
  /** The error for a passed limit (`chars` when the character limit was passed). */
  exceeded(chars: boolean): EsError;
}

/** Tokens one value may produce outside `_analyze`: far above any real document. */
export const DEFAULT_MAX_TOKENS = 1_000_000;
/** Term characters one stage may produce (32M UTF-16 units, 64 MB of strings). */
export const DEFAULT_MAX_CHARS = 32 * 1024 * 1024;

/** The budget applied when analyzing for indexing and search (wrapped by the caller's context). */
export const defaultTokenBudget: TokenBudget = {
  maxTokens: DEFAULT_MAX_TOKENS,
  maxChars: DEFAULT_MAX_CHARS,
  exceeded: (chars) =>
    chars
      ? illegalArgument(`The number of characters in the tokens produced by analysis has exceeded the allowed maximum of [${DEFAULT_MAX_CHARS}].`)
      : illegalArgument(`The number of tokens produced by analysis has exceeded the allowed maximum of [${DEFAULT_MAX_TOKENS}].`),
};

/** The `_analyze` budget: ES 6's `index.analyze.max_token_count` (default 10000) and its error. */
export function analyzeApiBudget(maxTokenCount: number): TokenBudget {
  return {
    maxTokens: maxTokenCount,
    maxChars: DEFAULT_MAX_CHARS,
    exceeded: (chars) =>
      chars
        ? illegalArgument(`The number of characters in the tokens produced by calling _analyze has exceeded the allowed maximum of [${DEFAULT_MAX_CHARS}].`)
        : illegalArgument(
            `The number of tokens produced by calling _analyze has exceeded the allowed maximum of [${maxTokenCount}]. This limit can be set by changing the [index.analyze.max_token_count] index level setting.`,
          ),
  };
}

/** Tracks one stage's spending against a budget. */
export class BudgetMeter {
  private tokens = 0;
  private chars = 0;
  constructor(private readonly budget: TokenBudget) {}

  /** Account for one emitted token of `termLength` code units; throws once a limit is passed. */
  spend(termLength: number): void {
    if (++this.tokens > this.budget.maxTokens) throw this.budget.exceeded(false);
    this.chars += termLength;
    if (this.chars > this.budget.maxChars) throw this.budget.exceeded(true);
  }
}
