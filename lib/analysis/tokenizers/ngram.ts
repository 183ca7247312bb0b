/**
 * `ngram` and `edge_ngram` tokenizers (Lucene 6.6 NGramTokenizer / EdgeNGramTokenizer):
 * the input is cut into runs of `token_chars` (all chars when the list is empty), and every
 * run yields its n-grams ordered by start then size; edge n-grams only start at a run's start.
 * Sizes and offsets count code points / UTF-16 offsets as Lucene does. Type `word`.
 */
import { BudgetMeter, defaultTokenBudget, type TokenBudget } from '../token-budget.js';
import type { OffsetCorrector, Tok, TokenizerComponent } from '../token-stream.js';
import { isJavaLetter, isJavaWhitespace } from './char-class.js';

const DIGIT = /\p{Nd}/u;
const PUNCT = /\p{P}/u;
const SYMBOL = /\p{S}/u;

/** Predicate for ES `token_chars` classes; null means every char is a token char. */
export function tokenCharsPredicate(classes: readonly string[]): ((cp: number) => boolean) | null {
  if (classes.length === 0) return null;
  const set = new Set(classes);
  return (cp) => {
    const s = String.fromCodePoint(cp);
    return (
      (set.has('letter') && isJavaLetter(cp)) ||
      (set.has('digit') && DIGIT.test(s)) ||
      (set.has('whitespace') && isJavaWhitespace(cp)) ||
      (set.has('punctuation') && PUNCT.test(s)) ||
      (set.has('symbol') && SYMBOL.test(s))
    );
  };
}

/** Build an n-gram tokenizer; `edgesOnly` makes it the edge n-gram tokenizer. */
export function ngramTokenizer(name: string, minGram: number, maxGram: number, tokenChars: readonly string[], edgesOnly: boolean): TokenizerComponent {
  const isTokenChar = tokenCharsPredicate(tokenChars);
  return {
    name,
    tokenize(text: string, correct: OffsetCorrector, budget: TokenBudget = defaultTokenBudget) {
      const tokens: Tok[] = [];
      const meter = new BudgetMeter(budget);
      // Code point starts of the text, so grams never split a surrogate pair.
      const starts: number[] = [];
      for (let i = 0; i < text.length; ) {
        starts.push(i);
        i += text.codePointAt(i)! > 0xffff ? 2 : 1;
      }
      starts.push(text.length);
      const cps = starts.length - 1;
      let runStart = 0;
      while (runStart < cps) {
        if (isTokenChar && !isTokenChar(text.codePointAt(starts[runStart]!)!)) {
          runStart++;
          continue;
        }
        let runEnd = runStart + 1;
        while (runEnd < cps && (!isTokenChar || isTokenChar(text.codePointAt(starts[runEnd]!)!))) runEnd++;
        const lastStart = edgesOnly ? runStart : runEnd - 1;
        for (let s = runStart; s <= lastStart; s++) {
          for (let size = minGram; size <= maxGram && s + size <= runEnd; size++) {
            const a = starts[s]!;
            const b = starts[s + size]!;
            meter.spend(b - a);
            tokens.push({ term: text.slice(a, b), start: correct(a), end: correct(b), type: 'word', posInc: 1, posLen: 1, keyword: false });
          }
        }
        runStart = runEnd;
      }
      return { tokens, finalOffset: correct(text.length), finalPosInc: 0 };
    },
  };
}
